// Reconciliation: what the payments provider and our database disagree on, found and put right. It runs on every
// instance (a timer) and by hand (npm run reconcile), but only once at a time across instances: it first takes the
// `reconcile` lease (job_leases), and an instance that finds it taken does nothing. It finds
// - intents that took money but settled nothing (the page closed and the webhook was lost): settled now, or refunded
//   when what they paid for is gone; unpaid intents whose hold ended are cancelled;
// - swaps still `started` after their expiry: expired, their tickets released;
// - payouts whose transfer failed: tried again.
// Every action is logged with the run's request id.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { IntentState, PaymentsProvider } from '../../adapters/payments';
import type { Database } from '../../db/client';
import { jobLeases, paymentAttempts, payments as paymentRows } from '../../db/schema';
import type { PaymentEventHandlers } from '../payments-webhook/service';
import type { PayoutService } from '../payouts/service';
import type { SwapService } from '../swap/service';
import { endAttempt } from './attempts';

const LEASE = 'reconcile';
/** Longer than a run takes; a holder that died frees it after this. */
const LEASE_MS = 10 * 60 * 1000;

export interface ReconcileAction {
  kind: 'charge_settled' | 'charge_refunded' | 'intent_cancelled' | 'swap_released' | 'payout_retried' | 'payout_failed';
  ref: string;
}
export type ReconcileLog = (entry: { requestId: string; action?: ReconcileAction; message: string; err?: unknown }) => void;

export function createReconciler({
  db,
  payments,
  payouts,
  swaps,
  handlers,
  now,
}: {
  db: Database;
  payments: PaymentsProvider;
  payouts: PayoutService;
  swaps: Pick<SwapService, 'expireLapsed'>;
  handlers: PaymentEventHandlers;
  now: () => Date;
}) {
  const holder = `${process.pid}-${randomBytes(6).toString('hex')}`;

  async function takeLease(at: Date): Promise<boolean> {
    const taken = await db
      .insert(jobLeases)
      .values({ name: LEASE, holder, leasedUntil: new Date(at.getTime() + LEASE_MS) })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: { holder, leasedUntil: new Date(at.getTime() + LEASE_MS) },
        where: lte(jobLeases.leasedUntil, sql`${at.toISOString()}::timestamptz`),
      })
      .returning({ holder: jobLeases.holder });
    return taken[0]?.holder === holder;
  }

  async function giveLeaseBack() {
    await db.update(jobLeases).set({ leasedUntil: new Date(0) }).where(and(eq(jobLeases.name, LEASE), eq(jobLeases.holder, holder)));
  }

  /** An open intent: settled or refunded when it took money, cancelled when nobody paid and its hold ended. */
  async function reconcileAttempt(attempt: typeof paymentAttempts.$inferSelect, at: Date): Promise<ReconcileAction | null> {
    const intents = payments.ledger;
    if (!intents) return null;
    const intent: IntentState = await intents.retrieve(attempt.intentId);
    if (intent.status === 'succeeded') {
      for (const settle of handlers.intentSucceeded) await settle(intent);
      const [paid] = await db
        .select({ id: paymentRows.id })
        .from(paymentRows)
        .where(and(eq(paymentRows.provider, attempt.provider), eq(paymentRows.providerPaymentId, attempt.intentId)));
      if (paid) {
        await endAttempt(db, attempt.provider, attempt.intentId, 'settled', at);
        return { kind: 'charge_settled', ref: attempt.intentId };
      }
      // Settling found what it paid for gone and refunded it already.
      const [current] = await db.select({ status: paymentAttempts.status }).from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
      if (current?.status === 'refunded') return { kind: 'charge_refunded', ref: attempt.intentId };
      // Money with nothing to show for it that settling could not place: given back.
      await intents.refund(attempt.intentId, `reconcile-refund:${attempt.intentId}`);
      await endAttempt(db, attempt.provider, attempt.intentId, 'refunded', at);
      return { kind: 'charge_refunded', ref: attempt.intentId };
    }
    if (intent.status === 'canceled') {
      await endAttempt(db, attempt.provider, attempt.intentId, 'cancelled', at);
      return null;
    }
    if (intent.status === 'processing' || attempt.holdUntil > at) return null;
    if (await intents.cancel(attempt.intentId)) {
      await endAttempt(db, attempt.provider, attempt.intentId, 'cancelled', at);
      return { kind: 'intent_cancelled', ref: attempt.intentId };
    }
    return null;
  }

  return {
    /** One run; null when another instance holds the lease (it is running). */
    async run({ requestId = `reconcile-${randomBytes(6).toString('hex')}`, log = () => undefined }: { requestId?: string; log?: ReconcileLog } = {}) {
      const at = now();
      if (!(await takeLease(at))) {
        log({ requestId, message: 'reconciliation skipped: another instance is running it' });
        return null;
      }
      const actions: ReconcileAction[] = [];
      const act = (action: ReconcileAction) => {
        actions.push(action);
        log({ requestId, action, message: `reconcile: ${action.kind} ${action.ref}` });
      };
      try {
        const open = await db
          .select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.status, 'open'))
          .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id))
          .limit(500);
        for (const attempt of open) {
          try {
            const action = await reconcileAttempt(attempt, at);
            if (action) act(action);
          } catch (err) {
            log({ requestId, message: `reconcile: intent ${attempt.intentId} left for the next run`, err });
          }
        }
        for (const order of await swaps.expireLapsed(at)) act({ kind: 'swap_released', ref: order });
        const failedBefore = await payouts.failedPayoutIds(at);
        await payouts.releaseDue(at, {
          onlyFailed: true,
          log: (message, err) => log({ requestId, message, err }),
        });
        const failedAfter = new Set(await payouts.failedPayoutIds(at));
        for (const id of failedBefore) act({ kind: failedAfter.has(id) ? 'payout_failed' : 'payout_retried', ref: `payout ${id}` });
      } finally {
        await giveLeaseBack();
      }
      return { requestId, actions };
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
