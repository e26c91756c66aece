// The my-tickets machine's test model, shared by tests/machines/my-tickets.test.ts (paths on the actor) and
// tests/web/tickets-paths.test.tsx (the same paths on the rendered screen).
import type { AnyMachineSnapshot } from 'xstate';
import type { MyTicketsEvent, MyTicketsInput, MyTicketsSnapshot } from '../my-tickets';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { liveTicket, pastTicket, userTicket } from './ticket-fixtures';
import { myTicketsMachine } from '../my-tickets';
import { modelSpec } from './model-spec';

export type MyTicketsModelEvent = MyTicketsEvent | { type: string; output?: unknown; error?: unknown };

export const myTicketsPromiseActors = ['loadTickets'] as const;

export const myTicketsSampleEvents: MyTicketsModelEvent[] = [
  { type: 'myTickets.selectTab', tab: 'PAST' },
  { type: 'myTickets.selectTab', tab: 'UPCOMING' },
  { type: 'myTickets.retry' },
  { type: 'myTickets.stale' },
  { type: 'myTickets.openTicket', userTicketId: 12 },
  { type: 'loadTickets.done', output: [liveTicket(), userTicket()] },
  { type: 'loadTickets.done', output: [pastTicket()] },
  { type: 'loadTickets.done', output: [] },
  { type: 'loadTickets.error', error: httpError('myTickets', 500, 'api.internal_error') },
];

/**
 * One vertex per state value, tab and the ids of the listed tickets: whether a reload brings a new ticket (the
 * toast) depends on which ones are shown.
 */
export function myTicketsVertex(snapshot: AnyMachineSnapshot): string {
  const { tab, tickets } = (snapshot as MyTicketsSnapshot).context;
  return JSON.stringify({ value: snapshot.value, tab, tickets: tickets.map((ticket) => ticket.userTicketId) });
}

export const myTicketsStarts: Array<{ name: string; input: () => MyTicketsInput }> = [
  { name: 'My tickets', input: () => ({ services: testServices(), tab: null }) },
  { name: 'My tickets on Past (TICKETS_TAB)', input: () => ({ services: testServices(), tab: 'past' }) },
];

/** The my-tickets machine's model-based test (tests/machines/my-tickets.test.ts, the visualiser's paths). */
export const myTicketsSpec = modelSpec({
  name: 'myTickets',
  machine: myTicketsMachine,
  starts: myTicketsStarts,
  events: myTicketsSampleEvents,
  serializeState: myTicketsVertex,
  excused: {
    'myTickets on watchTickets.error': 'the TICKETS listener is an in-memory subscription that cannot fail; the branch only logs',
  },
});
