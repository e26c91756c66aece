// Records the live events of a change inside the transaction that makes it, and announces them once it commits.
// A service calls `recordEvent(tx, …)` anywhere in its transaction; `inTransaction` writes the rows just before the
// commit (one advisory lock per user, in user order, so a user's event ids grow in commit order and a stream reading
// "after my last id" never skips a row that commits late) and hands them to the app's event bus after the commit.
import { sql } from 'drizzle-orm';
import type { WalletEventType } from '../../../contract/events';
import type { Database, Transaction } from '../../db/client';
import { userEvents } from '../../db/schema';
import type { EventRow } from './store';

export interface PendingEvent {
  userId: number;
  type: WalletEventType;
  userTicketId?: number;
  /** `session.revoked` only: the refresh family whose streams it goes to. */
  sessionFamily?: string;
}

/**
 * What the bus carries: which user has a new row, its id, and (from the transaction that wrote it) the row itself
 * with the user's event before it. A stream that has sent that one writes the row as it comes, with no read; any
 * other stream reads its rows after its cursor. Event id 0 (no row): the user's tickets changed in a way their open
 * wallet is not told of (touchUser); only cached reads care.
 */
export interface EventNotice {
  userId: number;
  eventId: number;
  /** The user's newest event id below this one when it was written (0: none in the table); with `row`. */
  previousId?: number;
  row?: EventRow;
}

/** The event id of a notice that carries no event row (touchUser). */
export const TOUCH_EVENT_ID = 0;

/** The fan-out between instances (src/server/modules/events/bus.ts), as the transaction helper sees it. */
export interface EventAnnouncer {
  /** Inside the writing transaction, before the commit (Postgres NOTIFY: delivered only if it commits). */
  inTransaction?(tx: Transaction, notices: EventNotice[]): Promise<void>;
  /** After the commit. */
  afterCommit(notices: EventNotice[]): void;
}

/** The second key of the per-user advisory lock taken while a transaction writes that user's events. */
const EVENTS_LOCK_SPACE = 200_006;

const pendingByTransaction = new WeakMap<Transaction, PendingEvent[]>();
const touchedByTransaction = new WeakMap<Transaction, Set<number>>();
const announcers = new WeakMap<Database, EventAnnouncer>();

/** The app's bus announces the events written through this database handle (one bus per app instance). */
export function setEventAnnouncer(db: Database, announcer: EventAnnouncer | undefined): void {
  if (announcer) announcers.set(db, announcer);
  else announcers.delete(db);
}

/** Marks a transaction as one run by inTransaction, which writes its events before committing. */
export function openEventLog(tx: Transaction): void {
  pendingByTransaction.set(tx, []);
}

/**
 * Records an event of the change this transaction makes. Nothing is written or sent if the transaction rolls back;
 * a retried transaction records its events again in its own attempt.
 */
export function recordEvent(tx: Transaction, event: PendingEvent): void {
  const pending = pendingByTransaction.get(tx);
  // A programming error: only inTransaction writes the log before its commit.
  if (!pending) throw new Error('recordEvent needs a transaction started with inTransaction');
  pending.push(event);
}

/**
 * Marks a user whose tickets this transaction changes without an event for their wallet (a swap's reservation, its
 * release): every instance drops its cached reads of that user once it commits (src/server/modules/tickets/hot-reads.ts).
 */
export function touchUser(tx: Transaction, userId: number): void {
  if (!pendingByTransaction.has(tx)) throw new Error('touchUser needs a transaction started with inTransaction');
  const touched = touchedByTransaction.get(tx) ?? new Set<number>();
  touched.add(userId);
  touchedByTransaction.set(tx, touched);
}

/** Writes the transaction's events (its last statements before the commit); answers what to announce after it. */
export async function writeEventLog(db: Database, tx: Transaction): Promise<EventNotice[]> {
  const pending = pendingByTransaction.get(tx);
  const touched = touchedByTransaction.get(tx);
  pendingByTransaction.delete(tx);
  touchedByTransaction.delete(tx);
  // Users touched without an event of their own get a notice without a row.
  const touches = [...(touched ?? [])]
    .filter((userId) => !pending?.some((event) => event.userId === userId))
    .map((userId) => ({ userId, eventId: TOUCH_EVENT_ID }));
  if (!pending?.length) return touches;
  const userIds = [...new Set(pending.map((event) => event.userId))].sort((a, b) => a - b);
  // One statement for all the users' locks, taken in user-id order.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${EVENTS_LOCK_SPACE}, user_id) from unnest(${`{${userIds.join(',')}}`}::int4[]) as user_id order by user_id`,
  );
  // Each row with the user's newest event before this statement: its subquery does not see the rows the statement
  // inserts, and under the lock above no other transaction of these users writes meanwhile, so it is exact.
  const inserted = await tx
    .insert(userEvents)
    .values(pending.map((event) => ({ userId: event.userId, type: event.type, userTicketId: event.userTicketId ?? null, sessionFamily: event.sessionFamily ?? null })))
    .returning({
      id: userEvents.id,
      userId: userEvents.userId,
      type: userEvents.type,
      userTicketId: userEvents.userTicketId,
      sessionFamily: userEvents.sessionFamily,
      createdAt: userEvents.createdAt,
      before: sql<string | null>`(select max(earlier.id) from user_events as earlier where earlier.user_id = user_events.user_id)`,
    });
  const notices = chainByUser(inserted);
  await announcers.get(db)?.inTransaction?.(tx, notices);
  return [...notices, ...touches];
}

/** Notices of the rows one statement inserted: a user's several rows follow each other, the first the newest before. */
function chainByUser(inserted: (EventRow & { before: string | null })[]): EventNotice[] {
  const newest = new Map<number, number>();
  return [...inserted]
    .sort((a, b) => a.id - b.id)
    .map(({ before, ...row }) => {
      const previousId = newest.get(row.userId) ?? (before === null ? 0 : Number(before));
      newest.set(row.userId, row.id);
      return { userId: row.userId, eventId: row.id, previousId, row };
    });
}

/** After the commit: hands the written events to the bus. */
export function announceEvents(db: Database, notices: EventNotice[]): void {
  if (notices.length) announcers.get(db)?.afterCommit(notices);
}
