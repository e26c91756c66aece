// Single ticket (docs/product.md §2): a child of the wallet while TICKET is open, given the decoded USER_TICKET_ID (the router
// sends a missing or undecodable one to My tickets). The detail loads through the query cache (GET
// /list/ticket_listing/{id}, tag SINGLE_TICKET) and again when that tag is invalidated (a benefit was unlocked).
// Gift, Swap and Resell open their panels with the ticket preselected; a benefit opens the benefit modal, a child
// of this flow. A ticket held by the person's own swap in progress (left behind on its confirmation) says so, with
// Continue to checkout and Cancel swap (machines/swap.held.ts); Cancel releases it and the ticket is read again.
import { assign, fromCallback, fromPromise, not, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Benefit, HeldSwap, TicketDetail, WalletLinks } from '../src/contract/entities';
import { addRoutes } from '../src/client/client';
import { encodeUserTicketId } from './ticket-id';
import { failureKey, httpStatus } from '../src/client/errors';
import { benefitMachine } from './benefit';
import { continueHeldCheckout } from './swap.held';
import type { TicketTab } from './my-tickets';
import { type FlowInput, type LogParams, type NotifyEvent, reportError, type Toast, type WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('ticketDetail', 'ticketPdf', 'walletLinks', 'cancelSwap'));

export interface TicketInput extends FlowInput {
  userTicketId: number;
}

export interface TicketContext {
  services: WalletServices;
  userTicketId: number;
  ticket: TicketDetail | null;
  /** Add to Apple Wallet / Save to Google Wallet (GET /wallet/tickets/{id}), once loaded. */
  walletLinks: WalletLinks | null;
}

/** The Apple Wallet download link lasts 10 minutes on the server: the links are asked for again well before. */
export const WALLET_LINKS_REFRESH_MS = 8 * 60_000;

export type TicketEvent =
  | { type: 'ticket.retry' }
  | { type: 'ticket.back' }
  | { type: 'ticket.toggleDescription' }
  | { type: 'ticket.toggleMenu' }
  | { type: 'ticket.closeMenu' }
  | { type: 'ticket.gift' }
  | { type: 'ticket.swap' }
  | { type: 'ticket.resell' }
  /** Hand the ticket on: a PDF with a new secret code, saved as a file. */
  | { type: 'ticket.downloadPdf' }
  | { type: 'ticket.openBenefit'; userTicketBenefitId: number }
  /** The wallet links did not load: ask again. */
  | { type: 'ticket.walletRetry' }
  /** The ticket is held by the person's swap in progress: on to its checkout, or cancel it (the ticket is free again). */
  | { type: 'ticket.continueSwap' }
  | { type: 'ticket.cancelSwap' }
  /** From the watchTicket actor: the SINGLE_TICKET (or TICKETS) cache tag was invalidated. */
  | { type: 'ticket.stale' }
  /** From the benefit modal: a toast for the wallet. */
  | NotifyEvent;

/** What the flow tells the wallet. */
export type TicketReport =
  | { type: 'panel.open'; tab: 'MY_TICKET'; ticketsTab: TicketTab }
  | { type: 'panel.open'; tab: 'GIFT' | 'SWAP' | 'RESELL'; userTicketId: string }
  | NotifyEvent;

export type TicketTag = 'loading' | 'refreshing' | 'downloading' | 'leavingSwap' | 'releasingSwap';

/** docs/product.md §6: gift, swap and resell only while event access is unused, and each only when the ticket allows it. */
export function ticketActions(ticket: TicketDetail | null): { gift: boolean; swap: boolean; resell: boolean } {
  const open = ticket !== null && !ticket.eventAccessStatus;
  return {
    gift: open && ticket.isGiftable,
    swap: open && ticket.isSwappable,
    resell: open && ticket.isResellable,
  };
}

/**
 * The ticket may be handed on as a PDF (docs/decisions/0037-pdf-and-redeem-in-the-lifecycle.md): a PDF is a gift by
 * code, so the server allows it exactly when it allows a gift (`isGiftable`: held, giftable type, event not over).
 */
export function canHandOn(ticket: TicketDetail | null): boolean {
  return ticketActions(ticket).gift;
}

/**
 * A phone wallet's pass is offered for an upcoming ticket the holder holds and has not used (docs/decisions/0066-wallet-passes-a-static-pass-code-the-gate-checks-online.md): the server refuses the rest, and a pass of a used ticket would only show void.
 */
export function canAddToWallet(ticket: TicketDetail | null, now: Date = new Date()): boolean {
  return ticket !== null && !ticket.eventAccessStatus && ticketsTabOf(ticket, now) === 'UPCOMING';
}

/** The PDF's file name: event and ticket, as a reader would look for it in Downloads. */
export function ticketPdfName(ticket: Pick<TicketDetail, 'eventName' | 'ticketName'> | null): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const name = ticket ? [slug(ticket.eventName), slug(ticket.ticketName)].filter(Boolean).join('-') : '';
  return `${name || 'ticket'}.pdf`;
}

/** docs/product.md §2: the benefits shown are those with a purchased amount above zero. */
export function visibleBenefits(ticket: TicketDetail | null): Benefit[] {
  return ticket ? ticket.benefits.filter((benefit) => benefit.purchasedAmount > 0) : [];
}

/** The My tickets tab a ticket is listed under: Past once its event has ended. */
export function ticketsTabOf(ticket: TicketDetail | null, now: Date = new Date()): TicketTab {
  return ticket && new Date(ticket.eventEndDateTime).getTime() < now.getTime() ? 'PAST' : 'UPCOMING';
}

/** The person's own swap in progress that holds the ticket, or null. */
export const heldSwapOf = (ticket: TicketDetail | null): HeldSwap | null => ticket?.heldSwap ?? null;

const servicesOf = ({ context }: { context: TicketContext }) => ({ services: context.services });
const loadInput = ({ context }: { context: TicketContext }) => ({ services: context.services, userTicketId: context.userTicketId });

export const ticketMachine = setup({
  types: {
    context: {} as TicketContext,
    events: {} as TicketEvent,
    input: {} as TicketInput,
    tags: {} as TicketTag,
    children: {} as {
      benefit: 'benefit';
      loadTicket: 'loadTicket';
      watchTicket: 'watchTicket';
      downloadPdf: 'downloadPdf';
      loadWalletLinks: 'loadWalletLinks';
      continueHeldCheckout: 'continueHeldCheckout';
      releaseHeldSwap: 'releaseHeldSwap';
    },
  },
  delays: { walletLinksRefresh: WALLET_LINKS_REFRESH_MS },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    storeTicket: assign((_, params: { ticket: TicketDetail }) => ({ ticket: params.ticket })),
    storeWalletLinks: assign((_, params: { walletLinks: WalletLinks | null }) => ({ walletLinks: params.walletLinks })),
    openMyTickets: sendParent(({ context }) => ({ type: 'panel.open' as const, tab: 'MY_TICKET' as const, ticketsTab: ticketsTabOf(context.ticket) })),
    openPanel: sendParent(({ context }, params: { tab: 'GIFT' | 'SWAP' | 'RESELL' }) => ({
      type: 'panel.open' as const,
      tab: params.tab,
      userTicketId: encodeUserTicketId(context.userTicketId),
    })),
    forwardNotify: sendParent((_, params: NotifyEvent) => params),
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
  },
  guards: {
    notFound: (_, params: { error: unknown }) => {
      const status = httpStatus(params.error);
      // 404: no such ticket of this user; 400: an id the server refuses (too large for it).
      return status === 404 || status === 400;
    },
    heldBySwap: ({ context }) => heldSwapOf(context.ticket) !== null,
    canGift: ({ context }) => ticketActions(context.ticket).gift,
    canSwap: ({ context }) => ticketActions(context.ticket).swap,
    canResell: ({ context }) => ticketActions(context.ticket).resell,
    canHandOn: ({ context }) => canHandOn(context.ticket),
    canAddToWallet: ({ context }) => canAddToWallet(context.ticket),
    hasMenu: ({ context }) => {
      const actions = ticketActions(context.ticket);
      return actions.swap || actions.resell;
    },
    benefitShown: ({ context }, params: { userTicketBenefitId: number }) =>
      visibleBenefits(context.ticket).some((benefit) => benefit.userTicketBenefitId === params.userTicketBenefitId),
  },
  actors: {
    loadTicket: fromPromise<TicketDetail, { services: WalletServices; userTicketId: number }>(({ input }) =>
      input.services.api.call('ticketDetail', { params: { ticketUserId: input.userTicketId } }),
    ),
    /** Sends ticket.stale when the ticket's cache tags are invalidated. */
    watchTicket: fromCallback<TicketEvent, { services: WalletServices }>(({ input, sendBack }) =>
      input.services.api.onInvalidate(['SINGLE_TICKET', 'TICKETS'], () => sendBack({ type: 'ticket.stale' })),
    ),
    /** POST /resell/{id} answers the PDF (a new secret code each time); the platform saves it as a file. */
    downloadPdf: fromPromise<void, { services: WalletServices; userTicketId: number; fileName: string }>(async ({ input }) => {
      const { saveFile } = input.services.platform;
      if (!saveFile) throw new Error('platform: saveFile is not available');
      const pdf = await input.services.api.call('ticketPdf', { params: { id: input.userTicketId } });
      saveFile(pdf, input.fileName);
    }),
    loadWalletLinks: fromPromise<WalletLinks, { services: WalletServices; userTicketId: number }>(({ input }) =>
      input.services.api.call('walletLinks', { params: { userTicketId: input.userTicketId } }),
    ),
    benefit: benefitMachine,
    continueHeldCheckout,
    /** Cancel swap: the swap ends on the server (its tickets free at once), then the ticket is read again without it. */
    releaseHeldSwap: fromPromise<TicketDetail, { services: WalletServices; userTicketId: number; orderIdentifier: string }>(async ({ input }) => {
      const { api } = input.services;
      try {
        await api.call('cancelSwap', { params: { swapIdentifier: input.orderIdentifier } });
      } catch (error) {
        // Refused (the swap was confirmed meanwhile …): the ticket changed on the server, so the kept answer goes and
        // the ticket is read anew.
        api.cache.invalidate(['SINGLE_TICKET']);
        throw error;
      }
      return api.call('ticketDetail', { params: { ticketUserId: input.userTicketId } });
    }),
  },
}).createMachine({
  id: 'ticket',
  meta: { ...doc('One ticket: its details, PDF download and benefits') },
  context: ({ input }) => ({ services: input.services, userTicketId: input.userTicketId, ticket: null, walletLinks: null }),
  // The ticket's cache tags, watched all along: a change elsewhere reloads a shown ticket, or retries a failed load.
  invoke: {
    id: 'watchTicket',
    src: 'watchTicket',
    input: servicesOf,
    onError: {
      actions: { type: 'logError', params: ({ event }) => ({ message: 'ticket: cache listener failed', error: event.error }) },
    },
  },
  on: {
    'ticket.back': { actions: 'openMyTickets' },
    notify: { actions: { type: 'forwardNotify', params: ({ event }) => event } },
  },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'TICKET', ...doc('Single ticket: loading skeletons') },
      tags: ['loading'],
      invoke: {
        id: 'loadTicket',
        src: 'loadTicket',
        input: loadInput,
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
      meta: { screen: 'TICKET', ...doc('This ticket is not (or no longer) yours: a link back to my tickets') },
    },
    error: {
      meta: { screen: 'TICKET', ...doc('The ticket did not load: message and Retry') },
      on: { 'ticket.retry': 'loading', 'ticket.stale': 'loading' },
    },
    loaded: {
      meta: { screen: 'TICKET', ...doc('Event card, event access, description, benefits and ticket actions') },
      type: 'parallel',
      on: {
        'ticket.gift': { guard: 'canGift', actions: { type: 'openPanel', params: { tab: 'GIFT' } } },
        'ticket.swap': { guard: 'canSwap', actions: { type: 'openPanel', params: { tab: 'SWAP' } } },
        'ticket.resell': { guard: 'canResell', actions: { type: 'openPanel', params: { tab: 'RESELL' } } },
        'ticket.continueSwap': { guard: 'heldBySwap', target: 'leavingSwap' },
        'ticket.cancelSwap': { guard: 'heldBySwap', target: 'releasingSwap' },
      },
      states: {
        data: {
          initial: 'current',
          states: {
            current: { on: { 'ticket.stale': 'refreshing' } },
            refreshing: {
              ...doc('Reloads after an invalidation (an unlocked benefit) while the ticket stays on screen'),
              tags: ['refreshing'],
              invoke: {
                id: 'loadTicket',
                src: 'loadTicket',
                input: loadInput,
                onDone: { target: 'current', actions: { type: 'storeTicket', params: ({ event }) => ({ ticket: event.output }) } },
                onError: {
                  target: 'outdated',
                  actions: { type: 'logError', params: ({ event }) => ({ message: 'ticket: reloading failed', error: event.error }) },
                },
              },
            },
            outdated: {
              ...doc('The reload failed: the ticket as last loaded, with a notice that it may be out of date and Retry'),
              on: { 'ticket.retry': 'refreshing', 'ticket.stale': 'refreshing' },
            },
          },
        },
        description: {
          initial: 'collapsed',
          states: {
            collapsed: { ...doc('Clamped to 3 lines'), on: { 'ticket.toggleDescription': 'expanded' } },
            expanded: { on: { 'ticket.toggleDescription': 'collapsed' } },
          },
        },
        menu: {
          initial: 'closed',
          states: {
            closed: { on: { 'ticket.toggleMenu': { guard: 'hasMenu', target: 'open' } } },
            open: {
              ...doc('The menu with Swap ticket and Resell ticket'),
              // A reload can take the actions away (the ticket was scanned meanwhile): the menu closes.
              always: { guard: not('hasMenu'), target: 'closed' },
              on: {
                'ticket.toggleMenu': 'closed',
                'ticket.closeMenu': 'closed',
              },
            },
          },
        },
        pdf: {
          initial: 'idle',
          states: {
            idle: { on: { 'ticket.downloadPdf': { guard: 'canHandOn', target: 'downloading' } } },
            downloading: {
              ...doc('Download as PDF: the request runs, the button spins'),
              tags: ['downloading'],
              invoke: {
                id: 'downloadPdf',
                src: 'downloadPdf',
                input: ({ context }) => ({
                  services: context.services,
                  userTicketId: context.userTicketId,
                  fileName: ticketPdfName(context.ticket),
                }),
                onDone: { target: 'idle', actions: { type: 'notify', params: { kind: 'success', key: 'ticket.pdf_saved' } } },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ message: 'ticket: the PDF download failed', error: event.error }) },
                    // The server's reason (the ticket was listed, its event ended …), else the generic failure.
                    { type: 'notify', params: ({ event }) => ({ kind: 'error', key: failureKey(event.error, 'request_failed') }) },
                  ],
                },
              },
            },
          },
        },
        wallet: {
          initial: 'unavailable',
          states: {
            unavailable: {
              ...doc('No phone wallet pass: the ticket is used or its event is over'),
              always: { guard: 'canAddToWallet', target: 'loading' },
              entry: { type: 'storeWalletLinks', params: { walletLinks: null } },
            },
            loading: {
              ...doc('Asks for the Add to Apple Wallet and Save to Google Wallet links'),
              // A reload that finds the ticket used stops asking.
              always: { guard: not('canAddToWallet'), target: 'unavailable' },
              invoke: {
                id: 'loadWalletLinks',
                src: 'loadWalletLinks',
                input: loadInput,
                onDone: { target: 'ready', actions: { type: 'storeWalletLinks', params: ({ event }) => ({ walletLinks: event.output }) } },
                onError: {
                  target: 'failed',
                  actions: { type: 'logError', params: ({ event }) => ({ message: 'ticket: the wallet links did not load', error: event.error }) },
                },
              },
            },
            ready: {
              ...doc('The wallet buttons, links to the pass; asked for again before the Apple link expires'),
              always: { guard: not('canAddToWallet'), target: 'unavailable' },
              after: { walletLinksRefresh: 'loading' },
            },
            failed: {
              ...doc('The wallet links did not load: a message and Retry'),
              always: { guard: not('canAddToWallet'), target: 'unavailable' },
              on: { 'ticket.walletRetry': 'loading' },
            },
          },
        },
        modal: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'ticket.openBenefit': {
                  guard: { type: 'benefitShown', params: ({ event }) => ({ userTicketBenefitId: event.userTicketBenefitId }) },
                  target: 'benefit',
                },
              },
            },
            benefit: {
              ...doc('The benefit detail modal over the ticket (a child flow)'),
              invoke: {
                id: 'benefit',
                src: 'benefit',
                input: ({ context, event }) => ({
                  services: context.services,
                  userTicketId: context.userTicketId,
                  benefit: visibleBenefits(context.ticket).find(
                    (benefit) => event.type === 'ticket.openBenefit' && benefit.userTicketBenefitId === event.userTicketBenefitId,
                  )!,
                }),
                onDone: 'closed',
                onError: {
                  target: 'closed',
                  actions: { type: 'logError', params: ({ event }) => ({ message: 'ticket: the benefit modal failed', error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
    leavingSwap: {
      meta: { screen: 'TICKET', ...doc('Continue to checkout: the window is on its way to the held swap\'s checkout page') },
      tags: ['leavingSwap'],
      invoke: {
        id: 'continueHeldCheckout',
        src: 'continueHeldCheckout',
        input: ({ context }) => ({ services: context.services, held: heldSwapOf(context.ticket)! }),
        onError: {
          target: 'loaded',
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: 'ticket: going to the swap checkout failed', error: event.error }) },
            { type: 'notify', params: { kind: 'error', key: 'api.request_failed' } },
          ],
        },
      },
    },
    releasingSwap: {
      meta: { screen: 'TICKET', ...doc('Cancel swap: the swap ends on the server, then the ticket is read again (Gift, the menu and the PDF are back)') },
      tags: ['releasingSwap'],
      invoke: {
        id: 'releaseHeldSwap',
        src: 'releaseHeldSwap',
        input: ({ context }) => ({ services: context.services, userTicketId: context.userTicketId, orderIdentifier: heldSwapOf(context.ticket)?.orderIdentifier ?? '' }),
        onDone: {
          target: 'loaded',
          actions: [{ type: 'storeTicket', params: ({ event }) => ({ ticket: event.output }) }, { type: 'notify', params: { kind: 'success', key: 'ticket.swap_cancelled' } }],
        },
        // The server's reason (the swap was confirmed meanwhile …), and the ticket is read again as it is now.
        onError: {
          target: 'loading',
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: 'ticket: cancelling the swap failed', error: event.error }) },
            { type: 'notify', params: ({ event }) => ({ kind: 'error', key: failureKey(event.error, 'request_failed') }) },
          ],
        },
      },
    },
  },
});

export type TicketMachine = typeof ticketMachine;
export type TicketActor = ActorRefFrom<TicketMachine>;
export type TicketSnapshot = SnapshotFrom<TicketMachine>;
