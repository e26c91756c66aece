// Resale: payout account onboarding (local provider), resellable tickets, quotes, listing, unlisting and the lists.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../../src/server/db/schema';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let alex: string;
let jordan: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, jordan } = t.tokens);
});
afterAll(() => t.close());

type Resellable = { userTicketId: number; ticketId: number; ticketName: string; ticketPrice: number; maxTicketPrice: number; availableTicketCount: number; currencyCode: string; currencySymbol: string };

const get = (url: string, token = alex) => call(t.app, { method: 'GET', url: `/v1${url}`, token });
const post = (url: string, payload: object, token = alex) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const available = async (token = alex) => (await get('/resell/tickets/available', token)).json as Resellable[];
const listing = (ticket: Resellable, amountCount: number, price: number, token = alex) =>
  post('/resell', { userTicketId: ticket.userTicketId, amountCount, price, currencyCode: ticket.currencyCode, currencySymbol: ticket.currencySymbol }, token);

async function verifyPayouts(token: string) {
  const connected = await post('/resell/stripe/connect', { accountType: 'custom' }, token);
  expect(connected.status).toBe(200);
  return post('/resell/stripe/local/onboard', { clientSecret: connected.json.clientSecret, legalName: 'Alex Rivera', bankAccountLast4: '1234' }, token);
}

describe('payout account', () => {
  it('starts with none, connects in AU or NZ only, and onboarding verifies it', async () => {
    expect((await get('/resell/stripe/account', jordan)).json).toMatchObject({ clientSecret: '', verified: false, country: null });
    const refused = await post('/resell/stripe/connect', { accountType: 'custom', country: 'US' }, jordan);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'api.resell.unsupported_country', message: 'The resell platform is only supported in Australia and New Zealand' });
    const connected = await post('/resell/stripe/connect', { accountType: 'custom', country: 'nz' }, jordan);
    expect(connected.json).toMatchObject({ provider: 'local', verified: false, country: 'NZ' });
    expect(connected.json.clientSecret).toMatch(/^local_cs_/);
    const forged = await post('/resell/stripe/local/onboard', { clientSecret: `${connected.json.clientSecret}x`, legalName: 'J', bankAccountLast4: '1234' }, jordan);
    expect(forged.json.code).toBe('api.resell.onboarding_invalid');
    const stolen = await post('/resell/stripe/local/onboard', { clientSecret: connected.json.clientSecret, legalName: 'J', bankAccountLast4: '1234' }, alex);
    expect(stolen.json.code).toBe('api.resell.onboarding_invalid');
    const done = await post('/resell/stripe/local/onboard', { clientSecret: connected.json.clientSecret, legalName: 'Jordan Lee', bankAccountLast4: '9876' }, jordan);
    expect(done.json).toMatchObject({ verified: true, clientSecret: '' });
    expect((await get('/resell/stripe/account', jordan)).json.verified).toBe(true);
  });
});

describe('resale', () => {
  it('groups resellable tickets by type with the original and maximum price', async () => {
    const list = await available();
    const ga = list.find((x) => x.ticketName === 'General Admission')!;
    expect(ga).toMatchObject({ availableTicketCount: 2, currencySymbol: '$' });
    expect(ga.maxTicketPrice).toBeGreaterThan(ga.ticketPrice);
  });

  it('quotes subtotal, the organiser fee and the total', async () => {
    const ga = (await available()).find((x) => x.ticketName === 'General Admission')!;
    const { status, json } = await post('/resell/ticket/calculation', { selectedPrice: 100, quantity: 2, ticketId: ga.ticketId });
    expect(status).toBe(200);
    // Demo organisation: 10 % plus $0.50 per ticket.
    expect(json).toMatchObject({ basePrice: 200, serviceFee: 21, totalPrice: 221, currencyCode: 'AUD' });
    expect((await post('/resell/ticket/calculation', { selectedPrice: 1, quantity: 1, ticketId: 999_999 })).json.code).toBe('api.resell.ticket_not_found');
  });

  it('needs a verified payout account to list', async () => {
    const [ticket] = await available();
    const refused = await listing(ticket!, 1, ticket!.ticketPrice);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('api.resell.create.no_stripe');
  });

  it('lists within the maximum price, answers a share link, and the tickets leave the available list', async () => {
    expect((await verifyPayouts(alex)).json.verified).toBe(true);
    const ga = (await available()).find((x) => x.ticketName === 'General Admission')!;
    const tooDear = await listing(ga, 1, ga.maxTicketPrice + 0.01);
    expect(tooDear.json.code).toBe('api.resell.invalid_price');
    const { status, json } = await listing(ga, 2, ga.maxTicketPrice);
    expect(status).toBe(200);
    expect(json.shareLinkUrl).toMatch(/^http:\/\/wallet\.test\/resale\/[\w-]+$/);
    expect(json.userTicketIds).toHaveLength(2);
    expect((await available()).find((x) => x.ticketName === 'General Admission')).toBeUndefined();
    const sale = (await get('/resell/ticket/sales')).json;
    expect(sale.filter((x: { name: string }) => x.name === 'General Admission')).toHaveLength(2);
    expect(sale[0]).toMatchObject({ price: ga.maxTicketPrice, currencySymbol: '$', shareLinkUrl: json.shareLinkUrl });
    const again = await listing(ga, 1, ga.ticketPrice);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('api.resell.create.already_listed');
    // A listed ticket offers no gift, swap or resale.
    const detail = (await get(`/list/ticket_listing/${json.userTicketIds[0]}`)).json;
    expect([detail.isGiftable, detail.isSwappable, detail.isResellable]).toEqual([false, false, false]);
  });

  it('unlists after which the ticket can be listed again; sold ones show in the sold list', async () => {
    const sale = (await get('/resell/ticket/sales')).json as Array<{ userTicketId: number }>;
    const [first, second] = sale;
    expect((await post('/resell/unlist', { userTicketId: first!.userTicketId })).json).toEqual({ ok: true });
    expect((await post('/resell/unlist', { userTicketId: first!.userTicketId })).json.code).toBe('api.resell.listing_not_found');
    expect((await available()).find((x) => x.userTicketId === first!.userTicketId)).toBeDefined();
    await t.database.db.update(listings).set({ status: 'sold', soldAt: t.clock.now }).where(eq(listings.userTicketId, second!.userTicketId));
    const sold = (await get('/resell/tickets/sold')).json;
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({ userTicketId: second!.userTicketId, soldDate: t.clock.now.toISOString() });
    const overview = (await get('/resell')).json;
    expect(overview.sold).toHaveLength(1);
    expect(overview.sale.map((x: { userTicketId: number }) => x.userTicketId)).not.toContain(first!.userTicketId);
  });

  it('lists one ticket once when two listings race', async () => {
    const ticket = (await available()).find((x) => x.availableTicketCount >= 1)!;
    const results = await Promise.all([listing(ticket, 1, ticket.ticketPrice), listing(ticket, 1, ticket.ticketPrice)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.find((r) => r.status !== 200)!.json.code).toMatch(/already_listed|ticket_not_found/);
  });
});
