// Derived values of the resell machine for the views: the step, the form (price errors only when touched, docs/product.md §5),
// the quote summary, which buttons are enabled (asked of the machine with `can`), and its listings child (whose own
// selectors are machines/listings.selectors.ts).
import type { PriceQuote, ResellableTicket } from '../src/contract/entities';
import type { FieldView } from './login.selectors';
import type { ListingsActor } from './listings';
import { type ListingResult, parsePrice, priceError, type ResellSnapshot } from './resell';

export type ResellStep = 'loading' | 'failed' | 'picking' | 'editing' | 'confirmed' | 'done';

export function selectResellStep(snapshot: ResellSnapshot): ResellStep {
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('picking')) return 'picking';
  if (snapshot.matches('editing')) return 'editing';
  if (snapshot.matches('confirmed')) return 'confirmed';
  if (snapshot.matches('done')) return 'done';
  return 'loading';
}

export const selectResellableTickets = (snapshot: ResellSnapshot): ResellableTicket[] => snapshot.context.tickets;

export function selectResellTicket(snapshot: ResellSnapshot): ResellableTicket | null {
  return snapshot.matches('editing') || snapshot.matches('confirmed') ? snapshot.context.ticket : null;
}

export interface QuantityView {
  value: number;
  max: number;
  canDecrement: boolean;
  canIncrement: boolean;
}

export function selectQuantity(snapshot: ResellSnapshot): QuantityView {
  return {
    value: snapshot.context.quantity,
    max: snapshot.context.ticket?.availableTicketCount ?? 1,
    canDecrement: snapshot.can({ type: 'resell.decrement' }),
    canIncrement: snapshot.can({ type: 'resell.increment' }),
  };
}

/** The price field: its text and the rule's error once touched (docs/product.md §5). */
export function selectPriceField(snapshot: ResellSnapshot): FieldView {
  const { priceText, priceTouched } = snapshot.context;
  const error = priceTouched ? priceError(snapshot.context) : null;
  return { value: priceText, error, status: error ? 'error' : 'default' };
}

/** The price rule alone (docs/product.md §5): null when valid, else its locale key. */
export const selectPriceRule = (snapshot: ResellSnapshot): string | null => priceError(snapshot.context);

export interface QuoteSummary {
  subtotal: string;
  serviceFee: string;
  total: string;
  currencySymbol: string;
  currencyCode: string;
}

const money = (amount: number) => amount.toFixed(2);

/** The pricing summary: subtotal, service fee and total with exactly 2 decimals, or null while there is no quote. */
export function quoteSummary(quote: PriceQuote | null): QuoteSummary | null {
  if (!quote) return null;
  return {
    subtotal: money(quote.basePrice),
    serviceFee: money(quote.serviceFee),
    total: money(quote.totalPrice),
    currencySymbol: quote.currencySymbol,
    currencyCode: quote.currencyCode,
  };
}

export const selectQuoteSummary = (snapshot: ResellSnapshot): QuoteSummary | null => quoteSummary(snapshot.context.quote);
export const selectIsQuoting = (snapshot: ResellSnapshot): boolean => snapshot.hasTag('quoting');
/**
 * Continue: edited, valid and not quoting (docs/product.md §5), or a price the rule refuses, which Continue answers
 * with the field's message (docs/decisions/0116-forms-that-say-why-and-payouts-first.md).
 */
export const selectCanContinue = (snapshot: ResellSnapshot) => snapshot.can({ type: 'resell.continue' });
export const selectTermsAccepted = (snapshot: ResellSnapshot) =>
  snapshot.matches({ confirmed: 'accepted' }) || snapshot.matches({ confirmed: 'listing' }) || snapshot.matches({ confirmed: 'blocked' });
export const selectCanList = (snapshot: ResellSnapshot) => snapshot.can({ type: 'resell.submit' });
export const selectIsListing = (snapshot: ResellSnapshot) => snapshot.matches({ confirmed: 'listing' });
/** docs/product.md §8: the no_stripe notice with its link to the settings' account verification tab. */
export const selectNoStripeNotice = (snapshot: ResellSnapshot) => snapshot.matches({ confirmed: 'blocked' });
/**
 * Payouts first: the account is not verified, so Resell says so above the ticket, quantity and price, with Verify
 * payouts (not while the no_stripe notice says the same below).
 */
export const selectPayoutsFirst = (snapshot: ResellSnapshot): boolean =>
  snapshot.context.payoutsVerified === false &&
  (snapshot.matches('picking') || snapshot.matches('editing') || snapshot.matches('confirmed')) &&
  !selectNoStripeNotice(snapshot);
export const selectCanCancel = (snapshot: ResellSnapshot) => snapshot.can({ type: 'resell.cancel' });
export const selectListed = (snapshot: ResellSnapshot): ListingResult | null => (snapshot.matches('done') ? snapshot.context.listed : null);
export const selectPriceValue = (snapshot: ResellSnapshot): number | null => parsePrice(snapshot.context.priceText);

/** The listings child while no ticket is selected. */
export const selectListingsActor = (snapshot: ResellSnapshot): ListingsActor | undefined =>
  snapshot.children.listings as ListingsActor | undefined;
