// Operating many instances (src/server/http/operations.ts): liveness and readiness probes, the request id, and the
// overload refusal. Readiness with the database really down runs on a Postgres cluster of the test's own.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { type PgCluster, startPgCluster } from '../support/pg-cluster';
import { call, createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('probes', () => {
  it('/healthz answers while the process is alive', async () => {
    const { status, json } = await call(t.app, { method: 'GET', url: '/healthz' });
    expect(status).toBe(200);
    expect(json).toEqual({ status: 'ok' });
  });

  it('/readyz answers ready with the database reachable and migrated, and no Redis configured', async () => {
    const { status, json } = await call(t.app, { method: 'GET', url: '/readyz' });
    expect(status).toBe(200);
    expect(json).toEqual({ status: 'ready', checks: { instance: 'ok', database: 'ok', migrations: 'ok', redis: 'not_configured' } });
  });

  it('/readyz answers 503 api.not_ready when the newest migration is not applied', async () => {
    const { db } = t.database;
    const rows = await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const newest = ((Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { id: number; hash: string; created_at: string }[])[0]!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const { status, json, response } = await call(t.app, { method: 'GET', url: '/readyz' });
      expect(status).toBe(503);
      expect(json).toMatchObject({ statusCode: 503, code: 'api.not_ready', checks: { database: 'ok', migrations: 'behind' } });
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`);
    }
    expect((await call(t.app, { method: 'GET', url: '/readyz' })).status).toBe(200);
  });

  it('/readyz answers 503 once the instance begins to shut down, /healthz still 200', async () => {
    const draining = await createTestApp();
    try {
      draining.app.beginDraining();
      const { status, json } = await call(draining.app, { method: 'GET', url: '/readyz' });
      expect(status).toBe(503);
      expect(json.checks.instance).toBe('draining');
      expect((await call(draining.app, { method: 'GET', url: '/healthz' })).status).toBe(200);
    } finally {
      await draining.close();
    }
  });
});

describe('request id', () => {
  it('keeps a plain x-request-id and sends it back', async () => {
    const { response } = await call(t.app, { method: 'GET', url: '/v1/settings/qr', headers: { 'x-request-id': 'proxy-7f3a.42' } });
    expect(response.headers['x-request-id']).toBe('proxy-7f3a.42');
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'two words'],
    ['with a quote', 'x"y'],
  ])('replaces one %s with a UUID of its own', async (_what, given) => {
    const { response } = await call(t.app, { method: 'GET', url: '/v1/settings/qr', headers: { 'x-request-id': given } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('makes one when none is sent, also on errors', async () => {
    const first = await call(t.app, { method: 'GET', url: '/v1/auth/me' });
    const second = await call(t.app, { method: 'GET', url: '/v1/auth/me' });
    expect(first.status).toBe(401);
    expect(first.response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.response.headers['x-request-id']).not.toBe(second.response.headers['x-request-id']);
  });

  it('is in every log line of the request', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    const logged = await createTestApp({ env: { LOG_LEVEL: 'info' }, logger: true, logStream: { write: (line) => lines.push(JSON.parse(line)) } });
    try {
      await call(logged.app, { method: 'GET', url: '/v1/auth/me', headers: { 'x-request-id': 'trace-me-1' } });
      const mine = lines.filter((line) => line.reqId === 'trace-me-1');
      expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request refused', 'request completed']);
      expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed').every((line) => line.reqId)).toBe(true);
    } finally {
      await logged.close();
    }
  });

  it('is in the lines of a request logged at warn; a request that logs nothing writes no line', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    // Past a 1 MB heap every request is refused once the first sample is taken (every second), with a line at warn.
    const logged = await createTestApp({
      env: { LOG_LEVEL: 'warn', OVERLOAD_MAX_HEAP_USED_MB: '1' },
      logger: true,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    try {
      const answered: { id: string; status: number }[] = [];
      for (let tries = 0; !answered.some((a) => a.status === 503) && tries < 100; tries += 1) {
        if (tries) await new Promise((resolve) => setTimeout(resolve, 50));
        const id = `warn-${tries}`;
        answered.push({ id, status: (await call(logged.app, { method: 'GET', url: '/v1/settings/qr', headers: { 'x-request-id': id } })).status });
      }
      const refused = answered.find((a) => a.status === 503)!;
      expect(refused).toBeDefined();
      expect(lines.filter((line) => line.reqId === refused.id).map((line) => line.msg)).toEqual(['overloaded: request refused']);
      for (const { id } of answered.filter((a) => a.status === 200)) expect(lines.filter((line) => line.reqId === id)).toEqual([]);
      expect(lines.every((line) => line.reqId === undefined || line.reqId.startsWith('warn-'))).toBe(true);
    } finally {
      await logged.close();
    }
  });
});

describe('overload', () => {
  it('answers 503 api.overloaded with Retry-After past the heap limit, with the usual headers; /healthz still answers', async () => {
    // A heap limit of 1 MB is always exceeded: refusals begin at the first sample (every second).
    const pressed = await createTestApp({ env: { OVERLOAD_MAX_HEAP_USED_MB: '1', OVERLOAD_RETRY_AFTER_SECONDS: '7' } });
    try {
      let answer = await call(pressed.app, { method: 'GET', url: '/v1/settings/qr' });
      for (let tries = 0; answer.status !== 503 && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await call(pressed.app, { method: 'GET', url: '/v1/settings/qr' });
      }
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({ statusCode: 503, code: 'api.overloaded', message: 'The server is overloaded. Please try again in a moment' });
      expect(answer.response.headers['retry-after']).toBe('7');
      expect(answer.response.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.response.headers['x-request-id']).toBeTruthy();
      expect((await call(pressed.app, { method: 'GET', url: '/healthz' })).status).toBe(200);
    } finally {
      await pressed.close();
    }
  });
});

describe('readiness with the database down (a Postgres cluster of its own)', () => {
  let cluster: PgCluster;
  let test: TestApp;
  beforeAll(async () => {
    cluster = await startPgCluster();
    test = await createTestApp({ database: () => openDatabase({ kind: 'postgres', url: cluster.url(), poolSize: 2, connectTimeoutMs: 1_000 }) });
  });
  afterAll(async () => {
    await test?.close();
    await cluster?.destroy();
  });

  it('answers 503 while Postgres is down and ready again once it is back', async () => {
    expect((await call(test.app, { method: 'GET', url: '/readyz' })).status).toBe(200);
    await cluster.stop('fast');
    const down = await call(test.app, { method: 'GET', url: '/readyz' });
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ code: 'api.not_ready', checks: { database: 'down', migrations: 'down' } });
    expect((await call(test.app, { method: 'GET', url: '/healthz' })).status).toBe(200);
    await cluster.start();
    let again = await call(test.app, { method: 'GET', url: '/readyz' });
    for (let tries = 0; again.status !== 200 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await call(test.app, { method: 'GET', url: '/readyz' });
    }
    expect(again.status).toBe(200);
  });
});
