// Payout accounts through Stripe Connect (docs/product.md §6), against tests/support/stripe-connect-stub.ts: connecting creates a
// custom account in the seller's country and an Account Session (its client secret and the publishable key reach the
// wallet), the state is read from Stripe on every request (never cached), listing needs it verified, the local form is
// refused, and POST /v1/webhooks/stripe-connect checks its signature (bad → 400) and records account.updated.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helper';
import { seedDemoData } from '../../src/server/db/seed';
import { STRIPE_API_VERSION } from '../../src/server/adapters/payouts';
import { startStripeConnectStub, type StripeConnectStub } from '../support/stripe-connect-stub';

const WEBHOOK_SECRET = 'whsec_test_connect';
let stub: StripeConnectStub;
let t: TestApp;
let alex: string;

beforeAll(async () => {
  stub = await startStripeConnectStub();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_CONNECT_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stub.url },
  });
  await seedDemoData(t.database.db, { now: t.clock.now });
  alex = (await signIn(t, 'alex@example.com')).accessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const post = (url: string, payload: object, token = alex) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const get = (url: string, token = alex) => call(t.app, { method: 'GET', url: `/v1${url}`, token });

function signed(payload: string, secret = WEBHOOK_SECRET) {
  return { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }), 'content-type': 'application/json' };
}

describe('payouts through Stripe Connect', () => {
  it('refuses a country outside Australia and New Zealand before calling Stripe', async () => {
    const refused = await post('/resell/stripe/connect', { accountType: 'custom', country: 'US' });
    expect(refused.json.code).toBe('api.resell.unsupported_country');
    expect(stub.requests).toHaveLength(0);
  });

  it('creates an account the platform controls and an Account Session; the wallet gets its secret and the publishable key', async () => {
    const { status, json } = await post('/resell/stripe/connect', { accountType: 'custom', country: 'AU' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_stub', verified: false });
    expect(json.clientSecret).toMatch(/^accs_secret_acct_stub_1_/);
    const created = stub.requests.find((request) => request.method === 'POST' && request.path === '/v1/accounts')!;
    // Controller properties, not the legacy type: the platform collects requirements and bears losses, no Stripe dashboard.
    expect(created.body.get('type')).toBeNull();
    expect(created.body.get('controller[requirement_collection]')).toBe('application');
    expect(created.body.get('controller[losses][payments]')).toBe('application');
    expect(created.body.get('controller[fees][payer]')).toBe('application');
    expect(created.body.get('controller[stripe_dashboard][type]')).toBe('none');
    expect(created.idempotencyKey).toMatch(/^payout-account:\d+$/);
    expect(created.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(created.body.get('country')).toBe('AU');
    expect(created.body.get('email')).toBe('alex@example.com');
    expect(created.authorization).toBe('Bearer sk_test_stub');
    const session = stub.requests.find((request) => request.path === '/v1/account_sessions')!;
    expect(session.body.get('account')).toBe('acct_stub_1');
    // One session enables the three embedded components the Payouts tab mounts: onboarding until the account is
    // verified, then the notification banner and account management. The platform collects requirements, so each
    // collects the bank account itself and asks for no Stripe sign-in.
    for (const component of ['account_onboarding', 'notification_banner', 'account_management']) {
      expect(session.body.get(`components[${component}][enabled]`), component).toBe('true');
      expect(session.body.get(`components[${component}][features][external_account_collection]`), component).toBe('true');
      expect(session.body.get(`components[${component}][features][disable_stripe_user_authentication]`), component).toBe('true');
    }
    expect([...session.body.keys()].filter((key) => key.endsWith('[enabled]'))).toHaveLength(3);
    // Connecting again resumes the same account with a new session.
    await post('/resell/stripe/connect', { accountType: 'custom' });
    expect(stub.requests.filter((request) => request.path === '/v1/accounts')).toHaveLength(1);
    expect((await post('/resell/stripe/local/onboard', { clientSecret: json.clientSecret, legalName: 'A', bankAccountLast4: '1234' })).json.code).toBe(
      'api.payment.local_provider_disabled',
    );
  });

  it('reads the state from Stripe on every request (never cached), and listing follows it', async () => {
    const before = stub.requests.filter((request) => request.path === '/v1/accounts/acct_stub_1').length;
    expect((await get('/resell/stripe/account')).json.verified).toBe(false);
    stub.setAccount('acct_stub_1', { details_submitted: true, payouts_enabled: true, requirements: { currently_due: [], past_due: [] } });
    expect((await get('/resell/stripe/account')).json).toMatchObject({ verified: true, provider: 'stripe', clientSecret: '' });
    expect(stub.requests.filter((request) => request.path === '/v1/accounts/acct_stub_1').length).toBe(before + 2);
    const [ticket] = (await get('/resell/tickets/available')).json;
    const listed = await post('/resell', { userTicketId: ticket.userTicketId, amountCount: 1, price: ticket.ticketPrice, currencyCode: ticket.currencyCode, currencySymbol: ticket.currencySymbol });
    expect(listed.status).toBe(200);
    stub.setAccount('acct_stub_1', { payouts_enabled: false });
    expect((await get('/resell/stripe/account')).json.verified).toBe(false);
  });

  it('the Connect webhook: a bad signature is refused with 400; account.updated records the account as Stripe has it now', async () => {
    // The event's body is stale (payouts disabled); Stripe's account, read again, has them enabled: that is recorded.
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'account.updated',
      data: { object: { id: 'acct_stub_1', object: 'account', details_submitted: true, payouts_enabled: false, requirements: { currently_due: [], past_due: [] } } },
    });
    stub.setAccount('acct_stub_1', { details_submitted: true, payouts_enabled: true, requirements: { currently_due: [], past_due: [] } });
    const bad = await t.app.inject({ method: 'POST', url: '/v1/webhooks/stripe-connect', payload, headers: signed(payload, 'whsec_wrong') });
    expect(bad.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/v1/webhooks/stripe-connect', payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const good = await t.app.inject({ method: 'POST', url: '/v1/webhooks/stripe-connect', payload, headers: signed(payload) });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true });
    const { payoutAccounts } = await import('../../src/server/db/schema');
    const [row] = await t.database.db.select().from(payoutAccounts);
    expect(row).toMatchObject({ providerAccountId: 'acct_stub_1', payoutsEnabled: true, identityVerified: true });
  });
});

describe('payouts while Stripe cannot be reached', () => {
  it('answers 502 api.payment.provider_unavailable, not a 500, and keeps nothing half made', async () => {
    // A port nothing listens on: every call fails to connect.
    const offline = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_API_BASE: 'http://127.0.0.1:9' },
    });
    try {
      await seedDemoData(offline.database.db, { now: offline.clock.now });
      const token = (await signIn(offline, 'alex@example.com')).accessToken;
      const connect = await call(offline.app, { method: 'POST', url: '/v1/resell/stripe/connect', token, payload: { accountType: 'custom', country: 'AU' } });
      expect(connect.status).toBe(502);
      expect(connect.json.code).toBe('api.payment.provider_unavailable');
      const { payoutAccounts } = await import('../../src/server/db/schema');
      expect(await offline.database.db.select().from(payoutAccounts)).toEqual([]);
    } finally {
      await offline.close();
    }
  }, 60_000);
});
