// One publisher interface for the live events, three ways to carry a notice ("user U has event E") to every instance:
// Postgres LISTEN/NOTIFY by default, Redis pub/sub when REDIS_URL is set, and in-process on PGlite (one process:
// nothing to fan out); each sends after the writing transaction has committed. Notices are small hints; the streams
// read the rows themselves, so a notice lost between the commit and the send delays an event, never loses it.
import type { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Listener } from '../../db/client';
import type { EventAnnouncer, EventNotice } from './record';

export interface BusSubscriber {
  /** A user has a new event. */
  notice(notice: EventNotice): void;
  /** Notices may have been missed (the bus connection came back): every stream reads what is new. */
  resync(): void;
  /** The bus connection is down: notices may be missed from now until the next resync. */
  lost?(): void;
  /**
   * A change committed on this instance, told at once (before its answer is sent), ahead of its notice coming back
   * through the bus: this instance's cached reads never lag its own writes.
   */
  committedHere?(notice: EventNotice): void;
}

export interface EventBus extends EventAnnouncer {
  readonly kind: 'postgres' | 'redis' | 'memory';
  /** Whether notices are arriving now (listening or subscribed); what is cached on them is trusted only then. */
  readonly live: boolean;
  subscribe(subscriber: BusSubscriber): () => void;
  stop(): Promise<void>;
}

/**
 * `user:event`, and with the row `user:event:previous:type:ticket:family:at` (type like `ticket.received`, ticket
 * and family empty when null, `at` in epoch ms): well under NOTIFY's 8,000 bytes. The short form (a touch, or an
 * older instance during a rolling deploy) is read too: its streams read the row themselves.
 */
export function encodeNotice({ userId, eventId, previousId, row }: EventNotice): string {
  if (!row || previousId === undefined) return `${userId}:${eventId}`;
  return `${userId}:${eventId}:${previousId}:${row.type}:${row.userTicketId ?? ''}:${row.sessionFamily ?? ''}:${row.createdAt.getTime()}`;
}

export function decodeNotice(payload: string): EventNotice | undefined {
  const match = /^(\d+):(\d+)(?::(\d+):([\w.]+):(\d*):([\w-]*):(\d+))?$/.exec(payload);
  if (!match) return undefined;
  const [, userId, eventId, previousId, type, userTicketId, sessionFamily, at] = match;
  const notice: EventNotice = { userId: Number(userId), eventId: Number(eventId) };
  if (previousId === undefined) return notice;
  const row = {
    id: notice.eventId,
    userId: notice.userId,
    type: type!,
    userTicketId: userTicketId ? Number(userTicketId) : null,
    sessionFamily: sessionFamily || null,
    createdAt: new Date(Number(at)),
  };
  return { ...notice, previousId: Number(previousId), row };
}

function subscribers() {
  const set = new Set<BusSubscriber>();
  return {
    add(subscriber: BusSubscriber) {
      set.add(subscriber);
      return () => void set.delete(subscriber);
    },
    notice(payload: string) {
      const notice = decodeNotice(payload);
      if (notice) for (const subscriber of set) subscriber.notice(notice);
    },
    resync() {
      for (const subscriber of set) subscriber.resync();
    },
    lost() {
      for (const subscriber of set) subscriber.lost?.();
    },
    committedHere(notices: EventNotice[]) {
      for (const notice of notices) for (const subscriber of set) subscriber.committedHere?.(notice);
    },
  };
}

/** PGlite: the notices never leave the process; each is told as committed here and delivered at once. */
export function createMemoryBus(): EventBus {
  const local = subscribers();
  return {
    kind: 'memory',
    live: true,
    afterCommit(notices) {
      local.committedHere(notices);
      for (const notice of notices) local.notice(encodeNotice(notice));
    },
    subscribe: local.add,
    async stop() {},
  };
}

/** Postgres: NOTIFY after the commit, LISTEN on a connection of its own that reconnects by itself. */
export function createPostgresBus(database: DatabaseHandle, channel: string, onError: (error: Error) => void): EventBus {
  const local = subscribers();
  let listener: Listener | undefined;
  let live = false;
  if (!database.listen) throw new Error('the Postgres event bus needs a Postgres database');
  listener = database.listen(channel, local.notice, (listening) => {
    live = listening;
    if (listening) local.resync();
    else local.lost();
  });
  return {
    kind: 'postgres',
    get live() {
      return live;
    },
    // Sent after the commit in a statement of its own, not inside the changing transaction: Postgres serialises the
    // commits of all transactions that NOTIFY (one queue lock, held through the commit's WAL flush), and inside the
    // change that would hold its ticket rows and the user's event lock meanwhile (docs/decisions/0051-live-events-get-v1-events-server-side.md). It goes over the
    // LISTEN connection, so a full pool never delays it; while that connection is down, over the pool.
    afterCommit(notices) {
      local.committedHere(notices);
      const payloads = notices.map(encodeNotice);
      const literal = `{${payloads.map((payload) => `"${payload}"`).join(',')}}`;
      const poolOnce = () =>
        database.db.execute(sql`select pg_notify(${channel}, payload) from unnest(${literal}::text[]) as payload`).then(() => undefined);
      // Twice: when the server cut the LISTEN connection it cut the pool's idle ones too, and the pool may hand one out
      // before it has heard; the second try gets a fresh connection. A notice sent twice costs a read, never a change.
      const overPool = () => poolOnce().catch(poolOnce);
      (live && listener ? listener.notify(payloads).catch(overPool) : overPool()).catch(onError);
    },
    subscribe: local.add,
    async stop() {
      await listener?.stop().catch(onError);
      listener = undefined;
    },
  };
}

/**
 * Redis: PUBLISH after the commit on the app's own connection (app.deps.redis, the one the rate limit uses);
 * SUBSCRIBE on a duplicate of it (a subscribed connection can send nothing else), again after each reconnect.
 */
export function createRedisBus(client: Redis, channel: string, onError: (error: Error) => void): EventBus {
  const local = subscribers();
  const publisher = client;
  const subscriber = client.duplicate({ autoResubscribe: false });
  let live = false;
  subscriber.on('error', onError);
  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) local.notice(payload);
  });
  // Subscribed (again): what was published while the connection was down is read from the table.
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(() => {
      live = true;
      local.resync();
    }, onError);
  });
  subscriber.on('close', () => {
    if (!live) return;
    live = false;
    local.lost();
  });
  // The duplicate inherits lazyConnect from the app's connection; it then reconnects by itself.
  if (subscriber.status === 'wait') subscriber.connect().catch(onError);
  return {
    kind: 'redis',
    get live() {
      return live;
    },
    afterCommit(notices) {
      local.committedHere(notices);
      // A lost publish is not a lost event: the row is in the table, and the stream reads it at its next notice or
      // when the client resumes with Last-Event-ID.
      for (const notice of notices) publisher.publish(channel, encodeNotice(notice)).catch(onError);
    },
    subscribe: local.add,
    async stop() {
      // The publisher is the app's connection: the app closes it.
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
