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
export function checkoutUrl({ site, language, currentPage, started }: { site: string; language: string; currentPage: string; started: SwapStart }): string {
  const base = site.replace(/\/+$/, '');
  const query = new URLSearchParams({ redirectDomain: currentPage, origin: 'ticket_swap' });
  return `${base}/${language}/${eventSlug(started.name, started.eventId)}/checkout/${encodeURIComponent(started.orderIdentifier)}?${query}`;
}
