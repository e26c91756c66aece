// Swap (docs/product.md §2 Swap, §4 Swap flow, §5, §7, §8): step 1 picks a base ticket type the user holds and how many (plus
// up to the quantity held; minus at 1 clears the selection), step 2 one of the types the organiser allows swapping
// it to. Choosing a target starts the swap on the server (its tickets are reserved for 30 minutes) and opens the
// confirmation modal: Cancel releases the reservation and resets, Go to checkout sends the whole window to the
// checkout page on the ticket site, which takes the difference (UPGRADE) or confirms (DOWNGRADE) and comes back.
// A swap the person left on its confirmation (the tab closed) still holds its tickets: step 1 lists it ("Swap in progress,
// held until …") with Continue to checkout and Cancel swap (machines/swap.held.ts), which frees its tickets at once.
// A child of the wallet while SWAP is open, given the decoded USER_TICKET_ID to preselect the type holding it.
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { HeldSwap, SwapBaseTicket, SwapOrder, SwapStart, SwapTarget } from '../src/contract/entities';
import { type Language, languageOf } from '../src/contract/languages';
import { addRoutes } from '../src/client/client';
import { failureKey } from '../src/client/errors';
import { reportError } from './services';
import type { FlowInput, LogParams, Toast, WalletServices } from './services';
import { checkoutElsewhere, checkoutUrl } from './swap.checkout';
import { cancelHeldSwap, continueHeldCheckout, loadHeldSwaps } from './swap.held';
import { asksBeforeClosing, asksBeforeClosingWhen, type ClosingEvent, type ClosingReport, closesAtOnce, holdsOffClosing, type StepEvent, type StepReport, stepIs } from './closing';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('swapTargets', 'swapTickets', 'startSwap', 'cancelSwap', 'swapOrder', 'checkoutHandOver'));

export interface SwapInput extends FlowInput {
  /** USER_TICKET_ID, decoded: a ticket whose type is preselected, or null. */
  userTicketId: number | null;
  /** SWAP_ORDER: the order the checkout page came back from, whose confirmation the panel shows first; or null. */
  swapOrder?: string | null;
  /** The wallet's language (`data-locale`, `open({ locale })`, else the path's): the checkout page's. */
  language?: Language;
}

export interface SwapContext {
  services: WalletServices;
  /** The language the checkout address carries: the wallet's, so the checkout speaks what the wallet spoke. */
  language: Language;
  preselectId: number | null;
  /** Step 1's choices: the user's swappable tickets by type. */
  bases: SwapBaseTicket[];
  base: SwapBaseTicket | null;
  quantity: number;
  /** The person chose the base in this panel (not the USER_TICKET_ID it opened with): closing asks first. */
  handPicked: boolean;
  /** Step 2's choices for the base. */
  targets: SwapTarget[];
  target: SwapTarget | null;
  /** The started swap the modal confirms. */
  started: SwapStart | null;
  /** The single-use code that hands the session to the checkout on another origin (machines/swap.checkout.ts), or null. */
  handOverCode: string | null;
  /** The order the checkout page came back from (SWAP_ORDER), until its confirmation was shown or found not confirmed. */
  returnedOrder: string | null;
  /** That order once confirmed: "You now hold VIP", with what was paid. */
  receipt: SwapOrder | null;
  /**
   * The base (ticket type id) of the swap Cancel released: step 1 shows it chosen again (its Choose button has the
   * focus, so Enter picks it again) until another base is chosen or the selection resets otherwise.
   */
  cancelledBase: number | null;
  /** The quantity chosen with that base: the browser's Forward to step 2 takes the base again with it. */
  cancelledQuantity: number;
  /** The person's swaps in progress, started earlier and left (step 1 shows each with its two ways out). */
  held: HeldSwap[];
  /**
   * The swaps in progress could not be read: a ticket one of them holds is missing from step 1, so step 1 says so,
   * with Try again (`swap.retryHeld`).
   */
  heldUnknown: boolean;
  /** The one of them whose Continue to checkout or Cancel swap was pressed. */
  heldChosen: string | null;
}

export type SwapEvent =
  | { type: 'swap.retry' }
  /** Read the swaps in progress again, after they could not be read. */
  | { type: 'swap.retryHeld' }
  | { type: 'swap.selectBase'; ticketTypeId: number }
  | { type: 'swap.increment' }
  | { type: 'swap.decrement' }
  | { type: 'swap.clearBase' }
  | { type: 'swap.selectTarget'; swapPairId: number }
  | { type: 'swap.cancel' }
  | { type: 'swap.checkout' }
  | { type: 'swap.viewTickets' }
  /** From the confirmation after checkout: swap more tickets (step 1). */
  | { type: 'swap.dismissReceipt' }
  /** A swap in progress from before: on to its checkout, or cancel it (its tickets are free again). */
  | { type: 'swap.continueHeld'; orderIdentifier: string }
  | { type: 'swap.cancelHeld'; orderIdentifier: string }
  | ClosingEvent
  | StepEvent;

export type SwapReport = { type: 'panel.open'; tab: 'MY_TICKET' } | StepReport<'TARGET'> | ClosingReport | ({ type: 'notify' } & Toast);

export type SwapTag = 'loading' | 'busy';

/** docs/product.md §8: the toasts of the swap flow. */
export const swapToastKeys = {
  targetsFailed: 'api.internal_error',
  startFailed: 'api.start_swap_failed',
  loadFailed: 'api.internal_error',
} as const;

const logParams = (message: string) => ({ event }: { event: { error: unknown } }) => ({ message, error: event.error });

/** docs/product.md §7: the checkout address of the started swap, with the hand-over code when there is one. */
function checkoutAddress(context: SwapContext, handOverCode: string | null): string {
  const { platform } = context.services;
  return checkoutUrl({
    site: platform.siteUrl?.() ?? '',
    language: context.language,
    currentPage: platform.pageUrl?.() ?? '',
    started: context.started!,
    handOverCode,
  });
}

/** The started swap's order, which Cancel and Discard release. */
const releaseInput = ({ context }: { context: SwapContext }) => ({ services: context.services, orderIdentifier: context.started?.orderIdentifier ?? '' });

/** The swap in progress whose Continue to checkout or Cancel swap was pressed. */
const heldInput = ({ context }: { context: SwapContext }) => ({
  services: context.services,
  held: context.held.find((held) => held.orderIdentifier === context.heldChosen)!,
});

const noSelection = {
  base: null,
  quantity: 1,
  handPicked: false,
  targets: [],
  target: null,
  started: null,
  handOverCode: null,
  cancelledBase: null,
  cancelledQuantity: 1,
} satisfies Partial<SwapContext>;

export const swapMachine = setup({
  types: {
    context: {} as SwapContext,
    events: {} as SwapEvent,
    input: {} as SwapInput,
    tags: {} as SwapTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    askDiscard: sendParent({ type: 'panel.askDiscard' as const }),
    dismiss: sendParent({ type: 'panel.dismiss' as const }),
    openMyTickets: sendParent({ type: 'panel.open' as const, tab: 'MY_TICKET' as const }),
    storeBases: assign((_, params: { bases: SwapBaseTicket[] }) => ({ bases: params.bases })),
    /** USER_TICKET_ID is tried once: the type holding that ticket, with one ticket. */
    takePreselected: assign(({ context }) => ({
      base: context.bases.find((base) => base.userTicketIds.includes(context.preselectId ?? -1)) ?? null,
      quantity: 1,
      preselectId: null,
    })),
    forgetPreselect: assign({ preselectId: null }),
    /** A base chosen: step 2 is a history entry of its own (Back goes to step 1 with that base marked, Forward comes back). */
    pushTargetStep: sendParent({ type: 'panel.pushStep' as const, step: 'TARGET' as const }),
    clearStep: sendParent({ type: 'panel.setParams' as const, params: { step: null } }),
    chooseBase: assign(({ context }, params: { ticketTypeId: number }) => ({
      base: context.bases.find((base) => base.id === params.ticketTypeId) ?? null,
      quantity: 1,
      handPicked: true,
      cancelledBase: null,
      cancelledQuantity: 1,
    })),
    /** Forward to step 2: the base Back left, with the quantity chosen then (never more than is held). */
    retakeBase: assign(({ context }) => {
      const base = context.bases.find((candidate) => candidate.id === context.cancelledBase) ?? null;
      return {
        base,
        quantity: Math.max(1, Math.min(context.cancelledQuantity, base?.quantity ?? 1)),
        handPicked: true,
        cancelledBase: null,
        cancelledQuantity: 1,
      };
    }),
    increment: assign(({ context }) => ({ quantity: context.quantity + 1 })),
    decrement: assign(({ context }) => ({ quantity: context.quantity - 1 })),
    storeTargets: assign(({ context }, params: { targets: SwapTarget[] }) => ({
      // docs/product.md §5: a target is never the base itself.
      targets: params.targets.filter((target) => target.name !== context.base?.name || target.price !== context.base?.price),
    })),
    chooseTarget: assign(({ context }, params: { swapPairId: number }) => ({
      target: context.targets.find((target) => target.id === params.swapPairId) ?? null,
    })),
    forgetTarget: assign({ target: null, started: null }),
    storeStarted: assign((_, params: { started: SwapStart }) => ({ started: params.started })),
    storeReceipt: assign((_, params: { order: SwapOrder }) => ({ receipt: params.order, returnedOrder: null })),
    forgetReceipt: assign({ receipt: null, returnedOrder: null }),
    resetSelection: assign(() => noSelection),
    /** Cancel (or Back) released the swap: the selection resets, its base and quantity are remembered for step 1. */
    resetAfterCancel: assign(({ context }) => ({ ...noSelection, cancelledBase: context.base?.id ?? null, cancelledQuantity: context.quantity })),
    /** docs/product.md §7: the whole window goes to the checkout page, which comes back to this page afterwards. */
    goToCheckout: ({ context }) => {
      const { platform } = context.services;
      if (!context.started) return;
      platform.loadUrl(checkoutAddress(context, context.handOverCode));
    },
    storeHandOver: assign((_, params: { code: string }) => ({ handOverCode: params.code })),
    storeHeld: assign((_, params: { held: HeldSwap[] }) => ({ held: params.held, heldUnknown: false })),
    forgetHeld: assign({ held: [], heldUnknown: true }),
    /** Step 1 is left for the swap in progress: a base remembered from an earlier Cancel is forgotten. */
    chooseHeld: assign((_, params: { orderIdentifier: string }) => ({ heldChosen: params.orderIdentifier, cancelledBase: null })),
    forgetHeldChosen: assign({ heldChosen: null }),
  },
  guards: {
    stepIs,
    forwardToTarget: ({ context }, params: { step: string | null }) =>
      params.step === 'TARGET' && context.cancelledBase !== null && context.bases.some((base) => base.id === context.cancelledBase),
    /** The checkout is on another origin than the page: the session is handed over with a single-use code first. */
    checkoutElsewhere: ({ context }) =>
      context.started !== null && checkoutElsewhere(checkoutAddress(context, null), context.services.platform.pageUrl?.() ?? ''),
    returnedFromCheckout: ({ context }) => context.returnedOrder !== null,
    /** One of the swaps in progress step 1 lists. */
    heldShown: ({ context }, params: { orderIdentifier: string }) => context.held.some((held) => held.orderIdentifier === params.orderIdentifier),
    /** The order came back confirmed (paid, or a downgrade confirmed): its confirmation shows. */
    confirmed: (_, params: { order: SwapOrder }) => params.order.status === 'confirmed',
    heldUnknown: ({ context }) => context.heldUnknown,
    preselectHeld: ({ context }) => context.bases.some((base) => base.userTicketIds.includes(context.preselectId ?? -1)),
    offered: ({ context }, params: { ticketTypeId: number }) => context.bases.some((base) => base.id === params.ticketTypeId),
    /** docs/product.md §5: plus stops at the quantity held. */
    belowHeld: ({ context }) => context.quantity < (context.base?.quantity ?? 1),
    aboveOne: ({ context }) => context.quantity > 1,
    /**
     * Half-done (docs/decisions/0068-discard-before-closing-a-half-done-flow.md): step 2 shows a base the person chose here, or a quantity they
     * changed. A base preselected by the link with one ticket is not asked about.
     */
    holdsInput: ({ context }) => context.handPicked || context.quantity !== 1,
    /** A target of the list with enough left for the quantity. */
    available: ({ context }, params: { swapPairId: number }) =>
      context.targets.some((target) => target.id === params.swapPairId && target.quantity >= context.quantity),
  },
  actors: {
    loadBases: fromPromise<SwapBaseTicket[], { services: WalletServices }>(({ input }) => input.services.api.call('swapTickets')),
    loadTargets: fromPromise<SwapTarget[], { services: WalletServices; ticketTypeId: number }>(({ input }) =>
      input.services.api.call('swapTargets', { params: { ticketId: input.ticketTypeId } }),
    ),
    startSwap: fromPromise<SwapStart, { services: WalletServices; baseTicketId: number; swapPairId: number; swapQuantity: number }>(({ input }) =>
      input.services.api.call('startSwap', {
        body: { baseTicketId: input.baseTicketId, swapPairId: input.swapPairId, swapQuantity: input.swapQuantity },
      }),
    ),
    loadOrder: fromPromise<SwapOrder, { services: WalletServices; orderIdentifier: string }>(({ input }) =>
      input.services.api.call('swapOrder', { params: { swapIdentifier: input.orderIdentifier } }),
    ),
    cancelSwap: fromPromise<unknown, { services: WalletServices; orderIdentifier: string }>(({ input }) =>
      input.services.api.call('cancelSwap', { params: { swapIdentifier: input.orderIdentifier } }),
    ),
    checkoutHandOver: fromPromise<{ code: string; expiresAt: string }, { services: WalletServices; orderIdentifier: string }>(({ input }) =>
      input.services.api.call('checkoutHandOver', { params: { swapIdentifier: input.orderIdentifier } }),
    ),
    loadHeld: loadHeldSwaps,
    continueHeld: continueHeldCheckout,
    cancelHeld: cancelHeldSwap,
  },
}).createMachine({
  id: 'swap',
  meta: { ...doc('Swap a ticket for another type: choose, start, pay or cancel') },
  context: ({ input }) => ({
    services: input.services,
    language: input.language ?? languageOf(input.services.platform.location().pathname),
    preselectId: input.userTicketId,
    bases: [],
    ...noSelection,
    returnedOrder: input.swapOrder ?? null,
    receipt: null,
    held: [],
    heldUnknown: false,
    heldChosen: null,
  }),
  on: {
    // The empty state's link.
    'swap.viewTickets': { actions: 'openMyTickets' },
    ...closesAtOnce,
  },
  initial: 'opening',
  states: {
    opening: {
      ...doc('Back from the checkout page (SWAP_ORDER): its order first; else step 1'),
      always: [{ guard: 'returnedFromCheckout', target: 'receipt' }, { target: 'loading' }],
    },
    receipt: {
      ...doc('The order the checkout page came back from'),
      initial: 'loading',
      states: {
        loading: {
          meta: { screen: 'SWAP', ...doc('Loading the order the checkout page came back from') },
          tags: ['loading'],
          invoke: {
            id: 'loadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ services: context.services, orderIdentifier: context.returnedOrder ?? '' }),
            onDone: [
              {
                ...doc('Confirmed: its confirmation shows'),
                guard: { type: 'confirmed', params: ({ event }) => ({ order: event.output }) },
                target: 'shown',
                actions: { type: 'storeReceipt', params: ({ event }) => ({ order: event.output }) },
              },
              // Cancelled, expired or still open: nothing to confirm, step 1 as usual.
              { target: '#swap.loading', actions: 'forgetReceipt' },
            ],
            onError: { target: '#swap.loading', actions: ['forgetReceipt', { type: 'logError', params: logParams('swap: loading the order failed') }] },
          },
        },
        shown: {
          meta: { screen: 'SWAP', ...doc('"You now hold VIP": what is held now, instead of what, and what was paid') },
          on: { 'swap.dismissReceipt': { target: '#swap.loading', actions: 'forgetReceipt' } },
        },
      },
    },
    loading: {
      meta: { screen: 'SWAP', ...doc('Swap: step 1 as skeleton cards while the swappable tickets load') },
      tags: ['loading'],
      invoke: {
        id: 'loadBases',
        src: 'loadBases',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'loadingHeld', actions: { type: 'storeBases', params: ({ event }) => ({ bases: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: logParams('swap: loading the tickets failed') } },
      },
    },
    loadingHeld: {
      meta: { screen: 'SWAP', ...doc('Step 1 as skeleton cards while the swaps in progress load (started earlier and left)') },
      tags: ['loading'],
      invoke: {
        id: 'loadHeld',
        src: 'loadHeld',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'deciding', actions: { type: 'storeHeld', params: ({ event }) => ({ held: event.output }) } },
        // Step 1 all the same (the swappable tickets loaded), saying that the swaps in progress could not be read.
        onError: {
          target: 'deciding',
          actions: ['forgetHeld', { type: 'logError', params: logParams('swap: loading the swaps in progress failed') }],
        },
      },
    },
    failed: {
      meta: { screen: 'SWAP', ...doc('The swappable tickets did not load: message and Retry') },
      on: { 'swap.retry': 'loading' },
    },
    deciding: {
      ...doc('A ticket named by USER_TICKET_ID preselects its type, with one ticket'),
      always: [{ guard: 'preselectHeld', target: 'chosen', actions: 'takePreselected' }, { target: 'picking', actions: 'forgetPreselect' }],
    },
    picking: {
      meta: { screen: 'SWAP', ...doc('Step 1: the base tickets as cards (or the empty state); none selected') },
      on: {
        'swap.retryHeld': { guard: 'heldUnknown', target: 'loadingHeld' },
        'swap.selectBase': {
          guard: { type: 'offered', params: ({ event }) => ({ ticketTypeId: event.ticketTypeId }) },
          target: 'chosen',
          actions: [{ type: 'chooseBase', params: ({ event }) => ({ ticketTypeId: event.ticketTypeId }) }, 'pushTargetStep'],
        },
        // Forward to step 2 the browser's Back left: the same base again, with the quantity chosen before.
        'flow.step': {
          guard: { type: 'forwardToTarget', params: ({ event }) => ({ step: event.step }) },
          target: 'chosen',
          actions: 'retakeBase',
        },
        'swap.continueHeld': {
          guard: { type: 'heldShown', params: ({ event }) => ({ orderIdentifier: event.orderIdentifier }) },
          target: 'resumingHeld',
          actions: { type: 'chooseHeld', params: ({ event }) => ({ orderIdentifier: event.orderIdentifier }) },
        },
        'swap.cancelHeld': {
          guard: { type: 'heldShown', params: ({ event }) => ({ orderIdentifier: event.orderIdentifier }) },
          target: 'releasingHeld',
          actions: { type: 'chooseHeld', params: ({ event }) => ({ orderIdentifier: event.orderIdentifier }) },
        },
      },
    },
    resumingHeld: {
      meta: { screen: 'SWAP', ...doc("Continue to checkout: the window is on its way to a swap in progress's checkout page") },
      tags: ['busy'],
      invoke: {
        id: 'continueHeld',
        src: 'continueHeld',
        input: heldInput,
        onError: {
          target: 'picking',
          actions: ['forgetHeldChosen', { type: 'logError', params: logParams('swap: going to the checkout failed') }, { type: 'notify', params: { kind: 'error', key: 'api.request_failed' } }],
        },
      },
    },
    releasingHeld: {
      meta: { screen: 'SWAP', ...doc('Cancel swap: a swap in progress ends on the server, then step 1 loads again with its tickets free') },
      tags: ['busy'],
      invoke: {
        id: 'cancelHeld',
        src: 'cancelHeld',
        input: heldInput,
        onDone: { target: 'loading', actions: ['forgetHeldChosen', { type: 'notify', params: { kind: 'success', key: 'swap.held_cancelled' } }] },
        // The server's reason (it was confirmed meanwhile …); step 1 loads again as things are now.
        onError: {
          target: 'loading',
          actions: [
            'forgetHeldChosen',
            { type: 'logError', params: logParams('swap: cancelling the swap in progress failed') },
            { type: 'notify', params: ({ event }) => ({ kind: 'error', key: failureKey(event.error, 'request_failed') }) },
          ],
        },
      },
    },
    chosen: {
      ...doc('A base ticket and quantity chosen: its targets load, then one is chosen'),
      on: {
        'swap.increment': { guard: 'belowHeld', actions: 'increment' },
        // docs/product.md §4: minus at 1 clears the selection.
        'swap.decrement': [{ guard: 'aboveOne', actions: 'decrement' }, { target: 'picking', actions: ['resetSelection', 'clearStep'] }],
        'swap.clearBase': { target: 'picking', actions: ['resetSelection', 'clearStep'] },
        // The browser's Back from step 2: step 1, the base marked as after a Cancel.
        'flow.step': { guard: { type: 'stepIs', params: ({ event }) => ({ step: event.step, wanted: null }) }, target: 'picking', actions: 'resetAfterCancel' },
        ...asksBeforeClosingWhen('holdsInput'),
      },
      initial: 'loadingTargets',
      states: {
        loadingTargets: {
          meta: { screen: 'SWAP', ...doc('Step 2 as skeleton cards while the targets of the base load') },
          tags: ['loading'],
          invoke: {
            id: 'loadTargets',
            src: 'loadTargets',
            input: ({ context }) => ({ services: context.services, ticketTypeId: context.base?.id ?? 0 }),
            onDone: { target: 'targets', actions: { type: 'storeTargets', params: ({ event }) => ({ targets: event.output }) } },
            // docs/product.md §8: the internal error, and the selection resets.
            onError: {
              target: '#swap.picking',
              actions: [
                'resetSelection',
                { type: 'logError', params: logParams('swap: loading the targets failed') },
                { type: 'notify', params: { kind: 'error', key: swapToastKeys.targetsFailed } },
              ],
            },
          },
        },
        targets: {
          meta: { screen: 'SWAP', ...doc('Step 2: the allowed target types with price and availability') },
          on: {
            'swap.selectTarget': {
              guard: { type: 'available', params: ({ event }) => ({ swapPairId: event.swapPairId }) },
              target: 'starting',
              actions: { type: 'chooseTarget', params: ({ event }) => ({ swapPairId: event.swapPairId }) },
            },
          },
        },
        starting: {
          meta: { screen: 'SWAP', ...doc('The chosen target is marked busy while the swap starts on the server') },
          tags: ['busy'],
          // Nothing changes the selection while the server reserves the tickets; a close waits for the reservation.
          on: { 'swap.increment': {}, 'swap.decrement': {}, 'swap.clearBase': {}, 'flow.step': {}, ...holdsOffClosing },
          invoke: {
            id: 'startSwap',
            src: 'startSwap',
            input: ({ context }) => ({
              services: context.services,
              baseTicketId: context.base?.id ?? 0,
              swapPairId: context.target?.id ?? 0,
              swapQuantity: context.quantity,
            }),
            onDone: { target: '#swap.confirming', actions: { type: 'storeStarted', params: ({ event }) => ({ started: event.output }) } },
            onError: {
              target: 'targets',
              actions: [
                'forgetTarget',
                { type: 'logError', params: logParams('swap: starting the swap failed') },
                // docs/product.md §8: the start failure's own flash, whatever the cause.
                { type: 'notify', params: { kind: 'error', key: swapToastKeys.startFailed } },
              ],
            },
          },
        },
      },
    },
    confirming: {
      meta: { screen: 'SWAP', ...doc('The confirmation modal: amount, UPGRADE or DOWNGRADE wording, Cancel or Go to checkout') },
      on: {
        'swap.cancel': { target: 'cancelling', actions: 'clearStep' },
        // The browser's Back from the confirmation: as its Cancel, the hold is released and step 1 shows the base.
        'flow.step': { guard: { type: 'stepIs', params: ({ event }) => ({ step: event.step, wanted: null }) }, target: 'cancelling' },
        'swap.checkout': [{ guard: 'checkoutElsewhere', target: 'leaving.handingOver' }, { target: 'leaving.going' }],
        // A reservation is held: a close asks, and Discard releases it as Cancel does.
        ...asksBeforeClosing,
        'flow.discard': 'discarding',
      },
    },
    cancelling: {
      meta: { screen: 'SWAP', ...doc('Cancel: the reservation is released on the server, then the selection resets') },
      tags: ['busy'],
      invoke: {
        id: 'cancelSwap',
        src: 'cancelSwap',
        input: releaseInput,
        onDone: { target: 'picking', actions: 'resetAfterCancel' },
        // The reservation lapses by itself after 30 minutes; the person is not kept waiting on a failed release.
        onError: { target: 'picking', actions: ['resetAfterCancel', { type: 'logError', params: logParams('swap: cancelling the swap failed') }] },
      },
    },
    discarding: {
      meta: { screen: 'SWAP', ...doc('Discard (closing the wallet): the reservation is released as by Cancel, then the wallet closes') },
      tags: ['busy'],
      on: holdsOffClosing,
      invoke: {
        id: 'cancelSwap',
        src: 'cancelSwap',
        input: releaseInput,
        onDone: { actions: 'dismiss' },
        // As Cancel: a failed release lapses by itself; the wallet closes all the same.
        onError: { actions: [{ type: 'logError', params: logParams('swap: cancelling the swap failed') }, 'dismiss'] },
      },
    },
    leaving: {
      meta: { screen: 'SWAP', ...doc('Go to checkout: the window is on its way to the checkout page') },
      tags: ['busy'],
      initial: 'going',
      states: {
        handingOver: {
          meta: { screen: 'SWAP', ...doc('The checkout is on another origin: a single-use hand-over code for this order is asked for first') },
          invoke: {
            id: 'checkoutHandOver',
            src: 'checkoutHandOver',
            input: releaseInput,
            onDone: { target: 'going', actions: { type: 'storeHandOver', params: ({ event }) => ({ code: event.output.code }) } },
            // Without a code the checkout page asks the person to sign in there: still the way to pay.
            onError: { target: 'going', actions: { type: 'logError', params: logParams('swap: handing the session to the checkout failed') } },
          },
        },
        going: {
          meta: { screen: 'SWAP', ...doc('The window is sent to the checkout address (with the hand-over code, if any)') },
          entry: 'goToCheckout',
        },
      },
    },
  },
});

export type SwapMachine = typeof swapMachine;
export type SwapActor = ActorRefFrom<SwapMachine>;
export type SwapSnapshot = SnapshotFrom<SwapMachine>;
