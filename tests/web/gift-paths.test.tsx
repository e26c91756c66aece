// Model-based paths of the gift machine (machines/models/gift.model.ts) run against the rendered wallet: a person opens
// the dropdown and picks a ticket, switches the receiver tabs, types an e-mail or a username, picks a suggestion,
// confirms, edits, ticks the terms, gifts, cancels; the API answers only when the path says so (msw holds each
// request) and the 500 ms username wait passes when the path says so (fake timers). A step that leaves the panel
// (My tickets) ends its path. After every step the screen must show what the model's state says.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { giftMachine, USERNAME_DEBOUNCE_MS, type GiftSnapshot } from '../../machines/gift';
import {
  selectCanCancel,
  selectCanConfirmReceiver,
  selectCanGift,
  selectEmailField,
  selectGiftStep,
  selectGiftTicket,
  selectIsGifting,
  selectPickedReceiver,
  selectReceiver,
  selectReceiverTab,
  selectSuggestions,
  selectTermsAccepted,
} from '../../machines/gift.selectors';
import { encodeUserTicketId } from '../../machines/ticket-id';
import type { EndpointName } from '../../src/contract/endpoints';
import { expectFullCoverage, toTestMachine } from '../../machines/models/model';
import { giftSampleEvents, giftStarts, giftVertex } from '../../machines/models/gift.model';
import { signInApi } from './fake-api';
import { closingExcuses, holdRequests, notClosing, responseFor, screenModelPaths, type HeldRequests } from './path-helpers';
import { setUpWalletTests, type RenderedWallet } from './render-wallet';

const tests = setUpWalletTests({ fakeTimeouts: true });

const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);
const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const quick = { interval: 5 };
const held: EndpointName[] = ['myTickets', 'giftVerify', 'searchUsers', 'giftTicket'];
const endpointOf: Record<string, EndpointName> = {
  loadTickets: 'myTickets',
  verifyTicket: 'giftVerify',
  searchUsers: 'searchUsers',
  giftTicket: 'giftTicket',
};

const testMachine = toTestMachine(giftMachine);
const leaves = ['gift.viewTickets'];
const busyEvents = ['gift.cancel', 'gift.editTicket', 'gift.editReceiver'];

/**
 * What a person can do: nothing but wait while the gift is sent (the buttons are disabled or gone), My tickets only
 * where a link offers it, and typing the text a field already holds changes nothing.
 */
function onScreen(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const state = snapshot as GiftSnapshot;
  if (busyEvents.includes(event.type) && state.matches({ selected: { confirmed: 'gifting' } })) return false;
  // My tickets is offered by the empty list and by the success view.
  if (event.type === 'gift.viewTickets') {
    return state.matches('done') || ((state.matches('picking') || state.matches('verifying')) && state.context.tickets.length === 0);
  }
  const value = (event as { value?: string }).value;
  if (event.type === 'gift.changeEmail') return value !== state.context.email;
  if (event.type === 'gift.changeUsername') return value !== state.context.query;
  return true;
}

const runs = giftStarts.map((start) => {
  const input = start.input();
  return { start, input, paths: screenModelPaths({ machine: testMachine, input, events: giftSampleEvents.filter(notClosing), vertex: giftVertex, onScreen, leaves }) };
});

async function perform(event: EventObject, requests: HeldRequests): Promise<void> {
  const settled = /^(\w+)\.(done|error)$/.exec(event.type);
  if (settled && endpointOf[settled[1]!]) {
    const endpoint = endpointOf[settled[1]!]!;
    await waitFor(() => expect(requests.pending(endpoint).length).toBeGreaterThan(0), quick);
    await requests.answer(endpoint, () => responseFor(event));
    return;
  }
  // The profile comes from the client's cache (the session read alex's): nothing to do on the screen.
  if (event.type.startsWith('loadOwnProfile.')) return;
  const payload = event as EventObject & { value?: string; tab?: string; username?: string };
  switch (event.type) {
    case 'after.usernameDebounce':
      await act(() => vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS));
      return;
    case 'gift.retry':
      click(main().getByRole('button', { name: 'Try again' }));
      return;
    case 'gift.selectTicket':
      click(main().getByRole('button', { name: /^Ticket/ }));
      click(main().getByRole('option', { name: 'General Admission, Harbour Lights Weekender, Ticket #11' }));
      return;
    case 'gift.editTicket':
      click(main().getByRole('button', { name: 'Change the ticket' }));
      return;
    case 'gift.chooseReceiverTab':
      click(main().getByRole('tab', { name: payload.tab === 'EMAIL' ? 'E-mail' : 'Username' }));
      return;
    case 'gift.changeEmail':
      act(() => fireEvent.change(main().getByLabelText("Receiver's e-mail"), { target: { value: payload.value } }));
      return;
    case 'gift.blurEmail':
      act(() => fireEvent.blur(main().getByLabelText("Receiver's e-mail")));
      return;
    case 'gift.changeUsername':
      act(() => fireEvent.change(main().getByRole('combobox', { name: "Receiver's username" }), { target: { value: payload.value } }));
      return;
    case 'gift.pickReceiver':
      click(main().getByRole('option', { name: new RegExp(`^${payload.username!.slice(0, 3)}`) }));
      return;
    case 'gift.confirmReceiver':
      click(main().getByRole('button', { name: 'Confirm receiver' }));
      return;
    case 'gift.editReceiver':
      click(main().getByRole('button', { name: 'Change the receiver' }));
      return;
    case 'gift.toggleTerms':
      click(main().getByRole('checkbox'));
      return;
    case 'gift.submit':
      click(main().getByRole('button', { name: 'Gift' }));
      return;
    case 'gift.cancel':
      click(main().getByRole('button', { name: 'Cancel' }));
      return;
    case 'gift.more':
      click(main().getByRole('button', { name: 'Gift more tickets' }));
      return;
    case 'gift.viewTickets':
      click(main().getByRole('button', { name: /Go to my tickets|View my tickets/ }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

function expectScreenMatches(state: GiftSnapshot, event: EventObject, page: RenderedWallet): void {
  if (event.type === 'gift.viewTickets') {
    expect(page.params().get('PANEL_TAB')).toBe('MY_TICKET');
    return;
  }
  expect(page.params().get('PANEL_TAB')).toBe('GIFT');
  // Gift more: the ticket given away is no longer named by the address.
  if (event.type === 'gift.more') expect(page.params().has('USER_TICKET_ID')).toBe(false);
  const step = selectGiftStep(state);
  expect(Boolean(main().queryByRole('status', { name: 'Loading…' })), 'skeleton').toBe(step === 'loading');
  expect(Boolean(main().queryByText("We couldn't load your tickets.")), 'error').toBe(step === 'failed');
  const listing = step === 'picking' || step === 'verifying';
  expect(Boolean(main().queryByText('No tickets to gift')), 'empty').toBe(listing && state.context.tickets.length === 0);
  const dropdown = main().queryByRole('button', { name: /^Ticket/ });
  expect(Boolean(dropdown), 'dropdown').toBe(listing && state.context.tickets.length > 0);
  if (dropdown) expect(dropdown.getAttribute('aria-busy') === 'true', 'checking').toBe(step === 'verifying');
  const ticket = selectGiftTicket(state);
  expect(Boolean(main().queryByText('You are gifting')), 'gifting card').toBe(step === 'receiver' || step === 'confirmed');
  if (step === 'done') {
    expect(main().getByRole('heading', { name: 'Ticket gifted!' })).toBeTruthy();
    return;
  }
  if (ticket) expect(main().getByText('You are gifting').closest('.tw-event-tile')?.textContent).toContain(ticket.ticketName);
  const tab = selectReceiverTab(state);
  const tabs = main().queryByRole('tablist', { name: 'Find the receiver by' });
  expect(Boolean(tabs), 'receiver tabs').toBe(tab !== null);
  if (tab) {
    expect(within(tabs!).getByRole('tab', { name: tab === 'EMAIL' ? 'E-mail' : 'Username' }).getAttribute('aria-selected')).toBe('true');
    expect(disabled(main().getByRole('button', { name: 'Confirm receiver' })), 'confirm receiver').toBe(!selectCanConfirmReceiver(state));
  }
  if (tab === 'EMAIL') {
    const field = selectEmailField(state);
    const input = main().getByLabelText("Receiver's e-mail") as HTMLInputElement;
    expect(input.value).toBe(field.value);
    expect(input.getAttribute('aria-invalid') === 'true', 'e-mail error').toBe(field.error !== null);
  }
  if (tab === 'USERNAME') {
    expect((main().getByRole('combobox', { name: "Receiver's username" }) as HTMLInputElement).value).toBe(state.context.query);
    expect(main().queryAllByRole('option').length, 'suggestions').toBe(selectSuggestions(state).length);
    expect(Boolean(main().queryByText('Selected', { exact: false })), 'picked').toBe(selectPickedReceiver(state) !== null);
  }
  const receiver = selectReceiver(state);
  const edit = main().queryByRole('button', { name: 'Change the receiver' });
  expect(Boolean(edit), 'recipient card').toBe(receiver !== null && !selectIsGifting(state));
  if (receiver) {
    expect(document.querySelector('.tw-gift__recipient')?.textContent).toContain(receiver.value.split('#')[0]);
    expect((main().getByRole('checkbox') as HTMLInputElement).checked, 'terms').toBe(selectTermsAccepted(state));
    const gift = main().getByRole('button', { name: 'Gift' });
    expect(disabled(gift), 'Gift disabled').toBe(!selectCanGift(state) && !selectIsGifting(state));
    expect(gift.getAttribute('aria-busy') === 'true', 'gifting').toBe(selectIsGifting(state));
  }
  const cancel = main().queryByRole('button', { name: 'Cancel' });
  expect(Boolean(cancel), 'Cancel').toBe(step === 'receiver' || step === 'confirmed');
  if (cancel) expect(disabled(cancel), 'Cancel disabled').toBe(!selectCanCancel(state));
}

/** The toast a step must show (docs/product.md §8), if any. */
function toastOf(event: EventObject): string | null {
  if (event.type === 'verifyTicket.done') {
    return (event as unknown as { output: { extras: { canBeGifted: boolean } } }).output.extras.canBeGifted ? null : 'This ticket cannot be gifted';
  }
  if (event.type === 'verifyTicket.error' || event.type === 'giftTicket.error') {
    const code = (event as unknown as { error: { body?: { code: string } } }).error.body?.code;
    return code === 'api.gift.not_authorized_verify'
      ? 'You are not authorized to verify this ticket'
      : code === 'api.gift.receiver_not_found'
        ? 'We found no user with this e-mail or username'
        : 'Something went wrong on our side. Please try again.';
  }
  return null;
}

describe('gift paths on the rendered screen', () => {
  it('keeps steps a person can take and still reaches every state', () => {
    const values = runs.flatMap((run) => run.paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    for (const part of ['"failed"', '"verifying"', '"searching"', '"gifting"', '"done"']) expect(values.some((value) => value.includes(part)), part).toBe(true);
    const busy = 'nothing may change the gift while it is sent: the screen disables Cancel and hides both edits';
    expectFullCoverage('gift on the screen', testMachine, runs.flatMap((run) => run.paths), {
      ...closingExcuses(testMachine),
      'gift.selected.confirmed.gifting on gift.cancel': busy,
      'gift.selected.confirmed.gifting on gift.editTicket': busy,
      'gift.selected.confirmed.gifting on gift.editReceiver': busy,
    });
  });

  describe.each(runs)('from $start.name', ({ input, paths }) => {
    it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
      const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
      tests.server.use(...api.handlers);
      const requests = holdRequests(tests, held);
      const id = input.userTicketId ? `&USER_TICKET_ID=${encodeUserTicketId(input.userTicketId)}` : '';
      const page = tests.render(`/en/?PANEL_TAB=GIFT${id}`, api.signedInStorage('alex@example.com'));
      for (const [index, step] of path.steps.entries()) {
        if (index > 0) await perform(step.event, requests);
        await waitFor(() => expectScreenMatches(step.state as GiftSnapshot, step.event, page), quick);
        const toast = toastOf(step.event);
        if (toast) await waitFor(() => expect(screen.getAllByText(toast).length).toBeGreaterThan(0), quick);
      }
    });
  });
});
