// Listings (docs/product.md §2 Listings, §4 Listing): the user's tickets on sale and sold, in Sale and Sold tabs; Share opens
// the share modal (copyable link, native share or Facebook/Twitter/Mail — the view decides by width); Unlist asks
// for confirmation first. A child of the resell flow while no ticket is selected. Whenever LISTED_TICKETS is
// invalidated (an unlisting here, or the live stream's `ticket.sold` when a buyer paid on the share page) the lists
// are read again in place, a region beside the modals, so a sale moves from Sale to Sold while the panel is open.
import { assign, fromCallback, fromPromise, not, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Listing, SoldEntry } from '../src/contract/entities';
import { type Language, languageOf } from '../src/contract/languages';
import { addRoutes } from '../src/client/client';
import { errorCode } from '../src/client/errors';
import { reportError } from './services';
import type { FlowInput, LogParams, Toast, WalletServices } from './services';
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('resellOverview', 'unlist'));

export type ListingsTab = 'SALE' | 'SOLD';

export interface ListingsOverview {
  sale: Listing[];
  sold: SoldEntry[];
}

export interface ListingsInput extends FlowInput {
  /** The wallet's language, which the share links carry; without it, the page path's. */
  language?: Language;
}

export interface ListingsContext {
  services: WalletServices;
  language: Language;
  tab: ListingsTab;
  overview: ListingsOverview;
  /** The listing the share modal or the unlist confirmation is about. */
  focusId: number | null;
}

export type ListingsEvent =
  | { type: 'listings.retry' }
  | { type: 'listings.chooseTab'; tab: ListingsTab }
  | { type: 'listings.share'; userTicketId: number }
  | { type: 'listings.unlist'; userTicketId: number }
  | { type: 'listings.confirmUnlist' }
  | { type: 'listings.copy' }
  | { type: 'listings.nativeShare' }
  | { type: 'listings.close' }
  /** From the `watchListings` actor: the LISTED_TICKETS cache tag was invalidated. */
  | { type: 'listings.stale' };

export const listingsToastKeys = { unlisted: 'listings.unlisted', failed: 'api.internal_error', copied: 'resell.copied' } as const;

/** The share link of the listing in focus. */
const focusedLink = (context: ListingsContext) =>
  context.overview.sale.find((entry) => entry.userTicketId === context.focusId)?.shareLinkUrl ?? '';

/**
 * The share page's address in the wallet's language (`?lang=`, which the share page reads before Accept-Language):
 * a Spanish wallet on an English path (`data-locale="es"`) shares a Spanish page. The server's link names no language.
 */
export function shareLinkIn(link: string, language: Language): string {
  try {
    const url = new URL(link);
    url.searchParams.set('lang', language);
    return url.href;
  } catch {
    return link;
  }
}

/** Copies a share link (the platform's clipboard); a refusal is only logged. */
export function copyLink(services: WalletServices, link: string, onCopied: () => void): void {
  void services.platform.copyText?.(link).then(onCopied, (error: unknown) => reportError(services, { message: 'share: copying failed', error }));
}

const logParams = (message: string) => ({ event }: { event: { error: unknown } }) => ({ message, error: event.error });

export const listingsMachine = setup({
  types: {
    context: {} as ListingsContext,
    events: {} as ListingsEvent,
    input: {} as ListingsInput,
    tags: {} as 'loading',
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    // The listings are a grandchild of the wallet: the resell flow passes toasts on (see resell.ts).
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    storeOverview: assign(({ context }, params: { overview: ListingsOverview }) => ({
      overview: { ...params.overview, sale: params.overview.sale.map((entry) => ({ ...entry, shareLinkUrl: shareLinkIn(entry.shareLinkUrl, context.language) })) },
    })),
    chooseTab: assign((_, params: { tab: ListingsTab }) => ({ tab: params.tab })),
    focus: assign((_, params: { userTicketId: number }) => ({ focusId: params.userTicketId })),
    unfocus: assign({ focusId: null }),
    copy: ({ context, self }) =>
      copyLink(context.services, focusedLink(context), () => self._parent?.send({ type: 'notify', kind: 'success', key: listingsToastKeys.copied })),
    /** docs/product.md §2: on narrow screens the device's own share sheet (the view offers it only there). */
    nativeShare: ({ context }) => {
      const share = globalThis.navigator?.share?.bind(globalThis.navigator);
      if (share) share({ url: focusedLink(context) }).catch((error: unknown) => reportError(context.services, { message: 'share: native share failed', error }));
    },
  },
  guards: {
    onSale: ({ context }, params: { userTicketId: number }) => context.overview.sale.some((entry) => entry.userTicketId === params.userTicketId),
    /** The listing a modal is about is still on sale (a reload may show it sold meanwhile). */
    focusOnSale: ({ context }) => context.overview.sale.some((entry) => entry.userTicketId === context.focusId),
  },
  actors: {
    loadOverview: fromPromise<ListingsOverview, { services: WalletServices }>(({ input }) => input.services.api.call('resellOverview', {})),
    unlist: fromPromise<unknown, { services: WalletServices; userTicketId: number }>(({ input }) =>
      input.services.api.call('unlist', { body: { userTicketId: input.userTicketId } }),
    ),
    /** Sends listings.stale when the LISTED_TICKETS cache tag is invalidated. */
    watchListings: fromCallback<ListingsEvent, { services: WalletServices }>(({ input, sendBack }) =>
      input.services.api.onInvalidate(['LISTED_TICKETS'], () => sendBack({ type: 'listings.stale' })),
    ),
  },
}).createMachine({
  id: 'listings',
  meta: { description: 'Listings: tickets on sale and sold, unlisting' },
  context: ({ input }) => ({
    services: input.services,
    language: input.language ?? languageOf(input.services.platform.location().pathname),
    tab: 'SALE',
    overview: { sale: [], sold: [] },
    focusId: null,
  }),
  invoke: {
    id: 'watchListings',
    src: 'watchListings',
    input: ({ context }) => ({ services: context.services }),
    onError: { actions: { type: 'logError', params: logParams('listings: cache listener failed') } },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'ready', actions: { type: 'storeOverview', params: ({ event }) => ({ overview: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: logParams('listings: loading failed') } },
      },
    },
    failed: { on: { 'listings.retry': 'loading', 'listings.stale': 'loading' } },
    ready: {
      on: { 'listings.chooseTab': { actions: { type: 'chooseTab', params: ({ event }) => ({ tab: event.tab }) } } },
      type: 'parallel',
      states: {
        sync: {
          initial: 'current',
          states: {
            current: { on: { 'listings.stale': 'reloading' } },
            reloading: {
              description: 'A listing changed on the server (sold, unlisted): the lists reload while they stay on screen',
              invoke: {
                id: 'loadOverview',
                src: 'loadOverview',
                input: ({ context }) => ({ services: context.services }),
                onDone: { target: 'current', actions: { type: 'storeOverview', params: ({ event }) => ({ overview: event.output }) } },
                // The lists on screen stay; the next change or visit reads them again.
                onError: { target: 'current', actions: { type: 'logError', params: logParams('listings: reloading failed') } },
              },
              // A change while the answer is on its way: that answer may predate it, so ask again.
              on: { 'listings.stale': { target: 'reloading', reenter: true } },
            },
          },
        },
        view: {
          initial: 'browsing',
          states: {
            browsing: {
              on: {
                'listings.share': {
                  guard: { type: 'onSale', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
                  target: 'sharing',
                  actions: { type: 'focus', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
                },
                'listings.unlist': {
                  guard: { type: 'onSale', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
                  target: 'confirmingUnlist',
                  actions: { type: 'focus', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
                },
              },
            },
            sharing: {
              // Sold (or unlisted elsewhere) while its modal was open: the modal closes.
              always: { guard: not('focusOnSale'), target: 'browsing', actions: 'unfocus' },
              on: {
                'listings.close': { target: 'browsing', actions: 'unfocus' },
                'listings.copy': { actions: 'copy' },
                'listings.nativeShare': { actions: 'nativeShare' },
              },
            },
            confirmingUnlist: {
              always: { guard: not('focusOnSale'), target: 'browsing', actions: 'unfocus' },
              on: {
                'listings.close': { target: 'browsing', actions: 'unfocus' },
                'listings.confirmUnlist': 'unlisting',
              },
            },
            unlisting: {
              tags: ['loading'],
              invoke: {
                id: 'unlist',
                src: 'unlist',
                input: ({ context }) => ({ services: context.services, userTicketId: context.focusId ?? 0 }),
                // The unlisting invalidated LISTED_TICKETS: the sync region reads the lists again in place.
                onDone: { target: 'browsing', actions: ['unfocus', { type: 'notify', params: { kind: 'success', key: listingsToastKeys.unlisted } }] },
                onError: {
                  target: 'browsing',
                  actions: [
                    'unfocus',
                    { type: 'logError', params: logParams('listings: unlisting failed') },
                    { type: 'notify', params: ({ event }) => ({ kind: 'error', key: errorCode(event.error) ?? listingsToastKeys.failed }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type ListingsMachine = typeof listingsMachine;
export type ListingsActor = ActorRefFrom<ListingsMachine>;
export type ListingsSnapshot = SnapshotFrom<ListingsMachine>;
