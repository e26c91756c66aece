// The swap checkout through Stripe (issue 9), against tests/support/stripe-payments-stub.ts: the server makes one
// PaymentIntent per UPGRADE (amount, currency and the swap in its metadata, an idempotency key), Stripe.js confirms it
// in the page (here: the stub's `succeed`), and the server retrieves it and verifies it before the swap is confirmed —
// an unpaid, foreign, made-up or short intent is declined. POST /v1/webhooks/stripe checks its signature and settles a
// swap whose page was closed; money taken for a swap that ended meanwhile is refunded. Stripe down → 502, never 500.
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../src/server/adapters/payments';
import { payments, userTickets } from '../../src/server/db/schema';
import { startStripePaymentsStub, type StripePaymentsStub } from '../support/stripe-payments-stub';
import { call, createDemoApp, type DemoApp } from './helper';

const WEBHOOK_SECRET = 'whsec_test_payments';
let stub: StripePaymentsStub;
let t: DemoApp;
let alex: string;
let sam: string;

beforeAll(async () => {
  stub = await startStripePaymentsStub();
  const env = { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stub.url };
  t = await createDemoApp({ env, payments: createStripePayments('sk_test_stub', { publishableKey: 'pk_test_stub', apiBase: stub.url, webhookSecret: WEBHOOK_SECRET }) });
  ({ alex, sam } = t.tokens);
  // Four more General Admission tickets for alex, so every test can reserve its own (the demo gives two).
  const [held] = await t.database.db.select().from(userTickets).where(eq(userTickets.id, (await baseNamed('General Admission')).userTicketIds[0]!));
  await t.database.db.insert(userTickets).values(Array.from({ length: 4 }, () => ({ ...held!, id: undefined, createdAt: t.clock.now })));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

type Base = { id: number; name: string; price: number; quantity: number; userTicketIds: number[] };
type Target = { id: number; name: string; price: number };
const post = (url: string, payload?: object, token = alex) => call(t.app, { method: 'POST', url: `/v1${url}`, token, ...(payload ? { payload } : {}) });
const get = (url: string, token = alex) => call(t.app, { method: 'GET', url: `/v1${url}`, token });
const statusOf = async (id: string) => (await get(`/ticket_swap/order/${id}`)).json.status as string;
const intentFor = (id: string) => post(`/ticket_swap/payment_intent/${id}`);

const baseNamed = async (name: string) => ((await get('/ticket_swap/tickets')).json as Base[]).find((candidate) => candidate.name === name)!;

async function start(from: string, to: string) {
  const base = await baseNamed(from);
  const target = ((await get(`/ticket_swap/tickets/${base.id}`)).json as Target[]).find((candidate) => candidate.name === to)!;
  const started = await post('/ticket_swap/start_swap', { baseTicketId: base.id, swapPairId: target.id, swapQuantity: 1 });
  expect(started.status).toBe(200);
  return { id: started.json.orderIdentifier as string, dueMinor: Math.round((target.price - base.price) * 100) };
}
const upgrade = () => start('General Admission', 'VIP');

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const headers = { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }), 'content-type': 'application/json' };
  return t.app.inject({ method: 'POST', url: '/v1/webhooks/stripe', headers, payload });
}
const succeededEvent = (intentId: string, eventId = `evt_${intentId}`) => ({
  id: eventId,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded' } },
});

describe('the PaymentIntent of an upgrade', () => {
  it('is made once per swap, for the amount due, with the swap in its metadata; the page gets its secret and key', async () => {
    const { id, dueMinor } = await upgrade();
    const first = await intentFor(id);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ publishableKey: 'pk_test_stub', paymentIntentId: expect.stringMatching(/^pi_stub_/) });
    expect(first.json.clientSecret).toBe(`${first.json.paymentIntentId}_secret_stub`);
    const created = stub.requests.find((request) => request.path === '/v1/payment_intents')!;
    expect(created.authorization).toBe('Bearer sk_test_stub');
    expect(created.idempotencyKey).toBe(`swap-intent:${id}`);
    expect(Number(created.body.get('amount'))).toBe(dueMinor);
    expect(created.body.get('currency')).toBe('aud');
    expect(created.body.get('metadata[swapOrder]')).toBe(id);
    // Asking again (a reload of the page) answers the same intent.
    expect((await intentFor(id)).json.paymentIntentId).toBe(first.json.paymentIntentId);
    expect(stub.intents.size).toBe(1);
    expect((await intentFor(id).then(() => post(`/ticket_swap/payment_intent/${id}`, undefined, sam))).json.code).toBe('api.swap.not_found');
    await post(`/ticket_swap/cancel/${id}`);
  });

  it('is refused for a downgrade (nothing to pay) and for a cancelled swap', async () => {
    const downgrade = await start('VIP', 'General Admission');
    expect((await intentFor(downgrade.id)).json.code).toBe('api.swap.nothing_to_pay');
    await post(`/ticket_swap/cancel/${downgrade.id}`);
    expect((await intentFor(downgrade.id)).json.code).toBe('api.swap.cancelled');
  });

  it('Stripe unreachable or failing answers provider_unavailable (502) and leaves the swap as it was', async () => {
    const { id } = await upgrade();
    stub.failing = true;
    try {
      const answer = await intentFor(id);
      expect(answer.status).toBe(502);
      expect(answer.json.code).toBe('api.payment.provider_unavailable');
    } finally {
      stub.failing = false;
    }
    expect(await statusOf(id)).toBe('started');
    await post(`/ticket_swap/cancel/${id}`);
  });
});

describe('paying with the intent Stripe.js confirmed', () => {
  it('is verified with Stripe: not yet succeeded → declined; once it succeeded the swap is confirmed, once', async () => {
    const { id, dueMinor } = await upgrade();
    const intent = (await intentFor(id)).json.paymentIntentId as string;
    const early = await post(`/ticket_swap/pay/${id}`, { paymentIntentId: intent });
    expect(early.status).toBe(402);
    expect(early.json.code).toBe('api.payment.declined');
    expect(await statusOf(id)).toBe('started');

    stub.succeed(intent);
    expect((await post(`/ticket_swap/pay/${id}`, { paymentIntentId: intent })).json).toEqual({ ok: true });
    expect(await statusOf(id)).toBe('confirmed');
    expect(stub.requests.some((request) => request.method === 'GET' && request.path === `/v1/payment_intents/${intent}`)).toBe(true);
    // Sent twice (a double click, a retry): still one payment, recorded as Stripe's.
    expect((await post(`/ticket_swap/pay/${id}`, { paymentIntentId: intent })).json).toEqual({ ok: true });
    const rows = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'stripe', purpose: 'swap', amountMinor: dueMinor, currencyCode: 'AUD' });
  });

  it('an intent that is not this swap’s, is made up, or took less than is due is declined', async () => {
    const { id } = await upgrade();
    const intent = (await intentFor(id)).json.paymentIntentId as string;
    const other = await upgrade();
    const otherIntent = (await intentFor(other.id)).json.paymentIntentId as string;
    stub.succeed(otherIntent);
    for (const paymentIntentId of [otherIntent, 'pi_made_up']) {
      const answer = await post(`/ticket_swap/pay/${id}`, { paymentIntentId });
      expect(answer.status).toBe(402);
      expect(answer.json.code).toBe('api.payment.declined');
    }
    stub.succeed(intent);
    stub.setIntent(intent, { amount_received: 1 });
    expect((await post(`/ticket_swap/pay/${id}`, { paymentIntentId: intent })).json.code).toBe('api.payment.declined');
    expect(await statusOf(id)).toBe('started');
    await post(`/ticket_swap/cancel/${id}`);
    await post(`/ticket_swap/cancel/${other.id}`);
  });

  it('the local test cards are not taken when payments go through Stripe', async () => {
    // The page only offers them without Stripe; sent anyway they reach Stripe, which does not know them here.
    const { id } = await upgrade();
    const answer = await post(`/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_visa' });
    expect(answer.status).toBe(402);
    expect(await statusOf(id)).toBe('started');
    await post(`/ticket_swap/cancel/${id}`);
  });
});

describe('the payments webhook', () => {
  it('refuses a missing or bad signature with 400 and a stable code', async () => {
    const payload = JSON.stringify(succeededEvent('pi_whatever'));
    const unsigned = await t.app.inject({ method: 'POST', url: '/v1/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('api.invalid_request_body');
    const forged = await webhook(succeededEvent('pi_whatever'), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('api.invalid_request_body');
    // Signed, but for an intent Stripe does not know: acknowledged, nothing to settle (Stripe would retry an error).
    const unknown = await webhook(succeededEvent('pi_not_ours'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true });
    // Stripe unreachable while reading the intent: an error (502, not 500), so Stripe delivers the event again.
    stub.failing = true;
    try {
      expect((await webhook(succeededEvent('pi_whatever'))).statusCode).toBe(502);
    } finally {
      stub.failing = false;
    }
  });

  it('settles a swap whose page was closed after paying, from Stripe’s record rather than the event’s word', async () => {
    const { id } = await upgrade();
    const intent = (await intentFor(id)).json.paymentIntentId as string;
    // An event says succeeded; Stripe says it has not: nothing happens.
    expect((await webhook(succeededEvent(intent, `evt_early_${intent}`))).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('started');
    stub.succeed(intent);
    const delivered = await webhook(succeededEvent(intent));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true });
    expect(await statusOf(id)).toBe('confirmed');
    // Delivered again (Stripe retries): nothing more happens; the page reporting it too answers ok.
    expect((await webhook(succeededEvent(intent))).statusCode).toBe(200);
    expect((await post(`/ticket_swap/pay/${id}`, { paymentIntentId: intent })).json).toEqual({ ok: true });
    expect(await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent))).toHaveLength(1);
  });

  it('refunds money taken for a swap that was cancelled meanwhile; the swap stays cancelled', async () => {
    const { id } = await upgrade();
    const intent = (await intentFor(id)).json.paymentIntentId as string;
    expect((await post(`/ticket_swap/cancel/${id}`)).json).toEqual({ ok: true });
    stub.succeed(intent);
    expect((await webhook(succeededEvent(intent))).statusCode).toBe(200);
    const refund = stub.requests.find((request) => request.path === '/v1/refunds')!;
    expect(refund.body.get('payment_intent')).toBe(intent);
    expect(refund.idempotencyKey).toBe(`swap-refund:${id}`);
    expect(await statusOf(id)).toBe('cancelled');
    // The page reporting the same payment hears why, and no second refund is asked for under another key.
    expect((await post(`/ticket_swap/pay/${id}`, { paymentIntentId: intent })).json.code).toBe('api.swap.cancelled');
    expect(new Set(stub.requests.filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey))).toEqual(
      new Set([`swap-refund:${id}`]),
    );
  });
});
