// Two instances of the server on one Postgres database, each with its own pool and its own bus connection, as behind
// a load balancer: a change made through instance A reaches a wallet streaming from instance B within a second, by
// Postgres LISTEN/NOTIFY and then by Redis pub/sub. Always on a real Postgres server (the local one when the run is
// on PGlite, whose single process cannot be shared); the single-instance path is tests/server/events.test.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { events } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY, seedDemoData } from '../../src/server/db/seed';
import { createDatabase, dropDatabases } from '../support/postgres';
import { openSse, type SseBlock, type SseStream } from '../support/sse';
import { call, createTestApp, LOCAL_POSTGRES_URL, signIn, type TestApp } from './helper';

/** How soon a change on one instance must show on a stream of the other. */
const FAN_OUT_MS = 1_000;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const postgres = inject('postgresTemplate');
const serverUrl = postgres?.url ?? LOCAL_POSTGRES_URL;
const databaseNames: string[] = [];
afterAll(() => Promise.all(databaseNames.map((name) => dropDatabases(serverUrl, name))));

/** A new database on the server, migrated and seeded before either instance starts. */
async function demoDatabase(): Promise<string> {
  const name = `tw_events_${process.pid}_${randomBytes(4).toString('hex')}`;
  databaseNames.push(name);
  const url = await createDatabase(serverUrl, name, postgres?.template);
  const setup = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await seedDemoData(setup.db, { now: new Date() });
  await setup.close();
  return url;
}

type Ticket = { userTicketId: number; isLive: boolean };

const isWallet = (type: string) => (block: SseBlock) => block.event === 'wallet' && JSON.parse(block.data!).type === type;

describe.each([
  { bus: 'postgres' as const, env: {} as Record<string, string> },
  { bus: 'redis' as const, env: { REDIS_URL } as Record<string, string> },
])('two instances on one database, fan-out by $bus', ({ bus, env }) => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    // A channel of this run alone: other runs may share the Postgres server and the Redis.
    const instanceEnv = { ...env, EVENTS_CHANNEL: `tw_test_events_${randomBytes(6).toString('hex')}`, RATE_LIMIT_PER_MINUTE: '100000' };
    const databaseUrl = await demoDatabase();
    const database = () => openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
    a = await createTestApp({ env: instanceEnv, database });
    b = await createTestApp({ env: instanceEnv, database });
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([a?.close(), b?.close()]);
  });

  it(`uses the ${bus} bus on both instances`, () => {
    expect(a.app.eventStreams.busKind).toBe(bus);
    expect(b.app.eventStreams.busKind).toBe(bus);
  });

  it('a gate scan on instance A reaches the wallet streaming from instance B within a second', async () => {
    const { accessToken } = await signIn(a, 'alex@example.com');
    const stream = await openSse(baseB, accessToken);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor(() => true);
    const all = await a.database.db.select().from(events);
    const live = all.find((event) => event.startsAt <= a.clock.now && a.clock.now <= event.endsAt)!;
    const qr = (await call(a.app, { method: 'GET', url: '/v1/auth/access/qr', token: accessToken })).response.body;
    // Instance B keeps alex's answer of the live ticket before the scan.
    const liveTicket = ((await call(b.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token: accessToken })).json as Ticket[]).find(
      (ticket) => ticket.isLive,
    )!;
    const detailUrl = `/v1/list/ticket_listing/${liveTicket.userTicketId}`;
    const before = await call(b.app, { method: 'GET', url: detailUrl, token: accessToken });
    expect(before.json.eventAccessStatus).toBe(false);
    const arrival = stream.waitFor(isWallet('entry.used'), FAN_OUT_MS);
    const scanned = await call(a.app, {
      method: 'POST',
      url: '/v1/access/scan',
      payload: { eventId: live.id, token: qr },
      headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY },
    });
    expect(scanned.status).toBe(200);
    const block = await arrival;
    expect(JSON.parse(block.data!)).toMatchObject({ type: 'entry.used' });
    // B dropped its copy when the notice came (before its stream read the event): no stale answer.
    const after = await call(b.app, { method: 'GET', url: detailUrl, token: accessToken, headers: { 'if-none-match': before.response.headers.etag as string } });
    expect(after.status).toBe(200);
    expect(after.json.eventAccessStatus).toBe(true);
  });

  it('after a gift on instance A, instance B answers both wallets fresh (its cached lists dropped)', async () => {
    const alex = (await signIn(a, 'alex@example.com')).accessToken;
    const jordan = (await signIn(a, 'jordan@example.com')).accessToken;
    const list = (token: string, etag?: string) =>
      call(b.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token, headers: etag ? { 'if-none-match': etag } : {} });
    const alexBefore = await list(alex);
    const jordanBefore = await list(jordan);
    let gifted: Ticket | undefined;
    for (const ticket of alexBefore.json as Ticket[]) {
      if ((await call(b.app, { method: 'GET', url: `/v1/list/ticket_listing/${ticket.userTicketId}`, token: alex })).json.isGiftable) gifted = ticket;
    }
    expect(gifted).toBeDefined();
    // Both answers are kept on B: asked again, they are 304.
    expect((await list(alex, alexBefore.response.headers.etag as string)).status).toBe(304);
    expect((await list(jordan, jordanBefore.response.headers.etag as string)).status).toBe(304);
    const stream = await openSse(baseB, jordan);
    streams.push(stream);
    await stream.waitFor(() => true);
    const arrival = stream.waitFor(isWallet('ticket.received'), FAN_OUT_MS);
    const given = await call(a.app, {
      method: 'POST',
      url: '/v1/mobile/giftTicket',
      token: alex,
      payload: { userTicketId: gifted!.userTicketId, username: 'jordan@example.com' },
    });
    expect(given.status).toBe(200);
    await arrival;
    const alexAfter = await list(alex, alexBefore.response.headers.etag as string);
    expect(alexAfter.status).toBe(200);
    expect((alexAfter.json as Ticket[]).map((ticket) => ticket.userTicketId)).not.toContain(gifted!.userTicketId);
    const jordanAfter = await list(jordan, jordanBefore.response.headers.etag as string);
    expect(jordanAfter.status).toBe(200);
    expect((jordanAfter.json as Ticket[]).length).toBe((jordanBefore.json as Ticket[]).length + 1);
  });

  it("a logout on instance A closes that session's stream on instance B", async () => {
    const { accessToken } = await signIn(a, 'sam@example.com');
    const stream = await openSse(baseB, accessToken);
    streams.push(stream);
    await stream.waitFor(() => true);
    expect((await call(a.app, { method: 'GET', url: '/v1/auth/logout', token: accessToken })).status).toBe(200);
    await stream.waitFor(isWallet('session.revoked'), FAN_OUT_MS);
    await stream.ended;
  });
});
