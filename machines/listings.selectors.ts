// Derived values of the listings machine (the seller's listings under RESELL) for the views: the step, the tab, the
// Sale and Sold entries, the entry being shared or unlisted, and how long ago an entry was listed or sold.
import { diffDays } from '@formkit/tempo';
import type { ListingsSnapshot, ListingsTab } from './listings';

export type ListingsStep = 'loading' | 'failed' | 'ready';

export function selectListingsStep(snapshot: ListingsSnapshot): ListingsStep {
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('ready')) return 'ready';
  return 'loading';
}

export const selectListingsTab = (snapshot: ListingsSnapshot): ListingsTab => snapshot.context.tab;
export const selectOnSale = (snapshot: ListingsSnapshot) => snapshot.context.overview.sale;
export const selectSold = (snapshot: ListingsSnapshot) => snapshot.context.overview.sold;

export function selectSharing(snapshot: ListingsSnapshot) {
  if (!snapshot.matches({ ready: { view: 'sharing' } })) return null;
  return snapshot.context.overview.sale.find((entry) => entry.userTicketId === snapshot.context.focusId) ?? null;
}

export function selectUnlisting(snapshot: ListingsSnapshot) {
  if (!snapshot.matches({ ready: { view: 'confirmingUnlist' } }) && !snapshot.matches({ ready: { view: 'unlisting' } })) return null;
  return snapshot.context.overview.sale.find((entry) => entry.userTicketId === snapshot.context.focusId) ?? null;
}

export const selectIsUnlisting = (snapshot: ListingsSnapshot) => snapshot.matches({ ready: { view: 'unlisting' } });

/** Whole days since an ISO date (listing or sale), never negative (tempo's day difference, as the rest of the app). */
export function daysSince(iso: string, now: number): number {
  return Math.max(0, diffDays(new Date(now), iso));
}
