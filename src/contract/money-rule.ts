// The rules of money in forms and request bodies (docs/product.md §9), apart from forms.ts: only the resale's chunk checks
// a price in the browser, so the sign-in chunks, which share forms.ts, do not carry it. Read by form-schemas.ts too.

/** docs/product.md §9: the resale price may exceed the maximum ticket price by at most this much. */
export const RESELL_PRICE_TOLERANCE = 0.001;

/** The largest price or amount of money a request may carry (in the currency's units): totals stay in int4 cents. */
export const MAX_MONEY = 100_000;
export const PRICE_DECIMALS_KEY = 'form.price_decimals';
export const PRICE_POSITIVE_KEY = 'form.price_positive';
/** Over the ticket's maximum price: the field's message names the maximum. */
export const PRICE_TOO_HIGH_KEY = 'form.price_too_high';
export const PRICE_NOT_NUMBER_KEY = 'form.price_not_number';

/** Money has cents: at most 2 decimals (0.29 is, 0.004 and 1.005 are not). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  const cents = amount * 100;
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6;
}

/**
 * Resell price per ticket: required, positive, in cents, below the maximum ticket price plus the tolerance. Each broken
 * rule has its own key, so the field says why (zero or less, over the maximum, more than 2 decimals); the server's
 * schema (form-schemas.ts) refuses the same prices.
 */
export function checkResellPrice(price: number | null | undefined, maxTicketPrice: number): string | null {
  if (price === null || price === undefined || Number.isNaN(price)) return 'form.price_required';
  if (price <= 0) return PRICE_POSITIVE_KEY;
  if (!Number.isFinite(price) || price >= maxTicketPrice + RESELL_PRICE_TOLERANCE) return PRICE_TOO_HIGH_KEY;
  if (!hasAtMostTwoDecimals(price)) return PRICE_DECIMALS_KEY;
  return null;
}
