// Swapping tickets for another type the organiser allows (a swap pair). Starting a swap reserves which of the
// user's tickets go and prices the difference; a DOWNGRADE is then confirmed, an UPGRADE paid (which confirms it),
// each exchanging the tickets in one transaction. Cancelling or 30 minutes without confirmation release them.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { HeldSwap, SwapBaseTicket, SwapOrder, PaymentIntent, SwapStart, SwapTarget } from '../../../contract/entities';
import { ApiError, unlessApiError } from '../../../contract/errors';
import type { IntentLedger, IntentState, PaymentsProvider } from '../../adapters/payments';
import type { Database, Transaction } from '../../db/client';
import {
  benefits,
  events,
  payments as paymentRows,
  swapPairs,
  swapTickets,
  swaps,
  ticketTypes,
  userTicketBenefits,
  userTickets,
  users,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordEvent } from '../events/record';
import { allows, assertTicketAllowed, extendReservation, factsAllow, lockTickets, mayTake, ownedBy, setTicketStatus } from '../lifecycle/service';
import { transferableTickets } from '../tickets/service';
import { heldSwapsOf } from './held';
import { endAttempt, recordAttempt } from '../reconcile/attempts';
import { claimMail, paymentFailedMailKey, paymentRefundedMailKey } from '../flow-mail';

const toDecimal = (minor: number) => minor / 100;
/** A started swap holds its tickets this long, time enough for the checkout; afterwards they may be offered again. */
const RESERVATION_MS = 30 * 60 * 1000;
/**
 * A swap whose payment is processing (a bank debit) keeps its tickets until the payment succeeds or fails, at most this
 * long after it was made (Stripe's BECS debits settle within three business days); past it the swap expires like any
 * other, and a payment that succeeds later is refunded (docs/decisions/0065-processing-payments-that-fail-swaps-paid-by-bank-debit-the.md).
 */
export const PROCESSING_HOLD_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * How long a swap whose payment is processing keeps its tickets: PROCESSING_HOLD_MS after the payment was made (never
 * less than the hold it already had), but never past the event's start — a reserved ticket is refused at the door, so a
 * hold that outlived the start would keep the person out. At the end the swap expires as at the 3-day end
 * (docs/decisions/0072-processing-payments-a-reload-the-hold-at-the-events-start-a.md).
 */
export function processingHoldEnd(swap: { expiresAt: Date }, at: Date, eventStartsAt: Date): Date {
  const longest = Math.max(swap.expiresAt.getTime(), at.getTime() + PROCESSING_HOLD_MS);
  return new Date(Math.min(longest, eventStartsAt.getTime()));
}

export function createSwapService({
  db,
  now,
  payments,
  onConfirmed,
  onPaymentFailed,
  onPaymentRefunded,
}: {
  db: Database;
  now: () => Date;
  payments: PaymentsProvider;
  /** After a swap was confirmed and committed (once per swap, whichever path confirmed it): its receipt. */
  onConfirmed?: (swapId: number) => Promise<void>;
  /** After an UPGRADE's processing payment failed and the swap was released (committed): the person is told. */
  onPaymentFailed?: (swapId: number) => Promise<void>;
  /** After an UPGRADE's payment that succeeded too late (the swap had ended) was refunded (committed): the person is told. */
  onPaymentRefunded?: (swapId: number) => Promise<void>;
}) {
  /**
   * Runs a settlement, noting the swaps whose exchange it commits; once it has committed, each one's receipt goes
   * out (a call that finds the swap already confirmed notes nothing, so a receipt is sent once). Swaps whose late
   * payment it refunded and whose refund e-mail it claimed are told so, also after the commit — also when it throws.
   */
  async function receipting<T>(run: (confirmed: Set<number>, refunded: Set<number>) => Promise<T>): Promise<T> {
    const confirmed = new Set<number>();
    const refunded = new Set<number>();
    try {
      const result = await run(confirmed, refunded);
      for (const swapId of confirmed) await onConfirmed?.(swapId);
      return result;
    } finally {
      for (const swapId of refunded) await onPaymentRefunded?.(swapId);
    }
  }

  /** What `transaction` answers; if it did not commit, the refunds it noted in `refunded` were undone and are not told. */
  async function committed<T>(refunded: Set<number>, transaction: Promise<T>): Promise<T> {
    try {
      return await transaction;
    } catch (error) {
      refunded.clear();
      throw error;
    }
  }

  return {
    /** Base tickets: the user's swappable tickets grouped by type, for types with at least one swap pair. */
    async baseTickets(userId: number): Promise<SwapBaseTicket[]> {
      const held = await transferableTickets(db, userId, 'swap', now());
      const idsByType = new Map<number, number[]>();
      for (const ticket of held) idsByType.set(ticket.ticketTypeId, [...(idsByType.get(ticket.ticketTypeId) ?? []), ticket.id]);
      if (idsByType.size === 0) return [];
      const types = await db
        .selectDistinct({ type: ticketTypes })
        .from(ticketTypes)
        .innerJoin(swapPairs, eq(swapPairs.baseTicketTypeId, ticketTypes.id))
        .where(inArray(ticketTypes.id, [...idsByType.keys()]))
        .orderBy(asc(ticketTypes.id));
      return types.map(({ type }) => ({
        id: type.id,
        name: type.name,
        logo: type.logoUrl,
        price: toDecimal(type.priceMinor),
        currencySymbol: type.currencySymbol,
        currencyCode: type.currencyCode,
        quantity: idsByType.get(type.id)?.length ?? 0,
        eventId: type.eventId,
        userTicketIds: idsByType.get(type.id) ?? [],
      }));
    },

    /** The user's swaps in progress, each with the tickets it holds and until when (./held.ts). */
    async held(userId: number): Promise<HeldSwap[]> {
      return heldSwapsOf(db, userId, now());
    },

    /** Targets of a base type: each swap pair with its target type and how many may still be swapped in. */
    async targets(ticketTypeId: number): Promise<SwapTarget[]> {
      const rows = await db
        .select({ pair: swapPairs, target: ticketTypes })
        .from(swapPairs)
        .innerJoin(ticketTypes, eq(ticketTypes.id, swapPairs.targetTicketTypeId))
        .where(eq(swapPairs.baseTicketTypeId, ticketTypeId))
        .orderBy(asc(ticketTypes.priceMinor), asc(swapPairs.id));
      return rows.map(({ pair, target }) => ({
        id: pair.id,
        name: target.name,
        logo: target.logoUrl,
        price: toDecimal(target.priceMinor),
        currencySymbol: target.currencySymbol,
        currencyCode: target.currencyCode,
        quantity: pair.availableQuantity,
      }));
    },

    /** Reserves the user's tickets for 30 minutes (time for the checkout) and prices the difference. */
    async start(userId: number, input: { baseTicketId: number; swapPairId: number; swapQuantity: number }): Promise<SwapStart> {
      return inTransaction(db, async (tx) => {
        const at = now();
        const [row] = await tx
          .select({ pair: swapPairs, base: ticketTypes, eventName: events.name })
          .from(swapPairs)
          .innerJoin(ticketTypes, eq(ticketTypes.id, swapPairs.baseTicketTypeId))
          .innerJoin(events, eq(events.id, ticketTypes.eventId))
          .where(and(eq(swapPairs.id, input.swapPairId), eq(swapPairs.baseTicketTypeId, input.baseTicketId)));
        if (!row) throw new ApiError('api.swap.not_allowed');
        const [target] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, row.pair.targetTicketTypeId));
        if (!target || input.swapQuantity > row.pair.availableQuantity) throw new ApiError('api.swap.not_allowed');

        // Locked in id order: a concurrent start waits here and then finds these tickets reserved.
        const candidates = await lockTickets(
          tx,
          and(ownedBy(userId), eq(userTickets.ticketTypeId, input.baseTicketId), mayTake('swap.reserve', at), factsAllow('swap.reserve', at)),
          at,
        );
        const chosen = candidates.filter((ticket) => allows(ticket, 'swap.reserve', at)).slice(0, input.swapQuantity);
        if (chosen.length < input.swapQuantity) throw new ApiError('api.swap.not_enough_tickets');

        const amountDueMinor = (target.priceMinor - row.base.priceMinor) * input.swapQuantity;
        const orderIdentifier = `SW-${randomBytes(6).toString('hex').toUpperCase()}`;
        const expiresAt = new Date(at.getTime() + RESERVATION_MS);
        const [swap] = await tx
          .insert(swaps)
          .values({
            orderIdentifier,
            userId,
            swapPairId: row.pair.id,
            quantity: input.swapQuantity,
            swapType: amountDueMinor > 0 ? 'UPGRADE' : 'DOWNGRADE',
            amountDueMinor,
            currencyCode: target.currencyCode,
            createdAt: at,
            expiresAt,
          })
          .returning();
        await tx.insert(swapTickets).values(chosen.map((ticket) => ({ swapId: swap!.id, baseUserTicketId: ticket.id })));
        await setTicketStatus(tx, chosen, 'swap.reserve', at, { reservedBySwapId: swap!.id, reservedUntil: expiresAt });
        return {
          swapType: swap!.swapType,
          orderIdentifier,
          name: row.eventName,
          eventId: row.base.eventId,
          // On the wire as docs/product.md §4 counts it: base − target, so an UPGRADE is negative (the user pays it).
          amount: toDecimal(-amountDueMinor),
          currencyCode: target.currencyCode,
          currencySymbol: target.currencySymbol,
        };
      });
    },

    /**
     * One of the user's swap orders as the checkout page shows it. A started swap past its 30 minutes reads as
     * expired (the next write that touches it records that); someone else's order is not found.
     */
    async order(userId: number, orderIdentifier: string): Promise<SwapOrder> {
      const [row] = await db
        .select({ swap: swaps, pair: swapPairs, base: ticketTypes, eventName: events.name, eventTimeZone: events.timeZone })
        .from(swaps)
        .innerJoin(swapPairs, eq(swapPairs.id, swaps.swapPairId))
        .innerJoin(ticketTypes, eq(ticketTypes.id, swapPairs.baseTicketTypeId))
        .innerJoin(events, eq(events.id, ticketTypes.eventId))
        .where(and(eq(swaps.orderIdentifier, orderIdentifier), eq(swaps.userId, userId)));
      if (!row) throw new ApiError('api.swap.not_found');
      const [target] = await db.select().from(ticketTypes).where(eq(ticketTypes.id, row.pair.targetTicketTypeId));
      const { swap } = row;
      const lapsed = swap.status === 'started' && swap.expiresAt <= now();
      // A reloaded checkout learns here that its payment is on its way (the provider is asked only for a swap that has
      // one; when it cannot be asked, the order is shown without what it would have said).
      const processing = swap.status === 'started' && !lapsed && swap.swapType === 'UPGRADE' ? await processingPayment(swap).catch(unlessApiError(undefined)) : undefined;
      return {
        orderIdentifier: swap.orderIdentifier,
        swapType: swap.swapType,
        status: lapsed ? 'expired' : swap.status,
        eventId: row.base.eventId,
        eventName: row.eventName,
        fromName: row.base.name,
        toName: target!.name,
        quantity: swap.quantity,
        amountDue: toDecimal(Math.max(swap.amountDueMinor, 0)),
        amountLost: toDecimal(Math.max(-swap.amountDueMinor, 0)),
        currencyCode: swap.currencyCode,
        currencySymbol: target!.currencySymbol,
        expiresAt: swap.expiresAt.toISOString(),
        eventTimeZone: row.eventTimeZone,
        processingPaymentIntentId: processing?.error.extra.paymentIntentId ?? null,
      };
    },

    /**
     * Confirms a swap (after checkout): a DOWNGRADE at once; an UPGRADE only once its difference is paid (paying
     * confirms it, so this answers ok for a paid one and 402 for an unpaid one). Confirming twice changes nothing.
     */
    async confirm(userId: number, orderIdentifier: string): Promise<{ ok: true }> {
      return receipting((confirmed) => settle(
        inTransaction(db, async (tx) => {
          confirmed.clear(); // a retried transaction starts over
          const at = now();
          const swap = await lockSwap(tx, userId, orderIdentifier);
          if (swap.status === 'confirmed') return done;
          const ended = await endedOrLapsed(tx, swap, at);
          if (ended) return ended;
          if (swap.swapType === 'UPGRADE') return { error: new ApiError('api.swap.payment_required') };
          const exchange = await prepareExchange(tx, swap, at, confirmed);
          await exchange.commit();
          return done;
        }),
      ));
    },

    /**
     * The Stripe PaymentIntent for an UPGRADE's difference, made once per swap (the same idempotency key answers the
     * same intent again) and remembered: only this intent can pay this swap. Stripe.js confirms it in the page.
     */
    async paymentIntent(userId: number, orderIdentifier: string): Promise<PaymentIntent> {
      const intents = payments.intents;
      if (!intents) throw new ApiError('api.payment.stripe_not_configured');
      return settle(
        inTransaction(db, async (tx): Promise<Outcome<PaymentIntent>> => {
          const at = now();
          const swap = await lockSwap(tx, userId, orderIdentifier);
          if (swap.status === 'confirmed') return { error: new ApiError('api.swap.already_confirmed') };
          const ended = await endedOrLapsed(tx, swap, at);
          if (ended) return ended;
          if (swap.swapType !== 'UPGRADE') return { error: new ApiError('api.swap.nothing_to_pay') };
          const intent = await intents.create({
            amountMinor: swap.amountDueMinor,
            currencyCode: swap.currencyCode,
            description: `Ticket swap ${swap.orderIdentifier}`,
            idempotencyKey: `swap-intent:${swap.orderIdentifier}`,
            purpose: { kind: 'swap', swapOrder: swap.orderIdentifier },
            receiptEmail: (await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email,
          });
          if (swap.paymentIntentId !== intent.id) await tx.update(swaps).set({ paymentIntentId: intent.id }).where(eq(swaps.id, swap.id));
          await recordAttempt(tx, {
            provider: 'stripe',
            intentId: intent.id,
            purpose: 'swap',
            amountMinor: swap.amountDueMinor,
            currencyCode: swap.currencyCode,
            holdUntil: swap.expiresAt,
            at,
          });
          return { paymentIntentId: intent.id, clientSecret: intent.clientSecret, publishableKey: intents.publishableKey };
        }),
      );
    },

    /**
     * Pays an UPGRADE's difference, which confirms it: either a payment method the server charges through the
     * payments adapter, or the id of the swap's PaymentIntent that Stripe.js confirmed — retrieved from Stripe and
     * verified here (succeeded, the amount and currency due, made for this swap), never taken on the page's word.
     */
    async pay(userId: number, orderIdentifier: string, payment: { paymentMethod: string } | { paymentIntentId: string }): Promise<{ ok: true }> {
      if ('paymentIntentId' in payment) {
        // Stripe's intent Stripe.js confirmed, or a local payment that was processing (the page asks again until it ends).
        const intents = payments.ledger;
        if (!intents) throw new ApiError('api.payment.stripe_not_configured');
        const intent = await intents.retrieve(payment.paymentIntentId);
        return receipting((confirmed, refunded) =>
          settle(committed(refunded, inTransaction(db, async (tx) => settleIntent(tx, await lockSwap(tx, userId, orderIdentifier), intent, intents, now(), confirmed, refunded)))),
        );
      }
      const { paymentMethod } = payment;
      return receipting((confirmed) => settle(
        inTransaction(db, async (tx) => {
          confirmed.clear(); // a retried transaction starts over
          const at = now();
          const swap = await lockSwap(tx, userId, orderIdentifier);
          if (swap.status === 'confirmed') return done;
          const ended = await endedOrLapsed(tx, swap, at);
          if (ended) return ended;
          if (swap.swapType !== 'UPGRADE') return { error: new ApiError('api.swap.nothing_to_pay') };
          // A payment already on its way is not doubled by another method: the page is told to wait for it.
          const waiting = await processingPayment(swap);
          if (waiting) return waiting;
          // Everything the exchange needs is locked and checked before any money moves.
          const exchange = await prepareExchange(tx, swap, at, confirmed);
          const charge = await payments.charge({
            amountMinor: swap.amountDueMinor,
            currencyCode: swap.currencyCode,
            paymentMethod,
            description: `Ticket swap ${swap.orderIdentifier}`,
            idempotencyKey: `swap:${swap.orderIdentifier}:${paymentMethod}`,
            purpose: { kind: 'swap', swapOrder: swap.orderIdentifier },
          });
          if (charge.status === 'processing') return holdWhileProcessing(tx, swap, charge.providerPaymentId, at);
          if (charge.status !== 'succeeded' || charge.amountMinor !== swap.amountDueMinor) return { error: new ApiError('api.payment.declined') };
          await recordPayment(tx, swap, at, {
            provider: payments.kind,
            providerPaymentId: charge.providerPaymentId,
            providerChargeId: charge.providerChargeId,
            currencyCode: charge.currencyCode,
          });
          await exchange.commit();
          return done;
        }),
      ));
    },

    /**
     * Stripe's word that a PaymentIntent succeeded (the signed webhook), for a person who paid and closed the page
     * before it reported back: the swap it was made for is settled as if the page had sent it. Intents of other
     * purposes, or of swaps we do not know, are left alone.
     */
    async intentSucceeded(intent: IntentState): Promise<void> {
      const intents = payments.ledger;
      if (!intents || intent.purpose?.kind !== 'swap') return;
      const orderIdentifier = intent.purpose.swapOrder;
      await receipting((confirmed, refunded) =>
        settle(
          committed(refunded, inTransaction(db, async (tx) => {
            const [swap] = await tx.select().from(swaps).where(eq(swaps.orderIdentifier, orderIdentifier)).for('update');
            if (!swap) return done;
            return settleIntent(tx, swap, intent, intents, now(), confirmed, refunded);
          })),
        ),
      ).catch((error: unknown) => {
        // Answered to Stripe as received: the swap ended or the intent is not its payment, and retrying changes nothing.
        if (!(error instanceof ApiError)) throw error;
      });
    },

    /**
     * The provider's word that a swap's intent is processing (Stripe's webhook: the page learnt it from Stripe.js and
     * reports nothing): the swap keeps its tickets until the payment ends, as when the server charged it itself.
     */
    async intentProcessing(intent: IntentState): Promise<void> {
      if (intent.purpose?.kind !== 'swap') return;
      const orderIdentifier = intent.purpose.swapOrder;
      await inTransaction(db, async (tx) => {
        const [swap] = await tx.select().from(swaps).where(eq(swaps.orderIdentifier, orderIdentifier)).for('update');
        const at = now();
        if (!swap || swap.paymentIntentId !== intent.id || swap.status !== 'started' || swap.expiresAt <= at) return;
        // Already held for it (the server's own charge answered processing).
        if (swap.expiresAt.getTime() > swap.createdAt.getTime() + RESERVATION_MS) return;
        await lockTickets(tx, eq(userTickets.reservedBySwapId, swap.id), at);
        await holdWhileProcessing(tx, swap, intent.id, at);
      });
    },

    /**
     * The provider's word that an UPGRADE's processing payment failed (a bank debit returned): the swap it was made for
     * is released, its tickets held again, and the person is told by e-mail. A swap that ended meanwhile is left as it
     * is, but they are still told the payment failed; one that was confirmed (by another payment) is not theirs to end.
     * Told once: the e-mail is claimed in the transaction that releases the swap, so of two instances handling the
     * same failure at once (a redelivery, another instance's ledger) only the one whose claim wins sends it.
     */
    async intentFailed(intent: IntentState): Promise<void> {
      if (intent.purpose?.kind !== 'swap') return;
      const orderIdentifier = intent.purpose.swapOrder;
      const swapId = await inTransaction(db, async (tx) => {
        const [swap] = await tx.select().from(swaps).where(eq(swaps.orderIdentifier, orderIdentifier)).for('update');
        if (!swap || swap.paymentIntentId !== intent.id || swap.status === 'confirmed') return null;
        const at = now();
        if (!(await claimMail(tx, paymentFailedMailKey(payments.kind, intent), at))) return null;
        if (swap.status === 'started') await release(tx, swap, at);
        return swap.id;
      });
      if (swapId !== null) await onPaymentFailed?.(swapId);
    },

    /**
     * Swaps still `started` past their 30 minutes, ended as expired in the database: their tickets are released and
     * their unpaid intents cancelled (reconciliation; a request that touches one does the same). Rows another instance
     * holds are skipped. Answers the order identifiers it expired.
     */
    async expireLapsed(at: Date, limit = 100): Promise<string[]> {
      const lapsed = await db
        .select({ id: swaps.id })
        .from(swaps)
        .where(and(eq(swaps.status, 'started'), lte(swaps.expiresAt, at)))
        .orderBy(asc(swaps.expiresAt), asc(swaps.id))
        .limit(limit);
      const expired: string[] = [];
      for (const { id } of lapsed) {
        await inTransaction(db, async (tx) => {
          const [swap] = await tx
            .select()
            .from(swaps)
            .where(and(eq(swaps.id, id), eq(swaps.status, 'started'), lte(swaps.expiresAt, at)))
            .for('update', { skipLocked: true });
          if (!swap) return;
          await expire(tx, swap, at);
          expired.push(swap.orderIdentifier);
        });
      }
      return expired;
    },

    /** Cancels a started swap: its tickets are held again. A swap already ended stays as it is. */
    async cancel(userId: number, orderIdentifier: string): Promise<{ ok: true }> {
      return settle(
        inTransaction(db, async (tx) => {
          const at = now();
          const swap = await lockSwap(tx, userId, orderIdentifier);
          if (swap.status === 'confirmed') return { error: new ApiError('api.swap.already_confirmed') };
          if (swap.status !== 'started' || (await endedOrLapsed(tx, swap, at))) return done;
          await release(tx, swap, at);
          return done;
        }),
      );
    },
  };

  async function lockSwap(tx: Transaction, userId: number, orderIdentifier: string) {
    const [swap] = await tx
      .select()
      .from(swaps)
      .where(and(eq(swaps.orderIdentifier, orderIdentifier), eq(swaps.userId, userId)))
      .for('update');
    if (!swap) throw new ApiError('api.swap.not_found');
    return swap;
  }

  /**
   * Settles a swap with its PaymentIntent. The intent must be the one made for this swap and must have taken the
   * amount due in its currency, else the payment is declined. Money taken for a swap that can no longer be settled
   * (it was cancelled, it expired, the target sold out meanwhile) is refunded and the swap ends, releasing its tickets;
   * the refund's e-mail is claimed in the same transaction (noted in `refunded`, sent after the commit), so of every
   * caller that refunds it (the page, a redelivery, another instance) one tells the person.
   */
  async function settleIntent(
    tx: Transaction,
    swap: SwapRow,
    intent: IntentState,
    intents: IntentLedger,
    at: Date,
    confirmed: Set<number>,
    refunded: Set<number>,
  ): Promise<Outcome> {
    confirmed.clear(); // a retried transaction starts over
    refunded.clear();
    if (swap.status === 'confirmed') return done;
    // Not declined: the money is on its way, and the webhook settles the swap once it arrives.
    if (intent.status === 'processing' && swap.paymentIntentId === intent.id) return { error: new ApiError('api.payment.processing', { paymentIntentId: intent.id }) };
    const paid =
      swap.swapType === 'UPGRADE' &&
      swap.paymentIntentId === intent.id &&
      intent.purpose?.kind === 'swap' &&
      intent.purpose.swapOrder === swap.orderIdentifier &&
      intent.status === 'succeeded' &&
      intent.amountReceivedMinor === swap.amountDueMinor &&
      intent.currencyCode === swap.currencyCode;
    if (!paid) return { error: new ApiError('api.payment.declined') };
    const refund = async () => {
      await intents.refund(intent.id, `swap-refund:${swap.orderIdentifier}`);
      await endAttempt(tx, payments.kind, intent.id, 'refunded', at);
      if (await claimMail(tx, paymentRefundedMailKey(payments.kind, intent), at)) refunded.add(swap.id);
    };
    const ended = await endedOrLapsed(tx, swap, at);
    if (ended) {
      await refund();
      return ended;
    }
    let exchange: Awaited<ReturnType<typeof prepareExchange>>;
    try {
      exchange = await prepareExchange(tx, swap, at, confirmed);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await refund();
      await release(tx, swap, at);
      return { error };
    }
    await recordPayment(tx, swap, at, { provider: payments.kind, providerPaymentId: intent.id, providerChargeId: intent.chargeId, currencyCode: intent.currencyCode });
    await endAttempt(tx, payments.kind, intent.id, 'settled', at);
    await exchange.commit();
    return done;
  }

  /** Ends a started swap as cancelled: its reserved tickets are held again, and its unpaid intent is cancelled. */
  async function release(tx: Transaction, swap: SwapRow, at: Date) {
    const reserved = await lockTickets(tx, eq(userTickets.reservedBySwapId, swap.id), at);
    await setTicketStatus(tx, reserved, 'swap.cancel', at);
    await tx.update(swaps).set({ status: 'cancelled', endedAt: at }).where(eq(swaps.id, swap.id));
    await cancelIntent(tx, swap, at);
  }

  /**
   * An ended swap's PaymentIntent can no longer pay for anything: it is cancelled at Stripe, so the page cannot take
   * money for it. One that succeeded meanwhile is refused by Stripe and refunded when it is settled; Stripe unreachable
   * leaves it to reconciliation, which cancels the intents of ended swaps again.
   */
  async function cancelIntent(tx: Transaction, swap: SwapRow, at: Date) {
    if (!swap.paymentIntentId || !payments.ledger) return;
    try {
      if (await payments.ledger.cancel(swap.paymentIntentId)) await endAttempt(tx, payments.kind, swap.paymentIntentId, 'cancelled', at);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /** The swap's own payment while it is processing, answered as such (with its id, for the page to ask again); else undefined. */
  async function processingPayment(swap: SwapRow): Promise<{ error: ApiError } | undefined> {
    if (!swap.paymentIntentId || !payments.ledger) return undefined;
    const intent = await payments.ledger.retrieve(swap.paymentIntentId);
    return intent.status === 'processing' ? { error: new ApiError('api.payment.processing', { paymentIntentId: intent.id }) } : undefined;
  }

  /**
   * An UPGRADE's payment is processing: the swap remembers it (only it can pay the swap now), keeps its tickets until it
   * ends (within PROCESSING_HOLD_MS), and reconciliation watches it like any intent. Answers processing, committed.
   */
  async function holdWhileProcessing(tx: Transaction, swap: SwapRow, intentId: string, at: Date): Promise<{ error: ApiError }> {
    const holdUntil = processingHoldEnd(swap, at, await eventStartOf(tx, swap));
    await tx.update(swaps).set({ paymentIntentId: intentId, expiresAt: holdUntil }).where(eq(swaps.id, swap.id));
    await extendReservation(tx, swap.id, swap.userId, holdUntil);
    await recordAttempt(tx, { provider: payments.kind, intentId, purpose: 'swap', amountMinor: swap.amountDueMinor, currencyCode: swap.currencyCode, holdUntil, at });
    return { error: new ApiError('api.payment.processing', { paymentIntentId: intentId }) };
  }

  /** When the event of a swap's tickets starts. */
  async function eventStartOf(tx: Transaction, swap: SwapRow): Promise<Date> {
    const [row] = await tx
      .select({ startsAt: events.startsAt })
      .from(swapPairs)
      .innerJoin(ticketTypes, eq(ticketTypes.id, swapPairs.baseTicketTypeId))
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .where(eq(swapPairs.id, swap.swapPairId));
    return row!.startsAt;
  }

  async function recordPayment(
    tx: Transaction,
    swap: SwapRow,
    at: Date,
    charge: { provider: string; providerPaymentId: string; providerChargeId: string | null; currencyCode: string },
  ) {
    const [payment] = await tx
      .insert(paymentRows)
      .values({ userId: swap.userId, purpose: 'swap', amountMinor: swap.amountDueMinor, createdAt: at, ...charge })
      .returning({ id: paymentRows.id });
    await tx.update(swaps).set({ paymentId: payment!.id, paidAt: at }).where(eq(swaps.id, swap.id));
  }

  /**
   * A cancelled or expired swap answers why; a started one past its 30 minutes expires now (its tickets are released
   * by the lock, the machine's swap.expire) and answers that it expired. Undefined for a swap still running.
   */
  async function endedOrLapsed(tx: Transaction, swap: SwapRow, at: Date): Promise<{ error: ApiError } | undefined> {
    if (swap.status === 'cancelled') return { error: new ApiError('api.swap.cancelled') };
    if (swap.status === 'expired') return { error: new ApiError('api.swap.expired') };
    if (swap.expiresAt > at) return undefined;
    await expire(tx, swap, at);
    return { error: new ApiError('api.swap.expired') };
  }

  /** A started swap past its 30 minutes ends as expired: its tickets are released by the lock (the machine's swap.expire), its intent cancelled. */
  async function expire(tx: Transaction, swap: SwapRow, at: Date) {
    await lockTickets(tx, eq(userTickets.reservedBySwapId, swap.id), at);
    await tx.update(swaps).set({ status: 'expired', endedAt: at }).where(eq(swaps.id, swap.id));
    await cancelIntent(tx, swap, at);
  }

  /** Locks the swap's tickets and its pair's allowance and checks both; commit() then exchanges the tickets. */
  /** `confirmed` notes the swap once commit() ran, for its receipt after the transaction (see receipting). */
  async function prepareExchange(tx: Transaction, swap: SwapRow, at: Date, confirmed: Set<number>) {
    const items = await tx.select().from(swapTickets).where(eq(swapTickets.swapId, swap.id));
    const tickets = await lockTickets(tx, inArray(userTickets.id, items.map((item) => item.baseUserTicketId)), at);
    for (const ticket of tickets) {
      if (ticket.reservedBySwapId !== swap.id) throw new ApiError('api.swap.not_enough_tickets');
      assertTicketAllowed(ticket, 'swap.confirm', at);
    }
    if (tickets.length !== swap.quantity) throw new ApiError('api.swap.not_enough_tickets');
    const [pair] = await tx.select().from(swapPairs).where(eq(swapPairs.id, swap.swapPairId)).for('update');
    if (!pair || pair.availableQuantity < swap.quantity) throw new ApiError('api.swap.not_allowed');
    const [target] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, pair.targetTicketTypeId));
    const targetBenefits = await tx.select().from(benefits).where(eq(benefits.ticketTypeId, pair.targetTicketTypeId));

    return {
      async commit() {
        await tx
          .update(swapPairs)
          .set({ availableQuantity: sql`${swapPairs.availableQuantity} - ${swap.quantity}` })
          .where(eq(swapPairs.id, pair.id));
        await setTicketStatus(tx, tickets, 'swap.confirm', at);
        for (const item of items) {
          const [created] = await tx
            .insert(userTickets)
            .values({
              ticketTypeId: target!.id,
              ownerUserId: swap.userId,
              source: 'swap',
              purchasePriceMinor: target!.priceMinor,
              previousUserTicketId: item.baseUserTicketId,
              createdAt: at,
            })
            .returning({ id: userTickets.id });
          if (targetBenefits.length) {
            await tx.insert(userTicketBenefits).values(
              targetBenefits.map((benefit) => ({ userTicketId: created!.id, benefitId: benefit.id, purchasedAmount: benefit.amountPerTicket })),
            );
          }
          await tx.update(swapTickets).set({ newUserTicketId: created!.id }).where(eq(swapTickets.id, item.id));
          recordEvent(tx, { userId: swap.userId, type: 'ticket.received', userTicketId: created!.id });
        }
        await tx.update(swaps).set({ status: 'confirmed', confirmedAt: at, endedAt: at }).where(eq(swaps.id, swap.id));
        confirmed.add(swap.id);
      },
    };
  }
}

export type SwapService = ReturnType<typeof createSwapService>;
type SwapRow = typeof swaps.$inferSelect;
type Outcome<T = { ok: true }> = T | { error: ApiError };
const done: Outcome = { ok: true };

/** A transaction that commits what it wrote (an expiry) and still answers an error: thrown after the commit. */
async function settle<T extends object>(outcome: Promise<Outcome<T>>): Promise<T> {
  const result = await outcome;
  if ('error' in result) throw result.error;
  return result;
}
