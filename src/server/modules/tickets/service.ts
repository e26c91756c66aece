// My tickets: the tickets a user holds, upcoming or past, and one ticket with its event access and benefits.
// A ticket is upcoming until its event has ended; whether gift, swap and resell are offered is the lifecycle
// machine's answer (docs/product.md §6: held, not used, listed or reserved, type allows it, event not over).
import { and, asc, desc, eq, gte, inArray, lt, min, type SQL, sql } from 'drizzle-orm';
import type { Benefit, TicketDetail, UserTicket } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { Database, Transaction } from '../../db/client';
import { benefits, events, ticketTypes, userTicketBenefits, userTickets } from '../../db/schema';
import { allows, factsAllow, heldStatuses, mayTake, ownedBy, selectTickets } from '../lifecycle/service';
import { heldSwapsOf } from '../swap/held';

/** How a ticket may leave its owner; each is allowed per ticket type by the organiser. */
export type Transfer = 'gift' | 'swap' | 'resell';
const transferOperation = { gift: 'gift', swap: 'swap.reserve', resell: 'list' } as const;

/**
 * The user's tickets that may leave them by `transfer` now (docs/product.md §6, asked of the lifecycle machine), optionally of
 * one type, oldest first. For reading; a mutation locks its tickets and asks again.
 */
export async function transferableTickets(tx: Database | Transaction, userId: number, transfer: Transfer, now: Date, ticketTypeId?: number) {
  const operation = transferOperation[transfer];
  const rows = await selectTickets(
    tx,
    and(ownedBy(userId), mayTake(operation, now), factsAllow(operation, now), ticketTypeId === undefined ? undefined : eq(userTickets.ticketTypeId, ticketTypeId)),
  );
  return rows.filter((ticket) => allows(ticket, operation, now));
}

/** The columns a listed ticket shows (only these are read: fewer columns to parse and map on every listing). */
const selection = {
  ticket: { id: userTickets.id, eventAccessUsedAt: userTickets.eventAccessUsedAt },
  type: { name: ticketTypes.name, logoUrl: ticketTypes.logoUrl, descriptionHtml: ticketTypes.descriptionHtml },
  event: {
    name: events.name,
    city: events.city,
    venue: events.venue,
    address1: events.address1,
    description: events.description,
    startsAt: events.startsAt,
    endsAt: events.endsAt,
    timeZone: events.timeZone,
    latitude: events.latitude,
    longitude: events.longitude,
    logoUrl: events.logoUrl,
    featureImageUrl: events.featureImageUrl,
  },
};

type Row = {
  ticket: Pick<typeof userTickets.$inferSelect, 'id' | 'eventAccessUsedAt'>;
  type: Pick<typeof ticketTypes.$inferSelect, 'name' | 'logoUrl' | 'descriptionHtml'>;
  event: Pick<
    typeof events.$inferSelect,
    'name' | 'city' | 'venue' | 'address1' | 'description' | 'startsAt' | 'endsAt' | 'timeZone' | 'latitude' | 'longitude' | 'logoUrl' | 'featureImageUrl'
  >;
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
 * The first instant after `at` when an answer computed at `at` may read differently (app-clock ms): an event
 * starting (isLive), an event ending (upcoming becomes past, the lifecycle's "event over"; both read `endsAt < now`,
 * so the change is 1 ms after it), a swap's reservation lapsing. Infinity when none is to come.
 */
export function nextChange(at: number, starts: Date[], ends: Date[], lapses: (Date | null)[] = []): number {
  let next = Number.POSITIVE_INFINITY;
  for (const instant of [...starts.map((date) => date.getTime()), ...ends.map((date) => date.getTime() + 1), ...lapses.map((date) => date?.getTime() ?? 0)]) {
    if (instant > at && instant < next) next = instant;
  }
  return next;
}

export function createTicketService({ db, now }: { db: Database; now: () => Date }) {
  /**
   * The user's held tickets with their type and event, narrowed by `condition`. The reads below are prepared once:
   * building their SQL anew was the largest cost of a ticket listing (drizzle's query builder), and on Postgres a
   * named prepared statement is parsed once per connection (docs/performance.md).
   */
  function heldTickets(condition: SQL) {
    return db
      .select(selection)
      .from(userTickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .where(and(eq(userTickets.ownerUserId, sql.placeholder('userId')), inArray(userTickets.status, heldStatuses), condition));
  }
  const upcoming = heldTickets(gte(events.endsAt, sql.placeholder('at')))
    .orderBy(asc(events.startsAt), asc(userTickets.id))
    .prepare('tickets_upcoming');
  const past = heldTickets(lt(events.endsAt, sql.placeholder('at')))
    .orderBy(desc(events.startsAt), asc(userTickets.id))
    .prepare('tickets_past');
  /** The end of the user's next upcoming event: when a ticket moves to the past list. */
  const nextEnd = db
    .select({ endsAt: min(events.endsAt) })
    .from(userTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(userTickets.ownerUserId, sql.placeholder('userId')), inArray(userTickets.status, heldStatuses), gte(events.endsAt, sql.placeholder('at'))))
    .prepare('tickets_next_end');
  const oneHeld = heldTickets(eq(userTickets.id, sql.placeholder('userTicketId'))).prepare('tickets_one_held');
  const lifecycleOf = selectTickets(db, eq(userTickets.id, sql.placeholder('userTicketId'))).prepare('tickets_lifecycle_of');
  const usages = db
    .select({ usage: userTicketBenefits, benefit: benefits })
    .from(userTicketBenefits)
    .innerJoin(benefits, eq(benefits.id, userTicketBenefits.benefitId))
    .where(sql`${userTicketBenefits.userTicketId} = any(${sql.placeholder('userTicketIds')}::int[])`)
    .orderBy(asc(benefits.id))
    .prepare('tickets_usages');

  async function usagesOf(userTicketIds: number[]): Promise<Map<number, UsageRow[]>> {
    const byTicket = new Map<number, UsageRow[]>();
    if (userTicketIds.length === 0) return byTicket;
    const rows = await usages.execute({ userTicketIds });
    for (const row of rows) byTicket.set(row.usage.userTicketId, [...(byTicket.get(row.usage.userTicketId) ?? []), row]);
    return byTicket;
  }

  /** Upcoming: the event has not ended (soonest first). Past: it has (latest first). With until when it holds. */
  async function listUntil(userId: number, status: 'UPCOMING' | 'PAST'): Promise<{ answer: UserTicket[]; validUntil: number }> {
    const at = now();
    const rows = await (status === 'UPCOMING' ? upcoming : past).execute({ userId, at });
    const usages = await usagesOf(rows.map((row) => row.ticket.id));
    const answer = rows.map((row) => toUserTicket(row, usages.get(row.ticket.id) ?? [], at));
    if (status === 'UPCOMING') {
      return { answer, validUntil: nextChange(at.getTime(), rows.map((row) => row.event.startsAt), rows.map((row) => row.event.endsAt)) };
    }
    // The past list changes when an upcoming ticket's event ends.
    const [next] = await nextEnd.execute({ userId, at });
    const endsAt = next?.endsAt ? new Date(next.endsAt) : undefined;
    return { answer, validUntil: nextChange(at.getTime(), [], endsAt ? [endsAt] : []) };
  }

  async function detailUntil(userId: number, userTicketId: number): Promise<{ answer: TicketDetail; validUntil: number }> {
    const [row] = await oneHeld.execute({ userId, userTicketId });
    if (!row) throw new ApiError('api.ticket.not_found');
    const at = now();
    const usages = (await usagesOf([row.ticket.id])).get(row.ticket.id) ?? [];
    const [ticket] = await lifecycleOf.execute({ userTicketId: row.ticket.id });
    // Only a reserved ticket can be held by a swap: the others read nothing more.
    const [heldSwap] = ticket!.status === 'reserved' ? await heldSwapsOf(db, userId, at, row.ticket.id) : [];
    return {
      validUntil: nextChange(at.getTime(), [row.event.startsAt], [row.event.endsAt], [ticket!.reservedUntil]),
      answer: {
        ...toUserTicket(row, usages, at),
        ticketDescription: row.type.descriptionHtml,
        benefits: usages.map(toBenefit),
        isGiftable: allows(ticket!, 'gift', at),
        isResellable: allows(ticket!, 'list', at),
        isSwappable: allows(ticket!, 'swap.reserve', at),
        eventLogo: row.event.logoUrl,
        eventFeatureImage: row.event.featureImageUrl,
        eventAccessStatus: row.ticket.eventAccessUsedAt !== null,
        eventAccessUsedOn: iso(row.ticket.eventAccessUsedAt),
        heldSwap: heldSwap ?? null,
      },
    };
  }

  return {
    listUntil,
    detailUntil,
    async list(userId: number, status: 'UPCOMING' | 'PAST'): Promise<UserTicket[]> {
      return (await listUntil(userId, status)).answer;
    },
    async detail(userId: number, userTicketId: number): Promise<TicketDetail> {
      return (await detailUntil(userId, userTicketId)).answer;
    },
  };
}
