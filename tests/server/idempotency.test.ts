// Idempotency-Key on authenticated mutations: a retry replays the first answer, another payload is refused, and a key
// claimed by a request that died with its process is free again within seconds.
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, users } from '../../src/server/db/schema';
import { IDEMPOTENCY_LEASE_MS, runIdempotent } from '../../src/server/http/idempotency';
import { call, createTestApp, signIn, type TestApp } from './helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t, 'retry@example.com')).accessToken;
});
afterAll(() => t.close());

const update = (payload: object, key?: string) =>
  call(t.app, {
    method: 'POST',
    url: '/v1/auth/profile',
    token,
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

it('replays the stored answer for a retry with the same key, without running the change again', async () => {
  const first = await update({ givenName: 'First' }, 'key-1');
  expect(first.status).toBe(200);
  await update({ givenName: 'Changed meanwhile' });
  const retry = await update({ givenName: 'First' }, 'key-1');
  expect(retry.status).toBe(200);
  expect(retry.json).toEqual(first.json);
  const me = await call(t.app, { method: 'GET', url: '/v1/auth/me', token });
  expect(me.json.givenName).toBe('Changed meanwhile');
});

it('refuses the same key with another payload', async () => {
  await update({ givenName: 'A' }, 'key-2');
  const conflict = await update({ givenName: 'B' }, 'key-2');
  expect(conflict.status).toBe(409);
  expect(conflict.json.code).toBe('api.idempotency_conflict');
});

it('refuses a malformed key', async () => {
  const bad = await update({ givenName: 'A' }, 'has spaces and / slashes');
  expect(bad.status).toBe(400);
  expect(bad.json.code).toBe('api.invalid_request_body');
});

describe('a claim whose request died with its process (issue 19)', () => {
  /** The row a request leaves when its process is killed right after claiming the key: no answer, a fresh lease. */
  async function crashedClaim(key: string, sameAs: string) {
    const [probe] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, sameAs));
    await t.database.db.insert(idempotencyKeys).values({
      userId: probe!.userId,
      key,
      route: probe!.route,
      requestHash: probe!.requestHash,
      statusCode: 0,
      responseBody: null,
      leaseUntil: sql`now() + make_interval(secs => ${IDEMPOTENCY_LEASE_MS / 1000})`,
    });
  }

  it('is taken over within the lease: the retry runs the change once, later retries replay it', async () => {
    // Same payload under another key first, to learn the request's fingerprint the crashed claim carries.
    await update({ givenName: 'After the crash' }, 'probe-1');
    await update({ givenName: 'Before' });
    await crashedClaim('crashed-1', 'probe-1');

    const started = Date.now();
    const retry = await update({ givenName: 'After the crash' }, 'crashed-1');
    expect(retry.status, JSON.stringify(retry.json)).toBe(200);
    expect(retry.json.givenName).toBe('After the crash');
    // Within seconds (the lease), not the minutes an abandoned claim used to hold the key.
    expect(Date.now() - started).toBeLessThan(IDEMPOTENCY_LEASE_MS + 3_000);

    await update({ givenName: 'Changed meanwhile' });
    const again = await update({ givenName: 'After the crash' }, 'crashed-1');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(retry.json);
    expect((await call(t.app, { method: 'GET', url: '/v1/auth/me', token })).json.givenName).toBe('Changed meanwhile');
  });

  it('is not taken from a live request that runs longer than the lease: it runs once and the retry gets its answer', async () => {
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'retry@example.com'));
    const request = { userId: me!.id, params: {}, query: {}, body: { slow: true } } as unknown as FastifyRequest;
    let runs = 0;
    const slowWork = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, IDEMPOTENCY_LEASE_MS + 1_500));
      return { run: runs };
    };
    const first = runIdempotent(t.database.db, request, 'slowRoute', 'slow-1', slowWork);
    // The retry comes once the first request holds the key and is at work.
    await vi.waitFor(() => expect(runs).toBe(1));
    const second = runIdempotent(t.database.db, request, 'slowRoute', 'slow-1', slowWork);
    expect(await first).toEqual({ statusCode: 200, body: { run: 1 } });
    expect(await second).toEqual({ statusCode: 200, body: { run: 1 } });
    expect(runs).toBe(1);
  });
});
