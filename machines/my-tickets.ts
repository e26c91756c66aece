// My tickets (SPEC §2): the Upcoming and Past tabs. Each tab's list loads the first time the tab is shown while
// the MY_TICKET panel is open (GET /list/ticket_listing?status=…, through the query cache), and loads again when
// the TICKETS cache tag is invalidated. A card opens the single ticket (emits panel.open TICKET with the encoded
// USER_TICKET_ID). The machine follows the panel (panel.changed), as the login flow does.
import { assign, emit, fromCallback, fromPromise, not, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { UserTicket } from '../src/contract/entities';
import type { PanelOverlay, PanelTab } from './panel.location';
import { encodeUserTicketId } from './ticket-id';

export const ticketTabs = ['UPCOMING', 'PAST'] as const;
export type TicketTab = (typeof ticketTabs)[number];

export interface MyTicketsContext {
  /** The last answer of each tab's list (kept while a stale list reloads). */
  upcoming: UserTicket[];
  past: UserTicket[];
}

export type MyTicketsEvent =
  | { type: 'myTickets.selectTab'; tab: TicketTab }
  | { type: 'myTickets.retry' }
  | { type: 'myTickets.openTicket'; userTicketId: number }
  /** From the watchTickets actor: the TICKETS cache tag was invalidated. */
  | { type: 'myTickets.stale' }
  | { type: 'panel.changed'; tab: PanelTab | null; overlay: PanelOverlay | null };

export type MyTicketsEmitted = { type: 'panel.open'; tab: 'TICKET'; userTicketId: string };

export type MyTicketsTag = 'loading' | 'refreshing';

export const myTicketsMachine = setup({
  types: {
    context: {} as MyTicketsContext,
    events: {} as MyTicketsEvent,
    emitted: {} as MyTicketsEmitted,
    tags: {} as MyTicketsTag,
  },
  actions: {
    logError: (_, params: { message: string; error: unknown }) => console.error(params.message, params.error),
    storeUpcoming: assign((_, params: { tickets: UserTicket[] }) => ({ upcoming: params.tickets })),
    storePast: assign((_, params: { tickets: UserTicket[] }) => ({ past: params.tickets })),
    forgetTickets: assign({ upcoming: [], past: [] }),
    openTicket: emit((_, params: { userTicketId: number }) => ({
      type: 'panel.open' as const,
      tab: 'TICKET' as const,
      userTicketId: encodeUserTicketId(params.userTicketId),
    })),
  },
  guards: {
    screenIs: ({ event }, params: { tab: PanelTab }) => event.type === 'panel.changed' && event.tab === params.tab,
    tabChosen: ({ event }, params: { tab: TicketTab }) => event.type === 'myTickets.selectTab' && event.tab === params.tab,
    hasTickets: ({ context }, params: { list: 'upcoming' | 'past' }) => context[params.list].length > 0,
    validTicketId: (_, params: { userTicketId: number }) => Number.isSafeInteger(params.userTicketId) && params.userTicketId > 0,
  },
  actors: {
    // Provided by createWallet with the API client; tests provide mocks.
    loadUpcoming: fromPromise<UserTicket[]>(async () => {
      throw new Error('myTickets: loadUpcoming is not provided');
    }),
    loadPast: fromPromise<UserTicket[]>(async () => {
      throw new Error('myTickets: loadPast is not provided');
    }),
    /** Sends myTickets.stale when the TICKETS cache tag is invalidated; provided by createWallet. */
    watchTickets: fromCallback<MyTicketsEvent>(() => () => {}),
  },
}).createMachine({
  id: 'myTickets',
  type: 'parallel',
  context: { upcoming: [], past: [] },
  states: {
    // The chosen tab outlives a visit: back from a single ticket lands on the tab it was opened from.
    tab: {
      initial: 'upcoming',
      states: {
        upcoming: {
          description: 'Upcoming tab selected',
          on: { 'myTickets.selectTab': { guard: { type: 'tabChosen', params: { tab: 'PAST' } }, target: 'past' } },
        },
        past: {
          description: 'Past tab selected',
          on: { 'myTickets.selectTab': { guard: { type: 'tabChosen', params: { tab: 'UPCOMING' } }, target: 'upcoming' } },
        },
      },
    },
    view: {
      initial: 'hidden',
      states: {
        hidden: {
          description: 'The MY_TICKET panel is not shown',
          on: { 'panel.changed': { guard: { type: 'screenIs', params: { tab: 'MY_TICKET' } }, target: 'visible' } },
        },
        visible: {
          type: 'parallel',
          invoke: {
            id: 'watchTickets',
            src: 'watchTickets',
            onError: {
              actions: { type: 'logError', params: ({ event }) => ({ message: 'myTickets: cache listener failed', error: event.error }) },
            },
          },
          on: {
            // Leaving the panel forgets the lists: the next visit reads them again (from the cache while it is fresh).
            'panel.changed': {
              guard: not({ type: 'screenIs', params: { tab: 'MY_TICKET' as const } }),
              target: 'hidden',
              actions: 'forgetTickets',
            },
            'myTickets.openTicket': {
              guard: { type: 'validTicketId', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
              actions: { type: 'openTicket', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
            },
          },
          // The two lists are the same statechart; only the tab, the loader and the context field differ.
          states: {
            upcoming: {
              initial: 'idle',
              states: {
                idle: {
                  description: 'The upcoming tab has not been shown yet',
                  always: { guard: stateIn({ tab: 'upcoming' }), target: 'loading' },
                },
                loading: {
                  meta: { screen: 'MY_TICKET', description: 'Loading skeletons in the upcoming tab' },
                  tags: ['loading'],
                  invoke: {
                    id: 'loadUpcoming',
                    src: 'loadUpcoming',
                    onDone: { target: 'settled', actions: { type: 'storeUpcoming', params: ({ event }) => ({ tickets: event.output }) } },
                    onError: { target: 'error', actions: { type: 'logError', params: ({ event }) => ({ message: 'myTickets: loading upcoming failed', error: event.error }) } },
                  },
                },
                settled: {
                  always: [{ guard: { type: 'hasTickets', params: { list: 'upcoming' } }, target: 'loaded' }, { target: 'empty' }],
                },
                loaded: {
                  meta: { screen: 'MY_TICKET', description: 'Ticket cards in the upcoming tab' },
                  on: { 'myTickets.stale': 'refreshing' },
                },
                empty: {
                  meta: { screen: 'MY_TICKET', description: 'No ticket available in the upcoming tab' },
                  on: { 'myTickets.stale': 'refreshing' },
                },
                refreshing: {
                  description: 'The list changed on the server: it reloads while the last answer stays on screen',
                  tags: ['refreshing'],
                  invoke: {
                    id: 'loadUpcoming',
                    src: 'loadUpcoming',
                    onDone: { target: 'settled', actions: { type: 'storeUpcoming', params: ({ event }) => ({ tickets: event.output }) } },
                    // The last answer stays; the next invalidation or visit tries again.
                    onError: { target: 'settled', actions: { type: 'logError', params: ({ event }) => ({ message: 'myTickets: reloading upcoming failed', error: event.error }) } },
                  },
                },
                error: {
                  meta: { screen: 'MY_TICKET', description: 'The upcoming list did not load: message and Retry' },
                  on: {
                    'myTickets.retry': { guard: stateIn({ tab: 'upcoming' }), target: 'loading' },
                    'myTickets.stale': 'loading',
                  },
                },
              },
            },
            past: {
              initial: 'idle',
              states: {
                idle: {
                  description: 'The past tab has not been shown yet',
                  always: { guard: stateIn({ tab: 'past' }), target: 'loading' },
                },
                loading: {
                  meta: { screen: 'MY_TICKET', description: 'Loading skeletons in the past tab' },
                  tags: ['loading'],
                  invoke: {
                    id: 'loadPast',
                    src: 'loadPast',
                    onDone: { target: 'settled', actions: { type: 'storePast', params: ({ event }) => ({ tickets: event.output }) } },
                    onError: { target: 'error', actions: { type: 'logError', params: ({ event }) => ({ message: 'myTickets: loading past failed', error: event.error }) } },
                  },
                },
                settled: {
                  always: [{ guard: { type: 'hasTickets', params: { list: 'past' } }, target: 'loaded' }, { target: 'empty' }],
                },
                loaded: {
                  meta: { screen: 'MY_TICKET', description: 'Ticket cards in the past tab' },
                  on: { 'myTickets.stale': 'refreshing' },
                },
                empty: {
                  meta: { screen: 'MY_TICKET', description: 'No ticket available in the past tab' },
                  on: { 'myTickets.stale': 'refreshing' },
                },
                refreshing: {
                  description: 'The list changed on the server: it reloads while the last answer stays on screen',
                  tags: ['refreshing'],
                  invoke: {
                    id: 'loadPast',
                    src: 'loadPast',
                    onDone: { target: 'settled', actions: { type: 'storePast', params: ({ event }) => ({ tickets: event.output }) } },
                    onError: { target: 'settled', actions: { type: 'logError', params: ({ event }) => ({ message: 'myTickets: reloading past failed', error: event.error }) } },
                  },
                },
                error: {
                  meta: { screen: 'MY_TICKET', description: 'The past list did not load: message and Retry' },
                  on: {
                    'myTickets.retry': { guard: stateIn({ tab: 'past' }), target: 'loading' },
                    'myTickets.stale': 'loading',
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type MyTicketsMachine = typeof myTicketsMachine;
export type MyTicketsActor = ActorRefFrom<MyTicketsMachine>;
export type MyTicketsSnapshot = SnapshotFrom<MyTicketsMachine>;
