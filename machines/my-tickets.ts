// My tickets (docs/product.md §2): the Upcoming and Past tabs, a child of the wallet while MY_TICKET is open. The chosen tab's
// list loads through the query cache (GET /list/ticket_listing?status=…, tag TICKETS), so switching back to a tab is
// instant, and loads again when TICKETS is invalidated (a gift, a swap) while the cards stay on screen. The tab
// starts from TICKETS_TAB and is written back to it, so Back from a past ticket lands on Past. A card opens the
// single ticket. A reload that brings a ticket the list did not have (a gift received, a purchase on a share page,
// announced by the live stream) says so with a toast.
import { assign, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { UserTicket } from '../src/contract/entities';
import { addRoutes } from '../src/client/client';
import { encodeUserTicketId } from './ticket-id';
import { reportError } from './services';
import type { FlowInput, LogParams, Toast, WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('myTickets'));

export const ticketTabs = ['UPCOMING', 'PAST'] as const;
export type TicketTab = (typeof ticketTabs)[number];

export function isTicketTab(value: unknown): value is TicketTab {
  return typeof value === 'string' && (ticketTabs as readonly string[]).includes(value.toUpperCase());
}

export interface MyTicketsInput extends FlowInput {
  /** TICKETS_TAB from the URL, if any. */
  tab: string | null;
}

export interface MyTicketsContext {
  services: WalletServices;
  tab: TicketTab;
  /** The selected tab's last answer (kept on screen while a stale list reloads). */
  tickets: UserTicket[];
}

export type MyTicketsEvent =
  | { type: 'myTickets.selectTab'; tab: TicketTab }
  | { type: 'myTickets.retry' }
  | { type: 'myTickets.openTicket'; userTicketId: number }
  /** From the watchTickets actor: the TICKETS cache tag was invalidated. */
  | { type: 'myTickets.stale' };

/** What the flow tells the wallet. */
export type MyTicketsReport =
  | { type: 'panel.open'; tab: 'TICKET'; userTicketId: string }
  | ({ type: 'notify' } & Toast)
  | { type: 'panel.setParams'; params: { ticketsTab: TicketTab } };

export type MyTicketsTag = 'loading' | 'refreshing';

export const myTicketsToastKeys = { received: 'tickets.received' } as const;

const servicesOf = ({ context }: { context: MyTicketsContext }) => ({ services: context.services });
const loadInput = ({ context }: { context: MyTicketsContext }) => ({ services: context.services, tab: context.tab });

export const myTicketsMachine = setup({
  types: {
    context: {} as MyTicketsContext,
    events: {} as MyTicketsEvent,
    input: {} as MyTicketsInput,
    tags: {} as MyTicketsTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    storeTickets: assign((_, params: { tickets: UserTicket[] }) => ({ tickets: params.tickets })),
    chooseTab: assign((_, params: { tab: TicketTab }) => ({ tab: params.tab, tickets: [] })),
    announceArrival: sendParent({ type: 'notify' as const, kind: 'success' as const, key: myTicketsToastKeys.received }),
    rememberTab: sendParent((_, params: { tab: TicketTab }) => ({ type: 'panel.setParams' as const, params: { ticketsTab: params.tab } })),
    openTicket: sendParent((_, params: { userTicketId: number }) => ({
      type: 'panel.open' as const,
      tab: 'TICKET' as const,
      userTicketId: encodeUserTicketId(params.userTicketId),
    })),
  },
  guards: {
    otherTab: ({ context }, params: { tab: TicketTab }) => params.tab !== context.tab,
    hasTickets: ({ context }) => context.tickets.length > 0,
    /** The reloaded list holds a ticket the shown one did not. */
    ticketArrived: ({ context }, params: { tickets: UserTicket[] }) =>
      params.tickets.some((ticket) => !context.tickets.some((shown) => shown.userTicketId === ticket.userTicketId)),
    validTicketId: (_, params: { userTicketId: number }) => Number.isSafeInteger(params.userTicketId) && params.userTicketId > 0,
  },
  actors: {
    loadTickets: fromPromise<UserTicket[], { services: WalletServices; tab: TicketTab }>(({ input }) =>
      input.services.api.call('myTickets', { query: { status: input.tab } }),
    ),
    /** Sends myTickets.stale when the TICKETS cache tag is invalidated. */
    watchTickets: fromCallback<MyTicketsEvent, { services: WalletServices }>(({ input, sendBack }) =>
      input.services.api.onInvalidate(['TICKETS'], () => sendBack({ type: 'myTickets.stale' })),
    ),
  },
}).createMachine({
  id: 'myTickets',
  meta: { ...doc('My tickets: upcoming and past tickets, kept fresh while the panel is open') },
  context: ({ input }) => ({
    services: input.services,
    tab: input.tab?.toUpperCase() === 'PAST' ? 'PAST' : 'UPCOMING',
    tickets: [],
  }),
  invoke: {
    id: 'watchTickets',
    src: 'watchTickets',
    input: servicesOf,
    onError: {
      actions: { type: 'logError', params: ({ event }) => ({ message: 'myTickets: cache listener failed', error: event.error }) },
    },
  },
  on: {
    'myTickets.selectTab': {
      guard: { type: 'otherTab', params: ({ event }) => ({ tab: event.tab }) },
      target: '.loading',
      actions: [
        { type: 'chooseTab', params: ({ event }) => ({ tab: event.tab }) },
        { type: 'rememberTab', params: ({ event }) => ({ tab: event.tab }) },
      ],
    },
    'myTickets.openTicket': {
      guard: { type: 'validTicketId', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
      actions: { type: 'openTicket', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'MY_TICKET', ...doc('Loading skeletons in the selected tab') },
      tags: ['loading'],
      invoke: {
        id: 'loadTickets',
        src: 'loadTickets',
        input: loadInput,
        onDone: { target: 'settled', actions: { type: 'storeTickets', params: ({ event }) => ({ tickets: event.output }) } },
        onError: {
          target: 'error',
          actions: { type: 'logError', params: ({ event }) => ({ message: 'myTickets: loading the list failed', error: event.error }) },
        },
      },
    },
    settled: {
      always: [{ guard: 'hasTickets', target: 'loaded' }, { target: 'empty' }],
    },
    loaded: {
      meta: { screen: 'MY_TICKET', ...doc('Ticket cards in the selected tab') },
      on: { 'myTickets.stale': 'refreshing' },
    },
    empty: {
      meta: { screen: 'MY_TICKET', ...doc('No ticket available in the selected tab') },
      on: { 'myTickets.stale': 'refreshing' },
    },
    refreshing: {
      ...doc('The list changed on the server: it reloads while the last answer stays on screen'),
      tags: ['refreshing'],
      invoke: {
        id: 'loadTickets',
        src: 'loadTickets',
        input: loadInput,
        onDone: [
          {
            guard: { type: 'ticketArrived', params: ({ event }) => ({ tickets: event.output }) },
            target: 'settled',
            actions: [{ type: 'storeTickets', params: ({ event }) => ({ tickets: event.output }) }, 'announceArrival'],
          },
          { target: 'settled', actions: { type: 'storeTickets', params: ({ event }) => ({ tickets: event.output }) } },
        ],
        // The last answer stays; the next invalidation or visit tries again.
        onError: {
          target: 'settled',
          actions: { type: 'logError', params: ({ event }) => ({ message: 'myTickets: reloading the list failed', error: event.error }) },
        },
      },
    },
    error: {
      meta: { screen: 'MY_TICKET', ...doc('The list did not load: message and Retry') },
      on: { 'myTickets.retry': 'loading', 'myTickets.stale': 'loading' },
    },
  },
});

export type MyTicketsMachine = typeof myTicketsMachine;
export type MyTicketsActor = ActorRefFrom<MyTicketsMachine>;
export type MyTicketsSnapshot = SnapshotFrom<MyTicketsMachine>;
