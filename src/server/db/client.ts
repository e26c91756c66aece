// Opens the database: embedded Postgres (PGlite) in a data directory by default, a Postgres server through
// `pg` when a connection URL is given. Both are driven by drizzle with the one schema, and migrated on open.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services take `Database | Transaction` where they can run inside either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Postgres only: LISTEN on `channel` over a connection of its own, calling `onMessage` with each NOTIFY payload
   * and `onState` when the connection is lost (false) or listening again (true, also once at start). It reconnects
   * by itself until `stop`. (PGlite is one process: its notifications never need to leave it.)
   */
  listen?(channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void): Listener;
  /** Postgres only: the pool's connections, those idle, and the requests waiting for one (a leak shows as total > idle at rest). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export interface Listener {
  /**
   * Sends each payload as a NOTIFY on `channel` over this listener's own connection, so that publishing never waits
   * for a pool connection. Rejects while the connection is down (the caller falls back to the pool).
   */
  notify(payloads: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** A LISTEN connection that comes back after a lost connection (a restarted server, a killed backend). */
function pgListener(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
  options: { connectTimeoutMs: number; onConnectionError: (error: Error) => void },
): Listener {
  let stopped = false;
  let client: pg.Client | undefined;
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs });
    client = next;
    let lost = false;
    const fail = (error?: Error) => {
      if (lost) return;
      lost = true;
      listening = false;
      if (error && !stopped) options.onConnectionError(error);
      onState(false);
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), 500);
    };
    next.on('error', fail);
    next.on('end', () => fail());
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onMessage(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) await next.end();
      else {
        listening = true;
        onState(true);
      }
    } catch (error) {
      fail(error as Error);
    }
  };
  void connect();
  return {
    async notify(payloads) {
      if (!client || !listening) throw new Error('the LISTEN connection is down');
      await client.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [channel, payloads]);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/** How long a request waits for a database connection by default (DATABASE_CONNECT_TIMEOUT_MS). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/**
 * A client checked out with `pool.connect()` (drizzle's transactions) goes back to the pool as soon as its connection
 * is lost, and its later release is a no-op. drizzle releases a transaction's client in a `finally` that does not
 * cover its `begin`: a connection lost before or during `begin` would keep the client checked out for good, and
 * after a few such losses the pool would have no connection left to give (every request waiting, then 503) until
 * the process restarts. The transaction's next statement on the dropped client fails, and the request answers 503.
 */
function releaseLostClients(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  const guarded = async (): Promise<pg.PoolClient> => {
    const client = await connect();
    const release = client.release;
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', lost);
      client.removeListener('end', lost);
      release(error);
    };
    const lost = (error?: unknown) => releaseOnce(error instanceof Error ? error : new Error('Connection terminated'));
    client.on('error', lost);
    client.on('end', lost);
    client.release = releaseOnce;
    return client;
  };
  // The callback form (pool.query) releases its client itself, also on errors.
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) => (callback ? connect(callback) : guarded())) as pg.Pool['connect'];
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  /**
   * logQuery: each statement with its parameters (the bench's EXPLAIN ANALYZE of the hot queries). connectTimeoutMs:
   * how long a request waits for a connection (a new one, or a free one of a full pool) before it fails with 503.
   * onConnectionError: a connection of the pool or a LISTEN connection was lost (logged; the process carries on).
   */
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      connectTimeoutMs?: number;
      logQuery?: (query: string, params: unknown[]) => void;
      onConnectionError?: (error: Error) => void;
    }
  /** dataDir undefined: in memory. loadDataDir: start from a dumped template (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; logQuery?: (query: string, params: unknown[]) => void };

/**
 * PGlite's own start parameters (its defaults: single user, no parallel workers) with a smaller buffer pool. With
 * Postgres' default 128 MB of shared_buffers inside the WebAssembly memory, the server idled at ~350 MB RSS on an
 * existing data directory; with 16 MB, at ~240 MB (docs/performance.md). The data directory is on the host's file
 * system, so a page that is not in the pool is read from the OS page cache, not from the disk.
 */
export const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  ...['search_path=public', 'exit_on_error=false', 'log_checkpoints=false', 'max_worker_processes=0', 'max_parallel_workers=0'],
  ...['max_parallel_workers_per_gather=0', 'io_method=sync', 'max_parallel_maintenance_workers=0', 'shared_buffers=16MB', 'work_mem=2MB'],
].flatMap((param) => (param.startsWith('-') ? [param] : ['-c', param]));

/**
 * Creates a new PGlite data directory in a child process. initdb runs in a WebAssembly instance of its own whose
 * memory would stay with the process that ran it (~500 MB RSS, even from a worker thread); a child gives it all back.
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  const script = `const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});
    const client = new PGlite({ dataDir: process.argv[1] }); await client.waitReady; await client.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`could not create the PGlite data directory ${dataDir}: ${errors.trim()}`);
}

/** The advisory lock key of the migrations ('tw-migr' read as a number): any fixed number no other lock uses. */
const MIGRATION_LOCK = 0x74772d6d6967;

/**
 * Instances starting together on one database would each apply the pending migrations (drizzle's migrator takes no
 * lock): the first takes a session advisory lock and migrates, the others wait for it and then find nothing to do.
 * The lock is the connection's: should the process die, Postgres releases it with the connection.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  // One connection takes the lock and migrates (a pool of one must do).
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(holder, { schema }), { migrationsFolder });
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    holder.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: connectTimeoutMs });
    const onConnectionError = options.onConnectionError ?? (() => undefined);
    // A lost connection (a terminated backend, a restarted server) must never crash the process. The pool listens on
    // its idle clients (the pool's 'error'), but takes its listener off a client while it is checked out: a client
    // inside a transaction that is waiting for something else (Stripe, the next statement) would emit 'error' to no
    // listener, and Node ends the process. So every client gets a listener of its own for its whole life. The query
    // that was running fails (the request answers 503, Postgres rolls the transaction back), the pool drops the
    // broken client when it is released, and makes new ones when asked.
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    releaseLostClients(pool);
    const logQuery = options.logQuery;
    const db = drizzlePg(pool, { schema, logger: logQuery ? { logQuery } : undefined }) as unknown as Database;
    await migrateOnce(pool);
    const listeners = new Set<Listener>();
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen(channel, onMessage, onState) {
        const listener = pgListener(options.url, channel, onMessage, onState, { connectTimeoutMs, onConnectionError });
        listeners.add(listener);
        return {
          notify: (payloads) => listener.notify(payloads),
          stop: async () => {
            listeners.delete(listener);
            await listener.stop();
          },
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((listener) => listener.stop()));
        await pool.end();
      },
    };
  }
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    if (!existsSync(join(options.dataDir, 'PG_VERSION')) && !options.loadDataDir) await initPgliteDataDir(options.dataDir);
  }
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, startParams: PGLITE_START_PARAMS });
  await client.waitReady;
  const logQuery = options.logQuery;
  const db = drizzlePglite(client, { schema, logger: logQuery ? { logQuery } : undefined }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** PGlite handle kept for dumping templates in tests. */
export async function openPgliteForDump(): Promise<{ client: PGlite; handle: DatabaseHandle }> {
  const client = new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return { client, handle: { db, kind: 'pglite', close: () => client.close() } };
}
