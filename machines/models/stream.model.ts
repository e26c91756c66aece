// The stream machine's test model (machines/stream.ts), shared by tests/machines/stream.test.ts (paths on the actor)
// and the visualiser's paths. The connection and the visibility listener are mocks whose end a path step decides
// (`connect.error`), the connection's reports (`stream.opened`, `stream.event` …) are sent as they would be.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { vi } from 'vitest';
import type { StreamEvent, StreamInput } from '../stream';
import { streamMachine } from '../stream';
import type { WalletEvent } from '../../src/contract/events';
import { testServices } from './fake-platform';
import { type ModelFilter, modelSpec } from './model-spec';
import { isSample } from './model';

export type StreamModelEvent = StreamEvent | { type: string; error?: unknown };

/** Invokes a path step ends: the connection (it crashed) and the visibility listener. */
export const streamPromiseActors = ['connect', 'watchVisibility'] as const;

/** The reconnection wait on the actor (the machine's is random: reconnectDelayOf, tested on its own). */
export const MODEL_RECONNECT_MS = 1_000;

export const walletEvent = (id: string, type: WalletEvent['type'], userTicketId?: number): WalletEvent => ({
  id,
  type,
  ...(userTicketId === undefined ? {} : { userTicketId }),
  at: '2026-11-27T03:00:00.000Z',
});

export const streamSampleEvents: StreamModelEvent[] = [
  { type: 'stream.opened' },
  { type: 'stream.activity' },
  { type: 'stream.event', event: walletEvent('5', 'entry.used', 11) },
  { type: 'stream.event', event: walletEvent('6', 'ticket.sold', 12) },
  { type: 'stream.event', event: walletEvent('7', 'session.revoked') },
  { type: 'stream.ended' },
  // The server ended the stream at its token's expiry; '9' stands for the stream's opening id (no event carried it).
  { type: 'stream.expired', token: 'access-1', lastEventId: '9' },
  { type: 'stream.failed', error: new Error('FETCH_ERROR') },
  { type: 'stream.pageHidden' },
  { type: 'stream.pageVisible' },
  { type: 'connect.error', error: new Error('the connection crashed') },
  { type: 'watchVisibility.error', error: new Error('the listener crashed') },
  { type: 'after.silence' },
  { type: 'after.reconnectDelay' },
  { type: 'after.invalidateDebounce' },
];

/** Fresh services: an API whose query cache records the invalidations (nothing else of it may be used). */
export function streamInput(): StreamInput {
  const services = testServices();
  const api = { ...services.api, baseUrl: '/v1', cache: { invalidate: vi.fn() } } as unknown as StreamInput['services']['api'];
  return {
    services: { api, platform: services.platform },
    session: { accessToken: async () => 'access-1', refreshAfterUnauthorized: async () => null },
  };
}

const connectionOf = (snapshot: AnyMachineSnapshot) => (snapshot.value as { connection: unknown }).connection;

/**
 * Only what can happen: the connection reports only while it runs (an event only while open), and while a burst
 * collects its 500 ms window ends before the longer waits (on the actor a delay moves one clock for every timer).
 */
export const streamFilter: ModelFilter = (snapshot, event) => {
  if (!isSample(streamSampleEvents, event) || !snapshot.can(event)) return false;
  // The expiry block comes in an open stream's body, like its events.
  if (event.type === 'stream.event' || event.type === 'stream.expired') return snapshot.matches({ connection: { live: { connected: 'open' } } });
  if (event.type === 'after.silence' || event.type === 'after.reconnectDelay') return snapshot.matches({ invalidation: 'idle' });
  return true;
};

/** A vertex: the states, the burst's tags, the last event id and whether connections are failing (not how often). */
export const streamVertex = (snapshot: AnyMachineSnapshot) => {
  const { staleTags, lastEventId, failures } = snapshot.context as { staleTags: string[]; lastEventId: string | null; failures: number };
  return JSON.stringify({ connection: connectionOf(snapshot), value: snapshot.value, staleTags, lastEventId, failing: failures > 0 });
};

export const streamSpec = modelSpec({
  name: 'stream',
  machine: streamMachine.provide({ delays: { reconnectDelay: MODEL_RECONNECT_MS } }),
  starts: [{ name: 'start', input: streamInput }],
  events: streamSampleEvents as EventObject[],
  filter: streamFilter,
  coverFilter: () => streamFilter,
  serializeState: streamVertex,
});
