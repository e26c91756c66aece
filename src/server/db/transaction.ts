// Transactions of the services. Rows are locked in id order, so deadlocks should not happen; should Postgres still
// pick a victim (a deadlock, or a serialization failure), the whole transaction runs again rather than answering 500.
import { announceEvents, openEventLog, writeEventLog } from '../modules/events/record';
import type { Database, Transaction } from './client';

const RETRIED_CODES = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

function pgCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  const code = candidate?.code ?? candidate?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Runs `work` in a transaction, retried on a deadlock or serialization failure. The live events it records
 * (recordEvent) are written as its last statements and announced to the other instances once it has committed.
 */
export async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      let notices: Awaited<ReturnType<typeof writeEventLog>> = [];
      const result = await db.transaction(async (tx) => {
        openEventLog(tx);
        const value = await work(tx);
        notices = await writeEventLog(db, tx);
        return value;
      });
      announceEvents(db, notices);
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRIED_CODES.has(pgCode(error) ?? '')) throw error;
    }
  }
}

/** A unique index refused the row (Postgres 23505), optionally a given constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const pgError = cause as { code?: string; constraint?: string; message?: string };
  if (pgError.code !== '23505') return false;
  return constraint === undefined || pgError.constraint === constraint || Boolean(pgError.message?.includes(constraint));
}
