// Two instances of the server on one Postgres database, each with its own pool and its own bus connection, as behind
// a load balancer: a change made through instance A reaches a wallet streaming from instance B within a second, by
// Postgres LISTEN/NOTIFY and then by Redis pub/sub. Always on a real Postgres server (the local one when the run is
// on PGlite, whose single process cannot be shared); the single-instance path is tests/server/events.test.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { eq } from 'drizzle-orm';
import { events, swaps, users, userTickets } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY, seedDemoData } from '../../src/server/db/seed';
import { createDatabase, dropDatabases } from '../support/postgres';
import { openSse, type SseBlock, type SseStream } from '../support/sse';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createTestApp, LOCAL_POSTGRES_URL, signIn, type TestApp, verifyPayouts, TEST_CONNECT_TIMEOUT_MS } from './helper';

/** How soon a change on one instance must show on a stream of the other. */
const FAN_OUT_MS = 1_000;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const postgres = inject('postgresTemplate');
const serverUrl = postgres?.url ?? LOCAL_POSTGRES_URL;
const databaseNames: string[] = [];
afterAll(() => Promise.all(databaseNames.map((name) => dropDatabases(serverUrl, name))));

/** A new database on the server, migrated and seeded before either instance starts. */
async function demoDatabase(): Promise<string> {
  const name = `tw_events_${process.pid}_${randomBytes(4).toString('hex')}`;
  databaseNames.push(name);
  const url = await createDatabase(serverUrl, name, postgres?.template);
  const setup = await openDatabase({ kind: 'postgres', url, poolSize: 2, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });
  await seedDemoData(setup.db, { now: new Date() });
  await setup.close();
  return url;
}

type Ticket = { userTicketId: number; isLive: boolean; ticketName: string };
type Resellable = { userTicketId: number; ticketPrice: number; currencyCode: string; currencySymbol: string };
type SwapOffer = { id: number; name: string; price: number };

const isWallet = (type: string) => (block: SseBlock) => block.event === 'wallet' && JSON.parse(block.data!).type === type;

describe.each([
  { bus: 'postgres' as const, env: {} as Record<string, string> },
  { bus: 'redis' as const, env: { REDIS_URL } as Record<string, string> },
])('two instances on one database, fan-out by $bus', ({ bus, env }) => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    // A channel of this run alone: other runs may share the Postgres server and the Redis.
    const run = randomBytes(6).toString('hex');
    const instanceEnv = {
      ...env,
      EVENTS_CHANNEL: `tw_test_events_${run}`,
      REDIS_KEY_PREFIX: `tw_test_${run}:`,
      RATE_LIMIT_PER_MINUTE: '100000',
      // A reservation's lapse is waited for by moving the clocks half an hour: the tokens must outlive it.
      ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600),
    };
    const databaseUrl = await demoDatabase();
    const database = () => openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });
    a = await createTestApp({ env: instanceEnv, database });
    b = await createTestApp({ env: instanceEnv, database });
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  // Issue 21: the money invariant holds after every test that may have sold a ticket on resale.
  afterEach(() => assertMoneyAddsUp(a.database.db));
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([a?.close(), b?.close()]);
  });

  it(`uses the ${bus} bus on both instances`, () => {
    expect(a.app.eventStreams.busKind).toBe(bus);
    expect(b.app.eventStreams.busKind).toBe(bus);
  });

  it('a gate scan on instance A reaches the wallet streaming from instance B within a second', async () => {
    const { accessToken } = await signIn(a, 'alex@example.com');
    const stream = await openSse(baseB, accessToken);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor(() => true);
    const all = await a.database.db.select().from(events);
    const live = all.find((event) => event.startsAt <= a.clock.now && a.clock.now <= event.endsAt)!;
    const qr = (await call(a.app, { method: 'GET', url: '/v1/auth/access/qr', token: accessToken })).response.body;
    // Instance B keeps alex's answer of the live ticket before the scan.
    const liveTicket = ((await call(b.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token: accessToken })).json as Ticket[]).find(
      (ticket) => ticket.isLive,
    )!;
    const detailUrl = `/v1/list/ticket_listing/${liveTicket.userTicketId}`;
    const before = await call(b.app, { method: 'GET', url: detailUrl, token: accessToken });
    expect(before.json.eventAccessStatus).toBe(false);
    const arrival = stream.waitFor(isWallet('entry.used'), FAN_OUT_MS);
    const scanned = await call(a.app, {
      method: 'POST',
      url: '/v1/access/scan',
      payload: { eventId: live.id, token: qr },
      headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY },
    });
    expect(scanned.status).toBe(200);
    const block = await arrival;
    expect(JSON.parse(block.data!)).toMatchObject({ type: 'entry.used' });
    // B dropped its copy when the notice came (before its stream read the event): no stale answer.
    const after = await call(b.app, { method: 'GET', url: detailUrl, token: accessToken, headers: { 'if-none-match': before.response.headers.etag as string } });
    expect(after.status).toBe(200);
    expect(after.json.eventAccessStatus).toBe(true);
  });

  it('after a gift on instance A, instance B answers both wallets fresh (its cached lists dropped)', async () => {
    const alex = (await signIn(a, 'alex@example.com')).accessToken;
    const jordan = (await signIn(a, 'jordan@example.com')).accessToken;
    const list = (token: string, etag?: string) =>
      call(b.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token, headers: etag ? { 'if-none-match': etag } : {} });
    const alexBefore = await list(alex);
    const jordanBefore = await list(jordan);
    let gifted: Ticket | undefined;
    for (const ticket of alexBefore.json as Ticket[]) {
      if ((await call(b.app, { method: 'GET', url: `/v1/list/ticket_listing/${ticket.userTicketId}`, token: alex })).json.isGiftable) gifted = ticket;
    }
    expect(gifted).toBeDefined();
    // Both answers are kept on B: asked again, they are 304.
    expect((await list(alex, alexBefore.response.headers.etag as string)).status).toBe(304);
    expect((await list(jordan, jordanBefore.response.headers.etag as string)).status).toBe(304);
    const stream = await openSse(baseB, jordan);
    streams.push(stream);
    await stream.waitFor(() => true);
    const arrival = stream.waitFor(isWallet('ticket.received'), FAN_OUT_MS);
    const given = await call(a.app, {
      method: 'POST',
      url: '/v1/mobile/giftTicket',
      token: alex,
      payload: { userTicketId: gifted!.userTicketId, username: 'jordan@example.com' },
    });
    expect(given.status).toBe(200);
    await arrival;
    const alexAfter = await list(alex, alexBefore.response.headers.etag as string);
    expect(alexAfter.status).toBe(200);
    expect((alexAfter.json as Ticket[]).map((ticket) => ticket.userTicketId)).not.toContain(gifted!.userTicketId);
    const jordanAfter = await list(jordan, jordanBefore.response.headers.etag as string);
    expect(jordanAfter.status).toBe(200);
    expect((jordanAfter.json as Ticket[]).length).toBe((jordanBefore.json as Ticket[]).length + 1);
  });

  describe('instance B answers My tickets fresh after each change made on A, having kept it before', () => {
    let alex: string;
    let jordan: string;
    let alexId: number;
    let jordanId: number;
    beforeAll(async () => {
      alex = (await signIn(a, 'alex@example.com')).accessToken;
      jordan = (await signIn(a, 'jordan@example.com')).accessToken;
      const idOf = async (email: string) => (await a.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
      [alexId, jordanId] = await Promise.all([idOf('alex@example.com'), idOf('jordan@example.com')]);
      // Alex may sell: a payout account with the local provider, onboarded.
      await verifyPayouts(a.app, alex);
    });

    const onA = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => call(a.app, { method, url: `/v1${url}`, token, payload });
    /** A read on B, revalidating `etag` when given. */
    const onB = (url: string, token: string, etag?: string) =>
      call(b.app, { method: 'GET', url: `/v1${url}`, token, headers: etag ? { 'if-none-match': etag } : {} });
    const etagOf = (answer: Awaited<ReturnType<typeof onB>>) => answer.response.headers.etag as string;
    /** B's answer, then the proof B keeps it (asked again with its ETag: 304). */
    async function keptOnB(url: string, token: string) {
      const answer = await onB(url, token);
      expect(answer.status).toBe(200);
      expect((await onB(url, token, etagOf(answer))).status).toBe(304);
      return answer;
    }
    /**
     * Resolves once B has heard the bus notice of a change of `userId` (its cache hears it first, being subscribed
     * first). A touch (a swap's reservation or release) has no wallet event a stream could wait for.
     */
    function heardOnB(userId: number): Promise<void> {
      const heard = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`instance B heard no notice for user ${userId} within ${FAN_OUT_MS} ms`));
        }, FAN_OUT_MS);
        const stop = b.app.eventBus.subscribe({
          notice: (notice) => {
            if (notice.userId !== userId) return;
            clearTimeout(timer);
            stop();
            resolve();
          },
          resync() {},
        });
      });
      // A test that fails before awaiting it must not leave an unhandled rejection behind.
      heard.catch(() => {});
      return heard;
    }
    const detailUrl = (userTicketId: number) => `/list/ticket_listing/${userTicketId}`;
    const LIST = '/list/ticket_listing?status=UPCOMING';
    /** alex lists one of `ticket` at its price through instance A. */
    async function listOnA(ticket: Resellable) {
      const listed = await onA('POST', '/resell', alex, {
        userTicketId: ticket.userTicketId,
        amountCount: 1,
        price: ticket.ticketPrice,
        currencyCode: ticket.currencyCode,
        currencySymbol: ticket.currencySymbol,
      });
      expect(listed.status).toBe(200);
      return listed;
    }

    it('a listing, then its unlisting', async () => {
      const [ticket] = (await onA('GET', '/resell/tickets/available', alex)).json as Resellable[];
      const before = await keptOnB(detailUrl(ticket!.userTicketId), alex);
      expect(before.json).toMatchObject({ isGiftable: true, isResellable: true });
      const listedHeard = heardOnB(alexId);
      await listOnA(ticket!);
      await listedHeard;
      const whileListed = await onB(detailUrl(ticket!.userTicketId), alex, etagOf(before));
      expect(whileListed.status).toBe(200);
      expect(etagOf(whileListed)).not.toBe(etagOf(before));
      // On sale: it may not be gifted or listed again.
      expect(whileListed.json).toMatchObject({ isGiftable: false, isResellable: false });
      expect((await onB(detailUrl(ticket!.userTicketId), alex, etagOf(whileListed))).status).toBe(304);

      const unlistedHeard = heardOnB(alexId);
      expect((await onA('POST', '/resell/unlist', alex, { userTicketId: ticket!.userTicketId })).status).toBe(200);
      await unlistedHeard;
      const after = await onB(detailUrl(ticket!.userTicketId), alex, etagOf(whileListed));
      expect(after.status).toBe(200);
      expect(after.json).toMatchObject({ isGiftable: true, isResellable: true });
      // The same answer as before it was listed, byte for byte.
      expect(etagOf(after)).toBe(etagOf(before));
    });

    it('a resale purchase, for the seller and the buyer', async () => {
      const [ticket] = (await onA('GET', '/resell/tickets/available', alex)).json as Resellable[];
      const listed = await listOnA(ticket!);
      const shareCode = (listed.json.shareLinkUrl as string).split('/resale/')[1]!;
      const sellerBefore = await keptOnB(LIST, alex);
      const sellerDetail = await keptOnB(detailUrl(ticket!.userTicketId), alex);
      const buyerBefore = await keptOnB(LIST, jordan);
      const heard = Promise.all([heardOnB(alexId), heardOnB(jordanId)]);
      const bought = await onA('POST', `/resell/purchase/${shareCode}`, jordan, { quantity: 1, paymentMethod: 'pm_card_visa' });
      expect(bought.status).toBe(200);
      const [received] = bought.json.userTicketIds as number[];
      await heard;
      const sellerAfter = await onB(LIST, alex, etagOf(sellerBefore));
      expect(sellerAfter.status).toBe(200);
      expect((sellerAfter.json as Ticket[]).map((held) => held.userTicketId)).not.toContain(ticket!.userTicketId);
      expect((await onB(detailUrl(ticket!.userTicketId), alex, etagOf(sellerDetail))).json.code).toBe('api.ticket.not_found');
      const buyerAfter = await onB(LIST, jordan, etagOf(buyerBefore));
      expect(buyerAfter.status).toBe(200);
      expect((buyerAfter.json as Ticket[]).map((held) => held.userTicketId)).toContain(received);
    });

    /** Alex starts a swap of one ticket (the first base and target offered) on A. */
    async function startSwap() {
      const [base] = (await onA('GET', '/ticket_swap/tickets', alex)).json as SwapOffer[];
      const [target] = (await onA('GET', `/ticket_swap/tickets/${base!.id}`, alex)).json as SwapOffer[];
      const started = await onA('POST', '/ticket_swap/start_swap', alex, { baseTicketId: base!.id, swapPairId: target!.id, swapQuantity: 1 });
      expect(started.status).toBe(200);
      return { base: base!, orderIdentifier: started.json.orderIdentifier as string, upgrade: started.json.swapType === 'UPGRADE' };
    }
    const swapIdOf = async (orderIdentifier: string) =>
      (await a.database.db.select({ id: swaps.id }).from(swaps).where(eq(swaps.orderIdentifier, orderIdentifier)))[0]!.id;

    it("a swap's reservation and confirmation", async () => {
      const [firstBase] = (await onA('GET', '/ticket_swap/tickets', alex)).json as SwapOffer[];
      const listBefore = await keptOnB(LIST, alex);
      const ofBase = (listBefore.json as Ticket[]).filter((held) => held.ticketName === firstBase!.name);
      const detailsBefore = await Promise.all(ofBase.map((held) => keptOnB(detailUrl(held.userTicketId), alex)));
      expect(detailsBefore.every((detail) => detail.json.isSwappable)).toBe(true);

      const reservedHeard = heardOnB(alexId);
      const { orderIdentifier, upgrade } = await startSwap();
      await reservedHeard;
      const detailsReserved = await Promise.all(ofBase.map((held, index) => onB(detailUrl(held.userTicketId), alex, etagOf(detailsBefore[index]!))));
      // Exactly one ticket is reserved: B answers it anew, no longer to be gifted or swapped; the others are unchanged.
      const reserved = detailsReserved.filter((detail) => detail.status === 200);
      expect(reserved).toHaveLength(1);
      expect(reserved[0]!.json).toMatchObject({ isGiftable: false, isSwappable: false });
      expect(detailsReserved.filter((detail) => detail.status === 304)).toHaveLength(ofBase.length - 1);

      const confirmedHeard = heardOnB(alexId);
      // An upgrade is paid first (paying may already exchange the tickets; confirming then changes nothing).
      if (upgrade) expect((await onA('POST', `/ticket_swap/pay/${orderIdentifier}`, alex, { paymentMethod: 'pm_card_visa' })).json).toEqual({ ok: true });
      expect((await onA('POST', `/ticket_swap/confirm_swap/${orderIdentifier}`, alex)).json).toEqual({ ok: true });
      await confirmedHeard;
      const listAfter = await onB(LIST, alex, etagOf(listBefore));
      expect(listAfter.status).toBe(200);
      const ids = (listAfter.json as Ticket[]).map((held) => held.userTicketId);
      expect(ids).not.toContain(reserved[0]!.json.userTicketId);
      // One ticket given, one received.
      expect(ids).toHaveLength((listBefore.json as Ticket[]).length);
    });

    it("a swap's reservation that lapses, and the write on A that expires it", async () => {
      const reservedHeard = heardOnB(alexId);
      const { orderIdentifier } = await startSwap();
      await reservedHeard;
      const [reservedRow] = await a.database.db.select().from(userTickets).where(eq(userTickets.reservedBySwapId, await swapIdOf(orderIdentifier)));
      const whileReserved = await keptOnB(detailUrl(reservedRow!.id), alex);
      expect(whileReserved.json).toMatchObject({ isGiftable: false, isSwappable: false });
      // Past the reservation on both instances' clocks: B answers the ticket as held again, with no write at all.
      const pastLapse = reservedRow!.reservedUntil!.getTime() - a.clock.now.getTime() + 1_000;
      a.clock.advance(pastLapse);
      b.clock.advance(pastLapse);
      const lapsed = await onB(detailUrl(reservedRow!.id), alex, etagOf(whileReserved));
      expect(lapsed.status).toBe(200);
      expect(lapsed.json).toMatchObject({ isGiftable: true, isSwappable: true });
      // The next write that reads the swap expires it on A (and tells B): the answer stays what it was.
      const expiredHeard = heardOnB(alexId);
      expect((await onA('POST', `/ticket_swap/confirm_swap/${orderIdentifier}`, alex)).json.code).toBe('api.swap.expired');
      await expiredHeard;
      expect((await onB(detailUrl(reservedRow!.id), alex, etagOf(lapsed))).status).toBe(304);
      expect((await a.database.db.select().from(userTickets).where(eq(userTickets.id, reservedRow!.id)))[0]!.status).toBe('valid');
    });
  });

  it("a logout on instance A closes that session's stream on instance B", async () => {
    const { accessToken } = await signIn(a, 'sam@example.com');
    const stream = await openSse(baseB, accessToken);
    streams.push(stream);
    await stream.waitFor(() => true);
    expect((await call(a.app, { method: 'GET', url: '/v1/auth/logout', token: accessToken })).status).toBe(200);
    await stream.waitFor(isWallet('session.revoked'), FAN_OUT_MS);
    await stream.ended;
  });
});
