// The session (SPEC §4): access and refresh tokens, the signed-in user, and the 401 protocol — a 401 asks for one
// refresh, every request waits while it runs, a failed refresh removes both tokens and reloads the page. The API
// client talks to this actor through `sessionPort`; it never handles a 401 by itself.
import { assign, emit, fromCallback, fromPromise, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Tokens, UserProfile } from '../src/contract/entities';
import type { SessionPort } from '../src/client/client';

export interface SessionInput {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface SessionContext {
  accessToken: string | null;
  refreshToken: string | null;
  user: UserProfile | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; accessToken: string; refreshToken: string }
  | { type: 'session.signOut' }
  /** From the client: a request sent with `staleToken` was answered 401. */
  | { type: 'session.refresh'; staleToken: string | null }
  /** The USER cache tag was invalidated: load the profile again. */
  | { type: 'session.userStale' };

export type SessionEmitted = { type: 'session.changed'; signedIn: boolean };
export type SessionTag = 'refreshing' | 'loading';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
    tags: {} as SessionTag,
  },
  actions: {
    // Platform effects, provided by createWallet; no-ops by default.
    persistTokens: (_, _params: { accessToken: string; refreshToken: string }) => {},
    forgetTokens: () => {},
    clearCache: () => {},
    reload: () => {},
    logError: (_, params: { message: string; error: unknown }) => console.error(params.message, params.error),
    assignTokens: assign((_, params: { accessToken: string; refreshToken: string }) => ({
      accessToken: params.accessToken,
      refreshToken: params.refreshToken,
    })),
    clearSession: assign({ accessToken: null, refreshToken: null, user: null }),
    assignUser: assign((_, params: { user: UserProfile }) => ({ user: params.user })),
    emitSignedIn: emit({ type: 'session.changed' as const, signedIn: true }),
    emitSignedOut: emit({ type: 'session.changed' as const, signedIn: false }),
  },
  guards: {
    hasAccessToken: ({ context }) => context.accessToken !== null,
    /** Only the first 401 of a token starts a refresh; later ones were answered with the old token too. */
    tokenIsStale: ({ context }, params: { staleToken: string | null }) => params.staleToken === context.accessToken,
  },
  actors: {
    // Provided by createWallet: the refresh call (POST /auth/refresh, outside the 401 protocol), GET /auth/me, and
    // a subscription to the USER cache tag.
    refreshTokens: fromPromise<Tokens, { refreshToken: string | null }>(async () => {
      throw new Error('session: refreshTokens is not provided');
    }),
    fetchUser: fromPromise<UserProfile>(async () => {
      throw new Error('session: fetchUser is not provided');
    }),
    watchUser: fromCallback<SessionEvent>(() => () => {}),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ accessToken: input.accessToken, refreshToken: input.refreshToken, user: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasAccessToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      description: 'No access token is stored',
      entry: 'emitSignedOut',
      on: {
        'session.signIn': {
          target: 'signedIn',
          actions: [
            { type: 'assignTokens', params: ({ event }) => event },
            { type: 'persistTokens', params: ({ event }) => event },
          ],
        },
      },
    },
    signedIn: {
      type: 'parallel',
      entry: 'emitSignedIn',
      on: {
        'session.signIn': {
          target: 'signedIn',
          reenter: true,
          actions: [
            { type: 'assignTokens', params: ({ event }) => event },
            { type: 'persistTokens', params: ({ event }) => event },
          ],
        },
        'session.signOut': { target: 'signedOut', actions: ['clearSession', 'forgetTokens', 'clearCache'] },
      },
      states: {
        token: {
          initial: 'valid',
          states: {
            valid: {
              on: {
                'session.refresh': {
                  guard: { type: 'tokenIsStale', params: ({ event }) => ({ staleToken: event.staleToken }) },
                  target: 'refreshing',
                },
              },
            },
            refreshing: {
              description: 'Every request waits until the refresh settles',
              tags: ['refreshing'],
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                input: ({ context }) => ({ refreshToken: context.refreshToken }),
                onDone: {
                  target: 'valid',
                  actions: [
                    { type: 'assignTokens', params: ({ event }) => event.output },
                    { type: 'persistTokens', params: ({ event }) => event.output },
                  ],
                },
                onError: {
                  target: '#session.signedOut',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ message: 'session: token refresh failed', error: event.error }) },
                    'clearSession',
                    'forgetTokens',
                    'clearCache',
                    'reload',
                  ],
                },
              },
            },
          },
        },
        profile: {
          initial: 'loading',
          invoke: {
            id: 'watchUser',
            src: 'watchUser',
            onError: {
              actions: { type: 'logError', params: ({ event }) => ({ message: 'session: USER watch failed', error: event.error }) },
            },
          },
          states: {
            loading: {
              tags: ['loading'],
              invoke: {
                id: 'fetchUser',
                src: 'fetchUser',
                onDone: { target: 'loaded', actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) } },
                onError: {
                  target: 'failed',
                  // SPEC §7: errors from profile loading are logged only.
                  actions: { type: 'logError', params: ({ event }) => ({ message: 'session: profile load failed', error: event.error }) },
                },
              },
              on: { 'session.userStale': { target: 'loading', reenter: true } },
            },
            loaded: { on: { 'session.userStale': 'loading' } },
            failed: { on: { 'session.userStale': 'loading' } },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionActor = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** The client's view of the session actor: tokens after any running refresh, and the shared refresh on a 401. */
export function sessionPort(actor: SessionActor): SessionPort {
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
  return {
    async accessToken() {
      return (await settled()).context.accessToken;
    },
    async refreshAfterUnauthorized(staleToken) {
      const now = actor.getSnapshot();
      if (!now.hasTag('refreshing')) {
        if (!now.matches('signedIn')) return null;
        // Another request already refreshed after this one was sent: retry with the new token.
        if (now.context.accessToken !== staleToken) return now.context.accessToken;
        actor.send({ type: 'session.refresh', staleToken });
      }
      const after = await settled();
      return after.matches('signedIn') ? after.context.accessToken : null;
    },
  };
}
