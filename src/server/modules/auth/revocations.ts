// The sessions ended lately (logout, a stolen refresh token), held in memory so that the access-token check on every
// request needs no database round trip. Only a session revoked within the access token's lifetime can still have a
// valid access token (none is issued after the revocation), so the list holds those alone.
//
// Every instance must drop a logged-out session at once: the revoking transaction sends NOTIFY tw_session_revoked
// (delivered when it commits) and every instance LISTENs. While an instance's LISTEN connection is down it may miss
// a notice, so it asks the database on each request until it listens again and has reloaded the list. On PGlite
// (one process) the list is simply updated in-process.
import { and, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Listener, Transaction } from '../../db/client';
import { refreshTokens } from '../../db/schema';

export const REVOCATION_CHANNEL = 'tw_session_revoked';
/** A revocation is kept a little longer than the access token lives (clock skew between instances). */
const MARGIN_MS = 60_000;

export interface Revocations {
  /** Whether the session (refresh family) was revoked; from memory unless the LISTEN connection is down. */
  isRevoked(familyId: string): boolean | Promise<boolean>;
  /** Records the revocation in this instance and, inside the revoking transaction, tells the others. */
  revoke(tx: Database | Transaction, familyId: string): Promise<void>;
  stop(): Promise<void>;
}

export async function createRevocations(options: { database: DatabaseHandle; accessTtlSeconds: number; now: () => Date }): Promise<Revocations> {
  const { database, now } = options;
  const { db } = database;
  const keepMs = options.accessTtlSeconds * 1000 + MARGIN_MS;
  /** familyId → when this instance learnt of the revocation (app clock). */
  const revoked = new Map<string, number>();
  let lastPrune = now().getTime();
  /** Postgres: listening and loaded. PGlite: always (one process). */
  let live = database.kind === 'pglite';

  const remember = (familyId: string) => {
    const at = now().getTime();
    revoked.set(familyId, at);
    if (at - lastPrune > 60_000) {
      lastPrune = at;
      for (const [family, since] of revoked) if (at - since > keepMs) revoked.delete(family);
    }
  };

  async function load(): Promise<void> {
    const since = new Date(now().getTime() - keepMs);
    const rows = await db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(isNotNull(refreshTokens.revokedAt), gt(refreshTokens.revokedAt, since)));
    for (const row of rows) remember(row.familyId);
  }

  async function askDatabase(familyId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(sql`${refreshTokens.familyId} = ${familyId}`, isNotNull(refreshTokens.revokedAt)))
      .limit(1);
    return row !== undefined;
  }

  let listener: Listener | undefined;
  let reloadTimer: NodeJS.Timeout | undefined;
  /** Counts the LISTEN connection's comings and goings (and the stop): a reload only counts for the connection it began on. */
  let generation = 0;
  if (database.listen) {
    let ready: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (ready = resolve));
    // Listening again: what was revoked meanwhile is read from the table, then memory is trusted again. Should the
    // read fail (the database went away again, the pool is full), it is tried again while still listening.
    const reload = (mine: number) => {
      load().then(
        () => {
          if (mine !== generation) return;
          live = true;
          ready();
        },
        () => {
          if (mine === generation) reloadTimer = setTimeout(() => reload(mine), 1_000).unref();
        },
      );
    };
    listener = database.listen(REVOCATION_CHANNEL, remember, (listening) => {
      generation += 1;
      clearTimeout(reloadTimer);
      live = false;
      if (listening) reload(generation);
    });
    // Start in memory mode once listening; a database that does not answer in time leaves the DB check on.
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  } else {
    await load();
  }

  return {
    isRevoked(familyId) {
      if (revoked.has(familyId)) return true;
      return live ? false : askDatabase(familyId);
    },
    async revoke(tx, familyId) {
      if (database.listen) await tx.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${familyId})`);
      remember(familyId);
    },
    async stop() {
      generation += 1;
      clearTimeout(reloadTimer);
      await listener?.stop();
    },
  };
}
