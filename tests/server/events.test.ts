// GET /v1/events: the live events of the signed-in user, from the real mutations, over a real connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { openSse, type SseStream } from '../support/sse';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let base: string;
let alex: string;
let sam: string;
let liveEventId: number;
const open: SseStream[] = [];
beforeAll(async () => {
  t = await createDemoApp({ env: { STREAM_HEARTBEAT_MS: '200' } });
  ({ alex, sam } = t.tokens);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const all = await t.database.db.select().from(events);
  liveEventId = all.find((e) => e.startsAt <= t.clock.now && t.clock.now <= e.endsAt)!.id;
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

async function stream(token: string, headers: Record<string, string> = {}) {
  const opened = await openSse(base, token, headers);
  open.push(opened);
  return opened;
}

const qrToken = async (token: string) => (await call(t.app, { method: 'GET', url: '/v1/auth/access/qr', token })).response.body;
const scan = async (token: string) =>
  call(t.app, { method: 'POST', url: '/v1/access/scan', payload: { eventId: liveEventId, token: await qrToken(token) }, headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } });

describe('GET /v1/events', () => {
  it('streams the gate scan to the holder, with the retry hint, its start id and heartbeats', async () => {
    const alexStream = await stream(alex);
    expect(alexStream.status).toBe(200);
    expect(alexStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(alexStream.headers['cache-control']).toBe('no-store');
    const first = await alexStream.waitFor(() => true);
    expect(first.retry).toBeGreaterThan(0);
    expect(first.id).toMatch(/^\d+$/);
    const scanned = await scan(alex);
    expect(scanned.status).toBe(200);
    const block = await alexStream.waitFor((b) => b.event === 'wallet');
    const event = JSON.parse(block.data!);
    expect(event).toEqual({ id: block.id, type: 'entry.used', userTicketId: scanned.json.userTicketId, at: expect.any(String) });
    await alexStream.waitFor((b) => b.comments.includes('heartbeat'));
  });

  it('is in the OpenAPI document as a text/event-stream answer that needs the bearer token', async () => {
    const document = (await call(t.app, { method: 'GET', url: '/v1/docs/json' })).json;
    const operation = document.paths['/v1/events'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(operation.description).toContain('Last-Event-ID');
  });

  it('refuses a request without a valid token', async () => {
    const refused = await openSse(base, 'not-a-token');
    await refused.ended;
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text()).code).toBe('api.auth.token_not_authorized');
  });
});
