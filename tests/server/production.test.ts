// Production refuses unsafe defaults (issue 7): no start without SMTP or a deliberate payments provider, no local
// payout onboarding beside a real provider, no token without an expiry, CORS only for the configured origins.
import { startStripeConnectStub } from '../support/stripe-connect-stub';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { call, createTestApp, signIn, TEST_SECRET } from './helper';
import { TEST_TMP } from '../support/test-tmp';

const production = { NODE_ENV: 'production', JWT_SECRET: TEST_SECRET, DATA_DIR: `${TEST_TMP}/production-config` };

describe('starting in production', () => {
  it('refuses to start without SMTP_URL, saying so', () => {
    expect(() => loadConfig({ ...production, PAYMENTS_PROVIDER: 'local' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PAYMENTS_PROVIDER: 'local' })).toThrow(/SMTP_URL is required in production/);
  });

  it('runs the local payments provider only when PAYMENTS_PROVIDER=local says so', () => {
    const withMail = { ...production, SMTP_URL: 'smtp://mail.test:25' };
    expect(() => loadConfig(withMail)).toThrow(/PAYMENTS_PROVIDER=local/);
    expect(loadConfig({ ...withMail, PAYMENTS_PROVIDER: 'local' }).payments).toEqual({ provider: 'local' });
    expect(loadConfig({ ...withMail, STRIPE_SECRET_KEY: 'sk_test_x' }).payments).toEqual({ provider: 'stripe', secretKey: 'sk_test_x' });
    // Outside production the local provider is the default.
    expect(loadConfig({ DATA_DIR: `${TEST_TMP}/production-config` }).payments).toEqual({ provider: 'local' });
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its address', () => {
    expect(() => loadConfig({ DATA_DIR: `${TEST_TMP}/production-config`, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ DATA_DIR: `${TEST_TMP}/production-config` }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: `${TEST_TMP}/production-config`, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: `${TEST_TMP}/production-config`, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});

describe('a running server', () => {
  it('refuses the local payout onboarding when a real payments provider is configured', async () => {
    // With the keys, payout accounts are Stripe's (issue 10): its endpoints answer from a local stub.
    const stub = await startStripeConnectStub();
    const t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_API_BASE: stub.url } });
    try {
      const token = (await signIn(t, 'payee@example.com')).accessToken;
      const connected = await call(t.app, { method: 'POST', url: '/v1/resell/stripe/connect', token, payload: { accountType: 'custom', country: 'AU' } });
      const onboarded = await call(t.app, {
        method: 'POST',
        url: '/v1/resell/stripe/local/onboard',
        token,
        payload: { clientSecret: connected.json.clientSecret, legalName: 'Pay Ee', bankAccountLast4: '1234' },
      });
      expect(onboarded.status).toBe(403);
      expect(onboarded.json.code).toBe('api.payment.local_provider_disabled');
      expect((await call(t.app, { method: 'GET', url: '/v1/resell/stripe/account', token })).json.verified).toBe(false);
    } finally {
      await t.close();
      await stub.close();
    }
  });

  it('refuses an access token without an expiry, even when correctly signed', async () => {
    const t = await createTestApp();
    try {
      const real = (await signIn(t, 'forever@example.com')).accessToken;
      const claims = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString());
      const forever = await new SignJWT({ fam: claims.fam })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setIssuer('ticket-wallet')
        .sign(new TextEncoder().encode(TEST_SECRET));
      expect((await call(t.app, { method: 'GET', url: '/v1/auth/me', token: real })).status).toBe(200);
      const refused = await call(t.app, { method: 'GET', url: '/v1/auth/me', token: forever });
      expect(refused.status).toBe(401);
      expect(refused.json.code).toBe('api.auth.token_not_authorized');
    } finally {
      await t.close();
    }
  });

  it('answers CORS only for ALLOWED_ORIGINS and the demo site’s own origin', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.test:25', PAYMENTS_PROVIDER: 'local', ALLOWED_ORIGINS: 'https://tickets.example.com' },
    });
    try {
      const preflight = (origin: string) =>
        call(t.app, {
          method: 'OPTIONS',
          url: '/v1/auth/me',
          headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
        });
      expect((await preflight('https://tickets.example.com')).response.headers['access-control-allow-origin']).toBe('https://tickets.example.com');
      expect((await preflight('http://wallet.test')).response.headers['access-control-allow-origin']).toBe('http://wallet.test');
      expect((await preflight('https://evil.example')).response.headers['access-control-allow-origin']).toBeUndefined();
      const read = await call(t.app, { method: 'GET', url: '/v1/settings/qr', headers: { origin: 'https://evil.example' } });
      expect(read.response.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
