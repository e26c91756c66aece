// Money that adds up (issue 21), against local stubs of the Stripe endpoints the server calls, on Postgres: a
// processing payment settled by its webhook, a failed one, refunds and disputes holding or reversing the seller's
// payout, replayed and out-of-order events, two concurrent connect calls, abandoned intents cancelled, and each case of
// reconciliation. After every test the money invariant holds (tests/support/money-invariant.ts).
import Stripe from 'stripe';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { events, listings, paymentAttempts, paymentEvents, payments, payoutAccounts, payouts, swaps, userTickets, users } from '../../src/server/db/schema';
import { PURCHASE_HOLD_MS } from '../../src/server/modules/resell/service';
import { assertMoneyAddsUp } from '../support/money-invariant';
import type { StripeConnectStub } from '../support/stripe-connect-stub';
import type { StripePaymentsStub } from '../support/stripe-payments-stub';
import { call, createStripeDemoApp, signIn, type StripeDemoApp, listFirstResellable } from './helper';

const WEBHOOK_SECRET = 'whsec_test_money';
const CONNECT_SECRET = 'whsec_test_money_connect';
let stripe: StripePaymentsStub;
let connect: StripeConnectStub;
let t: StripeDemoApp;
let alex: string;
let sam: string;
let jordan: string;

beforeAll(async () => {
  t = await createStripeDemoApp({ webhookSecret: WEBHOOK_SECRET, env: { STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET } });
  ({ stripe, connect } = t);
  ({ alex, sam, jordan } = t.tokens);
  // More tickets for alex, so each test lists (or swaps) its own.
  const [resellable] = (await get('/resell/tickets/available', alex)).json as Resellable[];
  const [swappable] = (await get('/ticket_swap/tickets', alex)).json as { userTicketIds: number[] }[];
  for (const [id, count] of [
    [resellable!.userTicketId, 20],
    [swappable!.userTicketIds[0]!, 2],
  ] as const) {
    const [held] = await t.database.db.select().from(userTickets).where(eq(userTickets.id, id));
    await t.database.db.insert(userTickets).values(Array.from({ length: count }, () => ({ ...held!, id: undefined, createdAt: t.clock.now })));
  }
}, 120_000);
afterEach(async () => {
  await assertMoneyAddsUp(t.database.db, connect);
});
afterAll(async () => {
  await t?.close();
});

type Resellable = { userTicketId: number; ticketPrice: number; currencyCode: string; currencySymbol: string };
const post = (url: string, payload: object, token: string) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const get = (url: string, token: string) => call(t.app, { method: 'GET', url: `/v1${url}`, token });
const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const listOne = () => listFirstResellable(t, alex);
const intentFor = async (code: string, token: string) => (await post(`/resell/payment_intent/${code}`, { quantity: 1 }, token)).json.paymentIntentId as string;
const buyWith = (code: string, paymentIntentId: string, token: string) => post(`/resell/purchase/${code}`, { paymentIntentId }, token);
const listingOf = async (code: string) => (await t.database.db.select().from(listings).where(eq(listings.shareCode, code)))[0]!;
const payoutOf = async (listingId: number) => (await t.database.db.select().from(payouts).where(eq(payouts.listingId, listingId)))[0]!;

let eventCount = 0;
function send(type: string, object: object, { id = `evt_money_${++eventCount}`, path = 'stripe', secret = WEBHOOK_SECRET } = {}) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const headers = { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }), 'content-type': 'application/json' };
  return t.app.inject({ method: 'POST', url: `/v1/webhooks/${path}`, headers, payload });
}
const intentEvent = (type: string, intentId: string, id?: string) => send(type, { id: intentId, object: 'payment_intent' }, id ? { id } : {});
const refundEvent = (intentId: string, amount: number, id?: string) =>
  send('charge.refunded', { id: intentId.replace('pi_', 'ch_'), object: 'charge', payment_intent: intentId, amount_refunded: amount, refunded: true }, id ? { id } : {});
const disputeEvent = (type: 'charge.dispute.created' | 'charge.dispute.closed', intentId: string, status: string, id?: string) =>
  send(type, { id: `dp_${intentId}`, object: 'dispute', charge: intentId.replace('pi_', 'ch_'), payment_intent: intentId, status }, id ? { id } : {});

/** Moves the clock on; the access tokens are signed again, since they expire. */
async function advance(ms: number) {
  t.clock.advance(ms);
  await refreshTokens();
}
async function refreshTokens() {
  alex = (await signIn(t, 'alex@example.com')).accessToken;
  sam = (await signIn(t, 'sam@example.com')).accessToken;
  jordan = (await signIn(t, 'jordan@example.com')).accessToken;
}

/** A purchase paid and settled by its webhook: the listing, its intent and its payout. */
async function bought() {
  const { code, row } = await listOne();
  const intent = await intentFor(code, sam);
  stripe.succeed(intent);
  expect((await intentEvent('payment_intent.succeeded', intent)).statusCode).toBe(200);
  expect((await listingOf(code)).status).toBe('sold');
  return { code, row, intent, payout: await payoutOf(row.id) };
}

async function afterEventsEnd() {
  const [latest] = await t.database.db.select({ endsAt: events.endsAt }).from(events).orderBy(desc(events.endsAt)).limit(1);
  return new Date(latest!.endsAt.getTime() + 1000);
}

describe('the Payment Element', () => {
  it('makes intents that never redirect, grouped for the transfers that pay the seller', async () => {
    const { code, row } = await listOne();
    const intent = await intentFor(code, sam);
    const made = stripe.intents.get(intent)!;
    expect(made.automatic_payment_methods).toEqual({ enabled: true, allow_redirects: 'never' });
    expect(made.transfer_group).toBe(`resale-${await userId('sam@example.com')}-${row.id}`);
    const created = stripe.requests.find((request) => request.path === '/v1/payment_intents')!;
    expect(created.stripeVersion).toBeTruthy();
    await post('/resell/unlist', { userTicketId: row.userTicketId }, alex);
  });

  it('processing: the page is told it is processing (not declined), and the webhook settles it once it succeeded', async () => {
    const { code, row } = await listOne();
    const intent = await intentFor(code, sam);
    stripe.setIntent(intent, { status: 'processing' });
    const early = await buyWith(code, intent, sam);
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('api.payment.processing');
    expect((await intentEvent('payment_intent.processing', intent)).statusCode).toBe(200);
    expect((await listingOf(code)).status).toBe('on_sale');
    stripe.succeed(intent);
    expect((await intentEvent('payment_intent.succeeded', intent)).statusCode).toBe(200);
    expect((await listingOf(code)).status).toBe('sold');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent));
    expect(payment).toMatchObject({ providerChargeId: intent.replace('pi_', 'ch_'), amountMinor: row.priceMinor + row.serviceFeeMinor });
    expect((await payoutOf(row.id)).paymentId).toBe(payment!.id);
  });

  it('failed: the webhook of a failed intent settles nothing and the page is told it was declined', async () => {
    const { code, row } = await listOne();
    const intent = await intentFor(code, sam);
    stripe.setIntent(intent, { status: 'requires_payment_method' });
    expect((await intentEvent('payment_intent.payment_failed', intent)).statusCode).toBe(200);
    expect((await listingOf(code)).status).toBe('on_sale');
    expect((await buyWith(code, intent, sam)).json.code).toBe('api.payment.declined');
    expect(await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent))).toHaveLength(0);
    await post('/resell/unlist', { userTicketId: row.userTicketId }, alex);
  });
});

describe('refunds and disputes', () => {
  it('a refund before the payout was paid holds it, with the reason; the event’s end does not pay it', async () => {
    const { row, intent } = await bought();
    expect((await refundEvent(intent, row.priceMinor + row.serviceFeeMinor)).statusCode).toBe(200);
    expect(await payoutOf(row.id)).toMatchObject({ status: 'held', holdReason: 'refunded' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent));
    expect(payment!.refundedMinor).toBe(row.priceMinor + row.serviceFeeMinor);
    await t.app.payouts.releaseDue(await afterEventsEnd());
    expect(await payoutOf(row.id)).toMatchObject({ status: 'held', holdReason: 'refunded', providerTransferId: null });
    const sold = (await get('/resell/tickets/sold', alex)).json as { userTicketId: number; payoutStatus: string }[];
    expect(sold.find((entry) => entry.userTicketId === row.userTicketId)!.payoutStatus).toBe('on_hold');
  });

  it('a dispute holds the payout while open; won lifts the hold, lost keeps it with the reason', async () => {
    const won = await bought();
    const lost = await bought();
    for (const sale of [won, lost]) {
      await disputeEvent('charge.dispute.created', sale.intent, 'needs_response');
      expect(await payoutOf(sale.row.id)).toMatchObject({ status: 'held', holdReason: 'disputed' });
    }
    await disputeEvent('charge.dispute.closed', won.intent, 'won');
    await disputeEvent('charge.dispute.closed', lost.intent, 'lost');
    expect(await payoutOf(won.row.id)).toMatchObject({ status: 'held', holdReason: null });
    expect(await payoutOf(lost.row.id)).toMatchObject({ status: 'held', holdReason: 'dispute_lost' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, lost.intent));
    expect(payment!.disputeStatus).toBe('lost');
  });

  it('replayed events change nothing; events out of order end in the same state', async () => {
    // Closed (lost) arrives before created: still lost, not open.
    const first = await bought();
    await disputeEvent('charge.dispute.closed', first.intent, 'lost', 'evt_closed_first');
    await disputeEvent('charge.dispute.created', first.intent, 'needs_response', 'evt_created_second');
    expect(await payoutOf(first.row.id)).toMatchObject({ status: 'held', holdReason: 'dispute_lost' });
    // The same event again: stored once, nothing changes.
    const replay = await disputeEvent('charge.dispute.closed', first.intent, 'lost', 'evt_closed_first');
    expect(replay.statusCode).toBe(200);
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_closed_first'))).toHaveLength(1);
    expect(await payoutOf(first.row.id)).toMatchObject({ status: 'held', holdReason: 'dispute_lost' });

    // The refund arrives before the purchase was settled (the page closed, succeeded comes later): applied once it is.
    const { code, row } = await listOne();
    const intent = await intentFor(code, sam);
    stripe.succeed(intent);
    await refundEvent(intent, row.priceMinor + row.serviceFeeMinor);
    expect((await listingOf(code)).status).toBe('on_sale');
    await intentEvent('payment_intent.succeeded', intent);
    expect((await listingOf(code)).status).toBe('sold');
    expect(await payoutOf(row.id)).toMatchObject({ status: 'held', holdReason: 'refunded' });
    // processing after succeeded: still sold, one payment.
    await intentEvent('payment_intent.processing', intent);
    expect(await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent))).toHaveLength(1);
  });
});

describe('payout accounts', () => {
  it('two concurrent connect calls leave one account, made with one idempotency key', async () => {
    const before = connect.requests.filter((request) => request.path === '/v1/accounts').length;
    // The first accounts.create is held at "Stripe" until the second arrives: both calls are in flight at once. Stripe
    // answers the second `409 idempotency_error` while the first runs; the SDK retries it and gets the first's account.
    let release!: () => void;
    const secondArrived = new Promise<void>((resolve) => (release = resolve));
    let arrivals = 0;
    connect.hold = (request) => {
      if (request.path !== '/v1/accounts') return undefined;
      arrivals += 1;
      if (arrivals === 1) return secondArrived;
      release();
      return undefined;
    };
    try {
      const answers = await Promise.all([
        post('/resell/stripe/connect', { accountType: 'custom', country: 'AU' }, jordan),
        post('/resell/stripe/connect', { accountType: 'custom', country: 'AU' }, jordan),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      // A fresh Account Session each time: its client secret is single-use.
      expect(answers[0]!.json.clientSecret).not.toBe(answers[1]!.json.clientSecret);
    } finally {
      connect.hold = null;
    }
    const made = connect.requests.filter((request) => request.path === '/v1/accounts').slice(before);
    // The held one, the one refused while it ran, and that one's retry: all with the one key.
    expect(made).toHaveLength(3);
    expect(new Set(made.map((request) => request.idempotencyKey))).toEqual(new Set([`payout-account:${await userId('jordan@example.com')}`]));
    const rows = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, await userId('jordan@example.com')));
    expect(rows).toHaveLength(1);
    // Both sessions were opened for that one account.
    const sessions = connect.requests.filter((request) => request.path === '/v1/account_sessions').slice(-2);
    expect(sessions.map((request) => request.body.get('account'))).toEqual([rows[0]!.providerAccountId, rows[0]!.providerAccountId]);
  });
});

describe('reconciliation', () => {
  it('settles a charge that settled nothing; refunds one whose listing sold to someone else meanwhile', async () => {
    const { code } = await listOne();
    const intent = await intentFor(code, sam);
    const other = await intentFor(code, jordan);
    stripe.succeed(intent);
    // Neither the page nor the webhook reported it.
    const run = await t.app.reconcile.run({ requestId: 'req-reconcile-1' });
    expect(run!.requestId).toBe('req-reconcile-1');
    expect(run!.actions).toContainEqual({ kind: 'charge_settled', ref: intent });
    expect((await listingOf(code)).status).toBe('sold');
    // Jordan paid for the same listing later, and nobody reported that either: refunded, once.
    stripe.succeed(other);
    const second = await t.app.reconcile.run();
    expect(second!.actions).toContainEqual({ kind: 'charge_refunded', ref: other });
    expect(stripe.requests.filter((request) => request.path === '/v1/refunds' && request.body.get('payment_intent') === other)).toHaveLength(1);
    const [attempt] = await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, other));
    expect(attempt!.status).toBe('refunded');
  });

  it('cancels an abandoned intent once its purchase hold has ended', async () => {
    const { code, row } = await listOne();
    const intent = await intentFor(code, sam);
    expect((await t.app.reconcile.run())!.actions.some((action) => action.ref === intent)).toBe(false);
    await advance(PURCHASE_HOLD_MS + 1000);
    expect((await t.app.reconcile.run())!.actions).toContainEqual({ kind: 'intent_cancelled', ref: intent });
    expect(stripe.intents.get(intent)!.status).toBe('canceled');
    await post('/resell/unlist', { userTicketId: row.userTicketId }, alex);
  });

  it('releases swaps still started after their expiry, cancelling their intent', async () => {
    const [base] = (await get('/ticket_swap/tickets', alex)).json as { id: number; name: string }[];
    const [target] = (await get(`/ticket_swap/tickets/${base!.id}`, alex)).json as { id: number; price: number }[];
    const started = await post('/ticket_swap/start_swap', { baseTicketId: base!.id, swapPairId: target!.id, swapQuantity: 1 }, alex);
    expect(started.status).toBe(200);
    const order = started.json.orderIdentifier as string;
    const paying = await post(`/ticket_swap/payment_intent/${order}`, {}, alex);
    const intent = paying.status === 200 ? (paying.json.paymentIntentId as string) : null;
    await advance(31 * 60 * 1000);
    const run = await t.app.reconcile.run();
    expect(run!.actions).toContainEqual({ kind: 'swap_released', ref: order });
    const [swap] = await t.database.db.select().from(swaps).where(eq(swaps.orderIdentifier, order));
    expect(swap!.status).toBe('expired');
    expect(await t.database.db.select().from(userTickets).where(eq(userTickets.reservedBySwapId, swap!.id))).toHaveLength(0);
    if (intent) expect(stripe.intents.get(intent)!.status).toBe('canceled');
  });

  it('runs once at a time: a second run while the lease is held does nothing', async () => {
    const [first, second] = await Promise.all([t.app.reconcile.run(), t.app.reconcile.run()]);
    expect([first, second].filter((run) => run === null)).toHaveLength(1);
  });
});

// Last: it moves past the events' end.
describe('paid payouts', () => {
  it('a transfer draws on its charge; one that failed is retried by reconciliation', async () => {
    const sale = await bought();
    t.clock.now = await afterEventsEnd();
    await refreshTokens();
    connect.failing = true;
    try {
      await t.app.payouts.releaseDue(t.clock.now);
    } finally {
      connect.failing = false;
    }
    expect(await payoutOf(sale.row.id)).toMatchObject({ status: 'held', failedAttempts: 1 });
    const run = await t.app.reconcile.run();
    expect(run!.actions).toContainEqual({ kind: 'payout_retried', ref: `payout ${sale.payout.id}` });
    const paid = await payoutOf(sale.row.id);
    expect(paid.status).toBe('paid');
    const sent = connect.requests.find((request) => request.path === '/v1/transfers' && request.idempotencyKey === `payout:${paid.id}`)!;
    expect(sent.body.get('source_transaction')).toBe(sale.intent.replace('pi_', 'ch_'));
    expect(sent.body.get('transfer_group')).toBe(`resale-${await userId('sam@example.com')}-${sale.row.id}`);
    // Held payouts with a reason stayed held.
    expect((await t.database.db.select().from(payouts).where(and(eq(payouts.status, 'paid'), eq(payouts.holdReason, 'refunded'))))).toHaveLength(0);
  });

  it('a refund after the payout was paid reverses its transfer, with the reason; transfer.reversed is recorded', async () => {
    const paid = await t.database.db.select().from(payouts).where(eq(payouts.status, 'paid'));
    expect(paid.length).toBeGreaterThanOrEqual(2);
    const [refunded, reversedElsewhere] = paid;
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, refunded!.paymentId!));
    expect((await refundEvent(payment!.providerPaymentId, payment!.amountMinor)).statusCode).toBe(200);
    expect(await payoutOf(refunded!.listingId)).toMatchObject({ status: 'reversed', reversalReason: 'refunded', providerReversalId: expect.stringMatching(/^trr_stub_/) });
    const reversal = connect.requests.find((request) => request.path === `/v1/transfers/${refunded!.providerTransferId}/reversals`)!;
    expect(reversal.idempotencyKey).toBe(`payout-reversal:${refunded!.id}`);
    // Replayed: no second reversal.
    const count = connect.requests.length;
    await refundEvent(payment!.providerPaymentId, payment!.amountMinor, `evt_money_${eventCount}`);
    expect(connect.requests.length).toBe(count);
    // A reversal made in Stripe's dashboard, told by the Connect webhook.
    connect.transfers.get(reversedElsewhere!.providerTransferId!)!.reversed = true;
    const told = await send('transfer.reversed', { id: reversedElsewhere!.providerTransferId, object: 'transfer' }, { path: 'stripe-connect', secret: CONNECT_SECRET });
    expect(told.statusCode).toBe(200);
    expect(await payoutOf(reversedElsewhere!.listingId)).toMatchObject({ status: 'reversed', reversalReason: 'transfer_reversed' });
  });

  it('a dispute on a paid payout leaves it paid while open; lost, it reverses its transfer with the reason', async () => {
    const [paid] = await t.database.db.select().from(payouts).where(eq(payouts.status, 'paid'));
    expect(paid).toBeDefined();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paid!.paymentId!));
    const intent = payment!.providerPaymentId;
    expect((await disputeEvent('charge.dispute.created', intent, 'needs_response')).statusCode).toBe(200);
    // Stripe debits the platform while the dispute is open; only a lost one takes the seller's payout back.
    expect(await payoutOf(paid!.listingId)).toMatchObject({ status: 'paid', providerReversalId: null });
    expect((await disputeEvent('charge.dispute.closed', intent, 'lost')).statusCode).toBe(200);
    expect(await payoutOf(paid!.listingId)).toMatchObject({ status: 'reversed', reversalReason: 'dispute_lost', providerReversalId: expect.stringMatching(/^trr_stub_/) });
    const reversals = connect.requests.filter((request) => request.path === `/v1/transfers/${paid!.providerTransferId}/reversals`);
    expect(reversals.map((request) => request.idempotencyKey)).toEqual([`payout-reversal:${paid!.id}`]);
    expect((await t.database.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!.disputeStatus).toBe('lost');
  });
});
