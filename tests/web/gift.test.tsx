// A whole gift on the rendered wallet with the in-memory tickets API: preselected from the single ticket, given by
// e-mail; My tickets then shows the change at once (the gift invalidated TICKETS in the query cache), and the ticket
// given away opens as not found. Also the dropdown's keyboard.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { liveTicket, ticketDetail, userTicket } from '../../machines/models/ticket-fixtures';
import { signInApi } from './fake-api';
import { ticketsApi } from './fake-tickets-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests();
const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);

function start(url: string) {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
  const tickets = ticketsApi({
    upcoming: [liveTicket(), userTicket()],
    details: [ticketDetail(), ticketDetail({ ...liveTicket(), isGiftable: false })],
    users: [{ username: 'sam#1150', picture: null }],
  });
  server.use(...tickets.handlers, ...api.handlers);
  return { ...render(url, api.signedInStorage('alex@example.com')), tickets };
}

describe('gift on the rendered wallet', () => {
  it('gifts the ticket Gift ticket opened, and My tickets and the ticket show it at once', async () => {
    const { params, tickets } = start(`/en/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(11)}`);
    fireEvent.click(await main().findByRole('button', { name: 'Gift ticket' }));
    await main().findByText('You are gifting');
    expect(tickets.calls).toContain('giftVerify 11');
    fireEvent.change(main().getByLabelText("Receiver's e-mail"), { target: { value: 'Sam@Example.com ' } });
    fireEvent.click(main().getByRole('button', { name: 'Confirm receiver' }));
    fireEvent.click(await main().findByRole('checkbox'));
    fireEvent.click(main().getByRole('button', { name: 'Gift' }));
    await main().findByRole('heading', { name: 'Ticket gifted!' });
    expect(tickets.calls).toContain('giftTicket 11 sam@example.com');
    expect(main().getByText('General Admission now belongs to sam@example.com.', { exact: false })).toBeTruthy();

    const before = tickets.calls.filter((call) => call === 'myTickets UPCOMING').length;
    fireEvent.click(main().getByRole('button', { name: 'View my tickets' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('MY_TICKET'));
    const cards = await main().findAllByRole('button', { name: /Night Market Entry|General Admission/ });
    expect(cards.map((card) => card.textContent)).toEqual([expect.stringContaining('Night Market Entry')]);
    // Asked again, not answered from the cache the gift flow filled.
    expect(tickets.calls.filter((call) => call === 'myTickets UPCOMING').length).toBe(before + 1);
  });

  it('works the dropdown with the keyboard and refuses a ticket the server will not let go', async () => {
    start('/en/?PANEL_TAB=GIFT');
    const button = await main().findByRole('button', { name: /^Ticket/ });
    act(() => button.focus());
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const listbox = await main().findByRole('listbox', { name: 'Ticket' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      'Night Market Entry, Harbour Lights Night Market, Ticket #12',
      'General Admission, Harbour Lights Weekender, Ticket #11',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(options[0]));
    fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(options[1]);
    fireEvent.keyDown(options[1]!, { key: 'Escape' });
    expect(main().queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button);
    // A press elsewhere closes it too.
    fireEvent.click(button);
    await main().findByRole('listbox', { name: 'Ticket' });
    fireEvent.pointerDown(main().getByRole('heading', { level: 1 }));
    expect(main().queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(await main().findByRole('option', { name: /^Night Market/ }), { key: 'Enter' });
    // Its type may not be gifted: the toast, and the dropdown again.
    await screen.findByText('This ticket cannot be gifted');
    expect(main().queryByText('You are gifting')).toBeNull();
    await waitFor(() => expect(main().getByRole('button', { name: /^Ticket/ }).getAttribute('aria-busy')).toBeNull());
  });
});
