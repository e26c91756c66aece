// The Postgres bus sends its NOTIFY over its own LISTEN connection, not a pool connection: with every connection of
// the pool held by slow requests, a committed change still reaches the other instances at once. While that
// connection is down, the notice goes over the pool instead. Always on a real Postgres server (the local one when the
// run is on PGlite); two handles on one database stand for two instances.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { createPostgresBus, type EventBus } from '../../src/server/modules/events/bus';
import type { EventNotice } from '../../src/server/modules/events/record';
import { createDatabase, dropDatabases } from '../support/postgres';
import { LOCAL_POSTGRES_URL, TEST_CONNECT_TIMEOUT_MS } from './helper';

const postgres = inject('postgresTemplate');
const serverUrl = postgres?.url ?? LOCAL_POSTGRES_URL;
const prefix = `tw_notify_${process.pid}_${randomBytes(3).toString('hex')}`;
const channel = `tw_test_notify_${randomBytes(6).toString('hex')}`;

let sender: DatabaseHandle;
let receiver: DatabaseHandle;
let senderBus: EventBus;
let receiverBus: EventBus;
const errors: Error[] = [];
const heard: EventNotice[] = [];
let lostConnections = 0;

const until = async (condition: () => boolean, what: string, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

beforeAll(async () => {
  const url = await createDatabase(serverUrl, prefix, postgres?.template);
  // One pool connection on the sending side, and a short wait for it: a NOTIFY through the pool would time out.
  const named = new URL(url);
  named.searchParams.set('application_name', 'tw_sender');
  sender = await openDatabase({
    kind: 'postgres',
    url: named.toString(),
    poolSize: 1,
    connectTimeoutMs: 3_000,
    onConnectionError: () => void lostConnections++,
  });
  receiver = await openDatabase({ kind: 'postgres', url, poolSize: 1, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });
  senderBus = createPostgresBus(sender, channel, (error) => errors.push(error));
  receiverBus = createPostgresBus(receiver, channel, (error) => errors.push(error));
  receiverBus.subscribe({ notice: (notice) => heard.push(notice), resync: () => {} });
  await until(() => senderBus.live && receiverBus.live, 'both buses listening');
}, 60_000);

afterAll(async () => {
  await senderBus?.stop();
  await receiverBus?.stop();
  await sender?.close();
  await receiver?.close();
  await dropDatabases(serverUrl, prefix);
});

it('reaches the other instance at once while every pool connection is held', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A slow request holds the only pool connection for the whole test.
  const slow = sender.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await held;
  });
  try {
    const started = Date.now();
    senderBus.afterCommit([{ userId: 41, eventId: 7 }]);
    await until(() => heard.some((notice) => notice.eventId === 7), 'the notice on the other instance', 2_000);
    // Well before the pool's 3 s wait could have ended.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(sender.poolStats!().waiting).toBe(0);
  } finally {
    release();
    await slow;
  }
  expect(errors).toEqual([]);
});

it("goes over the pool while the bus's own connection is down, and over its connection again once it is back", async () => {
  // Every connection of the sending instance is cut from the server side (the pool makes a new one when asked).
  await receiver.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'tw_sender'`);
  await until(() => !senderBus.live, "the sending bus's connection lost");
  senderBus.afterCommit([{ userId: 41, eventId: 8 }]);
  // The pool makes a new connection first (its idle one was cut too): the default wait, not the 2 s of a held pool.
  await until(() => heard.some((notice) => notice.eventId === 8), 'the notice sent over the pool');
  expect(senderBus.live).toBe(false);
  await until(() => senderBus.live, 'the sending bus back', 10_000);
  senderBus.afterCommit([{ userId: 41, eventId: 9 }]);
  await until(() => heard.some((notice) => notice.eventId === 9), 'the notice over the connection again');
  expect(errors).toEqual([]);
  expect(lostConnections).toBeGreaterThan(0);
});
