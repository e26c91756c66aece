// The resell machine's test model, shared by tests/machines/resell.test.ts (paths on the actor) and
// tests/web/resell-paths.test.tsx (the same paths on the rendered screen).
import { createMachine, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { ResellableTicket } from '../../src/contract/entities';
import { priceError, type ResellEvent, type ResellInput, type ResellSnapshot } from '../resell';
import { ApiRequestError } from '../../src/client/errors';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { resellMachine } from '../resell';
import { modelSpec } from './model-spec';
import { takesSample } from './model';

export type ResellModelEvent = ResellEvent | { type: string; output?: unknown; error?: unknown };

export const resellPromiseActors = ['loadTickets', 'loadPayoutAccount', 'quote', 'createListing'] as const;

/** The listings child does not run in the resell paths (tests/machines/listings.test.ts covers it). */
export const stubListings = createMachine({ id: 'listings' });

export function resellableTicket(overrides: Partial<ResellableTicket> = {}): ResellableTicket {
  return {
    userTicketId: 21,
    ticketId: 3,
    ticketName: 'General Admission',
    ticketLogo: null,
    currencyCode: 'AUD',
    currencySymbol: '$',
    ticketPrice: 45,
    maxTicketPrice: 50,
    availableTicketCount: 2,
    ...overrides,
  };
}

/** The seller's payout account as the server answers it: not verified unless told. */
export const payoutAccount = (verified: boolean) => ({ clientSecret: '', provider: 'local' as const, publishableKey: null, verified, country: null, payoutFailure: null });

export const sampleQuote = { basePrice: 80, serviceFee: 4.8, totalPrice: 84.8, currencyCode: 'AUD', currencySymbol: '$' };
export const sampleListed = { shareLinkUrl: 'http://localhost:3000/resale/abc123', userTicketIds: [21] };

export const resellSampleEvents: ResellModelEvent[] = [
  { type: 'loadTickets.done', output: [resellableTicket()] },
  { type: 'loadTickets.done', output: [] },
  { type: 'loadTickets.error', error: httpError('resellableTickets', 500, 'api.internal_error') },
  { type: 'resell.retry' },
  // Payouts first: the account read once the tickets are in.
  { type: 'loadPayoutAccount.done', output: payoutAccount(true) },
  { type: 'loadPayoutAccount.done', output: payoutAccount(false) },
  { type: 'loadPayoutAccount.error', error: httpError('paymentsAccount', 500, 'api.internal_error') },
  { type: 'resell.selectTicket', userTicketId: 21 },
  { type: 'resell.increment' },
  { type: 'resell.decrement' },
  { type: 'resell.changePrice', value: '40' },
  { type: 'resell.changePrice', value: '50.002' },
  { type: 'resell.changePrice', value: '' },
  { type: 'resell.blurPrice' },
  { type: 'after.quoteDebounce' },
  { type: 'quote.done', output: sampleQuote },
  { type: 'quote.error', error: new ApiRequestError('priceQuote', 'FETCH_ERROR') },
  { type: 'resell.continue' },
  { type: 'resell.edit' },
  { type: 'resell.toggleTerms' },
  { type: 'resell.submit' },
  { type: 'createListing.done', output: sampleListed },
  { type: 'createListing.error', error: httpError('createListing', 403, 'api.resell.create.no_stripe') },
  { type: 'createListing.error', error: httpError('createListing', 409, 'api.resell.create.already_listed') },
  { type: 'after.noStripeNotice' },
  { type: 'resell.cancel' },
  { type: 'resell.more' },
  { type: 'resell.openPayouts' },
  { type: 'resell.copy' },
  { type: 'notify', kind: 'success', key: 'listings.unlisted' },
  // An Unlist below the picker (or a change elsewhere) invalidated TICKETS_AVAILABLE_FOR_LISTING.
  { type: 'resell.stale' },
  { type: 'loadTickets.done', output: [resellableTicket(), resellableTicket({ userTicketId: 22, availableTicketCount: 1 })] },
  // The router puts a close to the flow (Esc, the close button), and Discard or Keep editing after "Discard this listing?".
  { type: 'flow.close' },
  { type: 'flow.discard' },
  { type: 'flow.keep' },
  // The browser's Back to the form and Forward to the summary (PANEL_STEP).
  { type: 'flow.step', step: null },
  { type: 'flow.step', step: 'REVIEW' },
];

/**
 * While "Discard this listing?" is open it covers the screen: what still reaches the flow is the price field's blur
 * (the question takes the focus) and the question's answers. The traversal offers only those then.
 */
const whileAsked = new Set(['resell.blurPrice', 'flow.discard', 'flow.keep']);
const resellFilter = (snapshot: AnyMachineSnapshot, event: EventObject) =>
  takesSample(resellSampleEvents)(snapshot, event) && (!(snapshot as ResellSnapshot).context.discardAsked || whileAsked.has(event.type));

/** One vertex per state value and the facts that change a guard or the screen. */
export function resellVertex(snapshot: AnyMachineSnapshot): string {
  const context = (snapshot as ResellSnapshot).context;
  return JSON.stringify({
    value: snapshot.value,
    tickets: context.tickets.length > 0,
    preselect: context.preselectId !== null,
    quantity: context.quantity,
    price: context.priceText === '' ? 'empty' : priceError(context) === null ? 'valid' : 'invalid',
    touched: context.priceTouched,
    edited: context.edited,
    handPicked: context.handPicked,
    quote: context.quote !== null,
    discardAsked: context.discardAsked,
    payoutsUnverified: context.payoutsVerified === false,
  });
}

export const resellStarts: Array<{ name: string; input: () => ResellInput }> = [
  { name: 'Resell from the HUB', input: () => ({ services: testServices(), userTicketId: null }) },
  { name: 'Resell ticket on a ticket (USER_TICKET_ID preselects it)', input: () => ({ services: testServices(), userTicketId: 21 }) },
];

/** The resell machine's model-based test (tests/machines/resell.test.ts, the visualiser's paths): listings stubbed. */
export const resellSpec = modelSpec({
  name: 'resell',
  machine: resellMachine.provide({ actors: { listings: stubListings } as never, actions: { logError: () => {} } }),
  starts: resellStarts,
  events: resellSampleEvents,
  filter: resellFilter,
  serializeState: resellVertex,
  excused: {
    // The listings child is a machine of our own with its own model (tests/machines/listings.test.ts): it crashes only
    // through a bug, and then the branch only logs. The wallet's tests crash a flow on purpose.
    'resell.picking on listings.error': 'the listings child machine crashes only through a bug; the branch only logs',
    'resell.picking on watchResellable.error':
      'the TICKETS_AVAILABLE_FOR_LISTING listener is an in-memory subscription that cannot fail; the branch only logs',
  },
});
