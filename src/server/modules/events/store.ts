// Reads of the replay window (user_events): what a stream has not sent yet, where a new stream starts, whether a
// Last-Event-ID can still be resumed, and the pruning of rows older than the window.
import { and, asc, eq, gt, lt, max, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userEvents } from '../../db/schema';

export type EventRow = typeof userEvents.$inferSelect;

/** Rows read at once; a stream that is further behind reads again until it has caught up. */
export const READ_BATCH = 200;

export function createEventStore(db: Database) {
  return {
    /** The user's events after `afterId`, oldest first. */
    after(userId: number, afterId: number, limit = READ_BATCH): Promise<EventRow[]> {
      return db
        .select()
        .from(userEvents)
        .where(and(eq(userEvents.userId, userId), gt(userEvents.id, afterId)))
        .orderBy(asc(userEvents.id))
        .limit(limit);
    },

    /**
     * Where a stream without Last-Event-ID starts: after the user's newest event. A user without events in the window
     * starts where the window begins (its smallest id, less one), so that the id the stream opens with can be resumed
     * until the window moves past it. (A user's own events commit in id order, so nothing of theirs is skipped.)
     */
    async startId(userId: number): Promise<number> {
      const [row] = await db
        .select({
          mine: sql<string | null>`(select max(${userEvents.id}) from ${userEvents} where ${userEvents.userId} = ${userId})`,
          first: sql<string | null>`(select min(${userEvents.id}) from ${userEvents})`,
        })
        .from(sql`(select 1) as one`);
      if (row?.mine != null) return Number(row.mine);
      return row?.first != null ? Number(row.first) - 1 : 0;
    },

    /**
     * Whether every event after `lastId` is still in the window. Pruning always keeps the newest row of the table,
     * so its smallest id says where the window begins: an id below it (less one) may have missed pruned rows, and an
     * id above the newest was never given by this database (a client of an older one). An empty table has never had
     * an event: only 0 is ours.
     */
    async canResume(lastId: number): Promise<boolean> {
      const [row] = await db.select({ first: min(userEvents.id), last: max(userEvents.id) }).from(userEvents);
      if (row?.first == null || row.last == null) return lastId === 0;
      return lastId >= Number(row.first) - 1 && lastId <= Number(row.last);
    },

    /** Deletes the rows older than the window, except the table's newest (see canResume). */
    async prune(windowMs: number): Promise<void> {
      await db
        .delete(userEvents)
        .where(
          and(
            lt(userEvents.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
            lt(userEvents.id, sql`(select max(${userEvents.id}) from ${userEvents})`),
          ),
        );
    },
  };
}

export type EventStore = ReturnType<typeof createEventStore>;
