// The live stream (GET /v1/events, src/contract/events.ts): a child of the session while the user is signed in, in a
// chunk of its own that loads after sign-in. It keeps one fetch-based event stream open while the page is visible,
// reconnects with exponential backoff and jitter (resuming with Last-Event-ID), treats a stream silent for longer
// than STREAM_SILENCE_MS as dead, reconnects at once with a refreshed token when the server ends a stream because
// the access token it was opened with expired (a stream never outlives its token), and turns the events into query-cache invalidations, at most once per 500 ms burst,
// so open screens reload what changed. A revoked session is reported to the session, which ends like an expired one.
import { assign, fromCallback, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CacheTag } from '../src/contract/base';
import { eventInvalidates, STREAM_SILENCE_MS, type WalletEvent } from '../src/contract/events';
import type { SessionPort } from '../src/client/client';
import { readEventStream } from '../src/client/event-stream';
import { reportError } from './services';
import type { FlowInput, LogParams, WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };

export interface StreamInput extends FlowInput {
  /** The session's tokens and its 401 protocol (machines/session.ts `sessionPort`). */
  session: SessionPort;
}

export interface StreamContext {
  services: WalletServices;
  session: SessionPort;
  /** The id of the last event received: sent as Last-Event-ID on the next connection. */
  lastEventId: string | null;
  /** The token the last stream was ended for (`event: expired`): the next connection refreshes it first. */
  expiredToken: string | null;
  /** Connections that failed in a row (the backoff's exponent); 0 once one opens. */
  failures: number;
  /** Cache tags made stale by the events of the current burst, invalidated together when it ends. */
  staleTags: CacheTag[];
}

export type StreamEvent =
  /** From the `connect` actor: the server accepted the stream. */
  | { type: 'stream.opened' }
  /** From `connect`: bytes arrived (an event or a heartbeat). */
  | { type: 'stream.activity' }
  | { type: 'stream.event'; event: WalletEvent }
  /** From `connect`: the server ended the stream (a restart drains its streams). */
  | { type: 'stream.ended' }
  /**
   * From `connect`: the server ended the stream because `token`, the access token it was opened with, expired;
   * `lastEventId` is the stream's last id (an event's or its opening one), where the next connection resumes.
   */
  | { type: 'stream.expired'; token: string; lastEventId: string | null }
  /** From `connect`: the connection failed or was refused. */
  | { type: 'stream.failed'; error: unknown }
  /** From `watchVisibility`. */
  | { type: 'stream.pageHidden' }
  | { type: 'stream.pageVisible' };

/** What the stream tells the session. */
export type StreamReport = { type: 'session.revoked' };

export type StreamTag = 'connected';

/** Cache invalidations wait this long after the first event of a burst, so a burst reloads each screen once. */
export const INVALIDATE_DEBOUNCE_MS = 500;
/** The first reconnection waits about this long; each failure in a row doubles it, up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;

/**
 * The wait before reconnecting after `failures` failures in a row: exponential, capped, and with "equal jitter" (half
 * fixed, half random) so the wallets a server restart dropped do not all come back in the same instant.
 */
export function reconnectDelayOf(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The tags a connection without Last-Event-ID invalidates once it opens, since the events before it (between the
 * screens' first reads and this connection) cannot be replayed: every tag an event can make stale that a read
 * provides. Not ENTRY: no read provides it, its invalidation is the gate's "Welcome in" signal (machines/qr.ts), and
 * a resync must not fake an admission.
 */
export const RESYNC_TAGS: readonly CacheTag[] = [...new Set(Object.values(eventInvalidates).flat())].filter((tag) => tag !== 'ENTRY');

/** The tags `events` make stale, each once, in the order first seen. */
export function tagsOf(known: readonly CacheTag[], event: WalletEvent): CacheTag[] {
  return [...new Set([...known, ...eventInvalidates[event.type]])];
}

const logParams =
  (message: string) =>
  ({ event }: { event: { error?: unknown } }) => ({ message, error: event.error });

export const streamMachine = setup({
  types: {
    context: {} as StreamContext,
    events: {} as StreamEvent,
    input: {} as StreamInput,
    tags: {} as StreamTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    rememberEvent: assign((_, params: { event: WalletEvent }) => ({ lastEventId: params.event.id })),
    /** The stream's token expired: the next connection refreshes it and resumes from the stream's last id. */
    rememberExpiry: assign(({ context }, params: { token: string; lastEventId: string | null }) => ({
      expiredToken: params.token,
      lastEventId: params.lastEventId ?? context.lastEventId,
    })),
    collectTags: assign(({ context }, params: { event: WalletEvent }) => ({ staleTags: tagsOf(context.staleTags, params.event) })),
    invalidateTags: ({ context }) => context.services.api.cache.invalidate(context.staleTags),
    /** The open screens read again what events could have changed (their ETags make an unchanged read a 304). */
    resync: ({ context }) => context.services.api.cache.invalidate(RESYNC_TAGS, { resync: true }),
    forgetTags: assign({ staleTags: [] }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    resetFailures: assign({ failures: 0 }),
    reportRevoked: sendParent({ type: 'session.revoked' as const }),
  },
  guards: {
    revokes: (_, params: { event: WalletEvent }) => params.event.type === 'session.revoked',
    /** No event arrived yet: this connection cannot resume, what happened before it may have been missed. */
    cannotResume: ({ context }) => context.lastEventId === null,
  },
  delays: {
    /** A stream that sent nothing, not even a heartbeat, for this long is dead. */
    silence: STREAM_SILENCE_MS,
    reconnectDelay: ({ context }) => reconnectDelayOf(context.failures),
    /** The 500 ms burst window of cache invalidations. */
    invalidateDebounce: INVALIDATE_DEBOUNCE_MS,
  },
  actors: {
    /** One connection (src/client/event-stream.ts), reported as events; stopping the actor aborts it. */
    connect: fromCallback<StreamEvent, { services: WalletServices; session: SessionPort; lastEventId: string | null; expiredToken: string | null }>(
      ({ input, sendBack }) => {
        const controller = new AbortController();
        const report = (event: StreamEvent) => controller.signal.aborted || sendBack(event);
        readEventStream({
          baseUrl: input.services.api.baseUrl,
          fetch: input.services.platform.fetch ?? ((url, init) => globalThis.fetch(url, init)),
          session: input.session,
          lastEventId: input.lastEventId,
          expiredToken: input.expiredToken,
          signal: controller.signal,
          onOpen: () => report({ type: 'stream.opened' }),
          onActivity: () => report({ type: 'stream.activity' }),
          onEvent: (event) => report({ type: 'stream.event', event }),
          onSkipped: (reason, data) => reportError(input.services, { message: `stream: ${reason}`, error: data }),
        }).then(
          (end) => report(end.reason === 'expired' ? { type: 'stream.expired', token: end.token, lastEventId: end.lastEventId } : { type: 'stream.ended' }),
          (error: unknown) => report({ type: 'stream.failed', error }),
        );
        return () => controller.abort();
      },
    ),
    /** Sends stream.pageHidden / stream.pageVisible (the current visibility at once, then every change). */
    watchVisibility: fromCallback<StreamEvent, { services: WalletServices }>(({ input, sendBack }) =>
      input.services.platform.onVisibilityChange
        ? input.services.platform.onVisibilityChange((visible) => sendBack({ type: visible ? 'stream.pageVisible' : 'stream.pageHidden' }))
        : () => {},
    ),
  },
}).createMachine({
  id: 'stream',
  meta: { ...doc('Live events: one stream while the page is visible, reconnected with backoff, turned into cache invalidations') },
  type: 'parallel',
  context: ({ input }) => ({ services: input.services, session: input.session, lastEventId: null, expiredToken: null, failures: 0, staleTags: [] }),
  invoke: {
    id: 'watchVisibility',
    src: 'watchVisibility',
    input: ({ context }) => ({ services: context.services }),
    onError: { actions: { type: 'logError', params: logParams('stream: visibility listener failed') } },
  },
  states: {
    connection: {
      initial: 'live',
      states: {
        live: {
          initial: 'connected',
          on: { 'stream.pageHidden': 'paused' },
          states: {
            connected: {
              initial: 'connecting',
              invoke: {
                id: 'connect',
                src: 'connect',
                input: ({ context }) => ({
                  services: context.services,
                  session: context.session,
                  lastEventId: context.lastEventId,
                  expiredToken: context.expiredToken,
                }),
                onError: { target: 'waiting', actions: [{ type: 'logError', params: logParams('stream: connecting crashed') }, 'countFailure'] },
              },
              on: {
                'stream.failed': { target: 'waiting', actions: [{ type: 'logError', params: logParams('stream: connection failed') }, 'countFailure'] },
                // A clean end (the server drains its streams on shutdown): come back after the shortest wait.
                'stream.ended': { target: 'waiting', actions: 'countFailure' },
                // Not a failure: the stream's token expired, so the next one, refreshed, reconnects at once.
                'stream.expired': {
                  target: 'connected',
                  reenter: true,
                  actions: { type: 'rememberExpiry', params: ({ event }) => ({ token: event.token, lastEventId: event.lastEventId }) },
                },
              },
              states: {
                connecting: {
                  ...doc('Asks GET /v1/events with the access token and the last event id (none yet: the open screens resync once it opens)'),
                  on: {
                    'stream.opened': [
                      { guard: 'cannotResume', target: 'open', actions: ['resetFailures', 'resync'] },
                      { target: 'open', actions: 'resetFailures' },
                    ],
                  },
                  after: { silence: { target: '#stream.connection.live.waiting', actions: 'countFailure' } },
                },
                open: {
                  ...doc('Events arrive; heartbeats keep it alive; silence longer than STREAM_SILENCE_MS means it is dead'),
                  tags: ['connected'],
                  on: {
                    'stream.activity': { target: 'open', reenter: true },
                    'stream.event': [
                      {
                        guard: { type: 'revokes', params: ({ event }) => ({ event: event.event }) },
                        target: '#stream.connection.revoked',
                        actions: [{ type: 'rememberEvent', params: ({ event }) => ({ event: event.event }) }, 'reportRevoked'],
                      },
                      { actions: { type: 'rememberEvent', params: ({ event }) => ({ event: event.event }) } },
                    ],
                  },
                  after: { silence: { target: '#stream.connection.live.waiting', actions: 'countFailure' } },
                },
              },
            },
            waiting: {
              ...doc('Waits before reconnecting: exponential backoff with jitter'),
              after: { reconnectDelay: 'connected' },
            },
          },
        },
        paused: {
          ...doc('The page is hidden: no stream; becoming visible reconnects and replays what was missed'),
          on: { 'stream.pageVisible': 'live' },
        },
        revoked: {
          ...doc('The server revoked this session: the session ends, no reconnection'),
        },
      },
    },
    invalidation: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'stream.event': { target: 'collecting', actions: { type: 'collectTags', params: ({ event }) => ({ event: event.event }) } },
          },
        },
        collecting: {
          ...doc('Collects the cache tags of a burst of events; 500 ms after its first, invalidates them once'),
          on: { 'stream.event': { actions: { type: 'collectTags', params: ({ event }) => ({ event: event.event }) } } },
          after: { invalidateDebounce: { target: 'idle', actions: ['invalidateTags', 'forgetTags'] } },
        },
      },
    },
  },
});

export type StreamMachine = typeof streamMachine;
export type StreamActor = ActorRefFrom<StreamMachine>;
export type StreamSnapshot = SnapshotFrom<StreamMachine>;
