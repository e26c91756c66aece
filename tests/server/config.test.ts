// Configuration is validated at start, and development helpers vanish in production.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { call, createTestApp, TEST_SECRET } from './helper';
import { TEST_TMP } from '../support/test-tmp';

describe('loadConfig', () => {
  it('falls back to defaults that work on one laptop', () => {
    const config = loadConfig({ DATA_DIR: `${TEST_TMP}/config-defaults` });
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.assetBaseUrl).toBe('http://localhost:3000/assets');
  });

  it('switches to Postgres with DATABASE_URL and honours PORT', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', PORT: '4100', JWT_SECRET: TEST_SECRET });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/db', connectTimeoutMs: 5000 });
    expect(config.publicBaseUrl).toBe('http://localhost:4100');
  });

  it('allows live inspection of the wallet outside production, and in production only with WALLET_INSPECT=true', () => {
    const production = { DATA_DIR: `${TEST_TMP}/config-inspect`, NODE_ENV: 'production', JWT_SECRET: TEST_SECRET, SMTP_URL: 'smtp://mail.test:25', PAYMENTS_PROVIDER: 'local' };
    expect(loadConfig({ DATA_DIR: `${TEST_TMP}/config-inspect` }).walletInspect).toBe(true);
    expect(loadConfig(production).walletInspect).toBe(false);
    expect(loadConfig({ ...production, WALLET_INSPECT: 'true' }).walletInspect).toBe(true);
  });

  it('turns the demo site’s sign-in (its demo-only key) on only when asked, and never in production', () => {
    const production = { DATA_DIR: `${TEST_TMP}/config-demo`, NODE_ENV: 'production', JWT_SECRET: TEST_SECRET, SMTP_URL: 'smtp://mail.test:25', PAYMENTS_PROVIDER: 'local' };
    const off = loadConfig({ DATA_DIR: `${TEST_TMP}/config-demo` });
    expect([off.demoSiteSignIn, off.hostSignIn]).toEqual([false, undefined]);
    const on = loadConfig({ DATA_DIR: `${TEST_TMP}/config-demo`, DEMO_SITE_SIGN_IN: 'true', PUBLIC_BASE_URL: 'http://wallet.test' });
    expect(on.demoSiteSignIn).toBe(true);
    expect(on.hostSignIn).toEqual({ keys: { kind: 'demo' }, audience: 'http://wallet.test' });
    expect(() => loadConfig({ ...production, DEMO_SITE_SIGN_IN: 'true' })).toThrow('DEMO_SITE_SIGN_IN is for development only');
    expect(() => loadConfig({ DATA_DIR: `${TEST_TMP}/config-demo`, DEMO_SITE_SIGN_IN: 'true', HOST_SIGN_IN_JWKS_FILE: 'jwks.json' })).toThrow(ConfigError);
    expect(loadConfig(production).demoSiteSignIn).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: `${TEST_TMP}/config-bad`, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: `${TEST_TMP}/config-bad`, ...env })).toThrow(name);
  });
});

describe('TRUST_PROXY', () => {
  const dataDir = `${TEST_TMP}/config-trust-proxy`;
  it.each(['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.0/0', '::1/129', '10.0.0.0/255.0.255.0', '127.0.0.1, proxy.internal', '-1'])(
    'refuses %j with the config message, not a TypeError from the server',
    (value) => {
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value })).toThrow(/^TRUST_PROXY: .* is not a proxy address/);
    },
  );

  it.each(['loopback', '10.0.0.1', '10.0.0.0/8', '10.0.0.0/255.0.0.0', 'fe80::/10', '::1', '::ffff:10.0.0.1', 'uniquelocal, 192.168.0.0/16'])(
    'accepts %j, and the server starts with it',
    (value) => {
      const config = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value });
      expect(() => Fastify({ trustProxy: config.trustProxy as string[] })).not.toThrow();
    },
  );
});

describe('/dev/outbox', () => {
  it('lists mailed codes outside production, filtered by recipient', async () => {
    const t = await createTestApp();
    try {
      await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email: 'a@example.com' } });
      await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email: 'b@example.com' } });
      const { status, json } = await call(t.app, { method: 'GET', url: '/dev/outbox?to=A@example.com' });
      expect(status).toBe(200);
      expect(json).toHaveLength(1);
      expect(Object.keys(json[0]).sort()).toEqual(['sentAt', 'subject', 'text', 'to']);
    } finally {
      await t.close();
    }
  });

  it('does not exist in production', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.test:25', PAYMENTS_PROVIDER: 'local' } });
    try {
      expect((await call(t.app, { method: 'GET', url: '/dev/outbox' })).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
