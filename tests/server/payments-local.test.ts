// The local payments provider (the default, without Stripe keys) mirrors Stripe's states with Stripe's test methods
// (LOCAL_TEST_METHODS), so every branch of a resale purchase runs without Stripe: a BECS debit that is processing
// (409 api.payment.processing naming the payment, nothing reserved) and later succeeds or fails, a card declined, a
// charge disputed, refunds and dispute outcomes made through the dev route as a person would in Stripe's dashboard.
// Its events go through the same stored-by-id event service as Stripe's webhooks. On Postgres; the money invariant
// holds after every test.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPayments, LOCAL_TEST_METHODS, type PaymentEvent } from '../../src/server/adapters/payments';
import { events, listings, paymentAttempts, paymentEvents, payments, payouts, userTickets, users } from '../../src/server/db/schema';
import { localTestMethods } from '../../src/host/share-page';
import { PURCHASE_HOLD_MS } from '../../src/server/modules/resell/service';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createDemoApp, openPostgresTestDatabase, signIn, type DemoApp, listFirstResellable, verifyPayouts } from './helper';

const local = createLocalPayments({ processingMs: null });
let t: DemoApp;
let alex: string;
let sam: string;
let jordan: string;

beforeAll(async () => {
  t = await createDemoApp({ database: openPostgresTestDatabase, env: { RATE_LIMIT_PER_MINUTE: '1000000' }, payments: local });
  ({ alex, sam, jordan } = t.tokens);
  await verifyPayouts(t.app, alex);
  // More tickets for alex, so each test lists its own.
  const [resellable] = (await get('/resell/tickets/available', alex)).json as Resellable[];
  const [held] = await t.database.db.select().from(userTickets).where(eq(userTickets.id, resellable!.userTicketId));
  await t.database.db.insert(userTickets).values(Array.from({ length: 10 }, () => ({ ...held!, id: undefined, createdAt: t.clock.now })));
}, 120_000);
afterEach(async () => {
  await local.idle();
  await assertMoneyAddsUp(t.database.db);
});
afterAll(() => t?.close());

type Resellable = { userTicketId: number; ticketPrice: number; currencyCode: string; currencySymbol: string };
const post = (url: string, payload: object, token?: string) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const get = (url: string, token: string) => call(t.app, { method: 'GET', url: `/v1${url}`, token });
const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const listingOf = async (code: string) => (await t.database.db.select().from(listings).where(eq(listings.shareCode, code)))[0]!;
const payoutOf = async (listingId: number) => (await t.database.db.select().from(payouts).where(eq(payouts.listingId, listingId)))[0]!;
const paymentOf = async (intentId: string) =>
  (await t.database.db.select().from(payments).where(and(eq(payments.provider, 'local'), eq(payments.providerPaymentId, intentId))))[0];
const attemptOf = async (intentId: string) => (await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, intentId)))[0];

const listOne = () => listFirstResellable(t, alex);
const mailsTo = (email: string) => (t.mailer.outbox ?? []).filter((message) => message.to === email);
const buy = (code: string, token: string, paymentMethod: string) => post(`/resell/purchase/${code}`, { quantity: 1, paymentMethod }, token);
const askAgain = (code: string, paymentIntentId: string, token: string) => post(`/resell/purchase/${code}`, { paymentIntentId }, token);
/** The provider's id of the payment that bought a listing. */
const intentOf = async (code: string) => (await t.database.db.select().from(payments).where(eq(payments.id, (await listingOf(code)).paymentId!)))[0]!.providerPaymentId;
const dev = (intentId: string, action: string) => t.app.inject({ method: 'POST', url: `/dev/payments/${intentId}/${action}` });

async function afterEventsEnd() {
  const [latest] = await t.database.db.select({ endsAt: events.endsAt }).from(events).orderBy(desc(events.endsAt)).limit(1);
  return new Date(latest!.endsAt.getTime() + 1000);
}

describe('a processing bank debit (BECS test accounts)', () => {
  it('answers processing with the payment to ask about, reserves nothing, and is sold once the debit succeeds', async () => {
    const { code, row } = await listOne();
    const first = await buy(code, sam, LOCAL_TEST_METHODS.processingSucceeds);
    expect(first.status).toBe(409);
    expect(first.json).toMatchObject({ code: 'api.payment.processing', paymentIntentId: expect.stringMatching(/^pi_local_/) });
    const intentId = first.json.paymentIntentId as string;
    expect((await listingOf(code)).status).toBe('on_sale');
    expect(await attemptOf(intentId)).toMatchObject({ provider: 'local', status: 'open', amountMinor: row.priceMinor + row.serviceFeeMinor });
    // A reloaded share page reads the buyer's payment on its way (and only the buyer's), and keeps asking about it.
    expect((await get(`/resell/purchase/${code}`, sam)).json).toEqual({ paymentIntentId: intentId });
    expect((await get(`/resell/purchase/${code}`, jordan)).json).toEqual({ paymentIntentId: null });
    // Asked again while it processes: still processing. Another buyer's attempt is not refused meanwhile.
    expect((await askAgain(code, intentId, sam)).json.code).toBe('api.payment.processing');
    // Someone else's report of it is not theirs to settle.
    expect((await askAgain(code, intentId, jordan)).json.code).toBe('api.payment.declined');

    await local.settleProcessing();
    const sold = await listingOf(code);
    expect(sold).toMatchObject({ status: 'sold', buyerUserId: await userId('sam@example.com') });
    expect(await paymentOf(intentId)).toMatchObject({ amountMinor: row.priceMinor + row.serviceFeeMinor, providerChargeId: intentId.replace('pi_', 'ch_') });
    expect(await payoutOf(row.id)).toMatchObject({ status: 'held', holdReason: null, amountMinor: row.priceMinor });
    expect((await attemptOf(intentId))!.status).toBe('settled');
    // Its events were stored by id like a webhook's, after the ledger's record of the new intent.
    const stored = await t.database.db.select().from(paymentEvents).where(and(eq(paymentEvents.provider, 'local'), eq(paymentEvents.ref, intentId)));
    expect(stored.map((event) => event.type)).toEqual(['payment_intent.created', 'payment_intent.processing', 'payment_intent.succeeded']);
    expect((await get(`/resell/purchase/${code}`, sam)).json).toEqual({ paymentIntentId: null });
    // The page asks again and learns it bought the ticket it now holds.
    const settled = await askAgain(code, intentId, sam);
    expect(settled.status).toBe(200);
    expect(settled.json.userTicketIds).toEqual([sold.buyerUserTicketId]);
    // Sam was mailed the purchase (the event settled it, as a webhook would).
    expect((t.mailer.outbox ?? []).some((message) => message.to === 'sam@example.com')).toBe(true);
  });

  it('a debit that fails leaves the listing on sale, answers declined, e-mails the buyer once, and reconciliation cancels it after its hold', async () => {
    const { code, row } = await listOne();
    const mailsBefore = mailsTo('sam@example.com').length;
    const intentId = (await buy(code, sam, LOCAL_TEST_METHODS.processingFails)).json.paymentIntentId as string;
    await local.settleProcessing();
    expect((await listingOf(code)).status).toBe('on_sale');
    expect((await askAgain(code, intentId, sam)).json.code).toBe('api.payment.declined');
    // Failed: a reload offers the form again.
    expect((await get(`/resell/purchase/${code}`, sam)).json).toEqual({ paymentIntentId: null });
    expect(await paymentOf(intentId)).toBeUndefined();
    // Sam is told, in Sam's language, with the share page to try again; a redelivered event tells nobody twice.
    const [failedMail, ...more] = mailsTo('sam@example.com').slice(mailsBefore);
    expect(more).toEqual([]);
    expect(failedMail!.subject).toMatch(/^Your payment for 1 × .+ did not go through$/);
    expect(failedMail!.text).toContain(`$${((row.priceMinor + row.serviceFeeMinor) / 100).toFixed(2)}`);
    expect(failedMail!.text).toContain(`http://wallet.test/resale/${code}?lang=en`);
    const [stored] = await t.database.db.select().from(paymentEvents).where(and(eq(paymentEvents.ref, intentId), eq(paymentEvents.type, 'payment_intent.payment_failed')));
    expect(await t.app.paymentEvents.receive('local', stored!.body as PaymentEvent)).toBe('duplicate');
    expect(mailsTo('sam@example.com').slice(mailsBefore)).toHaveLength(1);
    t.clock.advance(PURCHASE_HOLD_MS + 1000);
    const run = await t.app.reconcile.run();
    expect(run!.actions).toContainEqual({ kind: 'intent_cancelled', ref: intentId });
    expect((await attemptOf(intentId))!.status).toBe('cancelled');
    await refreshTokens();
  });

  it('a debit that succeeds after someone else bought the listing is refunded, and its payer told it sold', async () => {
    const { code } = await listOne();
    const intentId = (await buy(code, sam, LOCAL_TEST_METHODS.processingSucceeds)).json.paymentIntentId as string;
    expect((await buy(code, jordan, LOCAL_TEST_METHODS.succeeds)).status).toBe(200);
    await local.settleProcessing();
    await local.idle();
    expect((await listingOf(code)).buyerUserId).toBe(await userId('jordan@example.com'));
    expect(await paymentOf(intentId)).toBeUndefined();
    expect((await attemptOf(intentId))!.status).toBe('refunded');
    expect((await local.ledger.retrieve(intentId)).status).toBe('succeeded');
    const refunded = await t.database.db.select().from(paymentEvents).where(and(eq(paymentEvents.ref, intentId), eq(paymentEvents.type, 'charge.refunded')));
    expect(refunded).toHaveLength(1);
    expect((await askAgain(code, intentId, sam)).json.code).toBe('api.resell.not_enough_on_sale');
  });

  it('only a charge that names what it pays for takes a delayed method: nothing would know what its success settles', async () => {
    const declined = await local.charge({ amountMinor: 500, currencyCode: 'AUD', paymentMethod: LOCAL_TEST_METHODS.processingSucceeds, description: 'swap', idempotencyKey: 'no-purpose' });
    expect(declined).toEqual({ status: 'declined', reason: 'payment_method_not_available' });
  });
});

describe('cards', () => {
  it('the declined card changes nothing', async () => {
    const { code } = await listOne();
    const answer = await buy(code, sam, LOCAL_TEST_METHODS.declined);
    expect(answer.json.code).toBe('api.payment.declined');
    expect((await listingOf(code)).status).toBe('on_sale');
  });

  it('the dispute card is sold, then disputed (payout held); lost keeps it held with the reason, and the event’s end does not pay it', async () => {
    const { code, row } = await listOne();
    expect((await buy(code, sam, LOCAL_TEST_METHODS.disputed)).status).toBe(200);
    const intentId = await intentOf(code);
    expect(await payoutOf(row.id)).toMatchObject({ status: 'held', holdReason: null });
    await local.settleProcessing();
    expect(await payoutOf(row.id)).toMatchObject({ status: 'held', holdReason: 'disputed' });
    expect((await paymentOf(intentId))!.disputeStatus).toBe('open');
    expect((await dev(intentId, 'dispute_lost')).statusCode).toBe(200);
    expect(await payoutOf(row.id)).toMatchObject({ status: 'held', holdReason: 'dispute_lost' });
    expect((await paymentOf(intentId))!.disputeStatus).toBe('lost');
    // The event's end does not pay a payout held for a lost dispute.
    await t.app.payouts.releaseDue(await afterEventsEnd());
    expect((await payoutOf(row.id)).status).toBe('held');
  });

  it('a refund made by hand holds an unpaid payout, and reverses one already paid; a dispute won lifts its hold', async () => {
    const first = await listOne();
    const second = await listOne();
    const third = await listOne();
    for (const { code } of [first, second, third]) expect((await buy(code, sam, LOCAL_TEST_METHODS.succeeds)).status).toBe(200);
    // Refunded before the payout was paid: held, with the reason.
    expect((await dev(await intentOf(first.code), 'refund')).statusCode).toBe(200);
    expect(await payoutOf(first.row.id)).toMatchObject({ status: 'held', holdReason: 'refunded' });
    expect((await paymentOf(await intentOf(first.code)))!.refundedMinor).toBe(first.row.priceMinor + first.row.serviceFeeMinor);
    // Paid at the event's end (not the refunded one), then refunded: reversed, with the reason.
    await t.app.payouts.releaseDue(await afterEventsEnd());
    expect((await payoutOf(first.row.id)).status).toBe('held');
    expect((await payoutOf(second.row.id)).status).toBe('paid');
    expect((await dev(await intentOf(second.code), 'refund')).statusCode).toBe(200);
    expect(await payoutOf(second.row.id)).toMatchObject({ status: 'reversed', reversalReason: 'refunded' });
    // A dispute opened and won, by hand.
    const third_ = await payoutOf(third.row.id);
    expect(third_.status).toBe('paid');
    expect((await dev(await intentOf(third.code), 'dispute')).statusCode).toBe(200);
    expect((await paymentOf(await intentOf(third.code)))!.disputeStatus).toBe('open');
    expect((await dev(await intentOf(third.code), 'dispute_won')).statusCode).toBe(200);
    expect((await paymentOf(await intentOf(third.code)))!.disputeStatus).toBe('won');
    expect((await payoutOf(third.row.id)).status).toBe('paid');
  });

  it('the share page offers each of the local test methods, and only them', () => {
    expect(localTestMethods.map(([method]) => method).sort()).toEqual(Object.values(LOCAL_TEST_METHODS).sort());
  });

  it('the dev route refuses what it does not know', async () => {
    expect((await dev('pi_local_unknown', 'refund')).statusCode).toBe(402);
    expect((await dev('pi_local_unknown', 'explode')).statusCode).toBe(400);
  });
});

async function refreshTokens() {
  alex = (await signIn(t, 'alex@example.com')).accessToken;
  sam = (await signIn(t, 'sam@example.com')).accessToken;
  jordan = (await signIn(t, 'jordan@example.com')).accessToken;
}
