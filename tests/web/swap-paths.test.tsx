// Model-based paths of the swap machine (machines/models/swap.model.ts) run against the rendered wallet: a person picks
// the ticket to swap, steps the quantity, picks a target, answers the modal with Cancel or Go to checkout; the API
// answers only when the path says so (msw holds each request). A step that leaves the panel (My tickets) ends its path.
// After every step the screen must show what the model's state says.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { swapMachine, type SwapSnapshot } from '../../machines/swap';
import {
  selectBase,
  selectHeldSwaps,
  selectSwapModal,
  selectSwapQuantity,
  selectSwapReceipt,
  selectSwapStep,
  selectTargets,
  selectTargetsState,
} from '../../machines/swap.selectors';
import { encodeUserTicketId } from '../../machines/ticket-id';
import type { EndpointName } from '../../src/contract/endpoints';
import { expectFullCoverage, toTestMachine } from '../../machines/models/model';
import { crossOriginStart, swapSampleEvents, swapStarts, swapVertex } from '../../machines/models/swap.model';
import { signInApi } from './fake-api';
import { ticketsApi } from './fake-tickets-api';
import { closingExcuses, holdRequests, notClosing, responseFor, screenModelPaths, type HeldRequests } from './path-helpers';
import { setUpWalletTests, type RenderedWallet } from './render-wallet';

const tests = setUpWalletTests({ fakeTimeouts: true });

const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);
const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const quick = { interval: 5 };
const HELD_UNKNOWN = "We couldn't check for swaps you started earlier, so a ticket one of them holds may be missing here.";
const held: EndpointName[] = ['swapTickets', 'swapTargets', 'startSwap', 'cancelSwap', 'swapOrder', 'checkoutHandOver', 'heldSwaps'];
const endpointOf: Record<string, EndpointName> = {
  loadOrder: 'swapOrder',
  loadBases: 'swapTickets',
  loadTargets: 'swapTargets',
  startSwap: 'startSwap',
  cancelSwap: 'cancelSwap',
  checkoutHandOver: 'checkoutHandOver',
  loadHeld: 'heldSwaps',
  cancelHeld: 'cancelSwap',
};
const modalNames = /Upgrade your ticket\?|Downgrade your ticket\?/;

const testMachine = toTestMachine(swapMachine);
const leaves = ['swap.viewTickets'];

/**
 * What a person can do: only what a button offers (a target with too few left is disabled, the stepper's ends are
 * disabled, nothing changes while the swap starts), My tickets only from the empty state.
 */
function onScreen(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const state = snapshot as SwapSnapshot;
  if (event.type === 'swap.viewTickets') return state.matches('picking') && state.context.bases.length === 0;
  if (event.type === 'swap.selectBase') return (event as { ticketTypeId?: number }).ticketTypeId !== 99;
  // Only the swaps in progress listed have buttons; the window's way to the checkout does not fail in a browser.
  if (event.type === 'swap.continueHeld') return (event as { orderIdentifier?: string }).orderIdentifier === 'SW-HELD00000001';
  if (event.type === 'continueHeld.error') return false;
  if (state.matches({ chosen: 'starting' }) && ['swap.increment', 'swap.decrement', 'swap.clearBase'].includes(event.type)) return false;
  if (event.type === 'swap.increment') return state.can(event as never);
  return true;
}

const runs = swapStarts.map((start) => {
  const input = start.input();
  return { start, input, paths: screenModelPaths({ machine: testMachine, input, events: swapSampleEvents.filter(notClosing), vertex: swapVertex, onScreen, leaves }) };
});

const modal = () => within(screen.getByRole('dialog', { name: modalNames }));

async function perform(event: EventObject, requests: HeldRequests): Promise<void> {
  const settled = /^(\w+)\.(done|error)$/.exec(event.type);
  if (settled && endpointOf[settled[1]!]) {
    const endpoint = endpointOf[settled[1]!]!;
    await waitFor(() => expect(requests.pending(endpoint).length).toBeGreaterThan(0), quick);
    await requests.answer(endpoint, () => responseFor(event));
    return;
  }
  const payload = event as EventObject & { swapPairId?: number };
  switch (event.type) {
    case 'swap.retry':
      click(main().getByRole('button', { name: 'Try again' }));
      return;
    case 'swap.retryHeld':
      click(within(main().getByText(HELD_UNKNOWN).closest<HTMLElement>('[role="alert"]')!).getByRole('button', { name: 'Try again' }));
      return;
    case 'swap.selectBase':
      click(main().getByRole('button', { name: 'Choose General Admission' }));
      return;
    case 'swap.increment':
      click(main().getByRole('button', { name: 'One ticket more' }));
      return;
    case 'swap.decrement':
      click(main().getByRole('button', { name: /One ticket fewer|Remove this ticket from the swap/ }));
      return;
    case 'swap.clearBase':
      click(main().getByRole('button', { name: 'Change' }));
      return;
    case 'swap.selectTarget':
      click(main().getByRole('button', { name: payload.swapPairId === 7 ? 'Choose VIP' : 'Choose Backstage' }));
      return;
    case 'swap.cancel':
      click(modal().getByRole('button', { name: 'Cancel' }));
      return;
    case 'swap.checkout':
      click(modal().getByRole('button', { name: 'Go to checkout' }));
      return;
    case 'swap.viewTickets':
      click(main().getByRole('button', { name: 'View my tickets' }));
      return;
    case 'swap.continueHeld':
      click(main().getByRole('button', { name: 'Continue to checkout' }));
      return;
    case 'swap.cancelHeld':
      click(main().getByRole('button', { name: 'Cancel swap' }));
      return;
    case 'swap.dismissReceipt':
      click(main().getByRole('button', { name: 'Swap more tickets' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

function expectScreenMatches(state: SwapSnapshot, event: EventObject, page: RenderedWallet, crossOrigin: boolean): void {
  if (event.type === 'swap.viewTickets') {
    expect(page.params().get('PANEL_TAB')).toBe('MY_TICKET');
    return;
  }
  expect(page.params().get('PANEL_TAB')).toBe('SWAP');
  // Back from checkout with the order confirmed: the confirmation, focused, in place of the steps.
  const receipt = selectSwapReceipt(state);
  const receiptHeading = main().queryByRole('heading', { name: 'You now hold VIP' });
  expect(Boolean(receiptHeading), 'receipt').toBe(receipt !== null);
  if (receipt) {
    expect(main().getByText('You paid $70.00 USD for the upgrade from General Admission.')).toBeTruthy();
    expect(main().getByText('Order SW-ABC123. A receipt is on its way to your e-mail.')).toBeTruthy();
    expect(document.activeElement).toBe(receiptHeading);
    return;
  }
  const step = selectSwapStep(state);
  // A swap in progress from before: what it swaps, until when on the person's clock, and its two ways out.
  const heldRows = selectHeldSwaps(state);
  const notices = main().queryAllByRole('region', { name: /^Swap in progress, held until / });
  expect(notices.length, 'swaps in progress').toBe(heldRows.length);
  for (const [index, row] of heldRows.entries()) {
    const time = new Date(row.held.heldUntil).toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' });
    expect(notices[index]!.getAttribute('aria-labelledby') && within(notices[index]!).getByRole('heading').textContent).toBe(`Swap in progress, held until ${time}`);
    expect(notices[index]!.textContent).toContain('1 × General Admission → VIP, Summer Sound Festival.');
    const go = within(notices[index]!).getByRole('button', { name: 'Continue to checkout' });
    const cancel = within(notices[index]!).getByRole('button', { name: 'Cancel swap' });
    expect([go.getAttribute('aria-busy') === 'true', cancel.getAttribute('aria-busy') === 'true'], 'busy').toEqual([row.leaving, row.releasing]);
    expect(disabled(go) && disabled(cancel), 'waiting').toBe(row.busy);
  }
  if (event.type === 'swap.continueHeld' && !crossOrigin) {
    expect(page.platform.loadUrl).toHaveBeenLastCalledWith(expect.stringMatching(/\/en\/summer-sound-festival-3\/checkout\/SW-HELD00000001\?redirectDomain=.+&origin=ticket_swap$/));
  }
  expect(Boolean(main().queryByText('Your tickets could not be loaded.')), 'error').toBe(step === 'failed');
  expect(Boolean(main().queryByText(HELD_UNKNOWN)), 'swaps in progress unread').toBe(state.matches('picking') && state.context.heldUnknown);
  expect(Boolean(main().queryByText('No tickets to swap')), 'empty').toBe(step === 'picking' && state.context.bases.length === 0);
  const choices = main().queryAllByRole('button', { name: /^Choose (General Admission|VIP)$/ });
  expect(choices.length > 0 && step === 'picking', 'base cards').toBe(step === 'picking' && state.context.bases.length > 0);
  const base = selectBase(state);
  const swapping = main().queryByText('You are swapping');
  expect(Boolean(swapping), 'base card').toBe(base !== null);
  if (base) {
    expect(swapping!.closest('.tw-event-tile')?.textContent).toContain(base.name);
    const quantity = selectSwapQuantity(state);
    expect(main().getByRole('group', { name: 'How many' }).querySelector('output')?.textContent).toBe(String(quantity.value));
    expect(disabled(main().getByRole('button', { name: 'One ticket more' })), 'plus').toBe(!quantity.canIncrement);
  }
  const targets = selectTargetsState(state);
  expect(Boolean(main().queryByRole('heading', { name: 'Swap it for' })), 'step 2').toBe(targets !== 'hidden');
  if (targets === 'ready') {
    for (const view of selectTargets(state)) {
      const button = main().getByRole('button', { name: view.starting ? 'Loading…' : `Choose ${view.target.name}` });
      expect(disabled(button), `${view.target.name} choosable`).toBe(!view.choosable);
    }
  }
  const shown = selectSwapModal(state);
  const dialog = screen.queryByRole('dialog', { name: modalNames });
  expect(Boolean(dialog), 'modal').toBe(shown !== null);
  if (shown) {
    expect(dialog!.textContent).toContain(`You will pay ${shown.amount} at checkout.`);
    expect(dialog!.textContent).toContain(`${shown.quantity} × General Admission → VIP`);
    expect(modal().getByRole('button', { name: 'Go to checkout' }).getAttribute('aria-busy') === 'true', 'leaving').toBe(step === 'leaving');
    expect(modal().getByRole('button', { name: 'Cancel' }).getAttribute('aria-busy') === 'true', 'cancelling').toBe(step === 'cancelling');
  }
  const checkout = /\/en\/summer-sound-festival-3\/checkout\/SW-ABC123\?redirectDomain=.+&origin=ticket_swap$/;
  if (event.type === 'swap.checkout' && !crossOrigin) expect(page.platform.loadUrl).toHaveBeenLastCalledWith(expect.stringMatching(checkout));
  // The ticket site on another origin: the hand-over code is asked for first (the button stays busy), then goes along.
  if (event.type === 'swap.checkout' && crossOrigin) expect(page.platform.loadUrl).not.toHaveBeenCalled();
  if (event.type === 'checkoutHandOver.done') {
    expect(page.platform.loadUrl).toHaveBeenLastCalledWith(expect.stringMatching(/^https:\/\/shop\.test\/en\/summer-sound-festival-3\/checkout\/SW-ABC123\?.+#tw-hand-over=c0de$/));
  }
  if (event.type === 'checkoutHandOver.error') expect(page.platform.loadUrl).toHaveBeenLastCalledWith(expect.stringMatching(/^https:\/\/shop\.test\/.+&origin=ticket_swap$/));
}

/** The toast a step must show (docs/product.md §8), if any. */
function toastOf(event: EventObject): string | null {
  if (event.type === 'loadTargets.error') return 'Something went wrong on our side. Please try again.';
  if (event.type === 'startSwap.error') return 'The swap could not be started';
  if (event.type === 'cancelHeld.done') return 'Swap cancelled. Your tickets are free again.';
  if (event.type === 'cancelHeld.error') return 'This swap is already confirmed';
  return null;
}

describe('swap paths on the rendered screen', () => {
  it('keeps steps a person can take and still reaches every state', () => {
    const values = runs.flatMap((run) => run.paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    for (const part of ['"failed"', '"targets"', '"starting"', '"confirming"', '"cancelling"', '"leaving"', '"shown"']) {
      expect(values.some((value) => value.includes(part)), part).toBe(true);
    }
    const busy = 'nothing changes the selection while the swap starts: the screen disables the stepper and Change';
    expectFullCoverage('swap on the screen', testMachine, runs.flatMap((run) => run.paths), {
      ...closingExcuses(testMachine),
      'swap.chosen.starting on swap.increment': busy,
      'swap.chosen.starting on swap.decrement': busy,
      'swap.chosen.starting on swap.clearBase': busy,
      'swap.resumingHeld on continueHeld.error': 'the window does not fail to go to the checkout in a browser: tests/machines/swap.test.ts covers it',
    });
  });

  describe.each(runs)('from $start.name', ({ start, input, paths }) => {
    const crossOrigin = start.name === crossOriginStart;
    it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
      const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
      // My tickets (the empty state's link) finds an empty wallet.
      tests.server.use(...api.handlers, ...ticketsApi().handlers);
      const requests = holdRequests(tests, held);
      const id =
        (input.userTicketId ? `&USER_TICKET_ID=${encodeUserTicketId(input.userTicketId)}` : '') + (input.swapOrder ? `&SWAP_ORDER=${input.swapOrder}` : '');
      const page = tests.render(`/en/?PANEL_TAB=SWAP${id}`, api.signedInStorage('alex@example.com'), crossOrigin ? { siteUrl: 'https://shop.test' } : {});
      for (const [index, step] of path.steps.entries()) {
        if (index > 0) await perform(step.event, requests);
        await waitFor(() => expectScreenMatches(step.state as SwapSnapshot, step.event, page, crossOrigin), quick);
        const toast = toastOf(step.event);
        if (toast) await waitFor(() => expect(screen.getAllByText(toast).length).toBeGreaterThan(0), quick);
      }
    });
  });
});
