// Where the local payments provider keeps its ledger (LocalLedgerStore, ./payments.ts): the payment_events table, as
// provider 'local'. Its entries are the events of its intents — the ones it delivers, which the event service stores
// there anyway under the same ids, plus payment_intent.created and payment_intent.canceled, written as already
// processed since nothing but the ledger reads them — so a restart, and every instance on one database, read the same
// charges from them (docs/decisions/0065-processing-payments-that-fail-swaps-paid-by-bank-debit-the.md). No table of its own: Stripe's record of an intent is its events too.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { paymentEvents } from '../db/schema';
import type { LocalLedgerEntry, LocalLedgerStore } from './payments';

const PROVIDER = 'local';
/** Entries only the ledger reads: stored as processed, so the event service never handles them. */
const RECORDS = new Set(['payment_intent.created', 'payment_intent.canceled']);

export function createLocalLedgerStore(database: DatabaseHandle): LocalLedgerStore {
  const { db } = database;
  const select = () =>
    db
      .select({ eventId: paymentEvents.eventId, intentId: paymentEvents.ref, type: paymentEvents.type, body: paymentEvents.body })
      .from(paymentEvents)
      .$dynamic();
  const entries = (rows: { eventId: string; intentId: string; type: string; body: unknown }[]) => rows as LocalLedgerEntry[];
  const find = async (intentId: string) =>
    entries(await select().where(and(eq(paymentEvents.provider, PROVIDER), eq(paymentEvents.ref, intentId))).orderBy(asc(paymentEvents.id)));

  return {
    async append(entry) {
      const record = RECORDS.has(entry.type);
      await db
        .insert(paymentEvents)
        .values({ provider: PROVIDER, eventId: entry.eventId, type: entry.type, ref: entry.intentId, body: entry.body, ...(record ? { processedAt: new Date() } : {}) })
        .onConflictDoNothing();
    },
    async load() {
      return entries(await select().where(eq(paymentEvents.provider, PROVIDER)).orderBy(asc(paymentEvents.id)));
    },
    // Only where another instance may have written since load (Postgres); see LocalLedgerStore.
    ...(database.kind === 'postgres'
      ? {
          find,
          async findByKey(idempotencyKey: string) {
            const [created] = await db
              .select({ intentId: paymentEvents.ref })
              .from(paymentEvents)
              .where(
                and(
                  eq(paymentEvents.provider, PROVIDER),
                  eq(paymentEvents.type, 'payment_intent.created'),
                  sql`${paymentEvents.body}->>'idempotencyKey' = ${idempotencyKey}`,
                ),
              );
            return created ? find(created.intentId) : [];
          },
        }
      : {}),
  };
}
