// Buying through a share link with Stripe (issue 10), against local stubs of the Stripe endpoints the server calls
// (tests/support/stripe-payments-stub.ts for PaymentIntents and refunds, tests/support/stripe-connect-stub.ts for the
// seller's Connect account and the payout transfer): the server makes a PaymentIntent naming the buyer and the
// listings, Stripe.js confirms it in the page (here: the stub's `succeed`), and the purchase is settled only with an
// intent Stripe says succeeded for this buyer, these listings and their total. A buyer who paid for listings someone
// else bought first is refunded; the webhook settles a purchase whose page was closed; the payout is a transfer to the
// seller's connected account once the event has ended. On a real Postgres server.
import Stripe from 'stripe';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { events, listings, payments, payouts, userTickets, users } from '../../src/server/db/schema';
import type { StripeConnectStub } from '../support/stripe-connect-stub';
import type { StripePaymentsStub } from '../support/stripe-payments-stub';
import { call, createStripeDemoApp, type StripeDemoApp, listFirstResellable } from './helper';

const WEBHOOK_SECRET = 'whsec_test_resale';
let stripe: StripePaymentsStub;
let connect: StripeConnectStub;
let t: StripeDemoApp;
let alex: string;
let sam: string;
let jordan: string;

// Alex's payout account is a Connect account Stripe reports verified (createStripeDemoApp).
beforeAll(async () => {
  t = await createStripeDemoApp({ webhookSecret: WEBHOOK_SECRET });
  ({ stripe, connect } = t);
  ({ alex, sam, jordan } = t.tokens);
}, 120_000);
// The money invariant holds after every test (tests/support/money-invariant.ts).
afterEach(() => assertMoneyAddsUp(t.database.db, connect));
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, token: string) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const get = (url: string, token: string) => call(t.app, { method: 'GET', url: `/v1${url}`, token });

const listOne = () => listFirstResellable(t, alex);
const intentFor = (code: string, token: string) => post(`/resell/payment_intent/${code}`, { quantity: 1 }, token);
const buyWith = (code: string, paymentIntentId: string, token: string) => post(`/resell/purchase/${code}`, { paymentIntentId }, token);
const statusOf = async (code: string) => (await t.database.db.select().from(listings).where(eq(listings.shareCode, code)))[0]!.status;

function webhook(intentId: string) {
  const payload = JSON.stringify({ id: `evt_${intentId}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intentId, object: 'payment_intent' } } });
  const headers = { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }), 'content-type': 'application/json' };
  return t.app.inject({ method: 'POST', url: '/v1/webhooks/stripe', headers, payload });
}

describe('buying a listing with Stripe', () => {
  it('makes an intent for price plus fee naming buyer and listing; refuses one’s own listing', async () => {
    const { code, row } = await listOne();
    expect((await intentFor(code, alex)).json.code).toBe('api.resell.own_listing');
    const answer = await intentFor(code, sam);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ publishableKey: 'pk_test_stub', paymentIntentId: expect.stringMatching(/^pi_stub_/) });
    const created = stripe.requests.filter((request) => request.path === '/v1/payment_intents').at(-1)!;
    expect(Number(created.body.get('amount'))).toBe(row.priceMinor + row.serviceFeeMinor);
    expect(created.body.get('metadata[resaleShareCode]')).toBe(code);
    expect(created.body.get('metadata[listings]')).toBe(String(row.id));
    const [samRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'sam@example.com'));
    expect(created.body.get('metadata[buyer]')).toBe(String(samRow!.id));
    expect(created.idempotencyKey).toBe(`resale-intent:${samRow!.id}:${row.id}`);
    expect((await intentFor('nope', sam)).json.code).toBe('api.resell.listing_not_found');
    // The share page offers Stripe's card form (its key for Stripe.js), not the local provider's test cards.
    const page = (await t.app.inject({ method: 'GET', url: `/resale/${code}` })).body;
    expect(page).toContain('data-stripe-key="pk_test_stub"');
    expect(page).toContain('id="share-card"');
    expect(page).not.toContain('pm_card_visa');
    await post('/resell/unlist', { userTicketId: row.userTicketId }, alex);
  });

  it('settles only an intent Stripe says succeeded, for this buyer; once, whoever reports it', async () => {
    const { code, row } = await listOne();
    const intent = (await intentFor(code, sam)).json.paymentIntentId as string;
    const early = await buyWith(code, intent, sam);
    expect(early.status).toBe(402);
    expect(early.json.code).toBe('api.payment.declined');
    stripe.succeed(intent);
    // Another signed-in person cannot claim sam's payment.
    expect((await buyWith(code, intent, jordan)).json.code).toBe('api.payment.declined');
    expect((await buyWith(code, 'pi_made_up', sam)).json.code).toBe('api.payment.declined');
    const bought = await buyWith(code, intent, sam);
    expect(bought.status).toBe(200);
    expect(bought.json.userTicketIds).toHaveLength(1);
    expect(await statusOf(code)).toBe('sold');
    // Reported again by the page and by Stripe's webhook: the same tickets, one payment, one payout.
    expect((await buyWith(code, intent, sam)).json.userTicketIds).toEqual(bought.json.userTicketIds);
    expect((await webhook(intent)).statusCode).toBe(200);
    const paymentRows = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent));
    expect(paymentRows).toHaveLength(1);
    expect(paymentRows[0]).toMatchObject({ provider: 'stripe', purpose: 'resale', amountMinor: row.priceMinor + row.serviceFeeMinor });
    expect(await t.database.db.select().from(payouts).where(eq(payouts.listingId, row.id))).toHaveLength(1);
    expect(stripe.requests.some((request) => request.path === '/v1/refunds')).toBe(false);
    expect(t.mailer.outbox!.filter((mail) => mail.to === 'sam@example.com' && /You bought 1 × /.test(mail.subject))).toHaveLength(1);
  });

  it('two buyers pay for the same listing: the first gets it, the other is refunded and told it sold', async () => {
    const { code } = await listOne();
    const samIntent = (await intentFor(code, sam)).json.paymentIntentId as string;
    const jordanIntent = (await intentFor(code, jordan)).json.paymentIntentId as string;
    stripe.succeed(samIntent);
    stripe.succeed(jordanIntent);
    const [first, second] = await Promise.all([buyWith(code, samIntent, sam), buyWith(code, jordanIntent, jordan)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loserIntent = first.status === 200 ? jordanIntent : samIntent;
    const loser = first.status === 200 ? second : first;
    expect(loser.json.code).toBe('api.resell.not_enough_on_sale');
    const refunds = stripe.requests.filter((request) => request.path === '/v1/refunds');
    expect(refunds.map((request) => request.body.get('payment_intent'))).toEqual([loserIntent]);
    expect(refunds[0]!.idempotencyKey).toBe(`resale-refund:${loserIntent}`);
  });

  it('the webhook settles a purchase whose page was closed after paying', async () => {
    const { code } = await listOne();
    const intent = (await intentFor(code, jordan)).json.paymentIntentId as string;
    stripe.succeed(intent);
    expect((await webhook(intent)).statusCode).toBe(200);
    expect(await statusOf(code)).toBe('sold');
    const [row] = await t.database.db.select().from(listings).where(eq(listings.shareCode, code));
    const [received] = await t.database.db.select().from(userTickets).where(eq(userTickets.id, row!.buyerUserTicketId!));
    expect(received!.ownerUserId).toBe(row!.buyerUserId);
    expect(t.mailer.outbox!.some((mail) => mail.to === 'jordan@example.com' && /You bought 1 × /.test(mail.subject))).toBe(true);
  });
});

// Last: it moves past the events' end.
describe('the seller’s payout', () => {
  it('is a transfer to the seller’s connected account once the event has ended; a failing Stripe leaves it held', async () => {
    const held = await t.database.db.select().from(payouts).where(eq(payouts.status, 'held'));
    expect(held.length).toBe(3);
    const [latest] = await t.database.db.select({ endsAt: events.endsAt }).from(events).orderBy(desc(events.endsAt)).limit(1);
    const after = new Date(latest!.endsAt.getTime() + 1000);
    connect.failing = true;
    const logged: string[] = [];
    try {
      expect(await t.app.payouts.releaseDue(after, { log: (message) => logged.push(message) })).toEqual({ paid: 0, failed: 3 });
    } finally {
      connect.failing = false;
    }
    expect(logged).toHaveLength(3);
    expect((await t.database.db.select().from(payouts).where(eq(payouts.status, 'held'))).length).toBe(3);
    const tried = connect.requests.length;
    expect(await t.app.payouts.releaseDue(after)).toEqual({ paid: 3, failed: 0 });
    const transfers = connect.requests.slice(tried).filter((request) => request.path === '/v1/transfers');
    expect(transfers).toHaveLength(3);
    for (const payout of held) {
      const sent = transfers.find((request) => request.idempotencyKey === `payout:${payout.id}`)!;
      expect(sent.body.get('destination')).toBe('acct_stub_1');
      expect(Number(sent.body.get('amount'))).toBe(payout.amountMinor);
      expect(sent.body.get('currency')).toBe(payout.currencyCode.toLowerCase());
    }
    const paid = await t.database.db.select().from(payouts);
    expect(paid.every((payout) => payout.status === 'paid' && payout.provider === 'stripe' && payout.providerTransferId?.startsWith('tr_stub_'))).toBe(true);
  });
});
