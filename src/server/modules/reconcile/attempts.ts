// The record of each PaymentIntent the server made (payment_attempts): written when the intent is made, ended when it
// is settled, refunded or cancelled. Reconciliation (./service.ts) reads the ones still open.
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { paymentAttempts, paymentAttemptStatuses } from '../../db/schema';

export async function recordAttempt(
  db: Database | Transaction,
  attempt: {
    provider: string;
    intentId: string;
    purpose: 'swap' | 'resale';
    amountMinor: number;
    currencyCode: string;
    holdUntil: Date;
    at: Date;
    /** A resale purchase's buyer and share code: the share page, reloaded, finds the buyer's processing payment by them. */
    userId?: number;
    reference?: string;
  },
): Promise<void> {
  const { at, ...values } = attempt;
  // The same intent again (its idempotency key answered it once more): the hold follows the latest request.
  await db
    .insert(paymentAttempts)
    .values({ ...values, createdAt: at })
    .onConflictDoUpdate({ target: [paymentAttempts.provider, paymentAttempts.intentId], set: { holdUntil: values.holdUntil } });
}

/** Ends an open attempt as settled, refunded or cancelled; one already ended stays as it is. */
export async function endAttempt(
  db: Database | Transaction,
  provider: string,
  intentId: string,
  status: Exclude<(typeof paymentAttemptStatuses)[number], 'open'>,
  at: Date,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status, endedAt: at })
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.intentId, intentId), eq(paymentAttempts.status, 'open')));
}

/**
 * The payer's open attempts for one reference (a resale purchase's share code), newest first: the intents a reloaded
 * page asks the provider about.
 */
export async function openAttemptsOf(db: Database | Transaction, provider: string, userId: number, reference: string): Promise<string[]> {
  const rows = await db
    .select({ intentId: paymentAttempts.intentId })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        eq(paymentAttempts.userId, userId),
        eq(paymentAttempts.reference, reference),
        eq(paymentAttempts.status, 'open'),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(5);
  return rows.map((row) => row.intentId);
}
