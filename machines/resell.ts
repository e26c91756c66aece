// Resell (docs/product.md §2 Resell, §4 Resell flow, §5, §8, §9): pick one of the resellable tickets, set the quantity (clamped
// 1..available) and the price per ticket (below the maximum plus 0.001), see the server's quote (asked again after
// every change, debounced; a stale answer is dropped because the quote in flight is stopped), Continue, tick the
// resale terms and list. With no ticket selected the listings child (machines/listings.ts) shows Sale and Sold.
// Payouts first: once the tickets are in, the payout account is read, and an unverified one is said before quantity and
// price, with "Verify payouts" (the payouts tab, which comes back to this ticket's resell: RETURN_TO=RESELL). A listing
// refused with api.resell.create.no_stripe still shows its notice with the same button, for 30 s
// (docs/decisions/0116-forms-that-say-why-and-payouts-first.md).
// Listing invalidates LISTED_TICKETS and TICKETS_AVAILABLE_FOR_LISTING (the contract's route table). While the picker
// shows, an invalidation of TICKETS_AVAILABLE_FOR_LISTING (an Unlist in the listings below it, a sale, a gift in
// another tab) loads the resellable tickets again, so an unlisted ticket can be chosen at once.
import { assign, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PaymentsAccount, PriceQuote, ResellableTicket } from '../src/contract/entities';
import { type Language, languageOf } from '../src/contract/languages';
import type { ResponseOf } from '../src/contract/endpoints';
import { checkResellPrice, PRICE_NOT_NUMBER_KEY, PRICE_POSITIVE_KEY } from '../src/contract/money-rule';
import { addRoutes } from '../src/client/client';
import { errorCode } from '../src/client/errors';
import { copyLink, listingsMachine, shareLinkIn } from './listings';
import { type FlowInput, type LogParams, reportError, type Toast, type WalletServices } from './services';
import { asksBeforeClosing, asksBeforeClosingWhen, type ClosingEvent, type ClosingReport, closesAtOnce, holdsOffClosing, type StepEvent, type StepReport, stepIs } from './closing';
import { encodeUserTicketId } from './ticket-id';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('resellableTickets', 'priceQuote', 'createListing', 'paymentsAccount'));

export interface ResellInput extends FlowInput {
  /** USER_TICKET_ID, decoded: the ticket to preselect, or null. */
  userTicketId: number | null;
  /** The wallet's language, which the share link carries (machines/listings.ts `shareLinkIn`); without it, the path's. */
  language?: Language;
}

export type ListingResult = ResponseOf<'createListing'>;

export interface ResellContext {
  services: WalletServices;
  language: Language;
  preselectId: number | null;
  tickets: ResellableTicket[];
  ticket: ResellableTicket | null;
  /** The person chose the ticket in this panel (not the USER_TICKET_ID it opened with): closing asks first. */
  handPicked: boolean;
  quantity: number;
  /** The price per ticket as typed (the field's text). */
  priceText: string;
  priceTouched: boolean;
  /** The form was changed since the ticket was selected (docs/product.md §5: Continue only then). */
  edited: boolean;
  quote: PriceQuote | null;
  listed: ListingResult | null;
  /**
   * "Discard this listing?" is open (the flow asked it, Keep editing has not answered yet): the price field's blur is
   * the question taking the focus, not the person leaving the field, so it does not mark the field touched.
   */
  discardAsked: boolean;
  /**
   * The payout account's verification as the server last said it; null while unknown (not read yet, or the read
   * failed: then nothing is said before the form, and a listing's no_stripe answer still says it).
   */
  payoutsVerified: boolean | null;
}

export type ResellEvent =
  | { type: 'resell.retry' }
  | { type: 'resell.selectTicket'; userTicketId: number }
  | { type: 'resell.increment' }
  | { type: 'resell.decrement' }
  | { type: 'resell.changePrice'; value: string }
  | { type: 'resell.blurPrice' }
  | { type: 'resell.continue' }
  | { type: 'resell.edit' }
  | { type: 'resell.toggleTerms' }
  | { type: 'resell.submit' }
  | { type: 'resell.cancel' }
  | { type: 'resell.more' }
  | { type: 'resell.openPayouts' }
  | { type: 'resell.copy' }
  /** From the watchResellable actor: the TICKETS_AVAILABLE_FOR_LISTING cache tag was invalidated. */
  | { type: 'resell.stale' }
  /** A toast of the listings child, passed on to the wallet. */
  | ({ type: 'notify' } & Toast)
  | ClosingEvent
  | StepEvent;

export type ResellReport =
  | { type: 'panel.open'; tab: 'SETTINGS'; settingsTab: 'ACCOUNT_VERIFICATION'; returnTo: 'RESELL'; userTicketId: string | null }
  | { type: 'panel.setParams'; params: { userTicketId: null } }
  | StepReport<'REVIEW'>
  | ClosingReport
  | ({ type: 'notify' } & Toast);

export type ResellTag = 'loading' | 'quoting';

/** docs/product.md §9: the quote is asked this long after the last change. */
export const QUOTE_DEBOUNCE_MS = 400;
/** docs/product.md §8: the no_stripe notice stays this long. */
export const NO_STRIPE_NOTICE_MS = 30_000;
export const NO_STRIPE_CODE = 'api.resell.create.no_stripe';

export const resellToastKeys = { failed: 'api.internal_error', listed: 'resell.success_title' } as const;

/** The typed price as a number (comma or point decimals), or null when empty or not a number. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^\d*(\.\d*)?$/.test(trimmed) || trimmed === '.') return null;
  return Number(trimmed);
}

/** The price rule's verdict (a locale key) for the typed text, or null when valid. */
export function priceError(context: Pick<ResellContext, 'priceText' | 'ticket'>): string | null {
  const text = context.priceText.trim().replace(',', '.');
  const price = parsePrice(text);
  // Typed but not a price: a negative number says it must be above zero, anything else that it is not a number.
  if (text !== '' && price === null) return /^[-\u2212]\s*\d/.test(text) ? PRICE_POSITIVE_KEY : PRICE_NOT_NUMBER_KEY;
  return checkResellPrice(price, context.ticket?.maxTicketPrice ?? 0);
}

const freshForm = { quantity: 1, priceText: '', priceTouched: false, edited: false, quote: null } satisfies Partial<ResellContext>;

const logParams = (message: string) => ({ event }: { event: { error: unknown } }) => ({ message, error: event.error });

export const resellMachine = setup({
  types: {
    context: {} as ResellContext,
    events: {} as ResellEvent,
    input: {} as ResellInput,
    tags: {} as ResellTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    askDiscard: sendParent({ type: 'panel.askDiscard' as const }),
    /** "Discard this listing?" is asked: the field's blur it causes is held off until Keep editing. */
    markDiscardAsked: assign({ discardAsked: true }),
    /** Keep editing: the question has gone, the field's blur counts again. */
    keepEditing: assign({ discardAsked: false }),
    dismiss: sendParent({ type: 'panel.dismiss' as const }),
    /** The payouts tab, told to come back here with the ticket on screen (or the one the panel opened with). */
    openPayouts: sendParent(({ context }) => {
      const userTicketId = context.ticket?.userTicketId ?? context.preselectId;
      return {
        type: 'panel.open' as const,
        tab: 'SETTINGS' as const,
        settingsTab: 'ACCOUNT_VERIFICATION' as const,
        returnTo: 'RESELL' as const,
        userTicketId: userTicketId === null ? null : encodeUserTicketId(userTicketId),
      };
    }),
    forgetPreselect: sendParent({ type: 'panel.setParams' as const, params: { userTicketId: null } }),
    /** Continue: the summary is a step of its own in the history (Back edits again, Forward comes back). */
    pushReviewStep: sendParent({ type: 'panel.pushStep' as const, step: 'REVIEW' as const }),
    clearStep: sendParent({ type: 'panel.setParams' as const, params: { step: null } }),
    storeTickets: assign((_, params: { tickets: ResellableTicket[] }) => ({ tickets: params.tickets })),
    storePayouts: assign((_, params: { account: PaymentsAccount }) => ({ payoutsVerified: params.account.verified })),
    select: assign(({ context }, params: { userTicketId: number; byHand: boolean }) => ({
      ...freshForm,
      ticket: context.tickets.find((ticket) => ticket.userTicketId === params.userTicketId) ?? null,
      handPicked: params.byHand,
      preselectId: null,
    })),
    increment: assign(({ context }) => ({
      quantity: Math.min(context.quantity + 1, context.ticket?.availableTicketCount ?? 1),
      edited: true,
    })),
    decrement: assign(({ context }) => ({ quantity: Math.max(context.quantity - 1, 1), edited: true })),
    changePrice: assign((_, params: { value: string }) => ({ priceText: params.value, edited: true })),
    touchPrice: assign({ priceTouched: true }),
    clearQuote: assign({ quote: null }),
    storeQuote: assign((_, params: { quote: PriceQuote }) => ({ quote: params.quote })),
    storeListed: assign(({ context }, params: { listed: ListingResult }) => ({
      listed: { ...params.listed, shareLinkUrl: shareLinkIn(params.listed.shareLinkUrl, context.language) },
    })),
    copy: ({ context, self }) =>
      copyLink(context.services, context.listed?.shareLinkUrl ?? '', () => self.send({ type: 'notify', kind: 'success', key: 'resell.copied' })),
    resetAll: assign(() => ({ ...freshForm, ticket: null, handPicked: false, listed: null })),
  },
  guards: {
    stepIs,
    hasPreselect: ({ context }) => context.tickets.some((ticket) => ticket.userTicketId === context.preselectId),
    listed: ({ context }, params: { userTicketId: number }) => context.tickets.some((ticket) => ticket.userTicketId === params.userTicketId),
    canIncrement: ({ context }) => context.quantity < (context.ticket?.availableTicketCount ?? 1),
    canDecrement: ({ context }) => context.quantity > 1,
    priceValid: ({ context }) => priceError(context) === null,
    priceInvalid: ({ context }) => priceError(context) !== null,
    /** docs/product.md §5: Continue only when the form was edited and is valid (and, by the state, no quote is running). */
    continuable: ({ context }) => context.edited && priceError(context) === null,
    forwardToReview: ({ context }, params: { step: string | null }) => params.step === 'REVIEW' && context.edited && priceError(context) === null,
    noStripe: (_, params: { error: unknown }) => errorCode(params.error) === NO_STRIPE_CODE,
    /**
     * Half-done (docs/decisions/0068-discard-before-closing-a-half-done-flow.md): the form shows a ticket the person chose here, or a quantity or price
     * they changed. A ticket preselected by the link, untouched, is not asked about.
     */
    holdsInput: ({ context }) => context.handPicked || context.edited,
    discardAsked: ({ context }) => context.discardAsked,
  },
  actors: {
    loadTickets: fromPromise<ResellableTicket[], { services: WalletServices }>(({ input }) => input.services.api.call('resellableTickets', {})),
    loadPayoutAccount: fromPromise<PaymentsAccount, { services: WalletServices }>(({ input }) => input.services.api.call('paymentsAccount', {})),
    quote: fromPromise<PriceQuote, { services: WalletServices; ticketId: number; quantity: number; price: number }>(({ input, signal }) =>
      input.services.api.call('priceQuote', {
        body: { ticketId: input.ticketId, quantity: input.quantity, selectedPrice: input.price },
        signal,
      }),
    ),
    createListing: fromPromise<ListingResult, { services: WalletServices; ticket: ResellableTicket; quantity: number; price: number }>(
      ({ input }) =>
        input.services.api.call('createListing', {
          body: {
            userTicketId: input.ticket.userTicketId,
            amountCount: input.quantity,
            price: input.price,
            currencyCode: input.ticket.currencyCode,
            currencySymbol: input.ticket.currencySymbol,
          },
        }),
    ),
    listings: listingsMachine,
    /** Sends resell.stale when the TICKETS_AVAILABLE_FOR_LISTING cache tag is invalidated. */
    watchResellable: fromCallback<ResellEvent, { services: WalletServices }>(({ input, sendBack }) =>
      input.services.api.onInvalidate(['TICKETS_AVAILABLE_FOR_LISTING'], () => sendBack({ type: 'resell.stale' })),
    ),
  },
  delays: {
    quoteDebounce: QUOTE_DEBOUNCE_MS,
    noStripeNotice: NO_STRIPE_NOTICE_MS,
  },
}).createMachine({
  id: 'resell',
  meta: { ...doc('Resell tickets: choose, price with a quote, list and share') },
  context: ({ input }) => ({
    services: input.services,
    language: input.language ?? languageOf(input.services.platform.location().pathname),
    preselectId: input.userTicketId,
    tickets: [],
    ticket: null,
    handPicked: false,
    listed: null,
    discardAsked: false,
    payoutsVerified: null,
    ...freshForm,
  }),
  on: {
    'resell.openPayouts': { actions: 'openPayouts' },
    ...closesAtOnce,
    'flow.keep': { actions: 'keepEditing' },
    notify: { actions: { type: 'notify', params: ({ event }) => ({ kind: event.kind, key: event.key }) } },
  },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'RESELL', ...doc('Resell: the dropdown as a skeleton while the resellable tickets load') },
      tags: ['loading'],
      invoke: {
        id: 'loadTickets',
        src: 'loadTickets',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'checkingPayouts', actions: { type: 'storeTickets', params: ({ event }) => ({ tickets: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: logParams('resell: loading the tickets failed') } },
      },
    },
    checkingPayouts: {
      meta: { screen: 'RESELL', ...doc('Resell: the payout account is read, so an unverified one is said before the form') },
      tags: ['loading'],
      invoke: {
        id: 'loadPayoutAccount',
        src: 'loadPayoutAccount',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'deciding', actions: { type: 'storePayouts', params: ({ event }) => ({ account: event.output }) } },
        // Unknown: the form goes on without the notice; a listing's no_stripe answer still tells.
        onError: { target: 'deciding', actions: { type: 'logError', params: logParams('resell: reading the payout account failed') } },
      },
    },
    failed: {
      meta: { screen: 'RESELL', ...doc('The resellable tickets did not load: message and Retry') },
      on: { 'resell.retry': 'loading' },
    },
    deciding: {
      ...doc('A resellable ticket named by USER_TICKET_ID is selected at once'),
      always: [
        { guard: 'hasPreselect', target: 'editing', actions: { type: 'select', params: ({ context }) => ({ userTicketId: context.preselectId ?? 0, byHand: false }) } },
        { target: 'picking' },
      ],
    },
    picking: {
      meta: { screen: 'RESELL', ...doc('No ticket selected: the dropdown and the listings (Sale and Sold tabs)') },
      invoke: [
        {
          id: 'listings',
          src: 'listings',
          input: ({ context }) => ({ services: context.services, language: context.language }),
          // A bug in the listings child: logged, and the ticket dropdown goes on without the listings.
          onError: { actions: { type: 'logError', params: ({ event }) => ({ message: 'resell: the listings child crashed', error: event.error }) } },
        },
        {
          id: 'watchResellable',
          src: 'watchResellable',
          input: ({ context }) => ({ services: context.services }),
          onError: { actions: { type: 'logError', params: logParams('resell: the resellable tickets listener failed') } },
        },
      ],
      initial: 'current',
      states: {
        current: {
          on: { 'resell.stale': 'reloading' },
        },
        reloading: {
          ...doc('An Unlist (or a change elsewhere) made the resellable tickets stale: they load again, the dropdown stays'),
          on: { 'resell.stale': { target: 'reloading', reenter: true } },
          invoke: {
            id: 'loadTickets',
            src: 'loadTickets',
            input: ({ context }) => ({ services: context.services }),
            onDone: { target: 'current', actions: { type: 'storeTickets', params: ({ event }) => ({ tickets: event.output }) } },
            // The list on screen stays; the next invalidation or visit tries again.
            onError: { target: 'current', actions: { type: 'logError', params: logParams('resell: reloading the tickets failed') } },
          },
        },
      },
      on: {
        'resell.selectTicket': {
          guard: { type: 'listed', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
          target: 'editing',
          actions: { type: 'select', params: ({ event }) => ({ userTicketId: event.userTicketId, byHand: true }) },
        },
      },
    },
    editing: {
      meta: { screen: 'RESELL', ...doc('Quantity, price per ticket, the pricing summary and Continue') },
      on: {
        'resell.increment': { guard: 'canIncrement', target: '.debouncing', reenter: true, actions: 'increment' },
        'resell.decrement': { guard: 'canDecrement', target: '.debouncing', reenter: true, actions: 'decrement' },
        'resell.changePrice': { target: '.debouncing', reenter: true, actions: { type: 'changePrice', params: ({ event }) => ({ value: event.value }) } },
        // The blur "Discard this listing?" causes (it takes the focus) leaves the field as it was, not red behind it.
        'resell.blurPrice': [{ guard: 'discardAsked' }, { actions: 'touchPrice' }],
        'resell.cancel': { target: 'picking', actions: ['resetAll', 'forgetPreselect'] },
        // Continue with a price the rule refuses says why (the field is marked touched; the view focuses it), in any
        // substate: no quote is asked for such a price. A valid one waits for its quote (idle's own Continue).
        'resell.continue': { guard: 'priceInvalid', actions: 'touchPrice' },
        ...asksBeforeClosingWhen('holdsInput', 'markDiscardAsked'),
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'resell.continue': { guard: 'continuable', target: '#resell.confirmed', actions: 'pushReviewStep' },
            // Forward to the summary the browser's Back left.
            'flow.step': {
              guard: { type: 'forwardToReview', params: ({ event }) => ({ step: event.step }) },
              target: '#resell.confirmed',
            },
          },
        },
        debouncing: {
          entry: 'clearQuote',
          after: { quoteDebounce: [{ guard: 'priceValid', target: 'quoting' }, { target: 'idle' }] },
        },
        quoting: {
          tags: ['quoting'],
          invoke: {
            id: 'quote',
            src: 'quote',
            input: ({ context }) => ({
              services: context.services,
              ticketId: context.ticket?.ticketId ?? 0,
              quantity: context.quantity,
              price: parsePrice(context.priceText) ?? 0,
            }),
            onDone: { target: 'idle', actions: { type: 'storeQuote', params: ({ event }) => ({ quote: event.output }) } },
            // docs/product.md §8: a failed quote is only logged.
            onError: { target: 'idle', actions: { type: 'logError', params: logParams('resell: the price quote failed') } },
          },
        },
      },
    },
    confirmed: {
      meta: { screen: 'RESELL', ...doc('The summary to confirm, the resale terms checkbox, List, Edit and Cancel') },
      on: {
        'resell.edit': { target: 'editing', actions: 'clearStep' },
        'resell.cancel': { target: 'picking', actions: ['resetAll', 'forgetPreselect', 'clearStep'] },
        // The browser's Back from the summary: editing again, with everything kept.
        'flow.step': { guard: { type: 'stepIs', params: ({ event }) => ({ step: event.step, wanted: null }) }, target: 'editing' },
        // Continue needs an edited form: the summary is always half-done.
        ...asksBeforeClosing,
      },
      initial: 'unaccepted',
      states: {
        unaccepted: { on: { 'resell.toggleTerms': 'accepted' } },
        accepted: { on: { 'resell.toggleTerms': 'unaccepted', 'resell.submit': 'listing' } },
        blocked: {
          ...doc('docs/product.md §8: no verified payout account — the notice with Verify payouts, for 30 s'),
          after: { noStripeNotice: 'accepted' },
          on: { 'resell.toggleTerms': 'unaccepted', 'resell.submit': 'listing' },
        },
        listing: {
          tags: ['loading'],
          on: { 'resell.edit': {}, 'resell.cancel': {}, 'flow.step': {}, ...holdsOffClosing },
          invoke: {
            id: 'createListing',
            src: 'createListing',
            input: ({ context }) => ({
              services: context.services,
              ticket: context.ticket!,
              quantity: context.quantity,
              price: parsePrice(context.priceText) ?? 0,
            }),
            onDone: { target: '#resell.done', actions: { type: 'storeListed', params: ({ event }) => ({ listed: event.output }) } },
            onError: [
              {
                guard: { type: 'noStripe', params: ({ event }) => ({ error: event.error }) },
                target: 'blocked',
                actions: { type: 'logError', params: logParams('resell: no verified payout account') },
              },
              {
                target: 'accepted',
                actions: [
                  { type: 'logError', params: logParams('resell: listing failed') },
                  { type: 'notify', params: ({ event }) => ({ kind: 'error', key: errorCode(event.error) ?? resellToastKeys.failed }) },
                ],
              },
            ],
          },
        },
      },
    },
    done: {
      meta: { screen: 'RESELL', ...doc('Success: "Your ticket is now listed for resale!", the share link, Resell more tickets') },
      on: {
        'resell.more': { target: 'loading', actions: ['resetAll', 'clearStep', 'forgetPreselect'] },
        'resell.copy': { actions: 'copy' },
      },
    },
  },
});

export type ResellMachine = typeof resellMachine;
export type ResellActor = ActorRefFrom<ResellMachine>;
export type ResellSnapshot = SnapshotFrom<ResellMachine>;
