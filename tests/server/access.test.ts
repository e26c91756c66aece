// The entry pass: a rotating signed QR token for the signed-in user, verified once at the gate by the organiser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let alex: string;
let sam: string;
let liveEventId: number;
let upcomingEventId: number;
beforeAll(async () => {
  t = await createDemoApp({ env: { QR_TTL_MS: '15000' } });
  ({ alex, sam } = t.tokens);
  const all = await t.database.db.select().from(events);
  liveEventId = all.find((e) => e.startsAt <= t.clock.now && t.clock.now <= e.endsAt)!.id;
  upcomingEventId = all.find((e) => e.startsAt > t.clock.now)!.id;
});
afterAll(() => t.close());

// Both QR calls answer plain text (docs/product.md §7: "text"; the PNG as base64).
const token = async (as = alex) => (await call(t.app, { method: 'GET', url: '/v1/auth/access/qr', token: as })).response.body;
/** key null: no organiser key header at all. */
const scan = (payload: object, key: string | null = DEMO_ORGANIZER_KEY) =>
  call(t.app, { method: 'POST', url: '/v1/access/scan', payload, headers: key === null ? {} : { 'x-organizer-key': key } });

describe('the entry QR', () => {
  it('answers the ttl from the settings call', async () => {
    const settings = await call(t.app, { method: 'GET', url: '/v1/settings/qr' });
    expect(settings.json).toEqual({ ttl: 15000 });
    // Public and the same for everyone: browsers reuse it instead of asking on every visit to the QR panel.
    expect(settings.response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('is a base64 PNG that changes with each ttl window and needs a token', async () => {
    const first = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: alex });
    expect(first.status).toBe(200);
    expect(first.response.headers['content-type']).toContain('text/plain');
    const png = Buffer.from(first.response.body, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const again = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: alex });
    expect(again.response.body).toBe(first.response.body);
    t.clock.advance(15_000);
    const rotated = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: alex });
    expect(rotated.response.body).not.toBe(first.response.body);
    expect((await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData' })).status).toBe(401);
  });

  it('is drawn once per window: ETag, cached to the end of its window, 304 for the same ETag, seconds left', async () => {
    // Start the window afresh so the seconds left are known: 15 s window, 4 s into it.
    t.clock.now = new Date(Math.ceil(t.clock.now.getTime() / 15_000) * 15_000 + 4_000);
    const url = '/v1/auth/access/qrCodeData';
    const first = await call(t.app, { method: 'GET', url, token: alex });
    const etag = first.response.headers.etag as string;
    expect(etag).toMatch(/^"qr-\d+-[\w-]{16}"$/);
    expect(first.response.headers['cache-control']).toBe('private, max-age=11');
    expect(first.response.headers['x-qr-seconds-left']).toBe('11');
    // The ETag names neither the token nor its MAC.
    expect(etag).not.toContain((await token()).split('.')[3]);

    const same = await call(t.app, { method: 'GET', url, token: alex, headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(same.response.body).toBe('');
    // Another user's ETag is not mine, and a stale one gets the image.
    const samFirst = await call(t.app, { method: 'GET', url, token: sam });
    expect(samFirst.response.headers.etag).not.toBe(etag);
    expect((await call(t.app, { method: 'GET', url, token: sam, headers: { 'if-none-match': etag } })).status).toBe(200);
    // The ETag does not replace the token: without one it is still 401.
    expect((await call(t.app, { method: 'GET', url, headers: { 'if-none-match': etag } })).status).toBe(401);

    t.clock.advance(10_500);
    const late = await call(t.app, { method: 'GET', url, token: alex, headers: { 'if-none-match': etag } });
    expect(late.status).toBe(304);
    expect(late.response.headers['x-qr-seconds-left']).toBe('1');
    t.clock.advance(1_000);
    const next = await call(t.app, { method: 'GET', url, token: alex, headers: { 'if-none-match': etag } });
    expect(next.status).toBe(200);
    expect(next.response.headers.etag).not.toBe(etag);
    expect(next.response.headers['x-qr-seconds-left']).toBe('15');
    expect(next.response.body).not.toBe(first.response.body);
  });

  it('encodes a token naming the user and the window, different per user', async () => {
    const mine = await token();
    expect(mine).toMatch(/^TW1\.\d+\.\d+\.[\w-]{22}$/);
    expect(await token(sam)).not.toBe(mine);
  });
});

describe('POST /access/scan', () => {
  it('lets the holder in once: marks a ticket of that event used, then refuses the same token', async () => {
    const pass = await token();
    const entry = await scan({ token: pass, eventId: liveEventId });
    expect(entry.status).toBe(200);
    expect(entry.json).toMatchObject({ holder: 'Alex Rivera' });
    const ticket = await call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${entry.json.userTicketId}`, token: alex });
    expect(ticket.json.eventAccessStatus).toBe(true);
    const replay = await scan({ token: pass, eventId: liveEventId });
    expect(replay.status).toBe(409);
    expect(replay.json.code).toBe('api.access.qr_replayed');
  });

  it('accepts a token from the previous window, refuses older and future ones', async () => {
    t.clock.advance(15_000);
    const previous = await token();
    t.clock.advance(15_000);
    expect((await scan({ token: previous, eventId: upcomingEventId })).status).toBe(200);
    const old = await token();
    t.clock.advance(30_000);
    expect((await scan({ token: old, eventId: upcomingEventId })).json.code).toBe('api.access.invalid_qr');
    const [version, user, step, signature] = (await token()).split('.');
    const future = [version, user, Number(step) + 1, signature].join('.');
    expect((await scan({ token: future, eventId: upcomingEventId })).json.code).toBe('api.access.invalid_qr');
  });

  it('refuses forged tokens', async () => {
    const [version, , step, signature] = (await token()).split('.');
    for (const forged of [`${version}.${9999}.${step}.${signature}`, 'hello', 'TW1.1.2.3.4', '']) {
      const response = await scan({ token: forged || ' ', eventId: upcomingEventId });
      expect(response.status).toBe(400);
      expect(['api.access.invalid_qr', 'api.invalid_request_body']).toContain(response.json.code);
    }
  });

  it('needs the organiser key of the event', async () => {
    const pass = await token();
    for (const key of [null, 'wrong-key', '']) {
      const response = await scan({ token: pass, eventId: upcomingEventId }, key);
      expect(response.status).toBe(401);
      expect(response.json.code).toBe('api.access.organizer_key_invalid');
    }
    expect((await scan({ token: pass, eventId: 999_999 })).json.code).toBe('api.access.organizer_key_invalid');
  });

  it('refuses a holder without an unused ticket for the event', async () => {
    const response = await scan({ token: await token(sam), eventId: liveEventId });
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('api.access.no_ticket');
  });

  it('lets one of several concurrent scans of one token through', async () => {
    t.clock.advance(15_000);
    const pass = await token();
    const results = await Promise.all(Array.from({ length: 4 }, () => scan({ token: pass, eventId: upcomingEventId })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.json.code === 'api.access.qr_replayed')).toBe(true);
  });
});
