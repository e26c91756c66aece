// Listings (docs/product.md §2 Listings, §4 Listing): the user's tickets on sale and sold, in Sale and Sold tabs; Share opens
// the share modal (copyable link, native share or Facebook/Twitter/Mail — the view decides by width); Unlist asks
// for confirmation first. A child of the resell flow while no ticket is selected. Unlisting invalidates
// LISTED_TICKETS and TICKETS_AVAILABLE_FOR_LISTING (the contract's route table), so the lists are read again.
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Listing, SoldEntry } from '../src/contract/entities';
import { errorCode } from '../src/client/errors';
import { type FlowInput, type LogParams, reportError, type Toast, type WalletServices } from './services';

export type ListingsTab = 'SALE' | 'SOLD';

export interface ListingsOverview {
  sale: Listing[];
  sold: SoldEntry[];
}

export interface ListingsContext {
  services: WalletServices;
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
  | { type: 'listings.close' };

export const listingsToastKeys = { unlisted: 'listings.unlisted', failed: 'api.internal_error', copied: 'resell.copied' } as const;

/** The share link of the listing in focus. */
const focusedLink = (context: ListingsContext) =>
  context.overview.sale.find((entry) => entry.userTicketId === context.focusId)?.shareLinkUrl ?? '';

/** Copies a share link (the platform's clipboard); a refusal is only logged. */
export function copyLink(services: WalletServices, link: string, onCopied: () => void): void {
  void services.platform.copyText?.(link).then(onCopied, (error: unknown) => reportError(services, { message: 'share: copying failed', error }));
}

const logParams = (message: string) => ({ event }: { event: { error: unknown } }) => ({ message, error: event.error });

export const listingsMachine = setup({
  types: {
    context: {} as ListingsContext,
    events: {} as ListingsEvent,
    input: {} as FlowInput,
    tags: {} as 'loading',
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    // The listings are a grandchild of the wallet: the resell flow passes toasts on (see resell.ts).
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    storeOverview: assign((_, params: { overview: ListingsOverview }) => ({ overview: params.overview })),
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
  },
  actors: {
    loadOverview: fromPromise<ListingsOverview, { services: WalletServices }>(({ input }) => input.services.api.call('resellOverview', {})),
    unlist: fromPromise<unknown, { services: WalletServices; userTicketId: number }>(({ input }) =>
      input.services.api.call('unlist', { body: { userTicketId: input.userTicketId } }),
    ),
  },
}).createMachine({
  id: 'listings',
  meta: { description: 'Listings: tickets on sale and sold, unlisting' },
  context: ({ input }) => ({ services: input.services, tab: 'SALE', overview: { sale: [], sold: [] }, focusId: null }),
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
    failed: { on: { 'listings.retry': 'loading' } },
    ready: {
      on: { 'listings.chooseTab': { actions: { type: 'chooseTab', params: ({ event }) => ({ tab: event.tab }) } } },
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
          on: {
            'listings.close': { target: 'browsing', actions: 'unfocus' },
            'listings.copy': { actions: 'copy' },
            'listings.nativeShare': { actions: 'nativeShare' },
          },
        },
        confirmingUnlist: {
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
            onDone: { target: '#listings.loading', actions: ['unfocus', { type: 'notify', params: { kind: 'success', key: listingsToastKeys.unlisted } }] },
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
});

export type ListingsMachine = typeof listingsMachine;
export type ListingsActor = ActorRefFrom<ListingsMachine>;
export type ListingsSnapshot = SnapshotFrom<ListingsMachine>;
