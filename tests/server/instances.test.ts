// Two app instances in one process, as two servers behind a proxy: each with its own pool, LISTEN connection, rate
// limiter and storage client, on one database (with DATABASE_URL: one Postgres database; on PGlite the two share the
// embedded database's handle, which is one process's). The whole set runs twice: without Redis (limits per instance)
// and with the machine's Redis (REDIS_URL, a key prefix of this run's own, removed afterwards).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOutboxMailer } from '../../src/server/adapters/mail';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { png } from '../support/png';
import { createDatabase, dropDatabases } from '../support/postgres';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in';
import { call, createTestApp, openTestDatabase, signIn, type TestApp, TEST_CONNECT_TIMEOUT_MS } from './helper';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RATE_LIMIT = 30;
const postgres = inject('postgresTemplate');
const onPostgres = postgres !== null;

/** One database for both instances: two handles (pools) on one Postgres database, or one PGlite handle. */
async function sharedDatabase(): Promise<{ first: () => Promise<DatabaseHandle>; second: () => Promise<DatabaseHandle>; drop(): Promise<void> }> {
  if (postgres) {
    const name = `${postgres.prefix}_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(postgres.url, name, postgres.template);
    const open = () => openDatabase({ kind: 'postgres', url, poolSize: 5, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });
    return { first: open, second: open, drop: () => dropDatabases(postgres.url, name) };
  }
  const handle = await openTestDatabase();
  // Both apps close their handle; the embedded database is closed once, by drop().
  const borrowed = async (): Promise<DatabaseHandle> => ({ ...handle, close: async () => undefined });
  return { first: borrowed, second: borrowed, drop: () => handle.close() };
}

/** A small real picture: a 4×4 opaque PNG. */
function picture(): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(4 * 3, 0x7f)]);
  return png(4, 4, 8, 2, Buffer.concat([row, row, row, row]));
}

function uploadPicture(test: TestApp, token: string, ip: string) {
  const boundary = '----tw-instances-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    picture(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call(test.app, {
    method: 'POST',
    url: '/v1/auth/profile/picture',
    token,
    payload,
    remoteAddress: ip,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** Polls until the instance refuses the token (the other instance's NOTIFY arrives within milliseconds); answers the last status. */
async function statusOnceRefused(test: TestApp, token: string): Promise<number> {
  for (let tries = 0; ; tries += 1) {
    const { status } = await call(test.app, { method: 'GET', url: '/v1/auth/me', token });
    if (status === 401 || tries > 250) return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each([
  { redis: false, title: 'without Redis' },
  { redis: true, title: 'with REDIS_URL' },
])('two instances on one database, $title', ({ redis }) => {
  const keyPrefix = `tw-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  let s3: S3StandIn;
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  // Each test speaks from addresses of its own, so one test's requests never count against another's limits.
  const ip = (test: string) => `10.${redis ? 1 : 0}.${test.length}.${test.charCodeAt(0)}`;
  const mailer = createOutboxMailer();

  beforeAll(async () => {
    s3 = await startS3StandIn();
    database = await sharedDatabase();
    const env = {
      ...s3.env,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      ...(redis ? { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix } : {}),
    };
    a = await createTestApp({ env, database: database.first, mailer });
    b = await createTestApp({ env, database: database.second, mailer });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    await s3?.close();
    if (redis) {
      const client = new Redis(REDIS_URL);
      const keys = await client.keys(`${keyPrefix}*`);
      if (keys.length) await client.del(...keys);
      await client.quit();
    }
  });

  it(onPostgres ? 'a logout on A refuses the access token on B' : 'a logout refuses the access token at once (PGlite: one instance)', async () => {
    const email = `logout-${redis ? 'redis' : 'plain'}@example.com`;
    const tokens = await signIn(a, email);
    expect((await call(b.app, { method: 'GET', url: '/v1/auth/me', token: tokens.accessToken })).status).toBe(200);
    expect((await call(a.app, { method: 'GET', url: '/v1/auth/logout', token: tokens.accessToken })).status).toBe(200);
    expect((await call(a.app, { method: 'GET', url: '/v1/auth/me', token: tokens.accessToken })).status).toBe(401);
    // PGlite is one process's database: another process could not open it, so B stands for nothing real there.
    if (onPostgres) expect(await statusOnceRefused(b, tokens.accessToken)).toBe(401);
  });

  it('12 concurrent code requests spread over both instances send at most 5 codes', async () => {
    const email = `codes-${redis ? 'redis' : 'plain'}@example.com`;
    const from = ip('codes');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        call(index % 2 ? b.app : a.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email }, remoteAddress: from }),
      ),
    );
    const sent = mailer.outbox!.filter((message) => message.to === email).length;
    expect(sent).toBe(5);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429).every((answer) => answer.json.code === 'api.auth.too_many_codes')).toBe(true);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
  });

  it(redis ? 'the global rate limit holds across both instances' : 'without Redis each instance counts its own requests', async () => {
    const from = ip(redis ? 'shared-limit' : 'own-limit');
    const statuses: number[] = [];
    for (let index = 0; index < RATE_LIMIT; index += 1) {
      const target = index % 2 ? b : a;
      statuses.push((await call(target.app, { method: 'GET', url: '/v1/settings/qr', remoteAddress: from })).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const next = [await call(a.app, { method: 'GET', url: '/v1/settings/qr', remoteAddress: from }), await call(b.app, { method: 'GET', url: '/v1/settings/qr', remoteAddress: from })];
    if (redis) {
      // Both counted into one budget: it is spent, wherever the next request lands.
      for (const answer of next) {
        expect(answer.status).toBe(429);
        expect(answer.json.code).toBe('api.too_many_requests');
      }
    } else {
      // Each instance has had half the requests: the budget is per instance (README: limits are per instance).
      expect(next.map((answer) => answer.status)).toEqual([200, 200]);
    }
  });

  it('an avatar uploaded on A is served by B (S3 storage)', async () => {
    const { accessToken } = await signIn(a, `avatar-${redis ? 'redis' : 'plain'}@example.com`);
    const uploaded = await uploadPicture(a, accessToken, ip('avatar'));
    expect(uploaded.status).toBe(200);
    const path = new URL(uploaded.json.picture as string).pathname;
    const onA = await call(a.app, { method: 'GET', url: path });
    const onB = await call(b.app, { method: 'GET', url: path });
    expect(onB.status).toBe(200);
    expect(onB.response.headers['content-type']).toBe('image/webp');
    expect(onB.response.rawPayload.equals(onA.response.rawPayload)).toBe(true);
    expect(onB.response.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // A stored key is never rewritten: a revalidation is answered 304.
    const again = await call(b.app, { method: 'GET', url: path, headers: { 'if-none-match': String(onB.response.headers.etag) } });
    expect(again.status).toBe(304);
    // Removed on B: gone for A as well.
    expect((await call(b.app, { method: 'POST', url: '/v1/auth/profile/picture/remove', token: accessToken })).status).toBe(200);
    expect((await call(a.app, { method: 'GET', url: path })).status).toBe(404);
  });
});
