// The Stripe events added as Stripe documents them, each sent signed through the webhook against the local stubs of
// Stripe's endpoints (tests/support/stripe-stubs.ts), with the money invariant checked after each
// (tests/support/money-invariant.ts): payment_intent.canceled, charge.dispute.updated, charge.dispute.funds_withdrawn,
// charge.refund.updated, and on the Connect endpoint capability.updated and payout.failed (which the seller's payouts
// account then reports). The PaymentIntent carries receipt_email and a statement descriptor suffix.
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments, payouts } from '../../src/server/db/schema';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createStripeDemoApp, listFirstResellable, type StripeDemoApp } from './helper';

const WEBHOOK_SECRET = 'whsec_test_events';
const CONNECT_SECRET = 'whsec_test_connect_events';
let t: StripeDemoApp;
beforeAll(async () => {
  t = await createStripeDemoApp({ webhookSecret: WEBHOOK_SECRET, env: { STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET } });
}, 120_000);
afterEach(() => assertMoneyAddsUp(t.database.db, t.connect));
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
function send(path: 'stripe' | 'stripe-connect', type: string, object: object, extra: object = {}) {
  sequence += 1;
  const payload = JSON.stringify({ id: `evt_events_${sequence}`, object: 'event', type, created: Math.floor(Date.now() / 1000) + sequence, data: { object }, ...extra });
  const secret = path === 'stripe' ? WEBHOOK_SECRET : CONNECT_SECRET;
  const headers = { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }), 'content-type': 'application/json' };
  return t.app.inject({ method: 'POST', url: `/v1/webhooks/${path}`, headers, payload });
}

/** Sam buys one of alex's listings with Stripe: the settled payment's row. */
async function purchase() {
  const { code } = await listFirstResellable(t, t.tokens.alex);
  const intent = (await call(t.app, { method: 'POST', url: `/v1/resell/payment_intent/${code}`, token: t.tokens.sam, payload: { quantity: 1 } })).json.paymentIntentId as string;
  t.stripe.succeed(intent);
  expect((await call(t.app, { method: 'POST', url: `/v1/resell/purchase/${code}`, token: t.tokens.sam, payload: { paymentIntentId: intent } })).status).toBe(200);
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent));
  return { intent, payment: payment!, created: t.stripe.requests.filter((request) => request.path === '/v1/payment_intents').at(-1)! };
}
const paymentOf = async (id: number) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const payoutOf = async (paymentId: number) => (await t.database.db.select().from(payouts).where(eq(payouts.paymentId, paymentId)))[0]!;

describe('Stripe events through the webhook', () => {
  it('the PaymentIntent names the receipt e-mail and a statement descriptor suffix', async () => {
    const { created } = await purchase();
    expect(created.body.get('receipt_email')).toBe('sam@example.com');
    expect(created.body.get('statement_descriptor_suffix')).toBe('TICKET RESALE');
  });

  it('charge.dispute.funds_withdrawn and charge.dispute.updated hold the payout; an update that says lost keeps it lost', async () => {
    const { intent, payment } = await purchase();
    const dispute = (status: string) => ({ id: `dp_${payment.id}`, object: 'dispute', charge: payment.providerChargeId, payment_intent: intent, status });
    expect((await send('stripe', 'charge.dispute.funds_withdrawn', dispute('needs_response'))).statusCode).toBe(200);
    expect((await paymentOf(payment.id)).disputeStatus).toBe('open');
    expect(await payoutOf(payment.id)).toMatchObject({ status: 'held', holdReason: 'disputed' });
    await assertMoneyAddsUp(t.database.db, t.connect);
    expect((await send('stripe', 'charge.dispute.updated', dispute('under_review'))).statusCode).toBe(200);
    expect((await paymentOf(payment.id)).disputeStatus).toBe('open');
    expect((await send('stripe', 'charge.dispute.updated', dispute('lost'))).statusCode).toBe(200);
    expect((await paymentOf(payment.id)).disputeStatus).toBe('lost');
    expect(await payoutOf(payment.id)).toMatchObject({ status: 'held', holdReason: 'dispute_lost' });
    // A later "won" does not undo a lost dispute.
    await send('stripe', 'charge.dispute.closed', dispute('won'));
    expect((await paymentOf(payment.id)).disputeStatus).toBe('lost');
  });

  it('charge.refund.updated: a refund that failed gives its amount back and lifts the hold', async () => {
    const { intent, payment } = await purchase();
    const charge = { id: payment.providerChargeId, object: 'charge', payment_intent: intent, amount: payment.amountMinor, amount_refunded: payment.amountMinor };
    expect((await send('stripe', 'charge.refunded', charge)).statusCode).toBe(200);
    expect((await paymentOf(payment.id)).refundedMinor).toBe(payment.amountMinor);
    expect(await payoutOf(payment.id)).toMatchObject({ status: 'held', holdReason: 'refunded' });
    await assertMoneyAddsUp(t.database.db, t.connect);
    const refund = { id: `re_${payment.id}`, object: 'refund', charge: payment.providerChargeId, payment_intent: intent, amount: payment.amountMinor, status: 'failed' };
    expect((await send('stripe', 'charge.refund.updated', refund)).statusCode).toBe(200);
    expect((await paymentOf(payment.id)).refundedMinor).toBe(0);
    expect((await payoutOf(payment.id)).holdReason).toBeNull();
  });

  it('payment_intent.canceled of an intent nobody paid changes no money', async () => {
    const { code, row } = await listFirstResellable(t, t.tokens.alex);
    const intent = (await call(t.app, { method: 'POST', url: `/v1/resell/payment_intent/${code}`, token: t.tokens.sam, payload: { quantity: 1 } })).json.paymentIntentId as string;
    const before = (await t.database.db.select().from(payments)).length;
    // As Stripe does for an intent the server cancels (its hold ended): POST /v1/payment_intents/:id/cancel.
    await fetch(`${t.stripeApiBase}/v1/payment_intents/${intent}/cancel`, { method: 'POST', headers: { authorization: 'Bearer sk_test_stub' } });
    expect((await send('stripe', 'payment_intent.canceled', { id: intent, object: 'payment_intent' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(payments)).toHaveLength(before);
    await call(t.app, { method: 'POST', url: '/v1/resell/unlist', token: t.tokens.alex, payload: { userTicketId: row.userTicketId } });
  });

  it('capability.updated reads the account again; payout.failed is what the seller sees until a payout is paid', async () => {
    const account = () => call(t.app, { method: 'GET', url: '/v1/resell/stripe/account', token: t.tokens.alex });
    expect((await account()).json).toMatchObject({ verified: true, payoutFailure: null });
    t.connect.setAccount('acct_stub_1', { details_submitted: true, payouts_enabled: false, requirements: { currently_due: ['external_account'], past_due: [] } });
    expect((await send('stripe-connect', 'capability.updated', { id: 'transfers', object: 'capability', account: 'acct_stub_1', status: 'inactive' }, { account: 'acct_stub_1' })).statusCode).toBe(200);
    t.connect.setAccount('acct_stub_1', { details_submitted: true, payouts_enabled: true, requirements: { currently_due: [], past_due: [] } });
    const payout = (status: string, extra: object = {}) => ({ id: 'po_1', object: 'payout', amount: 4200, currency: 'aud', status, failure_code: null, ...extra });
    expect((await send('stripe-connect', 'payout.failed', payout('failed', { failure_code: 'account_closed' }), { account: 'acct_stub_1' })).statusCode).toBe(200);
    expect((await account()).json.payoutFailure).toMatchObject({ amountMinor: 4200, currencyCode: 'AUD', failureCode: 'account_closed' });
    expect((await send('stripe-connect', 'payout.paid', { ...payout('paid'), id: 'po_2' }, { account: 'acct_stub_1' })).statusCode).toBe(200);
    expect((await account()).json.payoutFailure).toBeNull();
  });
});
