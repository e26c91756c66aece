// Model-based paths of the resell machine (machines/models/resell.model.ts) run against the rendered wallet: a person
// picks a ticket in the dropdown, steps the quantity, types and leaves the price, waits for the quote, continues,
// ticks the terms, lists, edits, cancels, copies the link, lists more; the API answers only when the path says so
// (msw holds each request) and the quote's wait and the no-payout notice pass when the path says so (fake timers). A
// step that leaves the panel (Verify payouts, or the no-payout notice's link) ends its path: the payouts tab opens,
// and its "Back to resell" comes back to the same ticket. After every step the screen shows what the state says.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { NO_STRIPE_NOTICE_MS, QUOTE_DEBOUNCE_MS, resellMachine, type ResellSnapshot } from '../../machines/resell';
import {
  selectNoStripeNotice,
  selectPayoutsFirst,
  selectPriceField,
  selectQuantity,
  selectResellStep,
  selectResellTicket,
  selectTermsAccepted,
} from '../../machines/resell.selectors';
import { encodeUserTicketId } from '../../machines/ticket-id';
import type { EndpointName } from '../../src/contract/endpoints';
import { expectFullCoverage, toTestMachine } from '../../machines/models/model';
import { payoutAccount, resellableTicket, resellSampleEvents, resellStarts, resellVertex, stubListings } from '../../machines/models/resell.model';
import { handle, signInApi } from './fake-api';
import { closingExcuses, holdRequests, notClosing, responseFor, screenModelPaths, type HeldRequests } from './path-helpers';
import { setUpWalletTests, type RenderedWallet } from './render-wallet';

const tests = setUpWalletTests({ fakeTimeouts: true });

const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);
const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const quick = { interval: 5 };
const endpointOf: Record<string, EndpointName> = {
  loadTickets: 'resellableTickets',
  loadPayoutAccount: 'paymentsAccount',
  quote: 'priceQuote',
  createListing: 'createListing',
};
const priceLabel = 'Price per ticket (AUD)';

const testMachine = toTestMachine(resellMachine.provide({ actors: { listings: stubListings } as never }));
const leaves = ['resell.openPayouts'];

/**
 * What a person can do on the screen: the listings child's reports come from its own screen (tests of listings),
 * the payouts link is the no-payout notice's, and typing the text the price field holds changes nothing.
 */
function onScreen(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const state = snapshot as ResellSnapshot;
  if (event.type === 'notify') return false;
  // The way to the payouts tab: Verify payouts above the form, or the no-payout notice's link.
  if (event.type === 'resell.openPayouts') return selectNoStripeNotice(state) || selectPayoutsFirst(state);
  if (event.type === 'resell.changePrice') return (event as { value?: string }).value !== state.context.priceText;
  return true;
}

const runs = resellStarts.map((start) => {
  const input = start.input();
  return { start, input, paths: screenModelPaths({ machine: testMachine, input, events: (resellSampleEvents as EventObject[]).filter(notClosing), vertex: resellVertex, onScreen, leaves }) };
});

/**
 * Cancel on a ticket the panel opened with drops USER_TICKET_ID, which starts the flow anew (its `restartOn`): the
 * tickets come from the query cache at once, the payout account (never cached) is read again and answered as before.
 */
async function answerRestart(before: ResellSnapshot, requests: HeldRequests): Promise<void> {
  await waitFor(() => expect(requests.pending('paymentsAccount').length).toBeGreaterThan(0), quick);
  const verified = before.context.payoutsVerified;
  await requests.answer('paymentsAccount', () =>
    verified === null ? Response.json({ statusCode: 500, code: 'api.internal_error', message: 'x' }, { status: 500 }) : Response.json(payoutAccount(verified)),
  );
}

async function perform(event: EventObject, requests: HeldRequests, page: RenderedWallet, before: ResellSnapshot): Promise<void> {
  const settled = /^(\w+)\.(done|error)$/.exec(event.type);
  if (settled && endpointOf[settled[1]!]) {
    const endpoint = endpointOf[settled[1]!]!;
    await waitFor(() => expect(requests.pending(endpoint).length).toBeGreaterThan(0), quick);
    await requests.answer(endpoint, () => responseFor(event));
    return;
  }
  const payload = event as EventObject & { value?: string };
  switch (event.type) {
    case 'after.quoteDebounce':
      await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS));
      return;
    case 'after.noStripeNotice':
      await act(() => vi.advanceTimersByTimeAsync(NO_STRIPE_NOTICE_MS));
      return;
    case 'resell.stale':
      // An Unlist in the listings below (their own paths: tests/machines/listings.test.ts) invalidated the tag.
      act(() => page.wallet.getSnapshot().context.services.api.cache.invalidate(['TICKETS_AVAILABLE_FOR_LISTING']));
      return;
    case 'resell.retry':
      click(main().getByRole('button', { name: 'Try again' }));
      return;
    case 'resell.selectTicket':
      click(main().getByRole('button', { name: /^Ticket/ }));
      click(main().getByRole('option', { name: /General Admission/ }));
      return;
    case 'resell.increment':
      click(main().getByRole('button', { name: 'One ticket more' }));
      return;
    case 'resell.decrement':
      click(main().getByRole('button', { name: 'One ticket fewer' }));
      return;
    case 'resell.changePrice':
      act(() => fireEvent.change(main().getByLabelText(priceLabel), { target: { value: payload.value } }));
      return;
    case 'resell.blurPrice':
      act(() => fireEvent.blur(main().getByLabelText(priceLabel)));
      return;
    case 'resell.continue':
      click(main().getByRole('button', { name: 'Continue' }));
      return;
    case 'resell.edit':
      click(main().getByRole('button', { name: 'Edit' }));
      return;
    case 'resell.toggleTerms':
      click(main().getByRole('checkbox'));
      return;
    case 'resell.submit':
      click(main().getByRole('button', { name: 'List for resale' }));
      return;
    case 'resell.cancel': {
      const restarts = page.params().get('USER_TICKET_ID') !== null;
      click(main().getAllByRole('button', { name: 'Cancel' }).at(-1)!);
      if (restarts) await answerRestart(before, requests);
      return;
    }
    case 'resell.more':
      click(main().getByRole('button', { name: 'Resell more tickets' }));
      return;
    case 'resell.copy':
      click(main().getByRole('button', { name: 'Copy link' }));
      return;
    case 'resell.openPayouts':
      click(main().queryByRole('button', { name: 'Verify payouts' }) ?? main().getByRole('button', { name: 'here' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

/** The ticket Resell showed (or opened with), as the address carries it; null for the picker. */
function ticketParam(state: ResellSnapshot): string | null {
  const id = state.context.ticket?.userTicketId ?? state.context.preselectId;
  return id === null ? null : encodeUserTicketId(id);
}

function expectScreenMatches(state: ResellSnapshot, event: EventObject, page: RenderedWallet): void {
  if (event.type === 'resell.openPayouts') {
    expect(page.params().get('PANEL_TAB')).toBe('SETTINGS');
    expect(page.params().get('SETTINGS_TAB')).toBe('ACCOUNT_VERIFICATION');
    expect(page.params().get('RETURN_TO')).toBe('RESELL');
    expect(page.params().get('USER_TICKET_ID')).toBe(ticketParam(state));
    expect(main().getByRole('button', { name: 'Back to resell' })).toBeTruthy();
    return;
  }
  // Payouts first: said above the ticket step, with its button, whenever the server said the account is unverified.
  const payoutsFirst = main().queryByRole('region', { name: 'Verify your payout account first' });
  expect(Boolean(payoutsFirst), 'payouts first').toBe(selectPayoutsFirst(state));
  if (payoutsFirst) {
    expect(within(payoutsFirst).getByRole('button', { name: 'Verify payouts' })).toBeTruthy();
    const ticketHeading = main().queryByRole('heading', { name: 'Ticket to resell' });
    if (ticketHeading) expect(payoutsFirst.compareDocumentPosition(ticketHeading) & Node.DOCUMENT_POSITION_FOLLOWING, 'before the form').toBeTruthy();
  }
  expect(page.params().get('PANEL_TAB')).toBe('RESELL');
  const step = selectResellStep(state);
  const ticketStep = () => within(main().getByRole('heading', { name: 'Ticket to resell' }).closest('section')!);
  if (step !== 'done') {
    expect(Boolean(ticketStep().queryByRole('status', { name: 'Loading…' })), 'skeleton').toBe(step === 'loading');
    expect(Boolean(main().queryByText('Your tickets could not be loaded.')), 'error').toBe(step === 'failed');
    expect(Boolean(main().queryByText('You have no tickets that can be resold.')), 'empty').toBe(step === 'picking' && state.context.tickets.length === 0);
    expect(Boolean(main().queryByRole('button', { name: /^Ticket/ })), 'dropdown').toBe(step === 'picking' && state.context.tickets.length > 0);
  }
  const ticket = selectResellTicket(state);
  expect(Boolean(main().queryByText('You are reselling')), 'selected ticket').toBe(ticket !== null);
  expect(Boolean(main().queryByLabelText(priceLabel)), 'price step').toBe(step === 'editing');
  if (step === 'editing') {
    const quantity = selectQuantity(state);
    expect(disabled(main().getByRole('button', { name: 'One ticket fewer' })), 'minus').toBe(!quantity.canDecrement);
    expect(disabled(main().getByRole('button', { name: 'One ticket more' })), 'plus').toBe(!quantity.canIncrement);
    const field = selectPriceField(state);
    const input = main().getByLabelText(priceLabel) as HTMLInputElement;
    expect(input.value).toBe(field.value);
    expect(input.getAttribute('aria-invalid') === 'true', 'price error').toBe(field.error !== null);
    expect(disabled(main().getByRole('button', { name: 'Continue' })), 'Continue').toBe(!state.can({ type: 'resell.continue' }));
  }
  expect(Boolean(main().queryByRole('heading', { name: 'Confirm your listing' })), 'confirm step').toBe(step === 'confirmed');
  if (step === 'confirmed') {
    expect((main().getByRole('checkbox') as HTMLInputElement).checked, 'terms').toBe(selectTermsAccepted(state));
    expect(disabled(main().getByRole('button', { name: 'List for resale' })), 'List').toBe(!state.can({ type: 'resell.submit' }));
    expect(Boolean(main().queryByRole('button', { name: 'here' })), 'no-payout notice').toBe(selectNoStripeNotice(state));
  }
  if (step === 'done') {
    expect(main().getByRole('heading', { name: 'Your ticket is now listed for resale!' })).toBeTruthy();
    expect((main().getByRole('textbox') as HTMLInputElement).value).toBe(state.context.listed?.shareLinkUrl);
  }
}

/** The payouts tab's "Back to resell" opens Resell again on the ticket it left, which says payouts first again. */
async function expectBackToResell(left: ResellSnapshot, requests: HeldRequests, page: RenderedWallet): Promise<void> {
  const ticket = ticketParam(left);
  // The payouts tab's own read of the account is left unanswered: it stops with the tab.
  await requests.answer('paymentsAccount', () => Response.error());
  click(main().getByRole('button', { name: 'Back to resell' }));
  await waitFor(() => expect(page.params().get('PANEL_TAB')).toBe('RESELL'), quick);
  expect(page.params().get('USER_TICKET_ID')).toBe(ticket);
  expect(page.params().get('RETURN_TO')).toBeNull();
  // The tickets come from the query cache (or are asked again when none was answered); the account is read anew.
  if (requests.pending('resellableTickets').length > 0) await requests.answer('resellableTickets', () => Response.json([resellableTicket()]));
  await waitFor(() => expect(requests.pending('paymentsAccount').length).toBeGreaterThan(0), quick);
  await requests.answer('paymentsAccount', () => Response.json(payoutAccount(false)));
  expect(await main().findByRole('region', { name: 'Verify your payout account first' })).toBeTruthy();
  // The same ticket, preselected again (or the picker when Resell had none).
  expect(Boolean(main().queryByText('You are reselling')), 'the same ticket').toBe(ticket !== null);
}

describe('resell paths on the rendered screen', () => {
  it('keep to what a person can do and still take every transition', () => {
    const values = runs.flatMap((run) => run.paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    for (const part of ['"failed"', '"quoting"', '"listing"', '"done"']) expect(values.some((value) => value.includes(part)), part).toBe(true);
    expectFullCoverage('resell on the screen', testMachine, runs.flatMap((run) => run.paths), {
      ...closingExcuses(testMachine),
      'resell on notify': 'the listings child reports it from its own screen (tests/machines/listings.test.ts)',
      'resell.picking on listings.error': 'the listings child crashes only through a bug; the branch only logs',
      'resell.picking on watchResellable.error': 'an in-memory subscription that cannot fail; the branch only logs',
    });
  });

  describe.each(runs)('from $start.name', ({ input, paths }) => {
    it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
      const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
      // The listings under the form answer at once, empty: their own paths are tests/machines/listings.test.ts's.
      tests.server.use(
        ...api.handlers,
        handle('resellOverview', () => ({ sale: [], sold: [] })),
      );
      const requests = holdRequests(tests, Object.values(endpointOf));
      const id = input.userTicketId ? `&USER_TICKET_ID=${encodeUserTicketId(input.userTicketId)}` : '';
      const page = tests.render(`/en/?PANEL_TAB=RESELL${id}`, api.signedInStorage('alex@example.com'));
      for (const [index, step] of path.steps.entries()) {
        if (index > 0) await perform(step.event, requests, page, path.steps[index - 1]!.state as ResellSnapshot);
        await waitFor(() => expectScreenMatches(step.state as ResellSnapshot, step.event, page), quick);
      }
      const last = path.steps.at(-1)!;
      if (last.event.type === 'resell.openPayouts') await expectBackToResell(last.state as ResellSnapshot, requests, page);
      expect(screen.queryByText('Something went wrong on our side. Please try again.')).toBeNull();
    });
  });
});
