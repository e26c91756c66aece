// The caller's swaps in progress: started, neither confirmed nor cancelled, and still within their hold. Each holds
// the caller's tickets, which meanwhile cannot be gifted, swapped, resold or handed on as a PDF; the wallet shows it
// with its end ("held until") and offers its checkout or Cancel, so a swap left behind (a closed tab) is not a ticket
// that vanished without a word. Read for the swap screen and for the ticket page, and only for the person who started it.
import { aliasedTable, and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { HeldSwap } from '../../../contract/entities';
import type { Database, Transaction } from '../../db/client';
import { events, swapPairs, swaps, ticketTypes, userTickets } from '../../db/schema';

const targetTypes = aliasedTable(ticketTypes, 'target_types');

/** The user's held swaps, oldest first; `userTicketId` narrows them to the one holding that ticket. */
export async function heldSwapsOf(db: Database | Transaction, userId: number, now: Date, userTicketId?: number): Promise<HeldSwap[]> {
  const holding: SQL | undefined =
    userTicketId === undefined
      ? undefined
      : inArray(
          swaps.id,
          db
            .select({ id: userTickets.reservedBySwapId })
            .from(userTickets)
            .where(and(eq(userTickets.id, userTicketId), eq(userTickets.ownerUserId, userId), eq(userTickets.status, 'reserved'))),
        );
  const rows = await db
    .select({
      id: swaps.id,
      orderIdentifier: swaps.orderIdentifier,
      swapType: swaps.swapType,
      quantity: swaps.quantity,
      expiresAt: swaps.expiresAt,
      eventId: events.id,
      eventName: events.name,
      fromName: ticketTypes.name,
      toName: targetTypes.name,
    })
    .from(swaps)
    .innerJoin(swapPairs, eq(swapPairs.id, swaps.swapPairId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, swapPairs.baseTicketTypeId))
    .innerJoin(targetTypes, eq(targetTypes.id, swapPairs.targetTicketTypeId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(swaps.userId, userId), eq(swaps.status, 'started'), gt(swaps.expiresAt, now), holding))
    .orderBy(asc(swaps.expiresAt), asc(swaps.id));
  if (rows.length === 0) return [];
  const tickets = await db
    .select({ id: userTickets.id, swapId: userTickets.reservedBySwapId })
    .from(userTickets)
    .where(
      and(
        inArray(userTickets.reservedBySwapId, rows.map((row) => row.id)),
        eq(userTickets.ownerUserId, userId),
        eq(userTickets.status, 'reserved'),
      ),
    )
    .orderBy(asc(userTickets.id));
  return rows
    .map((row) => ({
      orderIdentifier: row.orderIdentifier,
      swapType: row.swapType,
      eventId: row.eventId,
      eventName: row.eventName,
      fromName: row.fromName,
      toName: row.toName,
      quantity: row.quantity,
      heldUntil: row.expiresAt.toISOString(),
      userTicketIds: tickets.filter((ticket) => ticket.swapId === row.id).map((ticket) => ticket.id),
    }))
    .filter((held) => held.userTicketIds.length > 0);
}
