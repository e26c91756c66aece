// Single ticket (SPEC §2): the id comes from USER_TICKET_ID (encoded; a missing or undecodable one leads to my
// tickets), the detail loads through the query cache (GET /list/ticket_listing/{id}, tag SINGLE_TICKET) and again
// when that tag is invalidated (a benefit was unlocked). Gift, Swap and Resell open their panels with the ticket
// preselected; a benefit opens the benefit modal (emits benefit.open). The machine follows the panel: createWallet
// forwards panel.changed with the route's USER_TICKET_ID.
import { assign, emit, fromCallback, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Benefit, TicketDetail } from '../src/contract/entities';
import { httpStatus } from '../src/client/errors';
import type { PanelOverlay, PanelTab } from './panel.location';
import { decodeUserTicketId } from './ticket-id';

export interface TicketContext {
  /** USER_TICKET_ID as the URL has it. */
  encodedId: string | null;
  userTicketId: number | null;
  ticket: TicketDetail | null;
}

export type TicketEvent =
  | { type: 'ticket.retry' }
  | { type: 'ticket.back' }
  | { type: 'ticket.toggleDescription' }
  | { type: 'ticket.toggleMenu' }
  | { type: 'ticket.closeMenu' }
  | { type: 'ticket.gift' }
  | { type: 'ticket.swap' }
  | { type: 'ticket.resell' }
  | { type: 'ticket.openBenefit'; userTicketBenefitId: number }
  /** From the watchTicket actor: the SINGLE_TICKET (or TICKETS) cache tag was invalidated. */
  | { type: 'ticket.stale' }
  /** panel.changed as the panel emits it, plus the route's USER_TICKET_ID (still encoded). */
  | { type: 'panel.changed'; tab: PanelTab | null; overlay: PanelOverlay | null; userTicketId?: string | null };

export type TicketEmitted =
  | { type: 'panel.open'; tab: 'MY_TICKET' | 'GIFT' | 'SWAP' | 'RESELL'; userTicketId?: string }
  | { type: 'benefit.open'; userTicketId: number; benefit: Benefit };

export type TicketTag = 'loading' | 'refreshing';

/** SPEC §6: gift, swap and resell only while event access is unused, and each only when the ticket allows it. */
export function ticketActions(ticket: TicketDetail | null): { gift: boolean; swap: boolean; resell: boolean } {
  const open = ticket !== null && !ticket.eventAccessStatus;
  return {
    gift: open && ticket.isGiftable,
    swap: open && ticket.isSwappable,
    resell: open && ticket.isResellable,
  };
}

/** SPEC §2: the benefits shown are those with a purchased amount above zero. */
export function visibleBenefits(ticket: TicketDetail | null): Benefit[] {
  return ticket ? ticket.benefits.filter((benefit) => benefit.purchasedAmount > 0) : [];
}

type PanelChanged = Extract<TicketEvent, { type: 'panel.changed' }>;

export const ticketMachine = setup({
  types: {
    context: {} as TicketContext,
    events: {} as TicketEvent,
    emitted: {} as TicketEmitted,
    tags: {} as TicketTag,
  },
  actions: {
    logError: (_, params: { message: string; error: unknown }) => console.error(params.message, params.error),
    adoptId: assign((_, params: { encodedId: string | null }) => ({
      encodedId: params.encodedId,
      userTicketId: decodeUserTicketId(params.encodedId),
      ticket: null,
    })),
    forgetTicket: assign({ encodedId: null, userTicketId: null, ticket: null }),
    storeTicket: assign((_, params: { ticket: TicketDetail }) => ({ ticket: params.ticket })),
    openPanel: emit((_, params: { tab: 'MY_TICKET' | 'GIFT' | 'SWAP' | 'RESELL'; userTicketId?: string }) => ({
      type: 'panel.open' as const,
      ...params,
    })),
    openBenefit: emit((_, params: { userTicketId: number; benefit: Benefit }) => ({ type: 'benefit.open' as const, ...params })),
  },
  guards: {
    ticketScreen: ({ event }) => event.type === 'panel.changed' && event.tab === 'TICKET',
    sameTicket: ({ context }, params: { event: PanelChanged }) =>
      params.event.tab === 'TICKET' && (params.event.userTicketId ?? null) === context.encodedId,
    idDecodes: ({ context }) => context.userTicketId !== null,
    notFound: (_, params: { error: unknown }) => {
      const status = httpStatus(params.error);
      // 404: no such ticket of this user; 400: an id the server refuses (too large for it).
      return status === 404 || status === 400;
    },
    canGift: ({ context }) => ticketActions(context.ticket).gift,
    canSwap: ({ context }) => ticketActions(context.ticket).swap,
    canResell: ({ context }) => ticketActions(context.ticket).resell,
    hasMenu: ({ context }) => {
      const actions = ticketActions(context.ticket);
      return actions.swap || actions.resell;
    },
    benefitShown: ({ context }, params: { userTicketBenefitId: number }) =>
      visibleBenefits(context.ticket).some((benefit) => benefit.userTicketBenefitId === params.userTicketBenefitId),
  },
  actors: {
    // Provided by createWallet with the API client; tests provide mocks.
    loadTicket: fromPromise<TicketDetail, { userTicketId: number }>(async () => {
      throw new Error('ticket: loadTicket is not provided');
    }),
    /** Sends ticket.stale when the ticket's cache tags are invalidated; provided by createWallet. */
    watchTicket: fromCallback<TicketEvent>(() => () => {}),
  },
}).createMachine({
  id: 'ticket',
  context: { encodedId: null, userTicketId: null, ticket: null },
  initial: 'hidden',
  states: {
    hidden: {
      description: 'The TICKET panel is not shown',
      on: {
        'panel.changed': {
          guard: 'ticketScreen',
          target: 'shown',
          actions: { type: 'adoptId', params: ({ event }) => ({ encodedId: event.userTicketId ?? null }) },
        },
      },
    },
    shown: {
      initial: 'checking',
      on: {
        'panel.changed': [
          // The HUB opening over the ticket, or the same URL again: nothing changes.
          { guard: { type: 'sameTicket', params: ({ event }) => ({ event }) } },
          {
            guard: 'ticketScreen',
            target: 'shown',
            reenter: true,
            actions: { type: 'adoptId', params: ({ event }) => ({ encodedId: event.userTicketId ?? null }) },
          },
          { target: 'hidden', actions: 'forgetTicket' },
        ],
        'ticket.back': { actions: { type: 'openPanel', params: { tab: 'MY_TICKET' } } },
      },
      states: {
        checking: {
          description: 'A missing or undecodable USER_TICKET_ID leads to my tickets',
          always: [
            { guard: 'idDecodes', target: 'loading' },
            { target: '#ticket.hidden', actions: ['forgetTicket', { type: 'openPanel', params: { tab: 'MY_TICKET' } }] },
          ],
        },
        loading: {
          meta: { screen: 'TICKET', description: 'Single ticket: loading skeletons' },
          tags: ['loading'],
          invoke: {
            id: 'loadTicket',
            src: 'loadTicket',
            input: ({ context }) => ({ userTicketId: context.userTicketId ?? 0 }),
            onDone: { target: 'loaded', actions: { type: 'storeTicket', params: ({ event }) => ({ ticket: event.output }) } },
            onError: [
              { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
              {
                target: 'error',
                actions: { type: 'logError', params: ({ event }) => ({ message: 'ticket: loading failed', error: event.error }) },
              },
            ],
          },
        },
        notFound: {
          meta: { screen: 'TICKET', description: 'This ticket is not (or no longer) yours: a link back to my tickets' },
        },
        error: {
          meta: { screen: 'TICKET', description: 'The ticket did not load: message and Retry' },
          on: { 'ticket.retry': 'loading', 'ticket.stale': 'loading' },
        },
        loaded: {
          meta: { screen: 'TICKET', description: 'Event card, event access, description, benefits and ticket actions' },
          type: 'parallel',
          invoke: {
            id: 'watchTicket',
            src: 'watchTicket',
            onError: {
              actions: { type: 'logError', params: ({ event }) => ({ message: 'ticket: cache listener failed', error: event.error }) },
            },
          },
          on: {
            'ticket.gift': {
              guard: 'canGift',
              actions: { type: 'openPanel', params: ({ context }) => ({ tab: 'GIFT', userTicketId: context.encodedId ?? undefined }) },
            },
            'ticket.swap': {
              guard: 'canSwap',
              actions: { type: 'openPanel', params: ({ context }) => ({ tab: 'SWAP', userTicketId: context.encodedId ?? undefined }) },
            },
            'ticket.resell': {
              guard: 'canResell',
              actions: { type: 'openPanel', params: ({ context }) => ({ tab: 'RESELL', userTicketId: context.encodedId ?? undefined }) },
            },
            'ticket.openBenefit': {
              guard: { type: 'benefitShown', params: ({ event }) => ({ userTicketBenefitId: event.userTicketBenefitId }) },
              actions: {
                type: 'openBenefit',
                params: ({ context, event }) => ({
                  userTicketId: context.userTicketId ?? 0,
                  benefit: visibleBenefits(context.ticket).find((benefit) => benefit.userTicketBenefitId === event.userTicketBenefitId)!,
                }),
              },
            },
          },
          states: {
            data: {
              initial: 'fresh',
              states: {
                fresh: { on: { 'ticket.stale': 'refreshing' } },
                refreshing: {
                  description: 'Reloads after an invalidation (an unlocked benefit) while the ticket stays on screen',
                  tags: ['refreshing'],
                  invoke: {
                    id: 'loadTicket',
                    src: 'loadTicket',
                    input: ({ context }) => ({ userTicketId: context.userTicketId ?? 0 }),
                    onDone: { target: 'fresh', actions: { type: 'storeTicket', params: ({ event }) => ({ ticket: event.output }) } },
                    onError: {
                      target: 'fresh',
                      actions: { type: 'logError', params: ({ event }) => ({ message: 'ticket: reloading failed', error: event.error }) },
                    },
                  },
                },
              },
            },
            description: {
              initial: 'collapsed',
              states: {
                collapsed: { description: 'Clamped to 3 lines', on: { 'ticket.toggleDescription': 'expanded' } },
                expanded: { on: { 'ticket.toggleDescription': 'collapsed' } },
              },
            },
            menu: {
              initial: 'closed',
              states: {
                closed: { on: { 'ticket.toggleMenu': { guard: 'hasMenu', target: 'open' } } },
                open: {
                  description: 'The menu with Swap ticket and Resell ticket',
                  // A reload can take the actions away (the ticket was scanned meanwhile): the menu closes.
                  always: { guard: not('hasMenu'), target: 'closed' },
                  on: {
                    'ticket.toggleMenu': 'closed',
                    'ticket.closeMenu': 'closed',
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

export type TicketMachine = typeof ticketMachine;
export type TicketActor = ActorRefFrom<TicketMachine>;
export type TicketSnapshot = SnapshotFrom<TicketMachine>;
