// GET /v1/events: the live events of the signed-in user, from the real mutations, over a real connection: each kind
// reaches the users it is about and nobody else, a dropped stream resumes with Last-Event-ID (nothing lost, nothing
// twice), an id older than the window gets a reset, the per-user cap answers 429, a revoked session's stream hears
// it and closes, and shutdown ends streams with a retry hint.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { benefits, events, ticketTypes, userEvents, userTicketBenefits, userTickets, users } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { openSse, type SseBlock, type SseStream } from '../support/sse';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createDemoApp, createTestApp, type DemoApp, signIn, verifyPayouts } from './helper';

let t: DemoApp;
let base: string;
let alex: string;
let sam: string;
let jordan: string;
let liveEventId: number;
const opened: SseStream[] = [];
beforeAll(async () => {
  t = await createDemoApp({ env: { STREAM_HEARTBEAT_MS: '200', RATE_LIMIT_PER_MINUTE: '100000' } });
  ({ alex, sam, jordan } = t.tokens);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const all = await t.database.db.select().from(events);
  liveEventId = all.find((e) => e.startsAt <= t.clock.now && t.clock.now <= e.endsAt)!.id;
}, 120_000);
// Issue 21: the money invariant holds after every test that may have sold a ticket on resale.
afterEach(() => assertMoneyAddsUp(t.database.db));
afterAll(async () => {
  for (const stream of opened) stream.close();
  await t.close();
});

async function stream(token: string, headers: Record<string, string> = {}) {
  const sse = await openSse(base, token, headers);
  opened.push(sse);
  return sse;
}
/** A stream once it has sent its opening block (so it is registered and its cursor is set). */
async function ready(token: string, headers: Record<string, string> = {}) {
  const sse = await stream(token, headers);
  expect(sse.status).toBe(200);
  await sse.waitFor(() => true);
  return sse;
}

const get = (url: string, token: string) => call(t.app, { method: 'GET', url: `/v1${url}`, token });
const post = (url: string, token: string, payload?: object) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const ok = async (answer: Promise<{ status: number; json: any }>) => {
  const done = await answer;
  expect(done.status, JSON.stringify(done.json)).toBe(200);
  return done.json;
};
const isWallet = (type: string, userTicketId?: number) => (block: SseBlock) =>
  block.event === 'wallet' && JSON.parse(block.data!).type === type && (userTicketId === undefined || JSON.parse(block.data!).userTicketId === userTicketId);
const typesOf = (sse: SseStream) => sse.walletEvents().map((event) => event.type);

const qrToken = async (token: string) => (await get('/auth/access/qr', token)).response.body;
const scan = async (token: string) =>
  call(t.app, { method: 'POST', url: '/v1/access/scan', payload: { eventId: liveEventId, token: await qrToken(token) }, headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } });
const upcoming = async (token: string) => (await get('/list/ticket_listing?status=UPCOMING', token)).json as Array<{ userTicketId: number; ticketName: string }>;
async function ticketAllowing(token: string, flag: 'isGiftable') {
  for (const ticket of await upcoming(token)) if ((await get(`/list/ticket_listing/${ticket.userTicketId}`, token)).json[flag]) return ticket.userTicketId;
  throw new Error(`no ticket with ${flag}`);
}
async function userIdOf(email: string) {
  return (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
}

describe('GET /v1/events', () => {
  it('opens with the retry hint and its start id, streams the gate scan to the holder, and sends heartbeats', async () => {
    const alexStream = await stream(alex);
    expect(alexStream.status).toBe(200);
    expect(alexStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(alexStream.headers['cache-control']).toBe('no-store');
    // The security headers stay on the stream.
    expect(alexStream.headers['x-content-type-options']).toBe('nosniff');
    const first = await alexStream.waitFor(() => true);
    expect(first.retry).toBeGreaterThan(0);
    expect(first.id).toMatch(/^\d+$/);
    const scanned = await scan(alex);
    expect(scanned.status).toBe(200);
    const block = await alexStream.waitFor((b) => b.event === 'wallet');
    expect(JSON.parse(block.data!)).toEqual({ id: block.id, type: 'entry.used', userTicketId: scanned.json.userTicketId, at: expect.any(String) });
    expect(Number(block.id)).toBeGreaterThan(Number(first.id));
    await alexStream.waitFor((b) => b.comments.includes('heartbeat'));
    alexStream.close();
  });

  it('is in the OpenAPI document as a text/event-stream answer that needs the bearer token', async () => {
    const document = (await call(t.app, { method: 'GET', url: '/v1/docs/json' })).json;
    const operation = document.paths['/v1/events'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(operation.description).toContain('Last-Event-ID');
  });

  it('refuses a request without a valid token, and never reads one from the query string', async () => {
    const refused = await openSse(base, 'not-a-token');
    await refused.ended;
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text()).code).toBe('api.auth.token_not_authorized');
    const byQuery = await call(t.app, { method: 'GET', url: `/v1/events?access_token=${alex}` });
    expect(byQuery.status).toBe(401);
  });
});

describe('every change reaches the users it is about, and nobody else', () => {
  it('swap, gift, list, unlist, resale purchase, redeem, benefit unlock and profile change', async () => {
    const alexStream = await ready(alex);
    const samStream = await ready(sam);
    const jordanStream = await ready(jordan);

    // A swap: the old ticket is swapped, the new one received.
    const swappable = (await get('/ticket_swap/tickets', alex)).json as Array<{ id: number; name: string }>;
    const ga = swappable.find((b) => b.name === 'General Admission')!;
    const vip = ((await get(`/ticket_swap/tickets/${ga.id}`, alex)).json as Array<{ id: number; name: string }>).find((x) => x.name === 'VIP')!;
    const started = await ok(post('/ticket_swap/start_swap', alex, { baseTicketId: ga.id, swapPairId: vip.id, swapQuantity: 1 }));
    await ok(post(`/ticket_swap/pay/${started.orderIdentifier}`, alex, { paymentMethod: 'pm_card_visa' }));
    await ok(post(`/ticket_swap/confirm_swap/${started.orderIdentifier}`, alex));
    await alexStream.waitFor(isWallet('ticket.swapped'));
    await alexStream.waitFor(isWallet('ticket.received'));

    // A gift: the giver's ticket is gifted, the receiver's new one received.
    const giftId = await ticketAllowing(alex, 'isGiftable');
    const gifted = await ok(post('/mobile/giftTicket', alex, { userTicketId: giftId, username: 'sam@example.com' }));
    await alexStream.waitFor(isWallet('ticket.gifted', giftId));
    const receivedBlock = await samStream.waitFor(isWallet('ticket.received'));
    expect((await upcoming(sam)).map((x) => x.userTicketId)).toContain(JSON.parse(receivedBlock.data!).userTicketId);
    expect(gifted).toBeDefined();

    // Listing and unlisting, then a listing bought by sam: sold for alex, received for sam.
    await verifyPayouts(t.app, alex);
    const listOne = async () => {
      const [ticket] = (await get('/resell/tickets/available', alex)).json as Array<{ userTicketId: number; ticketPrice: number; currencyCode: string; currencySymbol: string }>;
      const listed = await ok(
        post('/resell', alex, { userTicketId: ticket!.userTicketId, amountCount: 1, price: ticket!.ticketPrice, currencyCode: ticket!.currencyCode, currencySymbol: ticket!.currencySymbol }),
      );
      return { id: listed.userTicketIds[0] as number, code: (listed.shareLinkUrl as string).split('/resale/')[1]! };
    };
    const first = await listOne();
    await alexStream.waitFor(isWallet('ticket.listed', first.id));
    await ok(post('/resell/unlist', alex, { userTicketId: first.id }));
    await alexStream.waitFor(isWallet('ticket.unlisted', first.id));
    const second = await listOne();
    await alexStream.waitFor(isWallet('ticket.listed', second.id));
    await ok(post(`/resell/purchase/${second.code}`, sam, { quantity: 1, paymentMethod: 'pm_card_visa' }));
    await alexStream.waitFor(isWallet('ticket.sold', second.id));
    await samStream.waitFor((block) => isWallet('ticket.received')(block) && block !== receivedBlock);

    // A ticket PDF's code redeemed by sam: passed on for alex, received for sam.
    const pdfTicket = (await upcoming(alex)).at(-1)!.userTicketId;
    const { response } = await post(`/resell/${pdfTicket}`, alex);
    expect(response.statusCode).toBe(200);
    const { pdfTexts, SECRET_CODE_PATTERN } = await import('../support/pdf-text');
    const code = pdfTexts(response.rawPayload).find((text) => SECRET_CODE_PATTERN.test(text))!;
    const redeemed = await ok(post(`/resell/redeem/${encodeURIComponent(code)}`, sam));
    await alexStream.waitFor(isWallet('ticket.gifted', pdfTicket));
    await samStream.waitFor(isWallet('ticket.received', redeemed.userTicketId));

    // A benefit unlocked on a new ticket of alex's.
    const [type] = await t.database.db
      .select({ id: ticketTypes.id, priceMinor: ticketTypes.priceMinor })
      .from(ticketTypes)
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .where(and(eq(events.slug, 'weekender-melbourne'), eq(ticketTypes.name, 'General Admission')));
    const [fresh] = await t.database.db
      .insert(userTickets)
      .values({ ticketTypeId: type!.id, ownerUserId: await userIdOf('alex@example.com'), purchasePriceMinor: type!.priceMinor, createdAt: t.clock.now })
      .returning({ id: userTickets.id });
    const typeBenefits = await t.database.db.select().from(benefits).where(eq(benefits.ticketTypeId, type!.id));
    await t.database.db
      .insert(userTicketBenefits)
      .values(typeBenefits.map((benefit) => ({ userTicketId: fresh!.id, benefitId: benefit.id, purchasedAmount: benefit.amountPerTicket })));
    const merch = ((await get(`/list/ticket_listing/${fresh!.id}`, alex)).json.benefits as Array<{ userTicketBenefitId: number; isUnlockable: boolean }>).find(
      (benefit) => benefit.isUnlockable,
    )!;
    await ok(post(`/mobile/unlock/${fresh!.id}`, alex, { userTicketBenefitId: merch.userTicketBenefitId }));
    await alexStream.waitFor(isWallet('benefit.unlocked', fresh!.id));

    // A profile change.
    await ok(post('/auth/profile', sam, { givenName: 'Sam' }));
    await samStream.waitFor(isWallet('profile.changed'));

    expect(typesOf(alexStream)).toEqual([
      'ticket.swapped',
      'ticket.received',
      'ticket.gifted',
      'ticket.listed',
      'ticket.unlisted',
      'ticket.listed',
      'ticket.sold',
      'ticket.gifted',
      'benefit.unlocked',
    ]);
    expect(typesOf(samStream)).toEqual(['ticket.received', 'ticket.received', 'ticket.received', 'profile.changed']);
    // Jordan's stream is still open and heard none of it.
    await jordanStream.waitFor((block) => block.comments.includes('heartbeat') && jordanStream.blocks.indexOf(block) > 0);
    expect(typesOf(jordanStream)).toEqual([]);
    // Ids grow, each event once.
    for (const sse of [alexStream, samStream]) {
      const ids = sse.walletEvents().map((event) => Number(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
    }
    for (const sse of [alexStream, samStream, jordanStream]) sse.close();
  });
});

describe('resuming with Last-Event-ID', () => {
  it('replays what a dropped stream missed, nothing lost and nothing twice, then carries on live', async () => {
    const before = await ready(alex);
    await ok(post('/auth/profile', alex, { givenName: 'Alexa' }));
    const seen = await before.waitFor(isWallet('profile.changed'));
    before.close();

    // While the stream is down: three changes, one of them made by another user.
    await ok(post('/auth/profile', alex, { givenName: 'Alexandra' }));
    await ok(post('/auth/profile', alex, { familyName: 'Rivers' }));
    const [samTicket] = await upcoming(sam);
    await ok(post('/mobile/giftTicket', sam, { userTicketId: samTicket!.userTicketId, username: 'alex@example.com' }));

    const after = await stream(alex, { 'last-event-id': seen.id! });
    expect(after.status).toBe(200);
    await after.waitFor(isWallet('ticket.received'));
    await ok(post('/auth/profile', alex, { givenName: 'Alex' }));
    await after.waitFor((block) => isWallet('profile.changed')(block) && after.walletEvents().length === 4);
    const replayed = after.walletEvents();
    expect(replayed.map((event) => event.type)).toEqual(['profile.changed', 'profile.changed', 'ticket.received', 'profile.changed']);
    const ids = [seen.id, ...replayed.map((event) => event.id)].map(Number);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // No reset: the id was within the window.
    expect(after.blocks.some((block) => block.event === 'reset')).toBe(false);
    after.close();
  });

  it('resumes a stream that heard nothing from the id it opened with, without a reset', async () => {
    const quiet = await ready(jordan);
    const opening = quiet.blocks[0]!;
    expect(opening.event).toBeUndefined();
    quiet.close();
    const again = await ready(jordan, { 'last-event-id': opening.id! });
    expect(again.blocks[0]).toMatchObject({ id: opening.id, retry: expect.any(Number) });
    expect(again.blocks[0]!.event).toBeUndefined();
    again.close();
  });

  it('sends a reset for an id older than the window, from a newer database, or not ours', async () => {
    const [newest] = await t.database.db.select({ id: sql<number>`max(${userEvents.id})` }).from(userEvents);
    for (const lastEventId of [String(Number(newest!.id) + 1000), 'not-an-id']) {
      const sse = await stream(alex, { 'last-event-id': lastEventId });
      const reset = await sse.waitFor(() => true);
      expect(reset.event).toBe('reset');
      expect(reset.id).toMatch(/^\d+$/);
      expect(JSON.parse(reset.data!)).toEqual({ id: reset.id });
      sse.close();
    }
    // Everything older than the window is pruned (the table's newest row is kept).
    const oldest = (await t.database.db.select({ id: sql<number>`min(${userEvents.id})` }).from(userEvents))[0]!.id;
    await t.database.db.execute(sql`update user_events set created_at = now() - interval '1 hour'`);
    await t.app.eventStreams.store.prune(t.config.events.replayWindowMs);
    expect(await t.database.db.select({ id: userEvents.id }).from(userEvents)).toHaveLength(1);
    const sse = await stream(alex, { 'last-event-id': String(oldest) });
    expect((await sse.waitFor(() => true)).event).toBe('reset');
    // After the reset the stream is live as ever.
    await ok(post('/auth/profile', alex, { familyName: 'Rivera' }));
    await sse.waitFor(isWallet('profile.changed'));
    sse.close();
  });
});

describe('limits and the end of a stream', () => {
  it('answers 429 with a stable code above the per-user cap, and frees the place when a stream closes', async () => {
    const streams = [];
    for (let i = 0; i < t.config.events.maxStreamsPerUser; i++) streams.push(await ready(jordan));
    const refused = await openSse(base, jordan);
    await refused.ended;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text())).toMatchObject({ code: 'api.events.too_many_streams', message: 'Too many open event streams for this user' });
    // Another user is not affected.
    const other = await ready(sam);
    other.close();
    streams[0]!.close();
    await vi.waitFor(async () => {
      const again = await openSse(base, jordan);
      opened.push(again);
      expect(again.status).toBe(200);
    }, { timeout: 10_000, interval: 100 });
    for (const sse of streams) sse.close();
  });

  it("sends session.revoked to the revoked session's streams and closes them; the user's other sessions carry on", async () => {
    const otherDevice = (await signIn(t, 'sam@example.com')).accessToken;
    const revokedStream = await ready(otherDevice);
    const keptStream = await ready(sam);
    await ok(get('/auth/logout', otherDevice));
    const revoked = await revokedStream.waitFor(isWallet('session.revoked'));
    expect(JSON.parse(revoked.data!)).toEqual({ id: revoked.id, type: 'session.revoked', at: expect.any(String) });
    await revokedStream.ended;
    // The session that stays hears its next change and never the revocation.
    await ok(post('/auth/profile', sam, { familyName: 'Park' }));
    await keptStream.waitFor(isWallet('profile.changed'));
    expect(typesOf(keptStream)).toEqual(['profile.changed']);
    // The revoked token opens no new stream.
    const again = await openSse(base, otherDevice);
    await again.ended;
    expect(again.status).toBe(401);
    keptStream.close();
  });

  it('ends every stream with a retry hint when the server shuts down', async () => {
    const other = await createTestApp({ env: { STREAM_HEARTBEAT_MS: '60000' } });
    try {
      const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const token = (await signIn(other, 'someone@example.com')).accessToken;
      const sse = await openSse(address, token);
      await sse.waitFor(() => true);
      expect(other.app.eventStreams.size).toBe(1);
      await other.app.close();
      await sse.ended;
      expect(sse.blocks.at(-1)).toMatchObject({ retry: expect.any(Number) });
      expect(other.app.eventStreams.size).toBe(0);
    } finally {
      await other.close();
    }
  });
});
