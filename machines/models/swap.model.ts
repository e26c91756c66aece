// The swap machine's test model, shared by tests/machines/swap.test.ts (paths on the actor) and
// tests/web/swap-paths.test.tsx (the same paths on the rendered screen).
import type { AnyMachineSnapshot } from 'xstate';
import type { HeldSwap, SwapBaseTicket, SwapOrder, SwapStart, SwapTarget } from '../../src/contract/entities';
import type { SwapEvent, SwapInput, SwapSnapshot } from '../swap';
import { ApiRequestError } from '../../src/client/errors';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { swapMachine } from '../swap';
import { modelSpec } from './model-spec';

export type SwapModelEvent = SwapEvent | { type: string; output?: unknown; error?: unknown };

export const swapPromiseActors = ['loadBases', 'loadTargets', 'startSwap', 'cancelSwap', 'loadOrder', 'checkoutHandOver', 'loadHeld', 'continueHeld', 'cancelHeld'] as const;

/** An UPGRADE started earlier and left on its confirmation (the tab closed): it holds ticket 12 until 03:30 UTC. */
export const heldSwap = (): HeldSwap => ({
  orderIdentifier: 'SW-HELD00000001',
  swapType: 'UPGRADE',
  eventId: 3,
  eventName: 'Summer Sound Festival',
  fromName: 'General Admission',
  toName: 'VIP',
  quantity: 1,
  heldUntil: '2026-11-27T03:30:00.000Z',
  userTicketIds: [12],
});

/** The order the checkout page came back from, paid (confirmed) or not. */
export const returnedOrder = (status: SwapOrder['status'] = 'confirmed'): SwapOrder => ({
  orderIdentifier: 'SW-ABC123',
  swapType: 'UPGRADE',
  status,
  eventId: 3,
  eventName: 'Summer Sound Festival',
  fromName: 'General Admission',
  toName: 'VIP',
  quantity: 1,
  amountDue: 70,
  amountLost: 0,
  currencyCode: 'USD',
  currencySymbol: '$',
  expiresAt: '2026-11-27T03:30:00.000Z',
  eventTimeZone: 'Australia/Sydney',
  processingPaymentIntentId: null,
});

/** General admission (2 held, tickets 11 and 12) and a single VIP (ticket 21). */
export const swapBases = (): SwapBaseTicket[] => [
  { id: 1, name: 'General Admission', logo: null, price: 50, currencySymbol: '$', currencyCode: 'USD', quantity: 2, eventId: 3, userTicketIds: [11, 12] },
  { id: 2, name: 'VIP', logo: null, price: 120, currencySymbol: '$', currencyCode: 'USD', quantity: 1, eventId: 3, userTicketIds: [21] },
];

/** VIP (pair 7, plenty left) and a sold-out Backstage (pair 8, one left). */
export const swapTargets = (): SwapTarget[] => [
  { id: 7, name: 'VIP', logo: null, price: 120, currencySymbol: '$', currencyCode: 'USD', quantity: 40 },
  { id: 8, name: 'Backstage', logo: null, price: 300, currencySymbol: '$', currencyCode: 'USD', quantity: 1 },
];

export const upgradeStart = (): SwapStart => ({
  swapType: 'UPGRADE',
  orderIdentifier: 'SW-ABC123',
  name: 'Summer Sound Festival',
  eventId: 3,
  amount: -70,
  currencyCode: 'USD',
  currencySymbol: '$',
});

export const swapSampleEvents: SwapModelEvent[] = [
  { type: 'loadBases.done', output: swapBases() },
  { type: 'loadBases.done', output: [] },
  { type: 'loadBases.error', error: httpError('swapTickets', 500, 'api.internal_error') },
  { type: 'loadHeld.done', output: [heldSwap()] },
  { type: 'loadHeld.done', output: [] },
  { type: 'loadHeld.error', error: new ApiRequestError('heldSwaps', 'FETCH_ERROR') },
  { type: 'swap.continueHeld', orderIdentifier: 'SW-HELD00000001' },
  { type: 'swap.continueHeld', orderIdentifier: 'SW-UNKNOWN' },
  { type: 'continueHeld.error', error: new Error('navigation refused') },
  { type: 'swap.cancelHeld', orderIdentifier: 'SW-HELD00000001' },
  { type: 'cancelHeld.done', output: { ok: true } },
  { type: 'cancelHeld.error', error: httpError('cancelSwap', 409, 'api.swap.already_confirmed') },
  { type: 'swap.retry' },
  { type: 'swap.retryHeld' },
  { type: 'swap.selectBase', ticketTypeId: 1 },
  { type: 'swap.selectBase', ticketTypeId: 99 },
  { type: 'swap.increment' },
  { type: 'swap.decrement' },
  { type: 'swap.clearBase' },
  { type: 'loadTargets.done', output: swapTargets() },
  { type: 'loadTargets.error', error: new ApiRequestError('swapTargets', 'FETCH_ERROR') },
  { type: 'swap.selectTarget', swapPairId: 7 },
  { type: 'swap.selectTarget', swapPairId: 8 },
  { type: 'startSwap.done', output: upgradeStart() },
  { type: 'startSwap.error', error: httpError('startSwap', 409, 'api.swap.not_enough_tickets') },
  { type: 'swap.cancel' },
  { type: 'cancelSwap.done', output: { ok: true } },
  { type: 'cancelSwap.error', error: new ApiRequestError('cancelSwap', 'FETCH_ERROR') },
  { type: 'swap.checkout' },
  { type: 'checkoutHandOver.done', output: { code: 'c0de', expiresAt: '2026-11-27T03:01:00.000Z' } },
  { type: 'checkoutHandOver.error', error: new ApiRequestError('checkoutHandOver', 'FETCH_ERROR') },
  { type: 'swap.viewTickets' },
  { type: 'loadOrder.done', output: returnedOrder() },
  { type: 'loadOrder.done', output: returnedOrder('cancelled') },
  { type: 'loadOrder.error', error: httpError('swapOrder', 404, 'api.swap.not_found') },
  { type: 'swap.dismissReceipt' },
  // The router puts a close to the flow (Esc, the close button), and Discard after "Discard this swap?".
  { type: 'flow.close' },
  { type: 'flow.discard' },
  // The browser's Back to step 1 and Forward to step 2 (PANEL_STEP).
  { type: 'flow.step', step: null },
  { type: 'flow.step', step: 'TARGET' },
];

/** One vertex per state value and what changes a branch or the screen: bases or none, the quantity, targets. */
export function swapVertex(snapshot: AnyMachineSnapshot): string {
  const context = (snapshot as SwapSnapshot).context;
  return JSON.stringify({
    value: snapshot.value,
    bases: context.bases.length > 0,
    preselect: context.preselectId !== null,
    base: context.base?.id ?? null,
    quantity: context.quantity,
    handPicked: context.handPicked,
    targets: context.targets.length > 0,
    returned: context.returnedOrder !== null,
    receipt: context.receipt !== null,
    cancelled: context.cancelledBase !== null,
    held: context.held.length > 0,
    heldUnknown: context.heldUnknown,
  });
}

/** The start whose checkout (the ticket site) is on another origin than the page: the session is handed over. */
export const crossOriginStart = 'Swap on a host of another origin than the ticket site (the checkout gets a hand-over code)';

/** Services whose ticket site is https://shop.test while the page is on https://tickets.test. */
function crossOriginServices() {
  const services = testServices();
  services.platform.siteUrl = () => 'https://shop.test';
  return services;
}

export const swapStarts: Array<{ name: string; input: () => SwapInput }> = [
  { name: 'Swap from the HUB', input: () => ({ services: testServices(), userTicketId: null }) },
  { name: 'Swap ticket on a ticket (USER_TICKET_ID 12 preselects General Admission)', input: () => ({ services: testServices(), userTicketId: 12 }) },
  { name: 'Back from the checkout page (SWAP_ORDER SW-ABC123)', input: () => ({ services: testServices(), userTicketId: null, swapOrder: 'SW-ABC123' }) },
  { name: crossOriginStart, input: () => ({ services: crossOriginServices(), userTicketId: null }) },
];

/** The swap machine's model-based test (tests/machines/swap.test.ts, the visualiser's paths). */
export const swapSpec = modelSpec({ name: 'swap', machine: swapMachine, starts: swapStarts, events: swapSampleEvents, serializeState: swapVertex });
