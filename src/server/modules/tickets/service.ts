// My tickets: the tickets a user holds, upcoming or past, and one ticket with its event access and benefits.
// A ticket is upcoming until its event has ended; gift, swap and resell are offered only on upcoming tickets
// whose event access is unused and that are not listed for resale (SPEC §6).
import { and, asc, desc, eq, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { Benefit, TicketDetail, UserTicket } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { Database, Transaction } from '../../db/client';
import { benefits, events, ticketTypes, type UserTicketStatus, userTicketBenefits, userTickets } from '../../db/schema';

/** Statuses in which the user still holds the ticket (a listed ticket is theirs until it sells). */
export const heldStatuses = ['valid', 'listed'] as const;

/** How a ticket may leave its owner; each is allowed per ticket type by the organiser. */
export type Transfer = 'gift' | 'swap' | 'resell';
const transferFlag = { gift: ticketTypes.isGiftable, swap: ticketTypes.isSwappable, resell: ticketTypes.isResellable };

/**
 * SPEC §6: a ticket may be gifted, swapped or resold when its type allows it, it is not listed, its event access is
 * unused and its event has not ended. The one statement of that rule, for a single ticket in memory…
 */
export function canTransfer(ticket: { status: string; eventAccessUsedAt: Date | null; eventEndsAt: Date; allowedByType: boolean }, now: Date) {
  return ticket.allowedByType && ticket.status === 'valid' && ticket.eventAccessUsedAt === null && ticket.eventEndsAt >= now;
}

/** …and as a query: the user's tickets that may leave them by `transfer` now, optionally of one type, oldest first. */
export function transferableTickets(tx: Database | Transaction, userId: number, transfer: Transfer, now: Date, ticketTypeId?: number) {
  return tx
    .select({ ticket: userTickets, type: ticketTypes })
    .from(userTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(
      and(
        eq(userTickets.ownerUserId, userId),
        eq(userTickets.status, 'valid'),
        isNull(userTickets.eventAccessUsedAt),
        eq(transferFlag[transfer], true),
        gte(events.endsAt, now),
        ticketTypeId === undefined ? undefined : eq(ticketTypes.id, ticketTypeId),
      ),
    )
    .orderBy(asc(userTickets.id));
}

type Row = {
  ticket: typeof userTickets.$inferSelect;
  type: typeof ticketTypes.$inferSelect;
  event: typeof events.$inferSelect;
};

type UsageRow = {
  usage: typeof userTicketBenefits.$inferSelect;
  benefit: typeof benefits.$inferSelect;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toBenefit({ usage, benefit }: UsageRow): Benefit {
  return {
    userTicketBenefitId: usage.id,
    name: benefit.name,
    shortDescription: benefit.shortDescription,
    fullDescription: benefit.fullDescriptionHtml,
    type: benefit.kind === 'digital' ? 'benefits.digital' : 'benefits.physical',
    icon: benefit.icon,
    iconColor: benefit.iconColor,
    iconBgColor: benefit.iconBgColor,
    image: benefit.imageUrl,
    purchasedAmount: usage.purchasedAmount,
    usedAmount: usage.usedAmount,
    lastUsedDate: iso(usage.lastUsedAt),
    redeemCode: usage.redeemCode,
    isUnlockable: benefit.isUnlockable,
    validUntil: iso(benefit.validUntil),
  };
}

function toUserTicket({ ticket, type, event }: Row, usages: UsageRow[], now: Date): UserTicket {
  const counted = usages.filter(({ usage }) => usage.purchasedAmount > 0);
  return {
    userTicketId: ticket.id,
    ticketLogo: type.logoUrl,
    ticketName: type.name,
    eventName: event.name,
    eventCity: event.city,
    eventVenue: event.venue,
    eventAddress1: event.address1,
    eventDescription: event.description,
    eventStartDateTime: event.startsAt.toISOString(),
    eventEndDateTime: event.endsAt.toISOString(),
    eventTimeZone: event.timeZone,
    eventLatitude: event.latitude,
    eventLongitude: event.longitude,
    isLive: event.startsAt <= now && now <= event.endsAt,
    totalBenefitCount: counted.length,
    totalBenefitUsedCount: counted.filter(({ usage }) => usage.usedAmount >= usage.purchasedAmount).length,
  };
}

/**
 * Hands a ticket the caller has locked to another user: the old row ends with `leftAs` (kept for history and old
 * links), the new owner gets a new row carrying the benefits' usage and codes. Answers the new row's id.
 */
export async function moveTicket(
  tx: Transaction,
  ticket: { id: number; ticketTypeId: number; purchasePriceMinor: number },
  move: { toUserId: number; leftAs: UserTicketStatus; source: 'gift' | 'redeem' | 'resale'; at: Date },
): Promise<number> {
  await tx.update(userTickets).set({ status: move.leftAs }).where(eq(userTickets.id, ticket.id));
  const [received] = await tx
    .insert(userTickets)
    .values({
      ticketTypeId: ticket.ticketTypeId,
      ownerUserId: move.toUserId,
      source: move.source,
      purchasePriceMinor: ticket.purchasePriceMinor,
      createdAt: move.at,
    })
    .returning({ id: userTickets.id });
  const usages = await tx.select().from(userTicketBenefits).where(eq(userTicketBenefits.userTicketId, ticket.id));
  if (usages.length) {
    await tx
      .insert(userTicketBenefits)
      .values(usages.map(({ id: _id, userTicketId: _from, ...usage }) => ({ ...usage, userTicketId: received!.id })));
  }
  return received!.id;
}

export function createTicketService({ db, now }: { db: Database; now: () => Date }) {
  const selection = { ticket: userTickets, type: ticketTypes, event: events };

  /** The user's held tickets with their type and event, narrowed by `condition`. */
  function heldTickets(userId: number, condition: SQL) {
    return db
      .select(selection)
      .from(userTickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .where(and(eq(userTickets.ownerUserId, userId), inArray(userTickets.status, [...heldStatuses]), condition));
  }

  async function usagesOf(userTicketIds: number[]): Promise<Map<number, UsageRow[]>> {
    const byTicket = new Map<number, UsageRow[]>();
    if (userTicketIds.length === 0) return byTicket;
    const rows = await db
      .select({ usage: userTicketBenefits, benefit: benefits })
      .from(userTicketBenefits)
      .innerJoin(benefits, eq(benefits.id, userTicketBenefits.benefitId))
      .where(inArray(userTicketBenefits.userTicketId, userTicketIds))
      .orderBy(asc(benefits.id));
    for (const row of rows) byTicket.set(row.usage.userTicketId, [...(byTicket.get(row.usage.userTicketId) ?? []), row]);
    return byTicket;
  }

  return {
    /** Upcoming: the event has not ended (soonest first). Past: it has (latest first). */
    async list(userId: number, status: 'UPCOMING' | 'PAST'): Promise<UserTicket[]> {
      const at = now();
      const rows = await heldTickets(
        userId,
        status === 'UPCOMING' ? gte(events.endsAt, at) : lt(events.endsAt, at),
      ).orderBy(status === 'UPCOMING' ? asc(events.startsAt) : desc(events.startsAt), asc(userTickets.id));
      const usages = await usagesOf(rows.map((row) => row.ticket.id));
      return rows.map((row) => toUserTicket(row, usages.get(row.ticket.id) ?? [], at));
    },

    async detail(userId: number, userTicketId: number): Promise<TicketDetail> {
      const [row] = await heldTickets(userId, eq(userTickets.id, userTicketId));
      if (!row) throw new ApiError('api.ticket.not_found');
      const at = now();
      const usages = (await usagesOf([row.ticket.id])).get(row.ticket.id) ?? [];
      const allows = (allowedByType: boolean) =>
        canTransfer({ status: row.ticket.status, eventAccessUsedAt: row.ticket.eventAccessUsedAt, eventEndsAt: row.event.endsAt, allowedByType }, at);
      return {
        ...toUserTicket(row, usages, at),
        ticketDescription: row.type.descriptionHtml,
        benefits: usages.map(toBenefit),
        isGiftable: allows(row.type.isGiftable),
        isResellable: allows(row.type.isResellable),
        isSwappable: allows(row.type.isSwappable),
        eventLogo: row.event.logoUrl,
        eventFeatureImage: row.event.featureImageUrl,
        eventAccessStatus: row.ticket.eventAccessUsedAt !== null,
        eventAccessUsedOn: iso(row.ticket.eventAccessUsedAt),
      };
    },
  };
}
