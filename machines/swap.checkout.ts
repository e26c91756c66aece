// docs/product.md §7's checkout address on the ticket site, where Go to checkout sends the window. Apart from the selectors, so
// the machine and its selectors do not import each other.
import type { SwapStart } from '../src/contract/entities';

/** "Summer Sound Festival" of event 3 → "summer-sound-festival-3" (accents dropped, anything else a hyphen). */
export function eventSlug(name: string, eventId: number): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words ? `${words}-${eventId}` : String(eventId);
}

/**
 * docs/product.md §7: `{site}/{locale}/{slug of name and event id}/checkout/{orderIdentifier}?redirectDomain={current page}
 * &origin=ticket_swap`. The site is the ticket site's base address (the host page's origin without one).
 */
export function checkoutUrl({
  site,
  language,
  currentPage,
  started,
  handOverCode,
}: {
  site: string;
  language: string;
  currentPage: string;
  started: Pick<SwapStart, 'name' | 'eventId' | 'orderIdentifier'>;
  /** The single-use code that hands the session to a checkout on another origin than the page (below). */
  handOverCode?: string | null;
}): string {
  const base = site.replace(/\/+$/, '');
  const query = new URLSearchParams({ redirectDomain: currentPage, origin: 'ticket_swap' });
  const url = `${base}/${language}/${eventSlug(started.name, started.eventId)}/checkout/${encodeURIComponent(started.orderIdentifier)}?${query}`;
  return handOverCode && checkoutElsewhere(url, currentPage) ? `${url}#${CHECKOUT_HAND_OVER_FRAGMENT}=${encodeURIComponent(handOverCode)}` : url;
}

/** The fragment that carries the hand-over code to a checkout page on another origin (src/host/site.client.js). */
export const CHECKOUT_HAND_OVER_FRAGMENT = 'tw-hand-over';

/**
 * Whether the checkout is on another origin than the page. The wallet stores its session per origin (the host page's),
 * so a checkout page on another origin (the wallet's own demo site, while the wallet runs on an organiser's site) would
 * find nobody signed in. The wallet then asks the server for a single-use hand-over code, good for one minute and for
 * this order alone, and puts it in the address's fragment (never sent to a server or in a Referer); the checkout page
 * takes it out of the address and exchanges it for an access token of that order (docs/decisions/0102-a-hand-over-code-for-the-checkout-on-another-origin.md). No bearer token is ever in an address. Same origin: nothing to hand over.
 */
export function checkoutElsewhere(checkout: string, currentPage: string): boolean {
  try {
    return new URL(checkout).origin !== new URL(currentPage).origin;
  } catch {
    return false;
  }
}
