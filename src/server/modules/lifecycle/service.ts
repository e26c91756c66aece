// Every change of a ticket's state goes through here. A service locks the tickets it acts on (SELECT … FOR UPDATE,
// in id order, inside its transaction), asks machines/ticket-lifecycle.ts whether the operation is allowed from the
// ticket's state, and writes the state the machine answers. A reservation whose 30 minutes have passed is released
// (the machine's swap.expire) as soon as a lock finds it.
import { and, asc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import {
  decideTicketOperation,
  type TicketDecision,
  type TicketFacts,
  ticketLifecycleMachine,
  type TicketOperation,
  type TicketState,
} from '../../../../machines/ticket-lifecycle';
import { ApiError, type ErrorCode } from '../../../contract/errors';
import type { Database, Transaction } from '../../db/client';
import { benefits, events, ticketTypes, type UserTicketStatus, userTicketBenefits, userTickets, walletPasses } from '../../db/schema';
import type { WalletEventType } from '../../../contract/events';
import { generateRedeemCode } from '../benefits/codes';
import { recordEvent, touchUser } from '../events/record';

const stateOfStatus: Record<UserTicketStatus, TicketState> = {
  valid: 'held',
  reserved: 'reservedForSwap',
  listed: 'listed',
  used: 'used',
  gifted: 'gifted',
  sold: 'sold',
  swapped: 'swappedAway',
  redeemed_away: 'redeemedAway',
};
const statusOfState = Object.fromEntries(Object.entries(stateOfStatus).map(([status, state]) => [state, status])) as Record<
  TicketState,
  UserTicketStatus
>;
const allStatuses = Object.keys(stateOfStatus) as UserTicketStatus[];

/** Statuses in which the owner still holds the ticket: the machine's states that are not final. */
export const heldStatuses: UserTicketStatus[] = allStatuses.filter(
  (status) => ticketLifecycleMachine.states[stateOfStatus[status]]!.type !== 'final',
);

/**
 * Which flag of the ticket type allows an operation; operations without one need no permission of the type. A PDF
 * and redeeming its code are a gift by code (docs/decisions/0037-pdf-and-redeem-in-the-lifecycle.md).
 */
const typeFlag: Partial<Record<TicketOperation, 'isGiftable' | 'isSwappable' | 'isResellable'>> = {
  gift: 'isGiftable',
  'swap.reserve': 'isSwappable',
  list: 'isResellable',
  'pdf.issue': 'isGiftable',
  redeem: 'isGiftable',
};

/** A ticket with what the lifecycle's guards read: its type's flags and its event's end. */
export interface LifecycleTicket {
  id: number;
  ownerUserId: number;
  status: UserTicketStatus;
  ticketTypeId: number;
  purchasePriceMinor: number;
  eventAccessUsedAt: Date | null;
  reservedBySwapId: number | null;
  reservedUntil: Date | null;
  isGiftable: boolean;
  isSwappable: boolean;
  isResellable: boolean;
  eventId: number;
  eventEndsAt: Date;
  ticketName: string;
  ticketLogo: string | null;
}

const lifecycleColumns = {
  id: userTickets.id,
  ownerUserId: userTickets.ownerUserId,
  status: userTickets.status,
  ticketTypeId: userTickets.ticketTypeId,
  purchasePriceMinor: userTickets.purchasePriceMinor,
  eventAccessUsedAt: userTickets.eventAccessUsedAt,
  reservedBySwapId: userTickets.reservedBySwapId,
  reservedUntil: userTickets.reservedUntil,
  isGiftable: ticketTypes.isGiftable,
  isSwappable: ticketTypes.isSwappable,
  isResellable: ticketTypes.isResellable,
  eventId: events.id,
  eventEndsAt: events.endsAt,
  ticketName: ticketTypes.name,
  ticketLogo: ticketTypes.logoUrl,
};

const lapsed = (ticket: Pick<LifecycleTicket, 'status' | 'reservedUntil'>, now: Date) =>
  ticket.status === 'reserved' && ticket.reservedUntil !== null && ticket.reservedUntil <= now;

/** The machine's state of a ticket; a reservation past its time is read as released even before a lock writes it. */
export function ticketState(ticket: Pick<LifecycleTicket, 'status' | 'reservedUntil'>, now: Date): TicketState {
  return lapsed(ticket, now) ? 'held' : stateOfStatus[ticket.status];
}

function factsOf(ticket: LifecycleTicket, operation: TicketOperation, now: Date): TicketFacts {
  const flag = typeFlag[operation];
  return { allowedByType: flag ? ticket[flag] : true, eventOver: ticket.eventEndsAt < now };
}

export function decideFor(ticket: LifecycleTicket, operation: TicketOperation, now: Date): TicketDecision {
  // The expiry is what turns a lapsed reservation into held: it starts from the stored state.
  const state = operation === 'swap.expire' ? stateOfStatus[ticket.status] : ticketState(ticket, now);
  return decideTicketOperation(state, operation, factsOf(ticket, operation, now));
}

/** Whether the machine allows `operation` on the ticket now (for answers such as isGiftable; mutations assert). */
export const allows = (ticket: LifecycleTicket, operation: TicketOperation, now: Date) => decideFor(ticket, operation, now).allowed;

/** Codes of a refusal for operations whose type permission or event end has its own message. */
const typeRefusals: Partial<Record<TicketOperation, ErrorCode>> = {
  gift: 'gift_tickets.cannot_be_gifted',
  'swap.reserve': 'api.swap.not_allowed',
  list: 'api.resell.not_resellable',
  'pdf.issue': 'api.ticket.not_transferable',
  redeem: 'api.ticket.not_transferable',
};

/** Why the state refuses: the code a client can show. */
function stateRefusal(state: TicketState, operation: TicketOperation): ErrorCode {
  switch (state) {
    case 'reservedForSwap':
      return 'api.ticket.reserved';
    case 'listed':
      return 'api.ticket.listed';
    case 'used':
      return 'api.ticket.used';
    case 'held':
      return operation === 'unlist' || operation === 'purchase' ? 'api.ticket.not_listed' : 'api.ticket.not_reserved';
    default:
      return 'api.ticket.not_held';
  }
}

/** The error saying why the machine refuses `operation` on the ticket now; undefined when it allows it. */
export function refusalOf(ticket: LifecycleTicket, operation: TicketOperation, now: Date): ApiError | undefined {
  const decision = decideFor(ticket, operation, now);
  if (decision.allowed) return undefined;
  if (decision.kind === 'eventOver') return new ApiError('api.ticket.event_over');
  if (decision.kind === 'notAllowedByType') return new ApiError(typeRefusals[operation] ?? 'api.ticket.not_held');
  return new ApiError(stateRefusal(decision.state, operation));
}

/** The status the ticket moves to by `operation`, or an ApiError saying why it may not. */
export function assertTicketAllowed(ticket: LifecycleTicket, operation: TicketOperation, now: Date): UserTicketStatus {
  const decision = decideFor(ticket, operation, now);
  if (!decision.allowed) throw refusalOf(ticket, operation, now)!;
  return statusOfState[decision.next];
}

/** Statuses from which the machine may take `operation` (a reservation that lapsed counts as held): query filters. */
export function statusesAllowing(operation: TicketOperation): UserTicketStatus[] {
  return allStatuses.filter((status) => decideTicketOperation(stateOfStatus[status], operation).allowed);
}

/** SQL: tickets whose state may take `operation` now, reading a lapsed reservation as held. */
export function mayTake(operation: TicketOperation, now: Date): SQL {
  const statuses = statusesAllowing(operation);
  const condition = inArray(userTickets.status, statuses);
  if (!statuses.includes('valid')) return condition;
  return or(condition, and(eq(userTickets.status, 'reserved'), lte(userTickets.reservedUntil, now)))!;
}

/** Tickets the type's flags and the event's dates allow `operation` for (the machine's guard, as a query filter). */
export function factsAllow(operation: TicketOperation, now: Date): SQL | undefined {
  const flag = typeFlag[operation];
  return flag ? and(eq(ticketTypes[flag], true), gte(events.endsAt, now)) : undefined;
}

/** The ticket rows with their type and event, for reading (no lock). */
export function selectTickets(tx: Database | Transaction, where: SQL | undefined) {
  return tx
    .select(lifecycleColumns)
    .from(userTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(where)
    .orderBy(asc(userTickets.id));
}

/**
 * Locks the tickets matching `where` (in id order, so two transactions never wait on each other in a circle) and
 * releases reservations that have lapsed. `limit` locks at most that many.
 */
export async function lockTickets(tx: Transaction, where: SQL | undefined, now: Date, limit?: number): Promise<LifecycleTicket[]> {
  const query = selectTickets(tx, where);
  const rows = (await (limit === undefined ? query : query.limit(limit)).for('update', { of: userTickets })) as LifecycleTicket[];
  const expired = rows.filter((ticket) => lapsed(ticket, now));
  if (expired.length) {
    // The rows are locked: the machine's swap.expire, written for each lapsed reservation.
    await setTicketStatus(tx, expired, 'swap.expire', now);
  }
  return rows;
}

/** Locks one ticket by id; undefined when there is none. */
export async function lockTicket(tx: Transaction, userTicketId: number, now: Date): Promise<LifecycleTicket | undefined> {
  const [ticket] = await lockTickets(tx, eq(userTickets.id, userTicketId), now);
  return ticket;
}

/**
 * The live event the holder's open wallet gets when an operation moves their ticket. A swap's reservation, its
 * cancellation and expiry are the holder's own doing in the open swap flow, which reads its own answers.
 */
const eventOfOperation: Partial<Record<TicketOperation, WalletEventType>> = {
  gift: 'ticket.gifted',
  // Redeeming a ticket's code passes it on like a gift.
  redeem: 'ticket.gifted',
  purchase: 'ticket.sold',
  list: 'ticket.listed',
  unlist: 'ticket.unlisted',
  'swap.confirm': 'ticket.swapped',
  scan: 'entry.used',
};

/**
 * Moves locked tickets by `operation`: asserts it for each, writes the machine's next state (and `extra` columns),
 * and updates the objects in place. Reservation columns follow the state. The holder's live event is recorded.
 */
export async function setTicketStatus(
  tx: Transaction,
  tickets: LifecycleTicket[],
  operation: TicketOperation,
  now: Date,
  extra: { eventAccessUsedAt?: Date; reservedBySwapId?: number; reservedUntil?: Date } = {},
): Promise<void> {
  const byStatus = new Map<UserTicketStatus, LifecycleTicket[]>();
  for (const ticket of tickets) {
    const next = assertTicketAllowed(ticket, operation, now);
    byStatus.set(next, [...(byStatus.get(next) ?? []), ticket]);
  }
  for (const [status, group] of byStatus) {
    const reservation =
      status === 'reserved'
        ? { reservedBySwapId: extra.reservedBySwapId ?? null, reservedUntil: extra.reservedUntil ?? null }
        : { reservedBySwapId: null, reservedUntil: null };
    const changes = { status, ...reservation, ...(extra.eventAccessUsedAt ? { eventAccessUsedAt: extra.eventAccessUsedAt } : {}) };
    const ids = group.map((ticket) => ticket.id);
    await tx.update(userTickets).set(changes).where(inArray(userTickets.id, ids));
    for (const ticket of group) Object.assign(ticket, changes);
  }
  // A wallet pass of these tickets changed with them (voided once passed on or used): Apple's web service tells the
  // devices that hold it (src/server/modules/passes).
  if (tickets.length) await tx.update(walletPasses).set({ updatedAt: now }).where(inArray(walletPasses.userTicketId, tickets.map((ticket) => ticket.id)));
  const type = eventOfOperation[operation];
  for (const ticket of tickets) {
    if (type) recordEvent(tx, { userId: ticket.ownerUserId, type, userTicketId: ticket.id });
    // No wallet event, but the holder's ticket answers change (whether it may be gifted, swapped or resold).
    else touchUser(tx, ticket.ownerUserId);
  }
}

/**
 * Moves the end of swap `swapId`'s reservation of its locked tickets to `until` (its payment is processing): the state
 * stays reserved, only for longer, so no machine operation applies; the holder's ticket answers change.
 */
export async function extendReservation(tx: Transaction, swapId: number, ownerUserId: number, until: Date): Promise<void> {
  await tx
    .update(userTickets)
    .set({ reservedUntil: until })
    .where(and(eq(userTickets.reservedBySwapId, swapId), eq(userTickets.status, 'reserved')));
  touchUser(tx, ownerUserId);
}

/**
 * Hands a locked ticket to another user by `operation` (gift, purchase, redeem): the old row ends in the machine's
 * final state (kept for history and old links), the new owner gets a new held row carrying the benefits' usage. A
 * digital benefit's code does not travel: the one the old holder saw stays on the old row, an unlockable benefit
 * reaches the new holder locked (unlocking makes a new code) and a code handed out with the ticket is made anew
 * (docs/decisions/0038-benefit-codes-on-a-change-of-holder.md). Answers the new row's id.
 */
export async function transferTicket(
  tx: Transaction,
  ticket: LifecycleTicket,
  move: { operation: 'gift' | 'purchase' | 'redeem'; toUserId: number; source: 'gift' | 'redeem' | 'resale'; at: Date },
): Promise<number> {
  await setTicketStatus(tx, [ticket], move.operation, move.at);
  const [received] = await tx
    .insert(userTickets)
    .values({
      ticketTypeId: ticket.ticketTypeId,
      ownerUserId: move.toUserId,
      source: move.source,
      purchasePriceMinor: ticket.purchasePriceMinor,
      previousUserTicketId: ticket.id,
      createdAt: move.at,
    })
    .returning({ id: userTickets.id });
  recordEvent(tx, { userId: move.toUserId, type: 'ticket.received', userTicketId: received!.id });
  const usages = await tx
    .select({ usage: userTicketBenefits, isUnlockable: benefits.isUnlockable })
    .from(userTicketBenefits)
    .innerJoin(benefits, eq(benefits.id, userTicketBenefits.benefitId))
    .where(eq(userTicketBenefits.userTicketId, ticket.id));
  if (usages.length) {
    await tx.insert(userTicketBenefits).values(
      usages.map(({ usage: { id: _id, userTicketId: _from, redeemCode, unlockedAt: _unlocked, ...usage }, isUnlockable }) => ({
        ...usage,
        userTicketId: received!.id,
        redeemCode: redeemCode === null || isUnlockable ? null : generateRedeemCode(),
        unlockedAt: null,
      })),
    );
  }
  return received!.id;
}

/** The caller's own tickets (a filter for lockTickets and selectTickets). */
export const ownedBy = (userId: number) => eq(userTickets.ownerUserId, userId);
