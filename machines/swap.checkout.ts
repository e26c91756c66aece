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
  accessToken,
}: {
  site: string;
  language: string;
  currentPage: string;
  started: SwapStart;
  /** The session's access token: handed over when the checkout is on another origin than the page (below). */
  accessToken?: string | null;
}): string {
  const base = site.replace(/\/+$/, '');
  const query = new URLSearchParams({ redirectDomain: currentPage, origin: 'ticket_swap' });
  const url = `${base}/${language}/${eventSlug(started.name, started.eventId)}/checkout/${encodeURIComponent(started.orderIdentifier)}?${query}`;
  return url + checkoutHandOver(url, currentPage, accessToken);
}

/** The fragment that carries the access token to a checkout page on another origin (src/host/site.client.js). */
export const CHECKOUT_TOKEN_FRAGMENT = 'tw-access';

/**
 * The wallet stores its session per origin (the host page's), so a checkout page on another origin (the wallet's own
 * demo site, while the wallet runs on an organiser's site) would find nobody signed in and ask for a second sign-in.
 * The short-lived access token goes along in the fragment: never sent to a server or in a Referer, and removed from the
 * address by the checkout page as it loads (docs/decisions.md, "The checkout on another origin"). Same origin: nothing.
 */
export function checkoutHandOver(checkout: string, currentPage: string, accessToken: string | null | undefined): string {
  if (!accessToken) return '';
  try {
    if (new URL(checkout).origin === new URL(currentPage).origin) return '';
  } catch {
    return '';
  }
  return `#${CHECKOUT_TOKEN_FRAGMENT}=${encodeURIComponent(accessToken)}`;
}
