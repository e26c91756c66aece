// Derived values of the my-tickets machine for the views (pure functions of a snapshot or a ticket).
import { diffDays } from '@formkit/tempo';
import type { UserTicket } from '../src/contract/entities';
import type { MyTicketsSnapshot, TicketTab } from './my-tickets';

export type TicketListStatus = 'loading' | 'loaded' | 'empty' | 'error';

export function selectTicketTab(snapshot: MyTicketsSnapshot): TicketTab {
  return snapshot.context.tab;
}

/** What the selected tab shows: skeletons, cards, the empty state or the error with Retry. */
export function selectListStatus(snapshot: MyTicketsSnapshot): TicketListStatus {
  if (snapshot.matches('error')) return 'error';
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches('empty')) return 'empty';
  // A stale list that reloads keeps its cards (or its empty state).
  if (snapshot.matches('refreshing')) return snapshot.context.tickets.length > 0 ? 'loaded' : 'empty';
  return 'loading';
}

/** The cards of the selected tab (the last answer while a stale list reloads). */
export function selectTickets(snapshot: MyTicketsSnapshot): UserTicket[] {
  return selectListStatus(snapshot) === 'loaded' ? snapshot.context.tickets : [];
}

export function selectCanRetry(snapshot: MyTicketsSnapshot): boolean {
  return snapshot.can({ type: 'myTickets.retry' });
}

/** The badge and day count of a card: live now, or whole days until the start / since the end (docs/product.md §9: absolute). */
export type TicketTiming = { kind: 'live' } | { kind: 'upcoming'; days: number } | { kind: 'past'; days: number };

export function ticketTiming(ticket: UserTicket, now: Date = new Date()): TicketTiming {
  if (ticket.isLive) return { kind: 'live' };
  const ended = new Date(ticket.eventEndDateTime).getTime() < now.getTime();
  return ended
    ? { kind: 'past', days: Math.abs(diffDays(ticket.eventEndDateTime, now)) }
    : { kind: 'upcoming', days: Math.abs(diffDays(ticket.eventStartDateTime, now)) };
}

/** "Benefits used out of total": e.g. { used: 1, total: 2 }; null when the ticket has no benefits. */
export function benefitUsage(ticket: Pick<UserTicket, 'totalBenefitCount' | 'totalBenefitUsedCount'>): { used: number; total: number } | null {
  return ticket.totalBenefitCount > 0 ? { used: ticket.totalBenefitUsedCount, total: ticket.totalBenefitCount } : null;
}

/** Tickets a person cannot tell apart on a card: one card for all of them, with their number (docs/product.md §2 My tickets). */
export interface TicketGroup {
  /** The first of them: the card shows it and opens it. */
  ticket: UserTicket;
  count: number;
}

/** What makes two cards the same: ticket type (name and logo), event, dates, venue and benefits used. */
const sameCard = (ticket: UserTicket) =>
  JSON.stringify([
    ticket.ticketName,
    ticket.ticketLogo,
    ticket.eventName,
    ticket.eventStartDateTime,
    ticket.eventEndDateTime,
    ticket.eventVenue,
    ticket.eventCity,
    ticket.totalBenefitCount,
    ticket.totalBenefitUsedCount,
  ]);

/** Groups identical tickets, in the list's order (each group where its first ticket was). */
export function groupIdenticalTickets(tickets: readonly UserTicket[]): TicketGroup[] {
  const groups = new Map<string, TicketGroup>();
  for (const ticket of tickets) {
    const key = sameCard(ticket);
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { ticket, count: 1 });
  }
  return [...groups.values()];
}
