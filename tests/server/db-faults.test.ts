// Database faults (issue 19): the app on a Postgres cluster this test owns (never the machine's shared server, and
// whatever the run's DATABASE_URL). Under mixed write load its backends are terminated several times, then the
// cluster is stopped and started again, the payout timer running all along. The process must stay up (no uncaught
// error), answer 503 with Retry-After while the database is down, serve again within 5 s of the restart without being
// restarted itself, and leave no half-written change behind.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { seedDemoData } from '../../src/server/db/seed';
import { ticketTypes, userTickets, users } from '../../src/server/db/schema';
import { REVOCATION_CHANNEL } from '../../src/server/modules/auth/revocations';
import { type PgCluster, startPgCluster } from '../support/pg-cluster';
import { call, createTestApp, signIn, type TestApp } from './helper';

const DATABASE = 'tw_faults';
const LOAD_MS = 5_000;
const TERMINATIONS = 4;
const WORKERS = 6;

let cluster: PgCluster;
let t: TestApp;
/** Every error that reached the process' last line of defence: each would have ended a server. */
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
const people: Array<{ email: string; token: string; id: number; username: string }> = [];
let heldAtStart = 0;
const pool: { terminated: number; statuses: Map<number, number>; unexpected: string[]; without503RetryAfter: number } = {
  terminated: 0,
  statuses: new Map(),
  unexpected: [],
  without503RetryAfter: 0,
};

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
  cluster = await startPgCluster();
  const admin = await openDatabase({ kind: 'postgres', url: cluster.url(), poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${DATABASE}`));
  await admin.close();
  t = await createTestApp({
    database: () => openDatabase({ kind: 'postgres', url: cluster.url(DATABASE), poolSize: 8, connectTimeoutMs: 2_000 }),
    env: {
      RATE_LIMIT_PER_MINUTE: '1000000',
      OTP_MAX_SENDS_PER_IP: '1000000',
      OTP_MAX_SENDS_PER_EMAIL: '1000000', OTP_MAX_SENDS_PER_EMAIL_ALL_CLIENTS: '1000000', OTP_MAX_SENDS_PER_EMAIL_OWNER: '1000000',
      // The payout timer runs through the faults too: a failed round must not end the process either.
      PAYOUT_RELEASE_INTERVAL_MS: '100',
    },
  });
  await seedDemoData(t.database.db, { now: t.clock.now });
  const db = t.database.db;
  const [giftable] = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(sql`${ticketTypes.isGiftable} and ${ticketTypes.name} = 'General Admission'`)
    .limit(1);
  for (const email of ['alex@example.com', 'jordan@example.com', 'sam@example.com']) {
    const token = (await signIn(t, email)).accessToken;
    const me = (await call(t.app, { method: 'GET', url: '/v1/auth/me', token })).json;
    const [row] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`);
    people.push({ email, token, id: row!.id, username: me.preferredUsername });
    await db.insert(userTickets).values(Array.from({ length: 6 }, () => ({ ticketTypeId: giftable!.id, ownerUserId: row!.id, purchasePriceMinor: 100 })));
  }
  heldAtStart = await heldTickets();
}, 120_000);

afterAll(async () => {
  // The cluster goes whatever happens to the app's close (a leaked connection would keep the pool from ending).
  try {
    await Promise.race([t?.close(), sleep(20_000)]);
  } finally {
    await cluster?.destroy();
  }
  process.removeListener('uncaughtException', onUncaught);
  process.removeListener('unhandledRejection', onUncaught);
});

async function heldTickets(): Promise<number> {
  const [row] = await query<{ n: string }>(sql`select count(*) as n from user_tickets where status in ('valid','reserved','listed','used')`);
  return Number(row!.n);
}

/** Sends a request and files its outcome: any status but a 5xx other than 503 is an answer the app may give. */
async function send(options: Parameters<typeof call>[1]) {
  const result = await call(t.app, options);
  pool.statuses.set(result.status, (pool.statuses.get(result.status) ?? 0) + 1);
  if (result.status >= 500 && result.status !== 503) pool.unexpected.push(`${options.method} ${options.url} ${result.status}: ${JSON.stringify(result.json)}`);
  if (result.status === 503 && (result.json?.code !== 'api.service_unavailable' || !result.response.headers['retry-after'])) pool.without503RetryAfter += 1;
  return result;
}

/** Gifts, sign-in code requests and profile writes (some with an Idempotency-Key), from several workers at once. */
async function mixedLoad(until: () => boolean) {
  let round = 0;
  const operations: Array<() => Promise<unknown>> = [
    async () => {
      const from = pick(people);
      const to = pick(people.filter((person) => person !== from));
      // The test's own read may fail while backends are being terminated: then this round sends nothing.
      const rows = await query<{ id: number }>(
        sql`select id from user_tickets where owner_user_id = ${from.id} and status = 'valid' order by random() limit 1`,
      ).catch(() => []);
      if (!rows[0]) return;
      await send({ method: 'POST', url: '/v1/mobile/giftTicket', token: from.token, payload: { userTicketId: rows[0].id, username: to.username } });
    },
    () => send({ method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email: `load${round++}@example.com` } }),
    () => send({ method: 'POST', url: '/v1/auth/profile', token: pick(people).token, payload: { givenName: `Name ${round++}` } }),
    () =>
      send({
        method: 'POST',
        url: '/v1/auth/profile',
        token: pick(people).token,
        payload: { familyName: `Family ${round}` },
        headers: { 'idempotency-key': `load-${round++}` },
      }),
  ];
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (!until()) await pick(operations)();
    }),
  );
}

describe('a database that drops connections, stops and starts again (own Postgres cluster)', () => {
  it('stays up while backends are terminated under mixed write load', async () => {
    let done = false;
    const load = mixedLoad(() => done);
    for (let round = 0; round < TERMINATIONS; round++) {
      await sleep(LOAD_MS / (TERMINATIONS + 1));
      pool.terminated += await cluster.terminateBackends(DATABASE);
    }
    await sleep(LOAD_MS / (TERMINATIONS + 1));
    done = true;
    await load;
    console.info(`[db-faults] ${pool.terminated} backends terminated; answers: ${JSON.stringify(Object.fromEntries(pool.statuses))}`);
    expect(pool.terminated).toBeGreaterThanOrEqual(TERMINATIONS);
    expect(uncaught).toEqual([]);
    expect(pool.unexpected).toEqual([]);
    expect(pool.without503RetryAfter).toBe(0);
    expect(pool.statuses.get(200) ?? 0).toBeGreaterThan(20);
    // No connection stays checked out by a transaction whose connection was lost (the pool would run dry). The payout
    // timer may hold one for a moment: a leak is for good, so a short wait tells them apart.
    let stats = t.database.poolStats!();
    for (let tries = 0; stats.total !== stats.idle && tries < 30; tries++) {
      await sleep(100);
      stats = t.database.poolStats!();
    }
    expect(stats.total - stats.idle, JSON.stringify(stats)).toBe(0);
  }, 60_000);

  it('answers 503 with Retry-After while the cluster is down, in bounded time', async () => {
    await cluster.stop('fast');
    const person = people[0]!;
    for (const options of [
      { method: 'GET' as const, url: '/v1/auth/me', token: person.token },
      { method: 'POST' as const, url: '/v1/auth/profile', token: person.token, payload: { givenName: 'While down' } },
      { method: 'POST' as const, url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email: 'down@example.com' } },
    ]) {
      const started = Date.now();
      const result = await call(t.app, options);
      expect(result.status, `${options.url}: ${JSON.stringify(result.json)}`).toBe(503);
      expect(result.json.code).toBe('api.service_unavailable');
      expect(Number(result.response.headers['retry-after'])).toBeGreaterThan(0);
      // Refused connections answer at once; an unreachable host within the pool's connect timeout (2 s here).
      expect(Date.now() - started).toBeLessThan(15_000);
    }
    expect(uncaught).toEqual([]);
  }, 60_000);

  it('serves again within 5 s of the restart, LISTENs again, and nothing was half-written', async () => {
    await cluster.start();
    const restarted = Date.now();
    const person = people[0]!;
    let status = 0;
    while (Date.now() - restarted < 5_000) {
      status = (await call(t.app, { method: 'POST', url: '/v1/auth/profile', token: person.token, payload: { givenName: 'Back' } })).status;
      if (status === 200) break;
      await sleep(100);
    }
    expect(status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/v1/auth/me', token: person.token })).json.givenName).toBe('Back');

    // The revocations' LISTEN connection came back by itself and subscribed again.
    let listening = 0;
    while (Date.now() - restarted < 10_000) {
      const [row] = await query<{ n: string }>(
        sql`select count(*) as n from pg_stat_activity where datname = ${DATABASE} and query = ${`LISTEN "${REVOCATION_CHANNEL}"`}`,
      );
      listening = Number(row!.n);
      if (listening) break;
      await sleep(100);
    }
    expect(listening).toBeGreaterThan(0);

    // Every gift whole or not at all: a gifted ticket has exactly one transfer, each transfer one new ticket held
    // by its receiver, and the number of held tickets is what it was.
    const [gifts] = await query<{ gifted: string; transfers: string; orphans: string }>(sql`
      select
        (select count(*) from user_tickets where status = 'gifted') as gifted,
        (select count(*) from transfers) as transfers,
        (select count(*) from transfers tr left join user_tickets received on received.id = tr.received_user_ticket_id
           where received.id is null or received.owner_user_id <> tr.to_user_id
              or (select count(*) from transfers other where other.user_ticket_id = tr.user_ticket_id) <> 1) as orphans`);
    expect(Number(gifts!.gifted)).toBe(Number(gifts!.transfers));
    expect(Number(gifts!.orphans)).toBe(0);
    expect(Number(gifts!.transfers)).toBeGreaterThan(0);
    expect(await heldTickets()).toBe(heldAtStart);
    expect(uncaught).toEqual([]);
  }, 60_000);
});
