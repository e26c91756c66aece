// The session (docs/product.md §4) while the user is signed in: the tokens, the 401 protocol (a 401 asks for one refresh,
// every request waits while it runs), the signed-in user's profile and the live events stream (machines/stream.ts,
// a chunk loaded once signed in, where the browser can stream a fetch). The wallet invokes it with systemId 'session'
// in its `signedIn` state, so whether the user is signed in is the wallet's state, not this actor's; the tokens it
// starts with come as input. Rotated tokens and a failed refresh are reported to the wallet, which owns the stored
// tokens. The API client talks to this actor through `sessionPort`.
import { type AnyActorLogic, type AnyActorRef, assign, fromCallback, fromPromise, sendParent, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Tokens, UserProfile } from '../src/contract/entities';
import { addRoutes, type SessionPort } from '../src/client/client';
import { readTokens, type SessionTokens } from '../src/client/storage-keys';
import { standIn } from './stand-in';
import { type FlowInput, type LogParams, reportError, type WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('me', 'refresh'));

export interface SessionInput extends FlowInput {
  tokens: SessionTokens;
}

export interface SessionContext {
  services: WalletServices;
  accessToken: string;
  refreshToken: string;
  user: UserProfile | null;
}

export type SessionEvent =
  /** From the client: a request sent with `staleToken` was answered 401. */
  | { type: 'session.refresh'; staleToken: string | null }
  /** The USER cache tag was invalidated: load the profile again. */
  | { type: 'session.userStale' }
  /** From the stream: the server revoked this session (logout elsewhere): it ends like one whose refresh failed. */
  | { type: 'session.revoked' }
  /** From `waitForFirstPanel`: the wallet's first panel is on screen; the live stream's chunk may download. */
  | { type: 'session.panelShown' };

/** What the session tells the wallet. */
export type SessionReport = { type: 'session.tokensRotated'; tokens: SessionTokens } | { type: 'session.expired' };

export type SessionTag = 'refreshing' | 'loading';

/** How long a refresh that lost a race with another tab waits for that tab's tokens to reach storage. */
export const REFRESH_RACE_SETTLE_MS = 300;

/**
 * POST /auth/refresh, sharing the stored tokens with the site's other tabs: a tab that already rotated them wins,
 * since presenting the old refresh token again would look like theft.
 */
export async function refreshSharedTokens(services: WalletServices, refreshToken: string): Promise<SessionTokens> {
  const { storage } = services.platform;
  const rotatedElsewhere = () => {
    const stored = readTokens(storage);
    return stored && stored.refreshToken !== refreshToken ? stored : null;
  };
  const before = rotatedElsewhere();
  if (before) return before;
  try {
    const tokens: Tokens = await services.api.call('refresh', { body: { refreshToken } });
    return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  } catch (error) {
    // Lost a race with another tab: its answer lands in storage a moment later.
    await new Promise((resolve) => setTimeout(resolve, REFRESH_RACE_SETTLE_MS));
    const after = rotatedElsewhere();
    if (after) return after;
    throw error;
  }
}

let streamLogic: AnyActorLogic | undefined;

/** Loads the live stream's chunk (its machine and the event-stream reader) once. */
export function loadStreamMachine(): Promise<void> {
  return streamLogic ? Promise.resolve() : import('./stream').then((module) => void (streamLogic = module.streamMachine));
}

/** The stream's input: the services, and this session as the stream's port to the tokens and the 401 protocol. */
function streamInput({ context, self }: { context: SessionContext; self: AnyActorRef }): StreamPortInput {
  return { services: context.services, session: sessionPort(() => self as SessionActor) };
}
interface StreamPortInput extends FlowInput {
  session: SessionPort;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    assignTokens: assign((_, params: SessionTokens) => ({ accessToken: params.accessToken, refreshToken: params.refreshToken })),
    assignUser: assign((_, params: { user: UserProfile }) => ({ user: params.user })),
    reportRotated: sendParent((_, params: SessionTokens) => ({
      type: 'session.tokensRotated' as const,
      tokens: { accessToken: params.accessToken, refreshToken: params.refreshToken },
    })),
    reportExpired: sendParent({ type: 'session.expired' as const }),
  },
  guards: {
    /** Only the first 401 of a token starts a refresh; later ones were answered with the old token too. */
    tokenIsStale: ({ context }, params: { staleToken: string | null }) => params.staleToken === context.accessToken,
    /** The browser reads a fetch's body as it arrives: live events are possible. */
    canStream: ({ context }) => context.services.platform.canStreamFetch?.() === true,
  },
  actors: {
    refreshTokens: fromPromise<SessionTokens, { services: WalletServices; refreshToken: string }>(({ input }) =>
      refreshSharedTokens(input.services, input.refreshToken),
    ),
    fetchUser: fromPromise<UserProfile, { services: WalletServices }>(({ input }) => input.services.api.call('me')),
    watchUser: fromCallback<SessionEvent, { services: WalletServices }>(({ input, sendBack }) =>
      input.services.api.onInvalidate(['USER'], () => sendBack({ type: 'session.userStale' })),
    ),
    /** Sends session.panelShown once the wallet's first panel has rendered (at once if it has, or nothing tells). */
    waitForFirstPanel: fromCallback<SessionEvent, { services: WalletServices }>(({ input, sendBack }) => {
      const shown = () => sendBack({ type: 'session.panelShown' });
      const { onFirstPanel } = input.services.platform;
      if (onFirstPanel) return onFirstPanel(shown);
      shown();
      return () => {};
    }),
    loadStream: fromPromise<void>(() => loadStreamMachine()),
    /** The stream machine (machines/stream.ts) once `loadStream` brought its chunk. */
    stream: standIn('stream', () => streamLogic),
  },
}).createMachine({
  id: 'session',
  meta: { ...doc('A signed-in session: holds the tokens, refreshes them and loads the profile') },
  type: 'parallel',
  context: ({ input }) => ({
    services: input.services,
    accessToken: input.tokens.accessToken,
    refreshToken: input.tokens.refreshToken,
    user: null,
  }),
  states: {
    token: {
      initial: 'valid',
      states: {
        valid: {
          ...doc('Requests carry the access token'),
          on: {
            'session.refresh': {
              guard: { type: 'tokenIsStale', params: ({ event }) => ({ staleToken: event.staleToken }) },
              target: 'refreshing',
            },
            'session.revoked': { target: 'expired', actions: 'reportExpired' },
          },
        },
        refreshing: {
          ...doc('A request was answered 401: every request waits until the refresh settles'),
          tags: ['refreshing'],
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({ services: context.services, refreshToken: context.refreshToken }),
            onDone: {
              target: 'valid',
              actions: [
                { type: 'assignTokens', params: ({ event }) => event.output },
                { type: 'reportRotated', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'expired',
              actions: [
                { type: 'logError', params: ({ event }) => ({ message: 'session: token refresh failed', error: event.error }) },
                'reportExpired',
              ],
            },
          },
          on: { 'session.revoked': { target: 'expired', actions: 'reportExpired' } },
        },
        expired: {
          ...doc('The refresh failed: the wallet forgets the tokens and reloads the page (docs/product.md §4)'),
        },
      },
    },
    profile: {
      initial: 'loading',
      invoke: {
        id: 'watchUser',
        src: 'watchUser',
        input: ({ context }) => ({ services: context.services }),
        onError: {
          actions: { type: 'logError', params: ({ event }) => ({ message: 'session: USER watch failed', error: event.error }) },
        },
      },
      states: {
        loading: {
          ...doc('The signed-in user is loading (the header shows a skeleton avatar)'),
          tags: ['loading'],
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            input: ({ context }) => ({ services: context.services }),
            onDone: { target: 'loaded', actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) } },
            onError: {
              target: 'failed',
              // docs/product.md §7: errors from profile loading are logged only.
              actions: { type: 'logError', params: ({ event }) => ({ message: 'session: profile load failed', error: event.error }) },
            },
          },
          on: { 'session.userStale': { target: 'loading', reenter: true } },
        },
        loaded: { ...doc('The profile is shown in the header and the HUB'), on: { 'session.userStale': 'loading' } },
        failed: { ...doc('The profile did not load (logged only)'), on: { 'session.userStale': 'loading' } },
      },
    },
    live: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'canStream', target: 'waitingForPanel' }, { target: 'off' }] },
        waitingForPanel: {
          ...doc("Waits for the wallet's first panel to show: the stream's chunk is not part of it"),
          invoke: {
            id: 'waitForFirstPanel',
            src: 'waitForFirstPanel',
            input: ({ context }) => ({ services: context.services }),
            onError: { target: 'loading', actions: { type: 'logError', params: ({ event }) => ({ message: 'session: the first-panel listener failed', error: event.error }) } },
          },
          on: { 'session.panelShown': 'loading' },
        },
        loading: {
          ...doc("Downloads the live stream's chunk (it is not part of the first panel)"),
          invoke: {
            id: 'loadStream',
            src: 'loadStream',
            onDone: 'streaming',
            onError: { target: 'off', actions: { type: 'logError', params: ({ event }) => ({ message: 'session: the stream did not load', error: event.error }) } },
          },
        },
        streaming: {
          ...doc('Runs the stream: live events become cache invalidations, a revocation ends the session'),
          invoke: {
            id: 'stream',
            src: 'stream',
            input: streamInput,
            onError: { target: 'off', actions: { type: 'logError', params: ({ event }) => ({ message: 'session: the stream crashed', error: event.error }) } },
          },
        },
        off: {
          ...doc('No live events (this browser cannot stream a fetch, or the chunk did not load): screens refresh as they open'),
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionActor = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/**
 * The client's view of the session: tokens after any running refresh, and the shared refresh on a 401. The session
 * actor exists only while the user is signed in, so it is looked up on every call.
 */
export function sessionPort(currentSession: () => SessionActor | undefined): SessionPort {
  /** The session once no refresh runs; null when there is none or it ended while waiting. */
  const settled = async (): Promise<SessionSnapshot | null> => {
    const actor = currentSession();
    if (!actor) return null;
    return waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing')).catch(() => null);
  };
  return {
    async accessToken() {
      const snapshot = await settled();
      return snapshot && !snapshot.matches({ token: 'expired' }) ? snapshot.context.accessToken : null;
    },
    async refreshAfterUnauthorized(staleToken) {
      const actor = currentSession();
      if (!actor) return null;
      const now = actor.getSnapshot();
      if (!now.hasTag('refreshing')) {
        if (now.matches({ token: 'expired' })) return null;
        // Another request already refreshed after this one was sent: retry with the new token.
        if (now.context.accessToken !== staleToken) return now.context.accessToken;
        actor.send({ type: 'session.refresh', staleToken });
      }
      const after = await settled();
      return after && after.matches({ token: 'valid' }) ? after.context.accessToken : null;
    },
  };
}
