// A swap in progress the person left behind (they closed the tab on the confirmation, or reloaded it): its tickets stay
// held until it lapses, so the ticket page and the swap screen say so and offer its two ways out, Continue to checkout
// (the same checkout the swap flow sends the window to, with the hand-over code when it is on another origin) and
// Cancel swap (which releases the tickets at once). The actors both machines invoke, and the checkout address.
import { fromPromise } from 'xstate';
import type { HeldSwap } from '../src/contract/entities';
import { addRoutes } from '../src/client/client';
import { languageOf } from '../src/contract/languages';
import { reportError } from './services';
import type { WalletServices } from './services';
import { checkoutElsewhere, checkoutUrl } from './swap.checkout';
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('heldSwaps', 'cancelSwap', 'checkoutHandOver'));

/** The held swap's checkout address (docs/product.md §7), with the hand-over code when there is one. */
export function heldCheckoutAddress(services: WalletServices, held: HeldSwap, handOverCode: string | null): string {
  const { platform } = services;
  return checkoutUrl({
    site: platform.siteUrl?.() ?? '',
    language: languageOf(platform.location().pathname),
    currentPage: platform.pageUrl?.() ?? '',
    started: { name: held.eventName, eventId: held.eventId, orderIdentifier: held.orderIdentifier },
    handOverCode,
  });
}

export interface HeldSwapInput {
  services: WalletServices;
  held: HeldSwap;
}

/** The person's swaps in progress (GET /ticket_swap/held). */
export const loadHeldSwaps = fromPromise<HeldSwap[], { services: WalletServices }>(({ input }) => input.services.api.call('heldSwaps'));

/**
 * Continue to checkout: the whole window goes to the held swap's checkout page. A checkout on another origin gets a
 * single-use hand-over code first; without one (it could not be had) the checkout page asks the person to sign in
 * there, still the way to pay, as in the swap flow.
 */
export const continueHeldCheckout = fromPromise<void, HeldSwapInput>(async ({ input }) => {
  const { services, held } = input;
  let code: string | null = null;
  if (checkoutElsewhere(heldCheckoutAddress(services, held, null), services.platform.pageUrl?.() ?? '')) {
    try {
      code = (await services.api.call('checkoutHandOver', { params: { swapIdentifier: held.orderIdentifier } })).code;
    } catch (error) {
      reportError(services, { message: 'swap: handing the session to the checkout failed', error });
    }
  }
  services.platform.loadUrl(heldCheckoutAddress(services, held, code));
});

/** Cancel swap: the server ends it and its tickets are held again at once (answers ok again for one already ended). */
export const cancelHeldSwap = fromPromise<unknown, HeldSwapInput>(async ({ input }) => {
  const { api } = input.services;
  try {
    return await api.call('cancelSwap', { params: { swapIdentifier: input.held.orderIdentifier } });
  } catch (error) {
    // Refused (it was confirmed meanwhile …): the tickets changed on the server, so what is kept of them goes, as a
    // successful cancel's own invalidation would, and the lists are read anew.
    api.cache.invalidate(['SWAPPABLE_TICKETS', 'SINGLE_TICKET', 'TICKETS']);
    throw error;
  }
});
