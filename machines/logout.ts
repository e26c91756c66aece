// Logout (SPEC §2 Hub, §4 Session): a confirmation modal, then GET /auth/logout (errors only logged), then the
// session forgets tokens, user and cache and the panel goes to LOGIN.
import { emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PanelTab } from './panel.location';

export type LogoutEvent = { type: 'logout.open' } | { type: 'logout.cancel' } | { type: 'logout.confirm' };
export type LogoutEmitted = { type: 'session.signOut' } | { type: 'panel.open'; tab: PanelTab };

export const logoutMachine = setup({
  types: {
    events: {} as LogoutEvent,
    emitted: {} as LogoutEmitted,
    tags: {} as 'loading',
  },
  actions: {
    logError: (_, params: { message: string; error: unknown }) => console.error(params.message, params.error),
    signOut: emit({ type: 'session.signOut' as const }),
    openLogin: emit({ type: 'panel.open' as const, tab: 'LOGIN' as const }),
  },
  actors: {
    // Provided by createWallet: GET /auth/logout.
    logoutRequest: fromPromise<{ ok: true }>(async () => {
      throw new Error('logout: logoutRequest is not provided');
    }),
  },
}).createMachine({
  id: 'logout',
  initial: 'closed',
  states: {
    closed: {
      description: 'The Logout button is shown; no modal',
      on: { 'logout.open': 'confirming' },
    },
    confirming: {
      meta: { screen: 'LOGOUT_CONFIRM', description: 'Modal "Logout?" with a description, confirm and cancel' },
      on: { 'logout.cancel': 'closed', 'logout.confirm': 'loggingOut' },
    },
    loggingOut: {
      meta: { screen: 'LOGOUT_CONFIRM', description: 'The modal while the session ends' },
      tags: ['loading'],
      invoke: {
        id: 'logoutRequest',
        src: 'logoutRequest',
        onDone: { target: 'closed', actions: ['signOut', 'openLogin'] },
        onError: {
          target: 'closed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: 'logout: request failed', error: event.error }) },
            'signOut',
            'openLogin',
          ],
        },
      },
    },
  },
});

export type LogoutMachine = typeof logoutMachine;
export type LogoutActor = ActorRefFrom<LogoutMachine>;
export type LogoutSnapshot = SnapshotFrom<LogoutMachine>;
