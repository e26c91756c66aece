// Swapping tickets for another type the organiser allows (a swap pair). Starting a swap reserves which of the
// user's tickets go and prices the difference; confirming it (after checkout) exchanges them in one transaction.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { SwapBaseTicket, SwapStart, SwapTarget } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { benefits, events, swapPairs, swapTickets, swaps, ticketTypes, userTicketBenefits, userTickets } from '../../db/schema';
import { transferableTickets } from '../tickets/service';

const toDecimal = (minor: number) => minor / 100;
/** A started swap holds its tickets this long, time enough for the checkout; afterwards they may be offered again. */
const RESERVATION_MS = 30 * 60 * 1000;

export function createSwapService({ db, now }: { db: Database; now: () => Date }) {
  return {
    /** Base tickets: the user's swappable tickets grouped by type, for types with at least one swap pair. */
    async baseTickets(userId: number): Promise<SwapBaseTicket[]> {
      const held = (await transferableTickets(db, userId, 'swap', now())).map(({ ticket }) => ticket);
      const counts = new Map<number, number>();
      for (const ticket of held) counts.set(ticket.ticketTypeId, (counts.get(ticket.ticketTypeId) ?? 0) + 1);
      if (counts.size === 0) return [];
      const types = await db
        .selectDistinct({ type: ticketTypes })
        .from(ticketTypes)
        .innerJoin(swapPairs, eq(swapPairs.baseTicketTypeId, ticketTypes.id))
        .where(inArray(ticketTypes.id, [...counts.keys()]))
        .orderBy(asc(ticketTypes.id));
      return types.map(({ type }) => ({
        id: type.id,
        name: type.name,
        logo: type.logoUrl,
        price: toDecimal(type.priceMinor),
        currencySymbol: type.currencySymbol,
        currencyCode: type.currencyCode,
        quantity: counts.get(type.id) ?? 0,
        eventId: type.eventId,
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

    async start(userId: number, input: { baseTicketId: number; swapPairId: number; swapQuantity: number }): Promise<SwapStart> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ pair: swapPairs, base: ticketTypes, eventName: events.name })
          .from(swapPairs)
          .innerJoin(ticketTypes, eq(ticketTypes.id, swapPairs.baseTicketTypeId))
          .innerJoin(events, eq(events.id, ticketTypes.eventId))
          .where(and(eq(swapPairs.id, input.swapPairId), eq(swapPairs.baseTicketTypeId, input.baseTicketId)));
        if (!row) throw new ApiError('api.swap.not_allowed');
        const [target] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, row.pair.targetTicketTypeId));
        if (!target || input.swapQuantity > row.pair.availableQuantity) throw new ApiError('api.swap.not_allowed');

        // Tickets held by another recent started swap are not offered twice.
        const reserved = await tx
          .select({ id: swapTickets.baseUserTicketId })
          .from(swapTickets)
          .innerJoin(swaps, eq(swaps.id, swapTickets.swapId))
          .where(and(eq(swaps.userId, userId), eq(swaps.status, 'started'), gt(swaps.createdAt, new Date(now().getTime() - RESERVATION_MS))));
        const candidates = (await transferableTickets(tx, userId, 'swap', now(), input.baseTicketId)).map(({ ticket }) => ticket);
        const reservedIds = new Set(reserved.map((r) => r.id));
        const chosen = candidates.filter((ticket) => !reservedIds.has(ticket.id)).slice(0, input.swapQuantity);
        if (chosen.length < input.swapQuantity) throw new ApiError('api.swap.not_enough_tickets');

        const amountDueMinor = (target.priceMinor - row.base.priceMinor) * input.swapQuantity;
        const orderIdentifier = `SW-${randomBytes(6).toString('hex').toUpperCase()}`;
        const [swap] = await tx
          .insert(swaps)
          .values({
            orderIdentifier,
            userId,
            swapPairId: row.pair.id,
            quantity: input.swapQuantity,
            swapType: amountDueMinor > 0 ? 'UPGRADE' : 'DOWNGRADE',
            amountDueMinor,
            createdAt: now(),
          })
          .returning();
        await tx.insert(swapTickets).values(chosen.map((ticket) => ({ swapId: swap!.id, baseUserTicketId: ticket.id })));
        return {
          swapType: swap!.swapType,
          orderIdentifier,
          name: row.eventName,
          eventId: row.base.eventId,
          amount: toDecimal(amountDueMinor),
          currencyCode: target.currencyCode,
          currencySymbol: target.currencySymbol,
        };
      });
    },

    /** Exchanges the reserved tickets for new ones of the target type, taking from the pair's allowance. */
    async confirm(userId: number, orderIdentifier: string): Promise<{ ok: true }> {
      return db.transaction(async (tx) => {
        const [swap] = await tx
          .select()
          .from(swaps)
          .where(and(eq(swaps.orderIdentifier, orderIdentifier), eq(swaps.userId, userId)))
          .for('update');
        if (!swap) throw new ApiError('api.swap.not_found');
        if (swap.status === 'confirmed') return { ok: true as const };
        if (swap.status !== 'started') throw new ApiError('api.swap.not_found');

        const items = await tx.select().from(swapTickets).where(eq(swapTickets.swapId, swap.id));
        const ids = items.map((item) => item.baseUserTicketId);
        const stillHeld = await tx
          .select({ id: userTickets.id, purchasePriceMinor: userTickets.purchasePriceMinor })
          .from(userTickets)
          .where(and(inArray(userTickets.id, ids), eq(userTickets.ownerUserId, userId), eq(userTickets.status, 'valid'), isNull(userTickets.eventAccessUsedAt)))
          .for('update');
        if (stillHeld.length !== ids.length) throw new ApiError('api.swap.not_enough_tickets');
        const taken = await tx
          .update(swapPairs)
          .set({ availableQuantity: sql`${swapPairs.availableQuantity} - ${swap.quantity}` })
          .where(and(eq(swapPairs.id, swap.swapPairId), gte(swapPairs.availableQuantity, swap.quantity)))
          .returning({ targetTicketTypeId: swapPairs.targetTicketTypeId });
        if (taken.length === 0) throw new ApiError('api.swap.not_allowed');
        const targetTypeId = taken[0]!.targetTicketTypeId;
        const [target] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, targetTypeId));
        const targetBenefits = await tx.select().from(benefits).where(eq(benefits.ticketTypeId, targetTypeId));

        await tx.update(userTickets).set({ status: 'swapped' }).where(inArray(userTickets.id, ids));
        for (const item of items) {
          const [created] = await tx
            .insert(userTickets)
            .values({ ticketTypeId: targetTypeId, ownerUserId: userId, source: 'swap', purchasePriceMinor: target!.priceMinor, createdAt: now() })
            .returning({ id: userTickets.id });
          if (targetBenefits.length) {
            await tx.insert(userTicketBenefits).values(
              targetBenefits.map((benefit) => ({ userTicketId: created!.id, benefitId: benefit.id, purchasedAmount: benefit.amountPerTicket })),
            );
          }
          await tx.update(swapTickets).set({ newUserTicketId: created!.id }).where(eq(swapTickets.id, item.id));
        }
        await tx.update(swaps).set({ status: 'confirmed', confirmedAt: now() }).where(eq(swaps.id, swap.id));
        return { ok: true as const };
      });
    },
  };
}
