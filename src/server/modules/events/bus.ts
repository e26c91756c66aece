// One publisher interface for the live events, three ways to carry a notice ("user U has event E") to every instance:
// Postgres LISTEN/NOTIFY by default (the NOTIFY is sent inside the writing transaction, so Postgres delivers it only
// when that commits), Redis pub/sub when REDIS_URL is set (published right after the commit), and in-process on
// PGlite (one process: nothing to fan out). Notices are small; the streams read the rows themselves.
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Listener } from '../../db/client';
import type { EventAnnouncer, EventNotice } from './record';

export interface BusSubscriber {
  /** A user has a new event. */
  notice(notice: EventNotice): void;
  /** Notices may have been missed (the bus connection came back): every stream reads what is new. */
  resync(): void;
}

export interface EventBus extends EventAnnouncer {
  readonly kind: 'postgres' | 'redis' | 'memory';
  subscribe(subscriber: BusSubscriber): () => void;
  stop(): Promise<void>;
}

const encode = (notice: EventNotice) => `${notice.userId}:${notice.eventId}`;

function decode(payload: string): EventNotice | undefined {
  const match = /^(\d+):(\d+)$/.exec(payload);
  return match ? { userId: Number(match[1]), eventId: Number(match[2]) } : undefined;
}

function subscribers() {
  const set = new Set<BusSubscriber>();
  return {
    add(subscriber: BusSubscriber) {
      set.add(subscriber);
      return () => void set.delete(subscriber);
    },
    notice(payload: string) {
      const notice = decode(payload);
      if (notice) for (const subscriber of set) subscriber.notice(notice);
    },
    resync() {
      for (const subscriber of set) subscriber.resync();
    },
  };
}

/** PGlite: the notices never leave the process. */
export function createMemoryBus(): EventBus {
  const local = subscribers();
  return {
    kind: 'memory',
    afterCommit(notices) {
      for (const notice of notices) local.notice(encode(notice));
    },
    subscribe: local.add,
    async stop() {},
  };
}

/** Postgres: NOTIFY in the writing transaction, LISTEN on a connection of its own that reconnects by itself. */
export function createPostgresBus(database: DatabaseHandle, channel: string, onError: (error: Error) => void): EventBus {
  const local = subscribers();
  let listener: Listener | undefined;
  if (!database.listen) throw new Error('the Postgres event bus needs a Postgres database');
  listener = database.listen(channel, local.notice, (listening) => {
    if (listening) local.resync();
  });
  return {
    kind: 'postgres',
    async inTransaction(tx, notices) {
      for (const notice of notices) await tx.execute(sql`select pg_notify(${channel}, ${encode(notice)})`);
    },
    afterCommit() {},
    subscribe: local.add,
    async stop() {
      await listener?.stop().catch(onError);
      listener = undefined;
    },
  };
}

/** Redis: PUBLISH after the commit; SUBSCRIBE on a connection of its own, again after each reconnect. */
export function createRedisBus(url: string, channel: string, onError: (error: Error) => void): EventBus {
  const local = subscribers();
  const publisher = new Redis(url, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 1, autoResubscribe: false });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) local.notice(payload);
  });
  // Subscribed (again): what was published while the connection was down is read from the table.
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(() => local.resync(), onError);
  });
  return {
    kind: 'redis',
    afterCommit(notices) {
      // A lost publish is not a lost event: the row is in the table, and the stream reads it at its next notice or
      // when the client resumes with Last-Event-ID.
      for (const notice of notices) publisher.publish(channel, encode(notice)).catch(onError);
    },
    subscribe: local.add,
    async stop() {
      await Promise.all([subscriber.quit().catch(() => subscriber.disconnect()), publisher.quit().catch(() => publisher.disconnect())]);
    },
  };
}
