// Derived values of the swap machine for the view (the step, the quantity stepper, which targets can be chosen, the
// modal's amount and wording) and the checkout address (docs/product.md §7). Pure functions of the snapshot and plain data.
import type { HeldSwap, SwapBaseTicket, SwapOrder, SwapStart, SwapTarget } from '../src/contract/entities';
import type { SwapSnapshot } from './swap';

export type SwapStep = 'loading' | 'failed' | 'picking' | 'chosen' | 'confirming' | 'cancelling' | 'leaving';

export function selectSwapStep(snapshot: SwapSnapshot): SwapStep {
  if (snapshot.matches('failed')) return 'failed';
  // Going on to a swap in progress's checkout, or cancelling it: step 1 stays as it was meanwhile.
  if (snapshot.matches('picking') || snapshot.matches('resumingHeld') || snapshot.matches('releasingHeld')) return 'picking';
  if (snapshot.matches('chosen')) return 'chosen';
  if (snapshot.matches('confirming')) return 'confirming';
  // Discard releases the reservation as Cancel does (the wallet then closes).
  if (snapshot.matches('cancelling') || snapshot.matches('discarding')) return 'cancelling';
  if (snapshot.matches('leaving')) return 'leaving';
  return 'loading';
}

export const selectBases = (snapshot: SwapSnapshot): SwapBaseTicket[] => snapshot.context.bases;

export interface HeldSwapRow {
  held: HeldSwap;
  /** Its Continue to checkout is on its way / its Cancel swap runs. */
  leaving: boolean;
  releasing: boolean;
  /** Another one's (or this one's) request runs: the buttons wait. */
  busy: boolean;
}

/** Step 1's swaps in progress ("Swap in progress, held until …"), each with Continue to checkout and Cancel swap. */
export function selectHeldSwaps(snapshot: SwapSnapshot): HeldSwapRow[] {
  if (selectSwapStep(snapshot) !== 'picking') return [];
  const { held, heldChosen } = snapshot.context;
  const leaving = snapshot.matches('resumingHeld');
  const releasing = snapshot.matches('releasingHeld');
  return held.map((item) => {
    const chosen = item.orderIdentifier === heldChosen;
    return { held: item, leaving: leaving && chosen, releasing: releasing && chosen, busy: leaving || releasing };
  });
}

/** The chosen base, shown while its targets are chosen and the modal is open. */
export function selectBase(snapshot: SwapSnapshot): SwapBaseTicket | null {
  return snapshot.matches('picking') || snapshot.matches('loading') || snapshot.matches('failed') ? null : snapshot.context.base;
}

/** Step 1 after Cancel: the base of the released swap, shown chosen again (its Choose button gets the focus). */
export function selectCancelledBase(snapshot: SwapSnapshot): number | null {
  return snapshot.matches('picking') ? snapshot.context.cancelledBase : null;
}

export interface SwapQuantityView {
  value: number;
  max: number;
  canDecrement: boolean;
  canIncrement: boolean;
  /** Minus at 1 clears the selection (docs/product.md §4): the button says so. */
  decrementClears: boolean;
}

export function selectSwapQuantity(snapshot: SwapSnapshot): SwapQuantityView {
  const { quantity, base } = snapshot.context;
  return {
    value: quantity,
    max: base?.quantity ?? 1,
    canDecrement: snapshot.can({ type: 'swap.decrement' }),
    canIncrement: snapshot.can({ type: 'swap.increment' }),
    decrementClears: quantity <= 1,
  };
}

export type TargetsState = 'hidden' | 'loading' | 'ready';

export function selectTargetsState(snapshot: SwapSnapshot): TargetsState {
  if (snapshot.matches({ chosen: 'loadingTargets' })) return 'loading';
  if (['chosen', 'confirming', 'cancelling', 'discarding', 'leaving'].some((state) => snapshot.matches(state as 'chosen'))) return 'ready';
  return 'hidden';
}

export interface TargetView {
  target: SwapTarget;
  /** Enough left for the quantity chosen, and nothing else in flight. */
  choosable: boolean;
  /** This target's swap is starting (its card shows the spinner). */
  starting: boolean;
  selected: boolean;
}

export function selectTargets(snapshot: SwapSnapshot): TargetView[] {
  const { targets, target: chosen, quantity } = snapshot.context;
  return targets.map((target) => ({
    target,
    choosable: target.quantity >= quantity && snapshot.can({ type: 'swap.selectTarget', swapPairId: target.id }),
    starting: snapshot.matches({ chosen: 'starting' }) && chosen?.id === target.id,
    selected: chosen?.id === target.id,
  }));
}

export const selectIsBusy = (snapshot: SwapSnapshot): boolean => snapshot.hasTag('busy');

/** docs/product.md §4: (base price − target price) × quantity, in whole cents so prices like 0.1 add up exactly. */
export function swapAmount(basePrice: number, targetPrice: number, quantity: number): number {
  return ((Math.round(basePrice * 100) - Math.round(targetPrice * 100)) * quantity) / 100;
}

/** en-US with 2 decimals and the currency symbol, as the checkout shows it: "$1,250.00". The sign is the wording's. */
export function formatSwapAmount(amount: number, currencySymbol: string): string {
  return `${currencySymbol}${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export interface SwapModalView {
  swapType: SwapStart['swapType'];
  /** Locale keys of the title and the disclaimer. */
  titleKey: string;
  disclaimerKey: string;
  /** Formatted amount for the disclaimer. */
  amount: string;
  from: string;
  to: string;
  quantity: number;
  event: string;
}

/** docs/product.md §4: zero or more → the user loses it; below zero → the user pays. The swap type picks the title. */
export function swapModal(base: SwapBaseTicket, target: SwapTarget, quantity: number, started: SwapStart): SwapModalView {
  const amount = swapAmount(base.price, target.price, quantity);
  return {
    swapType: started.swapType,
    titleKey: started.swapType === 'UPGRADE' ? 'swap.modal_upgrade_title' : 'swap.modal_downgrade_title',
    disclaimerKey: amount >= 0 ? 'swap.disclaimer_lose' : 'swap.disclaimer_pay',
    amount: formatSwapAmount(amount, target.currencySymbol),
    from: base.name,
    to: target.name,
    quantity,
    event: started.name,
  };
}

export function selectSwapModal(snapshot: SwapSnapshot): SwapModalView | null {
  const { base, target, quantity, started } = snapshot.context;
  if (!base || !target || !started) return null;
  if (!['confirming', 'cancelling', 'discarding', 'leaving'].some((state) => snapshot.matches(state as 'confirming'))) return null;
  return swapModal(base, target, quantity, started);
}

/** The order the checkout page came back from, once confirmed ("You now hold VIP"), else null. */
export const selectSwapReceipt = (snapshot: SwapSnapshot): SwapOrder | null => (snapshot.matches({ receipt: 'shown' }) ? snapshot.context.receipt : null);

/** The swaps in progress could not be read (step 1 says so, with Try again). */
export const selectHeldUnknown = (snapshot: SwapSnapshot): boolean => snapshot.matches('picking') && snapshot.context.heldUnknown;
