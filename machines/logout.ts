// Logout (docs/product.md §2 Hub, §4 Session): a confirmation modal, then GET /auth/logout (errors only logged), then the
// wallet forgets tokens, user and cache and opens LOGIN. A child of the HUB overlay: it lives while the HUB shows.
import { fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { addRoutes } from '../src/client/client';
import { reportError } from './services';
import type { FlowInput, LogParams, WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('logout'));

export type LogoutEvent = { type: 'logout.open' } | { type: 'logout.cancel' } | { type: 'logout.confirm' };
/** What the flow tells the wallet. */
export type LogoutReport = { type: 'session.signOut' } | { type: 'panel.open'; tab: 'LOGIN' };

export const logoutMachine = setup({
  types: {
    context: {} as FlowInput,
    events: {} as LogoutEvent,
    input: {} as FlowInput,
    tags: {} as 'loading',
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    signOut: sendParent({ type: 'session.signOut' as const }),
    openLogin: sendParent({ type: 'panel.open' as const, tab: 'LOGIN' as const }),
  },
  actors: {
    logoutRequest: fromPromise<{ ok: true }, { services: WalletServices }>(({ input }) => input.services.api.call('logout')),
  },
}).createMachine({
  id: 'logout',
  meta: { ...doc('The HUB\'s Logout: ends the session on the server, then signs out') },
  context: ({ input }) => ({ services: input.services }),
  initial: 'closed',
  states: {
    closed: {
      ...doc('The Logout button is shown; no modal'),
      on: { 'logout.open': 'confirming' },
    },
    confirming: {
      meta: { screen: 'LOGOUT_CONFIRM', ...doc('Modal "Logout?" with a description, confirm and cancel') },
      on: { 'logout.cancel': 'closed', 'logout.confirm': 'loggingOut' },
    },
    loggingOut: {
      meta: { screen: 'LOGOUT_CONFIRM', ...doc('The modal while the session ends') },
      tags: ['loading'],
      invoke: {
        id: 'logoutRequest',
        src: 'logoutRequest',
        input: ({ context }) => ({ services: context.services }),
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
