// Back stays in the wallet (issue 35, docs/decisions/0120-back-and-forward-between-a-flows-steps.md): in the middle of
// a flow the browser's Back goes to the step before, not off the wallet, and Forward comes back. Each step is a history
// entry (PANEL_STEP) that carries only the panel's parameters, never what was typed or chosen. happy-dom's history is
// the fake platform's: pushUrl writes the address, popTo is the browser showing an earlier or later entry.
import { act, fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { swapBases, swapTargets, upgradeStart } from '../../machines/models/swap.model';
import { payoutAccount, resellableTicket, sampleQuote } from '../../machines/models/resell.model';
import { liveTicket, ticketDetail, userTicket } from '../../machines/models/ticket-fixtures';
import { handle, signInApi } from './fake-api';
import { ticketsApi } from './fake-tickets-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests();
const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);
const click = (element: HTMLElement) => act(() => fireEvent.click(element));

/** Nothing personal in an address: only the wallet's panel parameters and the step's name. */
function expectOnlyPanelParams(url: string) {
  const names = [...new URL(url, 'http://x').searchParams.keys()];
  for (const name of names) expect(['PANEL_TAB', 'USER_TICKET_ID', 'PANEL_STEP']).toContain(name);
}

describe('Back and Forward inside resell', () => {
  it('after Continue, Back edits the listing again (the price kept) and Forward comes back to the summary', async () => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    server.use(
      ...api.handlers,
      handle('resellableTickets', () => [resellableTicket()]),
      handle('priceQuote', () => sampleQuote),
      handle('resellOverview', () => ({ sale: [], sold: [] })),
      handle('paymentsAccount', () => payoutAccount(true) as never),
    );
    const page = render(`/en/?PANEL_TAB=RESELL&USER_TICKET_ID=${encodeUserTicketId(21)}`, api.signedInStorage('alex@example.com'));
    const price = await main().findByLabelText('Price per ticket (AUD)');
    act(() => fireEvent.change(price, { target: { value: '42' } }));
    const form = page.url();
    const pushesBefore = page.platform.pushUrl.mock.calls.length;
    const continueButton = main().getByRole('button', { name: 'Continue' });
    await expect.poll(() => continueButton.hasAttribute('disabled') || continueButton.getAttribute('aria-disabled') === 'true').toBe(false);
    await act(async () => {
      // The quote arrives after its debounce; Continue is taken once it is here.
      await new Promise((resolve) => setTimeout(resolve, 700));
    });
    click(main().getByRole('button', { name: 'Continue' }));
    expect(await main().findByRole('heading', { name: 'Confirm your listing' })).toBeTruthy();
    // One new history entry, with the step's name only.
    expect(page.platform.pushUrl.mock.calls.length).toBe(pushesBefore + 1);
    expect(page.params().get('PANEL_STEP')).toBe('REVIEW');
    expect(page.params().get('PANEL_TAB')).toBe('RESELL');
    const summary = page.url();
    expectOnlyPanelParams(summary);
    expect(summary).not.toContain('42');

    page.popTo(form);
    expect(await main().findByLabelText('Price per ticket (AUD)')).toHaveProperty('value', '42');
    expect(main().queryByRole('heading', { name: 'Confirm your listing' })).toBeNull();
    expect(page.params().get('PANEL_TAB')).toBe('RESELL');

    page.popTo(summary);
    expect(await main().findByRole('heading', { name: 'Confirm your listing' })).toBeTruthy();
    // Forward pushed nothing new: the entry was there already.
    expect(page.platform.pushUrl.mock.calls.length).toBe(pushesBefore + 1);

    // The summary's own Edit goes back without a new entry, and the address forgets the step.
    click(main().getByRole('button', { name: 'Edit' }));
    expect(await main().findByLabelText('Price per ticket (AUD)')).toBeTruthy();
    expect(page.params().get('PANEL_STEP')).toBeNull();
    expect(page.platform.pushUrl.mock.calls.length).toBe(pushesBefore + 1);
  });
});

describe('Back and Forward inside gift', () => {
  it('after choosing the ticket, Back goes to the ticket picker and Forward comes back to the receiver, the e-mail kept', async () => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    const tickets = ticketsApi({
      upcoming: [liveTicket(), userTicket()],
      details: [ticketDetail(), ticketDetail({ ...liveTicket(), isGiftable: false })],
      users: [{ username: 'sam#1150', picture: null }],
    });
    server.use(...tickets.handlers, ...api.handlers);
    const page = render('/en/?PANEL_TAB=GIFT', api.signedInStorage('alex@example.com'));
    const picker = page.url();
    const button = await main().findByRole('button', { name: /^Ticket/ });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(await main().findByRole('option', { name: /^General Admission/ }), { key: 'Enter' });
    await main().findByText('You are gifting');
    expect(page.params().get('PANEL_STEP')).toBe('RECEIVER');
    act(() => fireEvent.change(main().getByLabelText("Receiver's e-mail"), { target: { value: 'sam@example.com' } }));
    const receiver = page.url();
    expectOnlyPanelParams(receiver);
    expect(receiver).not.toContain('sam');

    page.popTo(picker);
    expect(await main().findByRole('button', { name: /^Ticket/ })).toBeTruthy();
    expect(main().queryByText('You are gifting')).toBeNull();
    expect(page.params().get('PANEL_TAB')).toBe('GIFT');

    page.popTo(receiver);
    await main().findByText('You are gifting');
    expect(main().getByLabelText("Receiver's e-mail")).toHaveProperty('value', 'sam@example.com');
  });
});

describe('Back and Forward inside swap', () => {
  function openSwap() {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    let cancels = 0;
    server.use(
      ...api.handlers,
      handle('swapTickets', () => swapBases()),
      handle('swapTargets', () => swapTargets()),
      handle('heldSwaps', () => []),
      handle('startSwap', () => upgradeStart()),
      handle('cancelSwap', () => {
        cancels += 1;
        return {} as never;
      }),
    );
    const page = render('/en/?PANEL_TAB=SWAP', api.signedInStorage('alex@example.com'));
    return { ...page, cancels: () => cancels };
  }

  it('after choosing the base, Back goes to the base tickets and Forward comes back to the targets of that base', async () => {
    const page = openSwap();
    click(await main().findByRole('button', { name: 'Choose General Admission' }));
    await main().findByText('You are swapping');
    expect(await main().findByRole('heading', { name: 'Swap it for' })).toBeTruthy();
    expect(page.params().get('PANEL_STEP')).toBe('TARGET');
    const targets = page.url();
    expectOnlyPanelParams(targets);

    page.popTo(targets.replace(/[?&]PANEL_STEP=TARGET/, ''));
    expect(await main().findByRole('button', { name: 'Choose General Admission' })).toBeTruthy();
    expect(main().queryByText('You are swapping')).toBeNull();
    expect(page.params().get('PANEL_TAB')).toBe('SWAP');

    page.popTo(targets);
    await main().findByText('You are swapping');
    expect(main().getByText('General Admission', { exact: false })).toBeTruthy();
    expect(await main().findByRole('heading', { name: 'Swap it for' })).toBeTruthy();
    expect(page.cancels()).toBe(0);
  });

  it('Forward comes back with the quantity chosen before Back, not one ticket', async () => {
    const page = openSwap();
    click(await main().findByRole('button', { name: 'Choose General Admission' }));
    await main().findByRole('heading', { name: 'Swap it for' });
    const quantity = () => main().getByRole('group', { name: 'How many' }).querySelector('output')?.textContent;
    click(main().getByRole('button', { name: 'One ticket more' }));
    expect(quantity()).toBe('2');
    const targets = page.url();
    // The quantity is not in the address: the machine keeps it.
    expect(targets).not.toMatch(/=2(&|$)/);

    page.popTo(targets.replace(/[?&]PANEL_STEP=TARGET/, ''));
    expect(await main().findByRole('button', { name: 'Choose General Admission' })).toBeTruthy();
    page.popTo(targets);
    await main().findByRole('heading', { name: 'Swap it for' });
    expect(quantity()).toBe('2');
    expect(page.cancels()).toBe(0);
  });
});

// A step's data is never in the address (docs/decisions/0121-a-loaded-step-and-where-toasts-sit.md): a page loaded or
// reloaded with PANEL_STEP, or an entry of a step reached again from another panel, starts the flow at its first step,
// and the address forgets the step with a replace (no new entry), so Back does not lead to a step nobody can show.
describe('PANEL_STEP in the address as the flow starts', () => {
  const signedIn = () => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    return api;
  };

  it('swap loaded on TARGET shows step 1 and replaces the step away; choosing a base pushes it again', async () => {
    const api = signedIn();
    server.use(...api.handlers, handle('swapTickets', () => swapBases()), handle('swapTargets', () => swapTargets()), handle('heldSwaps', () => []));
    const page = render('/en/?PANEL_TAB=SWAP&PANEL_STEP=TARGET', api.signedInStorage('alex@example.com'));
    expect(await main().findByRole('button', { name: 'Choose General Admission' })).toBeTruthy();
    expect(main().queryByText('You are swapping')).toBeNull();
    expect(page.url()).toBe('/en/?PANEL_TAB=SWAP');
    expect(page.platform.replaceUrl).toHaveBeenCalledWith('/en/?PANEL_TAB=SWAP');
    expect(page.platform.pushUrl).not.toHaveBeenCalled();

    click(main().getByRole('button', { name: 'Choose General Admission' }));
    await main().findByRole('heading', { name: 'Swap it for' });
    expect(page.platform.pushUrl).toHaveBeenCalledTimes(1);
    expect(page.params().get('PANEL_STEP')).toBe('TARGET');
  });

  it('gift loaded on RECEIVER shows the ticket picker and replaces the step away', async () => {
    const api = signedIn();
    const tickets = ticketsApi({ upcoming: [liveTicket(), userTicket()], details: [ticketDetail(), ticketDetail({ ...liveTicket(), isGiftable: false })] });
    server.use(...tickets.handlers, ...api.handlers);
    const page = render('/en/?PANEL_STEP=RECEIVER&PANEL_TAB=GIFT', api.signedInStorage('alex@example.com'));
    expect(await main().findByRole('button', { name: /^Ticket/ })).toBeTruthy();
    expect(main().queryByText('You are gifting')).toBeNull();
    expect(page.params().get('PANEL_STEP')).toBeNull();
    expect(page.params().get('PANEL_TAB')).toBe('GIFT');
    expect(page.platform.pushUrl).not.toHaveBeenCalled();
  });

  it('resell loaded on REVIEW shows the form, and so does Back from My tickets to an entry of the summary', async () => {
    const api = signedIn();
    const tickets = ticketsApi({ upcoming: [liveTicket(), userTicket()], details: [ticketDetail()] });
    server.use(
      ...tickets.handlers,
      ...api.handlers,
      handle('resellableTickets', () => [resellableTicket()]),
      handle('priceQuote', () => sampleQuote),
      handle('resellOverview', () => ({ sale: [], sold: [] })),
      handle('paymentsAccount', () => payoutAccount(true) as never),
    );
    const ticket = encodeUserTicketId(21);
    const review = `/en/?PANEL_TAB=RESELL&USER_TICKET_ID=${ticket}&PANEL_STEP=REVIEW`;
    const page = render(review, api.signedInStorage('alex@example.com'));
    expect(await main().findByLabelText('Price per ticket (AUD)')).toBeTruthy();
    expect(main().queryByRole('heading', { name: 'Confirm your listing' })).toBeNull();
    expect(page.url()).toBe(`/en/?PANEL_TAB=RESELL&USER_TICKET_ID=${ticket}`);
    expect(page.platform.replaceUrl).toHaveBeenLastCalledWith(`/en/?PANEL_TAB=RESELL&USER_TICKET_ID=${ticket}`);

    // Another panel, then the browser's Back to an entry that still names the summary (as one written before this
    // rule would): the flow starts anew at its form, and that entry is corrected in place.
    page.popTo('/en/?PANEL_TAB=MY_TICKET');
    await main().findByRole('heading', { name: 'My tickets' });
    const replaces = page.platform.replaceUrl.mock.calls.length;
    page.popTo(review);
    expect(await main().findByLabelText('Price per ticket (AUD)')).toBeTruthy();
    expect(main().queryByRole('heading', { name: 'Confirm your listing' })).toBeNull();
    expect(page.params().get('PANEL_STEP')).toBeNull();
    expect(page.platform.replaceUrl.mock.calls.length).toBe(replaces + 1);
    expect(page.platform.pushUrl).not.toHaveBeenCalled();
  });
});
