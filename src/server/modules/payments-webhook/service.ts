// The payments provider's events, provider-neutral (PaymentEvent, src/server/adapters/payments.ts): each stored by its
// id before it is handled, so a redelivered event changes nothing, and each handled from state that does not depend on
// the order events came in — a PaymentIntent is read again from the provider, an account likewise, and a payment's
// refunds and disputes are derived from all of its stored events together.
import { and, eq } from 'drizzle-orm';
import type { IntentState, PaymentEvent, PaymentsProvider } from '../../adapters/payments';
import type { Database } from '../../db/client';
import { paymentEvents, payments as paymentRows, type PayoutHoldReason } from '../../db/schema';
import { ApiError } from '../../../contract/errors';
import type { PayoutService } from '../payouts/service';

export interface PaymentEventHandlers {
  /** A PaymentIntent the provider says succeeded: settle what it paid for (each ignores intents of other purposes). */
  intentSucceeded: ((intent: IntentState) => Promise<unknown>)[];
  /**
   * A PaymentIntent that was processing and then failed (a bank debit returned): end what it held and tell the payer
   * (each ignores intents of other purposes). Called from whichever of its two events sees both stored, maybe from
   * both (and from a redelivery handled at once on another instance): each handler claims its e-mail, so it goes once.
   */
  intentFailed: ((intent: IntentState) => Promise<unknown>)[];
  /** A PaymentIntent the provider says is processing: keep what it is for until it ends. Optional: only a swap holds anything. */
  intentProcessing?: ((intent: IntentState) => Promise<unknown>)[];
}

/** The object an event is about: a PaymentIntent, a transfer or an account. */
export function refOf(event: PaymentEvent): string {
  switch (event.type) {
    case 'transfer.reversed':
      return event.transferId;
    case 'account.updated':
    case 'capability.updated':
    case 'payout.failed':
    case 'payout.paid':
      return event.accountId;
    default:
      return event.intentId;
  }
}

/**
 * A payment's refunds and disputes from all of its events, in whatever order they came. The refunded amount is the
 * largest the charge reported, less each refund Stripe later said failed or was cancelled (its money went back to the
 * platform's balance; a failed refund is final). A dispute is open from its first event (created, updated, funds
 * withdrawn), and a closed one (or an update that says won or lost) settles it; a lost dispute stays lost.
 */
export function paymentStateOf(events: PaymentEvent[]): { refundedMinor: number; disputeStatus: 'open' | 'won' | 'lost' | null } {
  let reportedMinor = 0;
  const failedRefunds = new Map<string, number>();
  const disputes = new Map<string, 'open' | 'won' | 'lost'>();
  const settle = (disputeId: string, outcome: 'won' | 'lost' | 'other') => {
    if (disputes.get(disputeId) === 'lost') return;
    disputes.set(disputeId, outcome === 'lost' ? 'lost' : 'won');
  };
  for (const event of events) {
    if (event.type === 'charge.refunded') reportedMinor = Math.max(reportedMinor, event.amountRefundedMinor);
    if (event.type === 'charge.refund.updated' && (event.status === 'failed' || event.status === 'canceled')) failedRefunds.set(event.refundId, event.amountMinor);
    if ((event.type === 'charge.dispute.created' || event.type === 'charge.dispute.funds_withdrawn') && !disputes.has(event.disputeId)) disputes.set(event.disputeId, 'open');
    if (event.type === 'charge.dispute.updated') {
      if (event.outcome === 'other') {
        if (!disputes.has(event.disputeId)) disputes.set(event.disputeId, 'open');
      } else settle(event.disputeId, event.outcome);
    }
    if (event.type === 'charge.dispute.closed') settle(event.disputeId, event.outcome);
  }
  const failedMinor = [...failedRefunds.values()].reduce((sum, amount) => sum + amount, 0);
  const refundedMinor = Math.max(0, reportedMinor - failedMinor);
  const all = [...disputes.values()];
  const disputeStatus = all.includes('lost') ? 'lost' : all.includes('open') ? 'open' : all.length ? 'won' : null;
  return { refundedMinor, disputeStatus };
}

/** An intent that will not pay as it is: Stripe puts a failed one back to requires_payment_method, or it was cancelled. */
const failed = (intent: IntentState) => intent.status === 'requires_payment_method' || intent.status === 'canceled';

export function holdReasonOf(state: ReturnType<typeof paymentStateOf>): Exclude<PayoutHoldReason, 'transfer_reversed'> | null {
  if (state.refundedMinor > 0) return 'refunded';
  if (state.disputeStatus === 'lost') return 'dispute_lost';
  if (state.disputeStatus === 'open') return 'disputed';
  return null;
}

export function createPaymentEventService({
  db,
  payments,
  payouts,
  handlers,
  now,
}: {
  db: Database;
  payments: PaymentsProvider;
  payouts: PayoutService;
  handlers: PaymentEventHandlers;
  now: () => Date;
}) {
  /**
   * Writes what a payment's stored events say (refunded amount, dispute) to its row and to its sellers' payouts. A
   * payment not settled yet has no row: its events wait, and settling it applies them (see `receive`).
   */
  async function applyPaymentState(provider: string, intentId: string): Promise<{ paymentId: number; reversed: number[] } | null> {
    const [payment] = await db
      .select({ id: paymentRows.id })
      .from(paymentRows)
      .where(and(eq(paymentRows.provider, provider), eq(paymentRows.providerPaymentId, intentId)));
    if (!payment) return null;
    const stored = await db
      .select({ body: paymentEvents.body })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.ref, intentId)));
    const state = paymentStateOf(stored.map((row) => row.body as PaymentEvent));
    await db.update(paymentRows).set(state).where(eq(paymentRows.id, payment.id));
    const reversed = await payouts.applyPaymentState(payment.id, holdReasonOf(state), now());
    return { paymentId: payment.id, reversed };
  }

  /**
   * Whether the intent of `event` was processing and then failed: both events are stored. Each handler stores its own
   * event before it asks, so of two handled at once (one on each instance) at least the later to ask sees both, in
   * whichever order they arrived; when both see them, the e-mail's claim (claimMail, in the handlers) lets one tell it.
   * A card declined at once (no processing) is told by the page that tried it, not by e-mail.
   */
  async function failedAfterProcessing(provider: string, event: PaymentEvent): Promise<boolean> {
    const stored = await db
      .select({ type: paymentEvents.type })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.ref, refOf(event))));
    const types = new Set(stored.map((row) => row.type));
    return types.has('payment_intent.processing') && (types.has('payment_intent.payment_failed') || types.has('payment_intent.canceled'));
  }

  async function handle(provider: string, event: PaymentEvent) {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.processing':
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled': {
        // Whatever the event said, the intent as it is now: a `processing` event that arrives after `succeeded` still settles.
        const intents = payments.ledger;
        if (!intents) return;
        let intent: IntentState;
        try {
          intent = await intents.retrieve(event.intentId);
        } catch (error) {
          // An intent the provider does not know to this account is none of ours.
          if (error instanceof ApiError && error.code === 'api.payment.declined') return;
          throw error;
        }
        if (intent.status === 'succeeded') for (const settle of handlers.intentSucceeded) await settle(intent);
        else if (intent.status === 'processing') for (const hold of handlers.intentProcessing ?? []) await hold(intent);
        else if (failed(intent) && event.type !== 'payment_intent.succeeded' && (await failedAfterProcessing(provider, event))) {
          for (const fail of handlers.intentFailed) await fail(intent);
        }
        await applyPaymentState(provider, event.intentId);
        return;
      }
      case 'charge.refunded':
      case 'charge.refund.updated':
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.funds_withdrawn':
      case 'charge.dispute.closed':
        await applyPaymentState(provider, event.intentId);
        return;
      case 'transfer.reversed':
        await payouts.transferReversed(event.transferId, now());
        return;
      case 'account.updated':
      case 'capability.updated':
        // A capability (transfers, card payments) is part of the account's state: read again from Stripe.
        await payouts.accountUpdated(event.accountId);
        return;
      case 'payout.failed':
      case 'payout.paid':
        // Stored above by the account's id: the payouts tab reads the latest of them (payouts.status). Our ledger
        // is not touched: the transfer to the seller's account was made; only Stripe's payout from it to the bank failed.
        return;
    }
  }

  return {
    applyPaymentState,

    /**
     * Stores the event by its id, then handles it. A redelivery of an event already handled is a no-op; one whose
     * handling failed (the provider unreachable) is handled again, and the error is answered so the provider retries.
     */
    async receive(provider: string, event: PaymentEvent): Promise<'handled' | 'duplicate'> {
      await db
        .insert(paymentEvents)
        .values({ provider, eventId: event.id, type: event.type, ref: refOf(event), body: event, receivedAt: now() })
        .onConflictDoNothing();
      const [row] = await db
        .select({ id: paymentEvents.id, processedAt: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.id)));
      if (row!.processedAt) return 'duplicate';
      await handle(provider, event);
      await db.update(paymentEvents).set({ processedAt: now() }).where(eq(paymentEvents.id, row!.id));
      return 'handled';
    },
  };
}

export type PaymentEventService = ReturnType<typeof createPaymentEventService>;
