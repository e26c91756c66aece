// Model-based tests of the live stream machine (machines/stream.ts), then its pieces: the backoff with jitter, the
// debounced invalidations on a real query cache, and one connection read through the real reader over a fake fetch.
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, SimulatedClock } from 'xstate';
import { INVALIDATE_DEBOUNCE_MS, RECONNECT_MAX_MS, reconnectDelayOf, RESYNC_TAGS, streamMachine, tagsOf } from '../../machines/stream';
import { createQueryCache } from '../../src/client/cache';
import { readEventStream } from '../../src/client/event-stream';
import { STREAM_SILENCE_MS } from '../../src/contract/events';
import { expectFullCoverage, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { MODEL_RECONNECT_MS, streamInput, streamPromiseActors, streamSpec, streamVertex, walletEvent } from '../../machines/models/stream.model';

const quiet = streamMachine.provide({ actions: { logError: () => {} }, delays: { reconnectDelay: MODEL_RECONNECT_MS } });

describe('stream model', () => {
  const { testMachine, paths } = pathsOf(streamSpec);

  it('takes every transition', () => expectFullCoverage(streamSpec.name, testMachine, paths, streamSpec.excused));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const input = streamInput();
    const invalidate = input.services.api.cache.invalidate as ReturnType<typeof vi.fn>;
    let before: string[] = [];
    let lastEventIdBefore: string | null = null;
    let invalidations = 0;
    const { inputs } = await runPathOnActor(path, {
      machine: quiet,
      input,
      promiseActors: streamPromiseActors,
      asChild: true,
      vertex: streamVertex,
      check: (actor: AnyActorRef, step, reports) => {
        const { context } = actor.getSnapshot() as { context: { staleTags: string[]; lastEventId: string | null } };
        // The end of a burst invalidates its tags once, together.
        if (step.event.type === 'after.invalidateDebounce') {
          invalidations += 1;
          expect(invalidate).toHaveBeenLastCalledWith(before);
        }
        // A connection that cannot resume (no event id yet) makes the open screens read again, once it opens.
        if (step.event.type === 'stream.opened' && lastEventIdBefore === null) {
          invalidations += 1;
          expect(invalidate).toHaveBeenLastCalledWith(RESYNC_TAGS, { resync: true });
        }
        expect(invalidate).toHaveBeenCalledTimes(invalidations);
        // A revoked session is reported to the session, and nothing reconnects after it.
        const revoked = reports.filter((report) => report.type === 'session.revoked').length;
        expect(revoked).toBe(step.state.matches({ connection: 'revoked' }) ? 1 : 0);
        before = context.staleTags;
        lastEventIdBefore = context.lastEventId;
      },
    });
    // Every connection resumes from the last event received before it started (or the last id of a stream that
    // expired), and the one after an expiry names the expired token, so it is refreshed before it is sent.
    const connects = inputs
      .filter((call) => call.id === 'connect')
      .map((call) => call.input as { lastEventId: string | null; expiredToken: string | null });
    const ids = path.steps.flatMap((step) => {
      const event = step.event as unknown as { type: string; event?: { id: string }; lastEventId?: string };
      if (event.type === 'stream.event') return [event.event!.id];
      return event.type === 'stream.expired' ? [event.lastEventId!] : [];
    });
    for (const { lastEventId } of connects) expect(lastEventId === null || ids.includes(lastEventId)).toBe(true);
    const expiredAt = path.steps.findIndex((step) => step.event.type === 'stream.expired');
    if (expiredAt >= 0) expect(connects.at(-1)).toMatchObject({ expiredToken: 'access-1', lastEventId: '9' });
    else for (const connect of connects) expect(connect.expiredToken).toBeNull();
  });
});

describe('stream effects', () => {
  it('waits longer after each failure in a row, with jitter, up to the ceiling', () => {
    expect(reconnectDelayOf(1, () => 0)).toBe(500);
    expect(reconnectDelayOf(1, () => 1)).toBe(1_000);
    expect(reconnectDelayOf(3, () => 0)).toBe(2_000);
    expect(reconnectDelayOf(3, () => 1)).toBe(4_000);
    expect(reconnectDelayOf(30, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelayOf(30, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  it("collects each event's tags once", () => {
    const tags = tagsOf(tagsOf([], walletEvent('1', 'entry.used')), walletEvent('2', 'ticket.sold'));
    expect(new Set(tags).size).toBe(tags.length);
    expect(tags).toEqual(expect.arrayContaining(['TICKETS', 'SINGLE_TICKET', 'LISTED_TICKETS']));
  });

  /** The machine with a connection the test drives and a real query cache, on a simulated clock. */
  function start() {
    let send: (event: unknown) => void = () => {};
    const connections: Array<{ lastEventId: string | null }> = [];
    const cache = createQueryCache();
    const heard: string[][] = [];
    cache.onInvalidate(['TICKETS', 'LISTED_TICKETS', 'SINGLE_TICKET', 'USER'], (tags) => heard.push(tags));
    const input = streamInput();
    (input.services.api as { cache: unknown }).cache = cache;
    const clock = new SimulatedClock();
    const actor = createActor(
      quiet.provide({
        actors: {
          connect: fromCallback(({ input: connection, sendBack }) => {
            connections.push(connection as { lastEventId: string | null });
            send = sendBack as (event: unknown) => void;
          }),
        },
      }),
      { input, clock },
    ).start();
    return { actor, clock, heard, connections, send: (event: unknown) => send(event) };
  }

  it('turns a burst of events into one invalidation 500 ms after its first event', () => {
    const { actor, clock, heard, send } = start();
    send({ type: 'stream.opened' });
    heard.length = 0; // the first connection's resync (next test)
    send({ type: 'stream.event', event: walletEvent('1', 'entry.used', 3) });
    clock.increment(INVALIDATE_DEBOUNCE_MS - 100);
    send({ type: 'stream.event', event: walletEvent('2', 'ticket.sold', 4) });
    expect(heard).toEqual([]);
    clock.increment(100);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toEqual(expect.arrayContaining(['TICKETS', 'SINGLE_TICKET', 'LISTED_TICKETS']));
    actor.stop();
  });

  it('resyncs the open screens when a connection without Last-Event-ID opens, not when one resumes', () => {
    const { actor, clock, heard, send } = start();
    expect(heard).toEqual([]);
    send({ type: 'stream.opened' });
    // Every tag an event could have made stale in the gap before the first connection, the profile's too.
    expect(heard).toEqual([['TICKETS', 'LISTED_TICKETS', 'SINGLE_TICKET', 'USER']]);
    expect(RESYNC_TAGS).toEqual(expect.arrayContaining(['TICKETS', 'SINGLE_TICKET', 'TICKETS_SWAP', 'USER']));
    // Not the gate's admission signal: no read provides ENTRY, and the QR pass would say "Welcome in".
    expect(RESYNC_TAGS).not.toContain('ENTRY');
    send({ type: 'stream.event', event: walletEvent('41', 'ticket.listed', 3) });
    clock.increment(INVALIDATE_DEBOUNCE_MS);
    heard.length = 0;
    send({ type: 'stream.failed', error: new Error('FETCH_ERROR') });
    clock.increment(MODEL_RECONNECT_MS);
    send({ type: 'stream.opened' });
    expect(heard).toEqual([]);
    actor.stop();
  });

  it('reconnects after silence with the last event id, and stays quiet while heartbeats arrive', () => {
    const { actor, clock, connections, send } = start();
    send({ type: 'stream.opened' });
    send({ type: 'stream.event', event: walletEvent('41', 'ticket.listed', 3) });
    clock.increment(STREAM_SILENCE_MS - 1);
    send({ type: 'stream.activity' });
    clock.increment(STREAM_SILENCE_MS - 1);
    expect(connections).toHaveLength(1);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ connection: { live: 'waiting' } })).toBe(true);
    clock.increment(MODEL_RECONNECT_MS);
    expect(connections.map((connection) => connection.lastEventId)).toEqual([null, '41']);
    actor.stop();
  });

  it('holds no connection while the page is hidden and reconnects when it shows', () => {
    const { actor, connections } = start();
    actor.send({ type: 'stream.pageHidden' });
    expect(actor.getSnapshot().matches({ connection: 'paused' })).toBe(true);
    expect(actor.getSnapshot().children.connect).toBeUndefined();
    actor.send({ type: 'stream.pageVisible' });
    expect(connections).toHaveLength(2);
    expect(actor.getSnapshot().children.connect).toBeDefined();
    actor.stop();
  });
});

describe('event-stream reader', () => {
  const encoder = new TextEncoder();
  function body(chunks: string[]) {
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
  }
  const sse = (status: number, chunks: string[] = []) =>
    new Response(status === 200 ? body(chunks) : 'no', { status, headers: { 'content-type': status === 200 ? 'text/event-stream' : 'text/plain' } });

  function read(fetch: typeof globalThis.fetch, lastEventId: string | null = null, refreshed: string | null = 'access-2') {
    const events: unknown[] = [];
    const skipped: string[] = [];
    let opened = 0;
    const refreshAfterUnauthorized = vi.fn(async () => refreshed);
    const done = readEventStream({
      baseUrl: 'https://wallet.test/v1/',
      fetch,
      session: { accessToken: async () => 'access-1', refreshAfterUnauthorized },
      lastEventId,
      signal: new AbortController().signal,
      onOpen: () => void (opened += 1),
      onActivity: () => {},
      onEvent: (event) => events.push(event),
      onSkipped: (_, data) => skipped.push(data),
    });
    return { done, events, skipped, opened: () => opened, refreshAfterUnauthorized };
  }

  it('sends the token in the Authorization header and Last-Event-ID, never in the URL, and reads events split anywhere', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      sse(200, ['id: 8\nevent: wal', 'let\ndata: {"id":"8","type":"entry.used","userTicketId":3,"at":"x"}\n', '\n: heartbeat\n\n', 'event: wallet\ndata: {"id":"9","type":"nope"}\n\n']),
    );
    const run = read(fetch, '7');
    await run.done;
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://wallet.test/v1/events');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer access-1', 'last-event-id': '7', accept: 'text/event-stream' });
    expect(run.opened()).toBe(1);
    expect(run.events).toEqual([{ id: '8', type: 'entry.used', userTicketId: 3, at: 'x' }]);
    expect(run.skipped).toEqual(['{"id":"9","type":"nope"}']);
  });

  it('answers a 401 with one refresh through the session and retries with the new token', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      (init?.headers as Record<string, string> | undefined)?.authorization === 'Bearer access-2' ? sse(200, []) : sse(401),
    );
    const run = read(fetch);
    await run.done;
    expect(run.refreshAfterUnauthorized).toHaveBeenCalledWith('access-1');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(run.opened()).toBe(1);
  });

  it('reports an end for expiry with the token it used and the last id, and refreshes that token before the next connection', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      sse(200, ['retry: 3000\nid: 40\n\n', 'id: 41\nevent: wallet\ndata: {"id":"41","type":"entry.used","at":"x"}\n\n', 'event: expired\ndata: {"at":"y"}\n\n']),
    );
    const first = read(fetch);
    await expect(first.done).resolves.toEqual({ reason: 'expired', token: 'access-1', lastEventId: '41' });
    // No event before the expiry: the stream's opening id is where the next one resumes.
    await expect(read(vi.fn(async () => sse(200, ['retry: 3000\nid: 40\n\n', 'event: expired\ndata: {"at":"y"}\n\n']))).done).resolves.toMatchObject({ lastEventId: '40' });
    // Any other end is no expiry.
    await expect(read(vi.fn(async () => sse(200, ['retry: 3000\nid: 40\n\n', 'retry: 3000\n\n']))).done).resolves.toEqual({ reason: 'ended' });

    // The next connection, told the expired token, refreshes it first: no request goes out with it to be refused.
    const refreshAfterUnauthorized = vi.fn(async () => 'access-2');
    const next = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => sse(200, []));
    await readEventStream({
      baseUrl: '/v1',
      fetch: next,
      session: { accessToken: async () => 'access-1', refreshAfterUnauthorized },
      lastEventId: '41',
      expiredToken: 'access-1',
      signal: new AbortController().signal,
      onOpen: () => {},
      onActivity: () => {},
      onEvent: () => {},
    });
    expect(refreshAfterUnauthorized).toHaveBeenCalledExactlyOnceWith('access-1');
    expect(next).toHaveBeenCalledOnce();
    expect(next.mock.calls[0]![1]?.headers).toMatchObject({ authorization: 'Bearer access-2', 'last-event-id': '41' });
  });

  it('fails when the refresh fails, and on any other error status', async () => {
    await expect(read(vi.fn(async () => sse(401)), null, null).done).rejects.toMatchObject({ status: 401 });
    await expect(read(vi.fn(async () => sse(429))).done).rejects.toMatchObject({ status: 429 });
  });
});

describe('a stream ended for its token expiry', () => {
  const encoder = new TextEncoder();
  /** A body that sends `chunks`, then ends only when `end` is true; otherwise stays open like a live stream. */
  const streamOf = (chunks: string[], end: boolean) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
          if (end) controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );
  const walletBlock = (id: number, type: string) => `id: ${id}\nevent: wallet\ndata: {"id":"${id}","type":"${type}","at":"2026-11-27T03:00:00.000Z"}\n\n`;

  it('reconnects at once with the refreshed token and its Last-Event-ID, and gets the events of the gap', async () => {
    // The server: events up to 41 on the first stream, then the expiry; 42 happened while the wallet reconnected.
    const log: Array<{ authorization?: string; lastEventId?: string }> = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const headers = init?.headers as Record<string, string>;
      log.push({ authorization: headers.authorization, lastEventId: headers['last-event-id'] });
      if (headers.authorization === 'Bearer access-1') {
        if (log.length > 1) return new Response('{"code":"api.auth.token_not_authorized"}', { status: 401 });
        return streamOf(['retry: 3000\nid: 40\n\n', walletBlock(41, 'ticket.listed'), 'event: expired\ndata: {"at":"2026-11-27T03:15:00.000Z"}\n\n'], true);
      }
      // A resume from 41 replays 42; the stream then stays open.
      return streamOf(['retry: 3000\nid: 41\n\n', ...(headers['last-event-id'] === '41' ? [walletBlock(42, 'ticket.sold')] : [])], false);
    });
    // The session: access-1 until the stream asks for a refresh, then access-2.
    let current = 'access-1';
    const refreshAfterUnauthorized = vi.fn(async (stale: string | null) => {
      if (stale === current) current = 'access-2';
      return current;
    });
    const input = streamInput();
    input.session = { accessToken: async () => current, refreshAfterUnauthorized };
    input.services.platform = { ...input.services.platform, fetch };
    const events: string[] = [];
    const actor = createActor(quiet, { input });
    actor.subscribe((snapshot) => {
      const id = snapshot.context.lastEventId;
      if (id && events.at(-1) !== id) events.push(id);
    });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.lastEventId).toBe('42'));
    // Two connections, no wait between them, no request with the expired token, no 401.
    expect(log).toEqual([{ authorization: 'Bearer access-1' }, { authorization: 'Bearer access-2', lastEventId: '41' }]);
    expect(refreshAfterUnauthorized).toHaveBeenCalledExactlyOnceWith('access-1');
    expect(events).toEqual(['41', '42']);
    expect(actor.getSnapshot().matches({ connection: { live: { connected: 'open' } } })).toBe(true);
    expect(actor.getSnapshot().context.failures).toBe(0);
    actor.stop();
  });
});
