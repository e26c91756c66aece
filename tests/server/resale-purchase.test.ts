// Buying through a share link (docs/product.md §2 Listings, issue 10), always on a real Postgres server (PGlite serialises
// everything and would hide the races): the public listing and its share page (en/es, sold/unlisted reasons), one's
// own listing refused, a declined card changes nothing, two buyers at once → one wins, a listing sold while being
// unlisted → one wins, the money adds up (buyer paid = seller payout + service fee), both sides get e-mails, and the
// payout recorded as held is paid once the event has ended, once, even when two runs race.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { formatEventMoment } from '../../src/contract/dates';
import { events, listings, payments, payouts, ticketTypes, userTickets, users } from '../../src/server/db/schema';
import { call, createDemoApp, openPostgresTestDatabase, type DemoApp, verifyPayouts } from './helper';

let t: DemoApp;
let alex: string;
let sam: string;
let jordan: string;
let ids: { alex: number; sam: number; jordan: number };

beforeAll(async () => {
  t = await createDemoApp({ database: openPostgresTestDatabase, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  expect(t.database.kind).toBe('postgres');
  ({ alex, sam, jordan } = t.tokens);
  const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  ids = { alex: await idOf('alex@example.com'), sam: await idOf('sam@example.com'), jordan: await idOf('jordan@example.com') };
  await verifyPayouts(t.app, alex);
}, 120_000);
// The money invariant holds after every test (tests/support/money-invariant.ts).
afterEach(() => assertMoneyAddsUp(t.database.db));
afterAll(() => t?.close());

type Resellable = { userTicketId: number; ticketName: string; ticketPrice: number; maxTicketPrice: number; currencyCode: string; currencySymbol: string };

const post = (url: string, payload: object, token?: string) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const get = (url: string, token?: string) => call(t.app, { method: 'GET', url: `/v1${url}`, token });
const codeOf = (link: string) => link.split('/resale/')[1]!;

/** Alex lists one ticket (the first resellable one) at `price`; answers its share code and user ticket id. */
async function listOne(price?: number) {
  const [ticket] = (await get('/resell/tickets/available', alex)).json as Resellable[];
  expect(ticket).toBeDefined();
  const listed = await post(
    '/resell',
    { userTicketId: ticket!.userTicketId, amountCount: 1, price: price ?? ticket!.ticketPrice, currencyCode: ticket!.currencyCode, currencySymbol: ticket!.currencySymbol },
    alex,
  );
  expect(listed.status).toBe(200);
  return { code: codeOf(listed.json.shareLinkUrl), userTicketId: listed.json.userTicketIds[0] as number, ticket: ticket! };
}

const buy = (code: string, token: string, paymentMethod = 'pm_card_visa') => post(`/resell/purchase/${code}`, { quantity: 1, paymentMethod }, token);

async function ownerOf(userTicketId: number) {
  return (await t.database.db.select().from(userTickets).where(eq(userTickets.id, userTicketId)))[0]!;
}

describe('the public listing and its share page', () => {
  it('reads a listing without signing in, and renders the share page in English and Spanish', async () => {
    const { code, ticket } = await listOne();
    const { status, json } = await get(`/resell/listing/${code}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ shareCode: code, status: 'on_sale', sellerNickname: 'alex', ticketName: ticket.ticketName, quantity: 1, price: ticket.ticketPrice });
    expect(json.totalPrice).toBeCloseTo(json.price + json.serviceFee, 2);
    const page = await t.app.inject({ method: 'GET', url: `/resale/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(json.eventName);
    expect(page.body).toContain('Sold by alex');
    expect(page.body).toContain('src="/embed.js"');
    expect(page.body).toContain('id="share-buy"');
    const spanish = await t.app.inject({ method: 'GET', url: `/resale/${code}`, headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(spanish.body).toContain('Las vende alex');
    // The event's start on the event's clock with the zone named, as the wallet and the PDF show it.
    expect(json.eventTimeZone).not.toBe('UTC');
    expect(page.body).toContain(formatEventMoment(json.eventStartDateTime, { locale: 'en', tz: json.eventTimeZone }));
    expect(spanish.body).toContain(formatEventMoment(json.eventStartDateTime, { locale: 'es', tz: json.eventTimeZone }));
    expect((await t.app.inject({ method: 'GET', url: '/resale-page.js' })).statusCode).toBe(200);
    expect((await get('/resell/listing/nope')).json.code).toBe('api.resell.listing_not_found');
    expect((await t.app.inject({ method: 'GET', url: '/resale/nope' })).statusCode).toBe(404);
    await post('/resell/unlist', { userTicketId: (await get(`/resell/ticket/sales`, alex)).json.find((x: { shareLinkUrl: string }) => x.shareLinkUrl.endsWith(code)).userTicketId }, alex);
    const unlisted = await t.app.inject({ method: 'GET', url: `/resale/${code}?lang=es` });
    expect(unlisted.body).toContain('El vendedor retiró estas entradas de la venta.');
    expect(unlisted.body).not.toContain('id="share-buy"');
  });
});

describe('buying', () => {
  it('refuses one’s own listing and a declined card, and changes nothing', async () => {
    const { code, userTicketId } = await listOne();
    const own = await buy(code, alex);
    expect(own.status).toBe(409);
    expect(own.json.code).toBe('api.resell.own_listing');
    const declined = await buy(code, sam, 'pm_card_chargeDeclined');
    expect(declined.status).toBeGreaterThanOrEqual(400);
    expect(declined.status).toBeLessThan(500);
    expect(declined.json.code).toBe('api.payment.declined');
    expect((await ownerOf(userTicketId)).ownerUserId).toBe(ids.alex);
    expect((await get(`/resell/listing/${code}`)).json.status).toBe('on_sale');
    await post('/resell/unlist', { userTicketId }, alex);
  });

  it('two buyers at once: one wins, pays price plus fee, the seller sees it sold and both get e-mails', async () => {
    const { code, userTicketId } = await listOne();
    const before = t.charges.length;
    const results = await Promise.all([buy(code, sam), buy(code, jordan)]);
    const winners = results.filter((result) => result.status === 200);
    expect(winners).toHaveLength(1);
    const loser = results.find((result) => result.status !== 200)!;
    expect(loser.status).toBeLessThan(500);
    expect(loser.json.code).toMatch(/listing_not_found|not_enough_on_sale/);
    const winnerId = results[0]!.status === 200 ? ids.sam : ids.jordan;
    // The seller's ticket is gone; the buyer holds a new one.
    expect((await ownerOf(userTicketId)).status).not.toBe('listed');
    const received = winners[0]!.json.userTicketIds as number[];
    expect(received).toHaveLength(1);
    expect((await ownerOf(received[0]!)).ownerUserId).toBe(winnerId);
    // Sold, under the seller's Sold list; the share page says why it cannot be bought.
    const [row] = await t.database.db.select().from(listings).where(and(eq(listings.shareCode, code)));
    expect(row).toMatchObject({ status: 'sold', buyerUserId: winnerId });
    expect(((await get('/resell/tickets/sold', alex)).json as Array<{ userTicketId: number }>).map((x) => x.userTicketId)).toContain(userTicketId);
    expect((await t.app.inject({ method: 'GET', url: `/resale/${code}` })).body).toContain('These tickets have been sold.');
    // Money: one charge, buyer paid = seller payout (price) + service fee.
    expect(t.charges.length - before).toBe(1);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, row!.paymentId!));
    expect(payment!.amountMinor).toBe(row!.priceMinor + row!.serviceFeeMinor);
    expect(t.charges.at(-1)!.amountMinor).toBe(payment!.amountMinor);
    // The seller's payout is recorded, held until the event has ended, and the buyer's ticket is on the listing.
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.listingId, row!.id));
    expect(payout).toMatchObject({ sellerUserId: ids.alex, amountMinor: row!.priceMinor, status: 'held', paidAt: null });
    expect(payment!.amountMinor).toBe(payout!.amountMinor + row!.serviceFeeMinor);
    expect(row!.buyerUserTicketId).toBe(received[0]);
    const soldEntry = ((await get('/resell/tickets/sold', alex)).json as Array<{ userTicketId: number; payoutStatus: string; payoutDate: string }>).find(
      (x) => x.userTicketId === userTicketId,
    )!;
    expect(soldEntry).toMatchObject({ payoutStatus: 'held', payoutDate: payout!.releaseAfter.toISOString() });
    const buyerEmail = winnerId === ids.sam ? 'sam@example.com' : 'jordan@example.com';
    const outbox = t.mailer.outbox!;
    expect(outbox.some((mail) => mail.to === buyerEmail && /You bought 1 × /.test(mail.subject))).toBe(true);
    expect(outbox.some((mail) => mail.to === 'alex@example.com' && /Your listing sold/.test(mail.subject) && /held until the event has ended/.test(mail.text))).toBe(true);
    // One clock: the release date reads on the event's clock with its zone named, in the list and in the e-mail.
    const [event] = await t.database.db
      .select({ timeZone: events.timeZone })
      .from(userTickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .where(eq(userTickets.id, userTicketId));
    expect(event!.timeZone).not.toBe('UTC');
    expect((soldEntry as unknown as { eventTimeZone: string }).eventTimeZone).toBe(event!.timeZone);
    const release = formatEventMoment(payout!.releaseAfter, { locale: 'en', tz: event!.timeZone });
    expect(release).toMatch(/^\w{3}, \d{2} \w{3} \d{2}:\d{2}[AP]M GMT[+-]\d+$/);
    expect(outbox.some((mail) => mail.to === 'alex@example.com' && mail.text.includes(`held until the event has ended (${release})`))).toBe(true);
  });

  it('a listing sold while it is being unlisted: exactly one of the two happens', async () => {
    for (let round = 0; round < 3; round++) {
      const { code, userTicketId } = await listOne();
      const [unlisted, bought] = await Promise.all([post('/resell/unlist', { userTicketId }, alex), buy(code, sam)]);
      expect([unlisted.status, bought.status].filter((status) => status === 200)).toHaveLength(1);
      expect(Math.max(unlisted.status, bought.status)).toBeLessThan(500);
      const [row] = await t.database.db.select().from(listings).where(eq(listings.shareCode, code));
      const ticket = await ownerOf(userTicketId);
      if (bought.status === 200) {
        expect(row!.status).toBe('sold');
        expect((await ownerOf(bought.json.userTicketIds[0])).ownerUserId).toBe(ids.sam);
      } else {
        expect(row!.status).toBe('unlisted');
        expect(ticket).toMatchObject({ ownerUserId: ids.alex, status: 'valid' });
      }
      if ((await get('/resell/tickets/available', alex)).json.length === 0) break;
    }
  });
});

// Last: it moves the clock past the events' end.
describe('payouts', () => {
  it('are paid once the event has ended, each once, even when two runs race', async () => {
    const held = await t.database.db.select().from(payouts).where(eq(payouts.status, 'held'));
    expect(held.length).toBeGreaterThan(0);
    // Before the event has ended nothing is paid.
    expect(await t.app.payouts.releaseDue(t.clock.now)).toEqual({ paid: 0, failed: 0 });
    const [latest] = await t.database.db.select({ endsAt: events.endsAt }).from(events).orderBy(desc(events.endsAt)).limit(1);
    const after = new Date(latest!.endsAt.getTime() + 1000);
    const runs = await Promise.all([t.app.payouts.releaseDue(after), t.app.payouts.releaseDue(after)]);
    expect(runs[0]!.paid + runs[1]!.paid).toBe(held.length);
    expect(runs[0]!.failed + runs[1]!.failed).toBe(0);
    const paid = await t.database.db.select().from(payouts);
    expect(paid.every((payout) => payout.status === 'paid' && payout.provider === 'local' && payout.providerTransferId === `tr_local_${payout.id}`)).toBe(true);
    expect(paid.every((payout) => payout.paidAt?.getTime() === after.getTime())).toBe(true);
    expect(await t.app.payouts.releaseDue(after)).toEqual({ paid: 0, failed: 0 });
    const sold = (await get('/resell/tickets/sold', alex)).json as Array<{ payoutStatus: string; payoutDate: string }>;
    expect(sold.length).toBeGreaterThan(0);
    expect(sold.every((entry) => entry.payoutStatus === 'paid' && entry.payoutDate === after.toISOString())).toBe(true);
  });
});
