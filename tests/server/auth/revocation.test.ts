// The access-token check holds revoked sessions in memory (src/server/modules/auth/revocations.ts). Logout must
// still stop a token at once on every instance: two app instances on one real Postgres database, each with its
// own pool and its own LISTEN connection, as two servers behind a load balancer would be.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../src/server/db/client';
import { createDatabase, databaseUrl, dropDatabases, withAdmin } from '../../support/postgres';
import { call, createTestApp, LOCAL_POSTGRES_URL, signIn, type TestApp, TEST_CONNECT_TIMEOUT_MS } from '../helper';

const serverUrl = process.env.DATABASE_URL || LOCAL_POSTGRES_URL;
const name = `tw_revoke_${process.pid}_${randomBytes(4).toString('hex')}`;
let url: string;
const apps: TestApp[] = [];

async function instance(): Promise<TestApp> {
  const app = await createTestApp({ database: (): Promise<DatabaseHandle> => openDatabase({ kind: 'postgres', url, poolSize: 3, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS }) });
  apps.push(app);
  return app;
}

/** Polls until the instance refuses the token, for at most `ms`; answers the last status. */
async function statusOnceRefused(app: TestApp, token: string, ms = 5_000): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { status } = await call(app.app, { method: 'GET', url: '/v1/auth/me', token });
    if (status === 401 || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  await createDatabase(serverUrl, name);
  url = databaseUrl(serverUrl, name);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await dropDatabases(serverUrl, name);
});

describe('revoked sessions across instances (Postgres LISTEN/NOTIFY)', () => {
  it('a logout on one instance stops the token on another that had already accepted it', async () => {
    const a = await instance();
    const b = await instance();
    const tokens = await signIn(a, 'two-instances@example.com');
    expect((await call(b.app, { method: 'GET', url: '/v1/auth/me', token: tokens.accessToken })).status).toBe(200);

    expect((await call(a.app, { method: 'GET', url: '/v1/auth/logout', token: tokens.accessToken })).status).toBe(200);
    // At once on the instance that logged out (its own memory), and as soon as the notice arrives on the other.
    expect((await call(a.app, { method: 'GET', url: '/v1/auth/me', token: tokens.accessToken })).status).toBe(401);
    expect(await statusOnceRefused(b, tokens.accessToken)).toBe(401);

    // An instance started after the logout reads the recent revocations from the table.
    const c = await instance();
    expect((await call(c.app, { method: 'GET', url: '/v1/auth/me', token: tokens.accessToken })).status).toBe(401);
  });

  it('a stolen refresh token, detected on one instance, stops the access token on the other', async () => {
    const a = apps[0]!;
    const b = apps[1]!;
    const first = await signIn(a, 'stolen@example.com');
    const rotated = await call(a.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: first.refreshToken } });
    expect(rotated.status).toBe(200);
    expect((await call(b.app, { method: 'GET', url: '/v1/auth/me', token: rotated.json.accessToken })).status).toBe(200);
    // Past the grace period, presenting the rotated token again revokes the whole family.
    a.clock.advance((a.config.refreshReuseGraceSeconds + 1) * 1000);
    b.clock.advance((a.config.refreshReuseGraceSeconds + 1) * 1000);
    expect((await call(a.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: first.refreshToken } })).status).toBe(401);
    expect(await statusOnceRefused(b, rotated.json.accessToken)).toBe(401);
  });

  it('an instance whose LISTEN connection was lost still refuses a token revoked meanwhile', async () => {
    const a = apps[0]!;
    const b = apps[1]!;
    const tokens = await signIn(a, 'lost-connection@example.com');
    expect((await call(b.app, { method: 'GET', url: '/v1/auth/me', token: tokens.accessToken })).status).toBe(200);
    // Kill every LISTEN backend of this database: the notice of the logout below reaches no one.
    await withAdmin(serverUrl, (admin) =>
      admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN%'`, [name]),
    );
    expect((await call(a.app, { method: 'GET', url: '/v1/auth/logout', token: tokens.accessToken })).status).toBe(200);
    expect(await statusOnceRefused(b, tokens.accessToken)).toBe(401);
    // Still refused once listening again (reloaded from the table), and a fresh session still works.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await call(b.app, { method: 'GET', url: '/v1/auth/me', token: tokens.accessToken })).status).toBe(401);
    const fresh = await signIn(a, 'lost-connection@example.com');
    expect((await call(b.app, { method: 'GET', url: '/v1/auth/me', token: fresh.accessToken })).status).toBe(200);
  });
});
