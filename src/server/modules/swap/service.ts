// Swapping tickets for another type the organiser allows (a swap pair). Starting a swap reserves which of the
// user's tickets go and prices the difference; a DOWNGRADE is then confirmed, an UPGRADE paid (which confirms it),
// each exchanging the tickets in one transaction. Cancelling or 30 minutes without confirmation release them.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SwapBaseTicket, SwapStart, SwapTarget } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { PaymentsProvider } from '../../adapters/payments';
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
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { allows, assertTicketAllowed, factsAllow, lockTickets, mayTake, ownedBy, setTicketStatus } from '../lifecycle/service';
import { transferableTickets } from '../tickets/service';

const toDecimal = (minor: number) => minor / 100;
/** A started swap holds its tickets this long, time enough for the checkout; afterwards they may be offered again. */
const RESERVATION_MS = 30 * 60 * 1000;

export function createSwapService({ db, now, payments }: { db: Database; now: () => Date; payments: PaymentsProvider }) {
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
          // On the wire as SPEC §4 counts it: base − target, so an UPGRADE is negative (the user pays it).
          amount: toDecimal(-amountDueMinor),
          currencyCode: target.currencyCode,
          currencySymbol: target.currencySymbol,
        };
      });
    },

    /**
     * Confirms a swap (after checkout): a DOWNGRADE at once; an UPGRADE only once its difference is paid (paying
     * confirms it, so this answers ok for a paid one and 402 for an unpaid one). Confirming twice changes nothing.
     */
    async confirm(userId: number, orderIdentifier: string): Promise<{ ok: true }> {
      return settle(
        inTransaction(db, async (tx) => {
          const at = now();
          const swap = await lockSwap(tx, userId, orderIdentifier);
          if (swap.status === 'confirmed') return done;
          const ended = await endedOrLapsed(tx, swap, at);
          if (ended) return ended;
          if (swap.swapType === 'UPGRADE') return { error: new ApiError('api.swap.payment_required') };
          const exchange = await prepareExchange(tx, swap, at);
          await exchange.commit();
          return done;
        }),
      );
    },

    /** Charges an UPGRADE's difference through the payments adapter and, once the charge succeeded, confirms it. */
    async pay(userId: number, orderIdentifier: string, paymentMethod: string): Promise<{ ok: true }> {
      return settle(
        inTransaction(db, async (tx) => {
          const at = now();
          const swap = await lockSwap(tx, userId, orderIdentifier);
          if (swap.status === 'confirmed') return done;
          const ended = await endedOrLapsed(tx, swap, at);
          if (ended) return ended;
          if (swap.swapType !== 'UPGRADE') return { error: new ApiError('api.swap.nothing_to_pay') };
          // Everything the exchange needs is locked and checked before any money moves.
          const exchange = await prepareExchange(tx, swap, at);
          const charge = await payments.charge({
            amountMinor: swap.amountDueMinor,
            currencyCode: swap.currencyCode,
            paymentMethod,
            description: `Ticket swap ${swap.orderIdentifier}`,
            idempotencyKey: `swap:${swap.orderIdentifier}:${paymentMethod}`,
          });
          if (charge.status !== 'succeeded' || charge.amountMinor !== swap.amountDueMinor) return { error: new ApiError('api.payment.declined') };
          const [payment] = await tx
            .insert(paymentRows)
            .values({
              userId,
              provider: payments.kind,
              providerPaymentId: charge.providerPaymentId,
              purpose: 'swap',
              amountMinor: charge.amountMinor,
              currencyCode: charge.currencyCode,
              createdAt: at,
            })
            .returning({ id: paymentRows.id });
          await tx.update(swaps).set({ paymentId: payment!.id, paidAt: at }).where(eq(swaps.id, swap.id));
          await exchange.commit();
          return done;
        }),
      );
    },

    /** Cancels a started swap: its tickets are held again. A swap already ended stays as it is. */
    async cancel(userId: number, orderIdentifier: string): Promise<{ ok: true }> {
      return settle(
        inTransaction(db, async (tx) => {
          const at = now();
          const swap = await lockSwap(tx, userId, orderIdentifier);
          if (swap.status === 'confirmed') return { error: new ApiError('api.swap.already_confirmed') };
          if (swap.status !== 'started' || (await endedOrLapsed(tx, swap, at))) return done;
          const reserved = await lockTickets(tx, eq(userTickets.reservedBySwapId, swap.id), at);
          await setTicketStatus(tx, reserved, 'swap.cancel', at);
          await tx.update(swaps).set({ status: 'cancelled', endedAt: at }).where(eq(swaps.id, swap.id));
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
   * A cancelled or expired swap answers why; a started one past its 30 minutes expires now (its tickets are released
   * by the lock, the machine's swap.expire) and answers that it expired. Undefined for a swap still running.
   */
  async function endedOrLapsed(tx: Transaction, swap: SwapRow, at: Date): Promise<Outcome | undefined> {
    if (swap.status === 'cancelled') return { error: new ApiError('api.swap.cancelled') };
    if (swap.status === 'expired') return { error: new ApiError('api.swap.expired') };
    if (swap.expiresAt > at) return undefined;
    await lockTickets(tx, eq(userTickets.reservedBySwapId, swap.id), at);
    await tx.update(swaps).set({ status: 'expired', endedAt: at }).where(eq(swaps.id, swap.id));
    return { error: new ApiError('api.swap.expired') };
  }

  /** Locks the swap's tickets and its pair's allowance and checks both; commit() then exchanges the tickets. */
  async function prepareExchange(tx: Transaction, swap: SwapRow, at: Date) {
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
            .values({ ticketTypeId: target!.id, ownerUserId: swap.userId, source: 'swap', purchasePriceMinor: target!.priceMinor, createdAt: at })
            .returning({ id: userTickets.id });
          if (targetBenefits.length) {
            await tx.insert(userTicketBenefits).values(
              targetBenefits.map((benefit) => ({ userTicketId: created!.id, benefitId: benefit.id, purchasedAmount: benefit.amountPerTicket })),
            );
          }
          await tx.update(swapTickets).set({ newUserTicketId: created!.id }).where(eq(swapTickets.id, item.id));
        }
        await tx.update(swaps).set({ status: 'confirmed', confirmedAt: at, endedAt: at }).where(eq(swaps.id, swap.id));
      },
    };
  }
}

type SwapRow = typeof swaps.$inferSelect;
type Outcome = { ok: true } | { error: ApiError };
const done: Outcome = { ok: true };

/** A transaction that commits what it wrote (an expiry) and still answers an error: thrown after the commit. */
async function settle(outcome: Promise<Outcome>): Promise<{ ok: true }> {
  const result = await outcome;
  if ('error' in result) throw result.error;
  return result;
}
