// The hot reads of a wallet (My tickets, one ticket): kept per user, answered with an ETag and 304, a repeated read
// runs no SQL, and a change of the user's tickets (or the clock passing an event's start or end) is never answered
// from a stale copy. Across two instances: tests/server/events-instances.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotReadCache, matchesEtag } from '../../src/server/modules/tickets/hot-reads';
import { call, createDemoApp, type DemoApp, openTestDatabase } from './helper';

const LIST = '/v1/list/ticket_listing?status=UPCOMING';
const PAST = '/v1/list/ticket_listing?status=PAST';

/** Every statement the app sends to the database. */
const queries: string[] = [];
let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp({
    // Long-lived tokens: a test moves the clock by hours.
    env: { ACCESS_TOKEN_TTL_SECONDS: String(48 * 3600), RATE_LIMIT_PER_MINUTE: '100000' },
    database: () => openTestDatabase({ logQuery: (query) => queries.push(query) }),
  });
});
afterAll(() => t?.close());

const get = (url: string, token: string, etag?: string) => call(t.app, { method: 'GET', url, token, headers: etag ? { 'if-none-match': etag } : {} });
type Ticket = { userTicketId: number; ticketName: string; isLive: boolean; eventEndDateTime: string };

describe('ticket answers with ETag', () => {
  it('answers a matching If-None-Match with 304 and no body, and a stale one with the answer', async () => {
    const first = await get(LIST, t.tokens.alex);
    expect(first.status).toBe(200);
    const etag = first.response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.response.headers['cache-control']).toBe('no-store');
    const again = await get(LIST, t.tokens.alex, etag);
    expect(again.status).toBe(304);
    expect(again.response.body).toBe('');
    expect(again.response.headers.etag).toBe(etag);
    expect((await get(LIST, t.tokens.alex, '"something-else"')).status).toBe(200);

    const id = (first.json as Ticket[])[0]!.userTicketId;
    const detail = await get(`/v1/list/ticket_listing/${id}`, t.tokens.alex);
    expect(detail.status).toBe(200);
    expect((await get(`/v1/list/ticket_listing/${id}`, t.tokens.alex, detail.response.headers.etag as string)).status).toBe(304);
  });

  it('runs no SQL for a read answered before (200 or 304)', async () => {
    const first = await get(LIST, t.tokens.alex);
    const id = (first.json as Ticket[])[0]!.userTicketId;
    const detail = await get(`/v1/list/ticket_listing/${id}`, t.tokens.alex);
    queries.length = 0;
    const hits = t.app.hotReads.stats.hits;
    const list = await get(LIST, t.tokens.alex);
    const revalidated = await get(`/v1/list/ticket_listing/${id}`, t.tokens.alex, detail.response.headers.etag as string);
    expect(queries).toEqual([]);
    expect(t.app.hotReads.stats.hits).toBe(hits + 2);
    expect(list.response.body).toBe(first.response.body);
    expect(revalidated.status).toBe(304);
    // A read not answered before does run its SQL (the counter sees statements at all).
    await get(LIST, t.tokens.jordan);
    expect(queries.length).toBeGreaterThan(0);
  });

  it("does not answer another user's or a missing ticket from the cache", async () => {
    const alexTicket = ((await get(LIST, t.tokens.alex)).json as Ticket[])[0]!;
    await get(`/v1/list/ticket_listing/${alexTicket.userTicketId}`, t.tokens.alex);
    expect((await get(`/v1/list/ticket_listing/${alexTicket.userTicketId}`, t.tokens.jordan)).status).toBe(404);
  });

  it('answers fresh when the clock passes the end of an event, without any change notice', async () => {
    const upcoming = (await get(LIST, t.tokens.alex)).json as Ticket[];
    const past = await get(PAST, t.tokens.alex);
    const live = upcoming.find((ticket) => ticket.isLive);
    expect(live).toBeDefined();
    const invalidations = t.app.hotReads.stats.invalidations;
    t.clock.advance(new Date(live!.eventEndDateTime).getTime() - t.clock.now.getTime() + 1);
    const upcomingLater = (await get(LIST, t.tokens.alex)).json as Ticket[];
    expect(upcomingLater.map((ticket) => ticket.userTicketId)).not.toContain(live!.userTicketId);
    const pastLater = await get(PAST, t.tokens.alex, past.response.headers.etag as string);
    expect(pastLater.status).toBe(200);
    expect((pastLater.json as Ticket[]).map((ticket) => ticket.userTicketId)).toContain(live!.userTicketId);
    expect(t.app.hotReads.stats.invalidations).toBe(invalidations);
  });

  it('answers fresh after a gift, for the giver and the receiver', async () => {
    const alexBefore = await get(LIST, t.tokens.alex);
    const samBefore = await get(LIST, t.tokens.sam);
    let gifted: Ticket | undefined;
    for (const ticket of alexBefore.json as Ticket[]) {
      if ((await get(`/v1/list/ticket_listing/${ticket.userTicketId}`, t.tokens.alex)).json.isGiftable) {
        gifted = ticket;
        break;
      }
    }
    expect(gifted).toBeDefined();
    const detailBefore = await get(`/v1/list/ticket_listing/${gifted!.userTicketId}`, t.tokens.alex);
    expect(detailBefore.status).toBe(200);
    const given = await call(t.app, { method: 'POST', url: '/v1/mobile/giftTicket', token: t.tokens.alex, payload: { userTicketId: gifted!.userTicketId, username: 'sam@example.com' } });
    expect(given.status).toBe(200);

    const alexAfter = await get(LIST, t.tokens.alex, alexBefore.response.headers.etag as string);
    expect(alexAfter.status).toBe(200);
    expect((alexAfter.json as Ticket[]).map((ticket) => ticket.userTicketId)).not.toContain(gifted!.userTicketId);
    expect((await get(`/v1/list/ticket_listing/${gifted!.userTicketId}`, t.tokens.alex, detailBefore.response.headers.etag as string)).status).toBe(404);
    const samAfter = await get(LIST, t.tokens.sam, samBefore.response.headers.etag as string);
    expect(samAfter.status).toBe(200);
    expect((samAfter.json as Ticket[]).length).toBe((samBefore.json as Ticket[]).length + 1);
  });

  it("answers fresh after a swap's reservation, a change the wallet gets no event for", async () => {
    const upcoming = (await get(LIST, t.tokens.alex)).json as Ticket[];
    const ga = upcoming.filter((ticket) => ticket.ticketName === 'General Admission');
    const details = await Promise.all(ga.map((ticket) => get(`/v1/list/ticket_listing/${ticket.userTicketId}`, t.tokens.alex)));
    expect(details.every((detail) => detail.json.isGiftable)).toBe(true);
    const base = ((await get('/v1/ticket_swap/tickets', t.tokens.alex)).json as { id: number; name: string }[]).find((b) => b.name === 'General Admission')!;
    const target = ((await get(`/v1/ticket_swap/tickets/${base.id}`, t.tokens.alex)).json as { id: number }[])[0]!;
    const started = await call(t.app, { method: 'POST', url: '/v1/ticket_swap/start_swap', token: t.tokens.alex, payload: { baseTicketId: base.id, swapPairId: target.id, swapQuantity: 1 } });
    expect(started.status).toBe(200);
    const after = await Promise.all(
      ga.map((ticket, index) => get(`/v1/list/ticket_listing/${ticket.userTicketId}`, t.tokens.alex, details[index]!.response.headers.etag as string)),
    );
    // The reserved ticket may be neither gifted nor swapped again while the swap runs.
    expect(after.filter((detail) => detail.status === 200 && !detail.json.isGiftable && !detail.json.isSwappable)).toHaveLength(1);
  });
});

describe('the cache itself', () => {
  const fill = (body: string, validUntil = Number.POSITIVE_INFINITY) => async () => ({ body, validUntil });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = new HotReadCache({ maxEntries: 2, maxAgeMs: 60_000, now: () => new Date(0), live: () => true });
    await cache.get(1, 'a', fill('A'));
    await cache.get(1, 'b', fill('B'));
    await cache.get(1, 'a', fill('unused'));
    await cache.get(2, 'c', fill('C'));
    expect(cache.size).toBe(2);
    expect((await cache.get(1, 'a', fill('A2'))).body).toBe('A');
    expect((await cache.get(1, 'b', fill('B2'))).body).toBe('B2');
  });

  it('does not keep an answer read while a notice for its user came, nor while the bus is down', async () => {
    let live = true;
    const cache = new HotReadCache({ maxEntries: 10, maxAgeMs: 60_000, now: () => new Date(0), live: () => live });
    await cache.get(7, 'k', async () => {
      cache.notice({ userId: 7 });
      return { body: 'read before the change', validUntil: Number.POSITIVE_INFINITY };
    });
    expect((await cache.get(7, 'k', fill('fresh'))).body).toBe('fresh');
    live = false;
    cache.lost();
    expect((await cache.get(7, 'k', fill('while down'))).body).toBe('while down');
    expect(cache.size).toBe(0);
    live = true;
    cache.resync();
    expect((await cache.get(7, 'k', fill('back'))).body).toBe('back');
    expect((await cache.get(7, 'k', fill('unused'))).body).toBe('back');
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});
