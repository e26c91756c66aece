// Stripe's signed webhooks refuse a signing time outside the tolerance either way (issue 19): the SDK's check refuses
// only old signatures, so one dated in the future was accepted however far ahead. Both webhooks, the payments one
// (POST /v1/webhooks/stripe) and the Connect one (POST /v1/webhooks/stripe-connect), against the Stripe stubs.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../src/server/adapters/payments';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../src/server/adapters/payouts';
import { startStripeStubs, type StripeStubs } from '../support/stripe-stubs';
import { createTestApp, type TestApp } from './helper';

const PAYMENTS_SECRET = 'whsec_test_payments';
const CONNECT_SECRET = 'whsec_test_connect';
let stubs: StripeStubs;
let t: TestApp;

beforeAll(async () => {
  stubs = await startStripeStubs();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_stub',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stub',
      STRIPE_WEBHOOK_SECRET: PAYMENTS_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_BASE: stubs.url,
    },
    payments: createStripePayments('sk_test_stub', { publishableKey: 'pk_test_stub', apiBase: stubs.url, webhookSecret: PAYMENTS_SECRET }),
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stubs?.close();
});

const hooks = [
  { url: '/v1/webhooks/stripe', secret: PAYMENTS_SECRET },
  { url: '/v1/webhooks/stripe-connect', secret: CONNECT_SECRET },
];
/** An event no handler acts on: a good signature is acknowledged without calling Stripe. */
const payload = JSON.stringify({ id: 'evt_signature', object: 'event', type: 'payout.paid', data: { object: { id: 'po_1', object: 'payout' } } });
const nowSeconds = () => Math.floor(Date.now() / 1000);

function send(url: string, secret: string, timestamp: number) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return t.app.inject({ method: 'POST', url, headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, payload });
}

describe.each(hooks)('$url', ({ url, secret }) => {
  it('acknowledges an event signed now, or a little ahead (clock skew)', async () => {
    expect((await send(url, secret, nowSeconds())).statusCode).toBe(200);
    expect((await send(url, secret, nowSeconds() + 60)).statusCode).toBe(200);
  });

  it('refuses an event signed in the future beyond the tolerance', async () => {
    for (const ahead of [WEBHOOK_TOLERANCE_SECONDS + 60, 24 * 3600, 10 * 365 * 24 * 3600]) {
      const refused = await send(url, secret, nowSeconds() + ahead);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('api.invalid_request_body');
    }
  });

  it('still refuses one signed too long ago, and a bad signature', async () => {
    expect((await send(url, secret, nowSeconds() - WEBHOOK_TOLERANCE_SECONDS - 60)).statusCode).toBe(400);
    expect((await send(url, 'whsec_someone_else', nowSeconds())).statusCode).toBe(400);
  });
});
