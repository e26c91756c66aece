// Configuration is validated at start, and development helpers vanish in production.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { call, createTestApp, TEST_SECRET } from './helper';

describe('loadConfig', () => {
  it('falls back to defaults that work on one laptop', () => {
    const config = loadConfig({ DATA_DIR: 'tests/.tmp/config-defaults' });
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.assetBaseUrl).toBe('http://localhost:3000/assets');
  });

  it('switches to Postgres with DATABASE_URL and honours PORT', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', PORT: '4100', JWT_SECRET: TEST_SECRET });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/db' });
    expect(config.publicBaseUrl).toBe('http://localhost:4100');
  });

  it('allows live inspection of the wallet outside production, and in production only with WALLET_INSPECT=true', () => {
    const production = { DATA_DIR: 'tests/.tmp/config-inspect', NODE_ENV: 'production', JWT_SECRET: TEST_SECRET, SMTP_URL: 'smtp://mail.test:25', PAYMENTS_PROVIDER: 'local' };
    expect(loadConfig({ DATA_DIR: 'tests/.tmp/config-inspect' }).walletInspect).toBe(true);
    expect(loadConfig(production).walletInspect).toBe(false);
    expect(loadConfig({ ...production, WALLET_INSPECT: 'true' }).walletInspect).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: 'tests/.tmp/config-bad', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: 'tests/.tmp/config-bad', ...env })).toThrow(name);
  });
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
