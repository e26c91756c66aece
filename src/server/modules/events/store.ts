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

    /** The id of the user's newest event (0: none in the window): where a stream without Last-Event-ID starts. */
    async latestId(userId: number): Promise<number> {
      const [row] = await db.select({ id: max(userEvents.id) }).from(userEvents).where(eq(userEvents.userId, userId));
      return Number(row?.id ?? 0);
    },

    /**
     * Whether every event after `lastId` is still in the window. Pruning always keeps the newest row of the table,
     * so its smallest id says where the window begins: an id below it (less one) may have missed pruned rows, and an
     * id above the newest was never given by this database (a client of an older one).
     */
    async canResume(lastId: number): Promise<boolean> {
      const [row] = await db.select({ first: min(userEvents.id), last: max(userEvents.id) }).from(userEvents);
      if (row?.first == null || row.last == null) return false;
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
