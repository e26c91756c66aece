// The ticket lifecycle through the API, tried as an attacker would (issue 7): a swap's reservation excludes gifts and
// listings, an UPGRADE is confirmed only once paid, cancel and expiry release, a listed ticket gets nobody in, and a
// listing is bought through the payments adapter.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { events, listings, payments, ticketTypes } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createDemoApp, type DemoApp, signIn, verifyPayouts } from './helper';

let t: DemoApp;
let alex: string;
let jordan: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, jordan, sam } = t.tokens);
});
// Issue 21: the money invariant holds after every test that may have sold a ticket on resale.
afterEach(() => assertMoneyAddsUp(t.database.db));
afterAll(() => t.close());

type Base = { id: number; name: string; price: number; quantity: number };
type Target = { id: number; name: string; price: number };
type Mine = { userTicketId: number; ticketName: string };

const get = (url: string, token = alex) => call(t.app, { method: 'GET', url: `/v1${url}`, token });
const post = (url: string, payload?: object, token = alex) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const mine = async (token = alex) => (await get('/list/ticket_listing?status=UPCOMING', token)).json as Mine[];
const named = async (name: string, token = alex) => (await mine(token)).filter((ticket) => ticket.ticketName === name);

async function gaToVip() {
  const ga = ((await get('/ticket_swap/tickets')).json as Base[]).find((base) => base.name === 'General Admission')!;
  const vip = ((await get(`/ticket_swap/tickets/${ga.id}`)).json as Target[]).find((target) => target.name === 'VIP')!;
  return { ga, vip, start: (swapQuantity: number) => post('/ticket_swap/start_swap', { baseTicketId: ga.id, swapPairId: vip.id, swapQuantity }) };
}

const listOne = (userTicketId: number, price: number, token = alex) =>
  post('/resell', { userTicketId, amountCount: 1, price, currencyCode: 'AUD', currencySymbol: '$' }, token);

describe('a swap reserves its tickets', () => {
  it('two starts that each need every held ticket of a type: one reserves them, the other finds none', async () => {
    const { ga, start } = await gaToVip();
    const results = await Promise.all([start(ga.quantity), start(ga.quantity)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)!.json.code).toBe('api.swap.not_enough_tickets');
    const winner = results.find((result) => result.status === 200)!.json.orderIdentifier as string;

    // Cancel releases them; cancelling again changes nothing; a cancelled swap cannot be confirmed.
    expect((await post(`/ticket_swap/cancel/${winner}`)).json).toEqual({ ok: true });
    expect((await post(`/ticket_swap/cancel/${winner}`)).json).toEqual({ ok: true });
    expect((await post(`/ticket_swap/confirm_swap/${winner}`)).json.code).toBe('api.swap.cancelled');
    const [first] = await named('General Admission');
    expect((await post('/mobile/gift/verify', { userTicketId: first!.userTicketId })).json.extras.canBeGifted).toBe(true);
  });

  it('a reserved ticket can be neither gifted nor listed, and says why', async () => {
    await verifyPayouts(t.app, alex);
    const { start } = await gaToVip();
    const started = await start(1);
    expect(started.status).toBe(200);
    const [reserved] = await named('General Admission');
    expect((await post('/mobile/gift/verify', { userTicketId: reserved!.userTicketId })).json.extras.canBeGifted).toBe(false);
    const gift = await post('/mobile/giftTicket', { userTicketId: reserved!.userTicketId, username: 'jordan#7310' });
    expect(gift.status).toBe(409);
    expect(gift.json.code).toBe('api.ticket.reserved');
    const listing = await listOne(reserved!.userTicketId, 50);
    expect(listing.status).toBe(409);
    expect(listing.json.code).toBe('api.ticket.reserved');
    expect((await get(`/list/ticket_listing/${reserved!.userTicketId}`)).json).toMatchObject({ isGiftable: false, isResellable: false, isSwappable: false });
    await post(`/ticket_swap/cancel/${started.json.orderIdentifier}`);
  });
});

describe('swap money', () => {
  it('an UPGRADE is not confirmed before its difference is paid; a declined card changes nothing; paying confirms it', async () => {
    const { ga, vip, start } = await gaToVip();
    const vipBefore = (await named('VIP')).length;
    const started = await start(1);
    expect(started.json.swapType).toBe('UPGRADE');
    expect(started.json.amount).toBe(ga.price - vip.price);
    const id = started.json.orderIdentifier as string;

    const unpaid = await post(`/ticket_swap/confirm_swap/${id}`);
    expect(unpaid.status).toBe(402);
    expect(unpaid.json.code).toBe('api.swap.payment_required');
    expect(await named('VIP')).toHaveLength(vipBefore);

    const declined = await post(`/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_chargeDeclined' });
    expect(declined.status).toBe(402);
    expect(declined.json.code).toBe('api.payment.declined');
    expect(t.charges).toHaveLength(0);
    expect(await named('VIP')).toHaveLength(vipBefore);

    expect((await post(`/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_visa' })).json).toEqual({ ok: true });
    expect(t.charges).toEqual([expect.objectContaining({ amountMinor: Math.round((vip.price - ga.price) * 100), currencyCode: 'AUD' })]);
    expect(await named('VIP')).toHaveLength(vipBefore + 1);
    // Paying or confirming again changes nothing and charges nothing.
    expect((await post(`/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_visa' })).json).toEqual({ ok: true });
    expect((await post(`/ticket_swap/confirm_swap/${id}`)).json).toEqual({ ok: true });
    expect(t.charges).toHaveLength(1);
    expect(await named('VIP')).toHaveLength(vipBefore + 1);
    expect((await t.database.db.select().from(payments)).map((row) => row.purpose)).toEqual(['swap']);
    // A paid swap cannot be cancelled.
    expect((await post(`/ticket_swap/cancel/${id}`)).json.code).toBe('api.swap.already_confirmed');
  });

  it('a DOWNGRADE confirms at once and cannot be paid', async () => {
    const vip = ((await get('/ticket_swap/tickets')).json as Base[]).find((base) => base.name === 'VIP')!;
    const cheaper = ((await get(`/ticket_swap/tickets/${vip.id}`)).json as Target[]).find((target) => target.price < vip.price)!;
    const started = await post('/ticket_swap/start_swap', { baseTicketId: vip.id, swapPairId: cheaper.id, swapQuantity: 1 });
    expect(started.json.swapType).toBe('DOWNGRADE');
    const id = started.json.orderIdentifier as string;
    expect((await post(`/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_visa' })).json.code).toBe('api.swap.nothing_to_pay');
    expect((await post(`/ticket_swap/confirm_swap/${id}`)).json).toEqual({ ok: true });
  });

  it('after 30 minutes the reservation lapses: the tickets are free again and the swap is expired', async () => {
    const { start } = await gaToVip();
    const started = await start(1);
    const [reserved] = await named('General Admission');
    t.clock.advance(30 * 60 * 1000);
    // Access tokens last 15 minutes: sign in again.
    alex = (await signIn(t, 'alex@example.com')).accessToken;
    jordan = (await signIn(t, 'jordan@example.com')).accessToken;
    sam = (await signIn(t, 'sam@example.com')).accessToken;
    expect((await post('/mobile/gift/verify', { userTicketId: reserved!.userTicketId })).json.extras.canBeGifted).toBe(true);
    const late = await post(`/ticket_swap/pay/${started.json.orderIdentifier}`, { paymentMethod: 'pm_card_visa' });
    expect(late.json.code).toBe('api.swap.expired');
    expect((await post(`/ticket_swap/confirm_swap/${started.json.orderIdentifier}`)).json.code).toBe('api.swap.expired');
    // The lapsed ticket can be reserved again.
    const again = await start(1);
    expect(again.status).toBe(200);
    await post(`/ticket_swap/cancel/${again.json.orderIdentifier}`);
  });
});

describe('resale and the gate', () => {
  it('a listed ticket gets nobody in at the gate and stays on sale', async () => {
    await verifyPayouts(t.app, jordan, 'Jordan Lee');
    const [early] = await mine(jordan);
    expect((await listOne(early!.userTicketId, 10, jordan)).status).toBe(200);
    const [row] = await t.database.db
      .select({ eventId: events.id })
      .from(ticketTypes)
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .where(eq(ticketTypes.name, early!.ticketName));
    const qr = (await get('/auth/access/qr', jordan)).response.body;
    const scan = await call(t.app, {
      method: 'POST',
      url: '/v1/access/scan',
      payload: { token: qr, eventId: row!.eventId },
      headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY },
    });
    expect(scan.status).toBe(409);
    expect(scan.json.code).toBe('api.ticket.listed');
    expect((await get('/resell/ticket/sales', jordan)).json).toHaveLength(1);
  });

  it('buying a listing charges price plus fee, moves the ticket, and is refused to its seller or a declined card', async () => {
    const [market] = await named('General Admission');
    const listed = await listOne(market!.userTicketId, 40);
    expect(listed.status).toBe(200);
    const shareCode = (listed.json.shareLinkUrl as string).split('/').pop()!;
    const benefitOfListed = await post(`/mobile/unlock/${market!.userTicketId}`, { userTicketBenefitId: 1 });
    expect(benefitOfListed.json.code).toMatch(/api\.(ticket\.listed|unlock\.invalid_benefit)/);

    expect((await post(`/resell/purchase/${shareCode}`, { quantity: 1, paymentMethod: 'pm_card_visa' })).json.code).toBe('api.resell.own_listing');
    const charged = t.charges.length;
    const declined = await post(`/resell/purchase/${shareCode}`, { quantity: 1, paymentMethod: 'pm_card_chargeDeclined' }, sam);
    expect(declined.json.code).toBe('api.payment.declined');
    expect(t.charges).toHaveLength(charged);

    const bought = await post(`/resell/purchase/${shareCode}`, { quantity: 1, paymentMethod: 'pm_card_visa' }, sam);
    expect(bought.status).toBe(200);
    expect((await mine(sam)).map((ticket) => ticket.userTicketId)).toEqual(bought.json.userTicketIds);
    const [sold] = await t.database.db.select().from(listings).where(and(eq(listings.shareCode, shareCode), eq(listings.status, 'sold')));
    expect(t.charges.at(-1)!.amountMinor).toBe(sold!.priceMinor + sold!.serviceFeeMinor);
    expect((await get('/resell/tickets/sold')).json.map((entry: { userTicketId: number }) => entry.userTicketId)).toContain(market!.userTicketId);
    // Sold: it is gone from the seller, and buying again finds nothing.
    expect((await named('General Admission')).map((ticket) => ticket.userTicketId)).not.toContain(market!.userTicketId);
    expect((await post(`/resell/purchase/${shareCode}`, { quantity: 1, paymentMethod: 'pm_card_visa' }, sam)).json.code).toBe('api.resell.listing_not_found');
  });
});
