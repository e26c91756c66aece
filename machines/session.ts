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
  /** Why POST /auth/refresh was refused, kept while another tab's tokens may still arrive (logged if none do). */
  refusal: unknown;
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

/**
 * How long a refresh that was refused waits for another tab's tokens to reach storage: two tabs that meet one expired
 * token both ask, the server rotates once, and the loser finds the winner's tokens a moment later (the delay
 * `refreshRaceSettle`).
 */
export const REFRESH_RACE_SETTLE_MS = 300;

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
    assignTokens: assign((_, params: SessionTokens) => ({ accessToken: params.accessToken, refreshToken: params.refreshToken, refusal: undefined })),
    assignRefusal: assign((_, params: { error: unknown }) => ({ refusal: params.error })),
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
    /**
     * Storage holds tokens other than this session's: another tab of the site rotated them. Presenting the old
     * refresh token again would look like theft (its family is revoked), so they are taken instead.
     */
    rotatedElsewhere: ({ context }, params: { stored: SessionTokens | null }) =>
      params.stored !== null && params.stored.refreshToken !== context.refreshToken,
    /** The browser reads a fetch's body as it arrives: live events are possible. */
    canStream: ({ context }) => context.services.platform.canStreamFetch?.() === true,
  },
  actors: {
    /** The tokens the site's tabs share in storage (null when there are none). */
    readStoredTokens: fromPromise<SessionTokens | null, { services: WalletServices }>(async ({ input }) => readTokens(input.services.platform.storage)),
    /** POST /auth/refresh: the rotated pair. */
    refreshTokens: fromPromise<SessionTokens, { services: WalletServices; refreshToken: string }>(async ({ input }) => {
      const tokens: Tokens = await input.services.api.call('refresh', { body: { refreshToken: input.refreshToken } });
      return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
    }),
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
  delays: { refreshRaceSettle: REFRESH_RACE_SETTLE_MS },
}).createMachine({
  id: 'session',
  meta: { ...doc('A signed-in session: holds the tokens, refreshes them and loads the profile') },
  type: 'parallel',
  context: ({ input }) => ({
    services: input.services,
    accessToken: input.tokens.accessToken,
    refreshToken: input.tokens.refreshToken,
    user: null,
    refusal: undefined,
  }),
  states: {
    token: {
      initial: 'valid',
      states: {
        valid: {
          ...doc('Requests carry the access token'),
          on: {
            // A 401 of the current token starts the shared refresh; one of a token a refresh already replaced is
            // refused, and its request retries with the current token (the client waits until the session settles).
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
          initial: 'checkingStorage',
          on: { 'session.revoked': { target: 'expired', actions: 'reportExpired' } },
          states: {
            checkingStorage: {
              ...doc("Reads the tokens the site's tabs share: another tab may already have rotated them"),
              invoke: {
                id: 'readStoredTokens',
                src: 'readStoredTokens',
                input: ({ context }) => ({ services: context.services }),
                onDone: [
                  {
                    guard: { type: 'rotatedElsewhere', params: ({ event }) => ({ stored: event.output }) },
                    target: '#session.token.valid',
                    actions: [
                      { type: 'assignTokens', params: ({ event }) => event.output! },
                      { type: 'reportRotated', params: ({ event }) => event.output! },
                    ],
                  },
                  { target: 'requesting' },
                ],
                onError: {
                  target: 'requesting',
                  actions: { type: 'logError', params: ({ event }) => ({ message: 'session: the stored tokens could not be read', error: event.error }) },
                },
              },
            },
            requesting: {
              ...doc("POST /auth/refresh with this session's refresh token"),
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                input: ({ context }) => ({ services: context.services, refreshToken: context.refreshToken }),
                onDone: {
                  target: '#session.token.valid',
                  actions: [
                    { type: 'assignTokens', params: ({ event }) => event.output },
                    { type: 'reportRotated', params: ({ event }) => event.output },
                  ],
                },
                onError: { target: 'settling', actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            settling: {
              ...doc("The refresh was refused: maybe another tab won the race; its answer reaches storage a moment later"),
              after: { refreshRaceSettle: 'rereading' },
            },
            rereading: {
              ...doc("Reads storage again: the winning tab's tokens, or the session has ended"),
              invoke: {
                id: 'readStoredTokens',
                src: 'readStoredTokens',
                input: ({ context }) => ({ services: context.services }),
                onDone: [
                  {
                    guard: { type: 'rotatedElsewhere', params: ({ event }) => ({ stored: event.output }) },
                    target: '#session.token.valid',
                    actions: [
                      { type: 'assignTokens', params: ({ event }) => event.output! },
                      { type: 'reportRotated', params: ({ event }) => event.output! },
                    ],
                  },
                  {
                    target: '#session.token.expired',
                    actions: [{ type: 'logError', params: ({ context }) => ({ message: 'session: token refresh failed', error: context.refusal }) }, 'reportExpired'],
                  },
                ],
                onError: {
                  target: '#session.token.expired',
                  actions: [{ type: 'logError', params: ({ context }) => ({ message: 'session: token refresh failed', error: context.refusal }) }, 'reportExpired'],
                },
              },
            },
          },
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
      if (actor?.getSnapshot().status !== 'active') return null;
      // The session decides (its `tokenIsStale` guard): the first 401 of the current token starts the refresh, a 401
      // while one runs joins it, one of a token already replaced changes nothing. Each answers the token once settled.
      actor.send({ type: 'session.refresh', staleToken });
      const after = await settled();
      return after?.matches({ token: 'valid' }) ? after.context.accessToken : null;
    },
  };
}
