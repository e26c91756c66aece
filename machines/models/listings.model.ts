// The listings machine's test model (docs/product.md §2 Listings, §4 Listing): loading, Sale and Sold tabs, the share modal,
// the unlist confirmation and its outcomes.
import { type AnyMachineSnapshot, fromCallback } from 'xstate';
import type { ListingsEvent, ListingsSnapshot } from '../listings';
import { ApiRequestError } from '../../src/client/errors';
import { httpError } from './fixtures';
import { listingsMachine } from '../listings';
import { testServices } from './fake-platform';
import { modelSpec } from './model-spec';

export type ListingsModelEvent = ListingsEvent | { type: string; output?: unknown; error?: unknown };

export const listingsPromiseActors = ['loadOverview', 'unlist'] as const;

export const sampleListing = {
  userTicketId: 21,
  name: 'General Admission',
  ticketLogo: null,
  price: 40,
  currencySymbol: '$',
  listedDate: '2026-11-20T10:00:00.000Z',
  shareLinkUrl: 'http://localhost:3000/resale/abc123',
};
export const sampleSold = { userTicketId: 22, name: 'General Admission', ticketLogo: null, price: 40, currencySymbol: '$', soldDate: '2026-11-22T10:00:00.000Z', payoutStatus: 'held' as const, payoutDate: '2026-12-01T10:00:00.000Z', eventTimeZone: 'Australia/Sydney' };

export const listingsSampleEvents: ListingsModelEvent[] = [
  { type: 'loadOverview.done', output: { sale: [sampleListing], sold: [sampleSold] } },
  { type: 'loadOverview.done', output: { sale: [], sold: [] } },
  { type: 'loadOverview.error', error: new ApiRequestError('resellOverview', 'FETCH_ERROR') },
  { type: 'listings.retry' },
  { type: 'listings.chooseTab', tab: 'SOLD' },
  { type: 'listings.chooseTab', tab: 'SALE' },
  { type: 'listings.share', userTicketId: 21 },
  { type: 'listings.copy' },
  { type: 'listings.nativeShare' },
  { type: 'listings.unlist', userTicketId: 21 },
  { type: 'listings.confirmUnlist' },
  { type: 'unlist.done', output: { ok: true } },
  { type: 'unlist.error', error: httpError('unlist', 404, 'api.resell.listing_not_found') },
  { type: 'listings.close' },
  { type: 'listings.stale' },
];

export function listingsVertex(snapshot: AnyMachineSnapshot): string {
  const context = (snapshot as ListingsSnapshot).context;
  return JSON.stringify({ value: snapshot.value, tab: context.tab, sale: context.overview.sale.length, focus: context.focusId });
}

/** The listings machine's model-based test (tests/machines/listings.test.ts, the visualiser's paths). */
export const listingsSpec = modelSpec({
  name: 'listings',
  // The LISTED_TICKETS listener is taken on a real cache in tests/web/listings-paths.test.tsx; here it listens to nothing.
  machine: listingsMachine.provide({ actions: { logError: () => {}, nativeShare: () => {} }, actors: { watchListings: fromCallback(() => {}) } }),
  starts: [{ name: 'start', input: () => ({ services: testServices() }) }],
  events: listingsSampleEvents,
  serializeState: listingsVertex,
  excused: {
    'listings on watchListings.error': 'the LISTED_TICKETS listener is an in-memory subscription that cannot fail; the branch only logs',
  },
});
