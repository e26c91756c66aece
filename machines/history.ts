// Transfer history (PANEL_TAB=HISTORY): for one ticket, who held it and how it moved (issued, gifted, swapped, bought
// on resale, redeemed), with dates, as far as the asking holder may see it (GET /list/ticket_listing/{id}/history).
// A child of the wallet while HISTORY is open; reached from the ticket page, and back to it.
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { TicketHistory } from '../src/contract/entities';
import { addRoutes } from '../src/client/client';
import { encodeUserTicketId } from './ticket-id';
import { failureKey } from '../src/client/errors';
import { reportError } from './services';
import type { FlowInput, LogParams, WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('ticketHistory'));

export interface HistoryInput extends FlowInput {
  /** The ticket (the panel's guard sends a HISTORY without a decodable USER_TICKET_ID to My tickets). */
  userTicketId: number;
}

export interface HistoryContext {
  services: WalletServices;
  userTicketId: number;
  history: TicketHistory | null;
  /** The locale key of why the history could not be loaded. */
  error: string | null;
}

export type HistoryEvent = { type: 'history.retry' } | { type: 'history.openTicket' };

export const historyMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    input: {} as HistoryInput,
  },
  actors: {
    loadHistory: fromPromise<TicketHistory, { services: WalletServices; userTicketId: number }>(({ input }) =>
      input.services.api.call('ticketHistory', { params: { ticketUserId: input.userTicketId } }),
    ),
  },
  guards: {
    /** Not (or no longer) the asker's ticket: asking again cannot change that. */
    notTheirs: ({ event }) => failureKey((event as { error?: unknown }).error, 'history.load_failed') === 'api.ticket.not_found',
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    openTicket: sendParent(({ context }) => ({
      type: 'panel.open' as const,
      tab: 'TICKET' as const,
      userTicketId: encodeUserTicketId(context.userTicketId),
    })),
  },
}).createMachine({
  id: 'history',
  ...doc("A ticket's transfer history: who held it and how it moved, with dates"),
  context: ({ input }) => ({ services: input.services, userTicketId: input.userTicketId, history: null, error: null }),
  initial: 'loading',
  on: { 'history.openTicket': { actions: 'openTicket' } },
  states: {
    loading: {
      meta: { screen: 'HISTORY', ...doc('GET the history: a skeleton of the list') },
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ services: context.services, userTicketId: context.userTicketId }),
        onDone: { target: 'shown', actions: assign({ history: ({ event }) => event.output, error: null }) },
        onError: [
          {
            guard: 'notTheirs',
            target: 'notFound',
            actions: assign({ error: 'api.ticket.not_found' }),
          },
          {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => failureKey(event.error, 'history.load_failed') }),
              { type: 'logError', params: ({ event }) => ({ message: 'history: the history did not load', error: event.error }) },
            ],
          },
        ],
      },
    },
    shown: { meta: { screen: 'HISTORY', ...doc('The moves, oldest first, each with its date and holder') } },
    notFound: {
      meta: { screen: 'HISTORY', ...doc('Not (or no longer) the asker\'s ticket: the reason, and no Try again') },
    },
    failed: {
      meta: { screen: 'HISTORY', ...doc('The history could not be loaded: the reason and Try again') },
      on: { 'history.retry': 'loading' },
    },
  },
});

export type HistorySnapshot = SnapshotFrom<typeof historyMachine>;
