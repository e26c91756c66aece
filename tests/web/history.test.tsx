// The transfer history panel on the rendered wallet, in English and Spanish, with the API answered by msw: the moves
// oldest first with their holders, a refusal with its reason and Try again, Back to the ticket page, and the way in
// from the ticket page.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleHistory } from '../../machines/models/history.model';
import { ticketDetail } from '../../machines/models/ticket-fixtures';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { handle, signInApi } from './fake-api';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests();
const id = encodeUserTicketId(sampleHistory.userTicketId);

function signedIn() {
  const api = signInApi({ 'sam@example.com': { givenName: 'Sam', familyName: 'Lee' } });
  tests.server.use(...api.handlers);
  return api.signedInStorage('sam@example.com');
}

describe('the transfer history panel', () => {
  it('lists the moves oldest first with their holders, in English', async () => {
    const storage = signedIn();
    tests.server.use(handle('ticketHistory', () => sampleHistory));
    tests.render(`/en/?PANEL_TAB=HISTORY&USER_TICKET_ID=${id}`, storage);
    expect(await screen.findByRole('heading', { name: 'Transfer history' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Moves of this ticket' });
    const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^Issued · .+Holder: alex#4821$/);
    // The locale's own day with its year: a history can span years.
    expect(items[0]).toContain('May 1, 2026');
    expect(items[1]).toMatch(/^Gifted · .+Holder: You$/);
    expect(screen.getByText('Weekender')).toBeTruthy();
  });

  it('lists the moves in Spanish', async () => {
    const storage = signedIn();
    tests.server.use(handle('ticketHistory', () => ({ ...sampleHistory, entries: [...sampleHistory.entries, { move: 'bought' as const, at: '2026-07-01T09:00:00.000Z', holder: null }] })));
    tests.render(`/es/?PANEL_TAB=HISTORY&USER_TICKET_ID=${id}`, storage);
    expect(await screen.findByRole('heading', { name: 'Historial de traspasos' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Movimientos de esta entrada' });
    const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toMatch(/^Emitida · .+Titular: alex#4821$/);
    expect(items[0]).toContain('1 may 2026');
    expect(items[1]).toMatch(/^Regalada · .+Titular: Tú$/);
    expect(items[2]).toMatch(/^Comprada en reventa · .+Titular: Otro titular$/);
  });

  it("shows another holder's ticket refused, without Try again (asking again cannot help), and Back leads to the ticket page", async () => {
    const storage = signedIn();
    let calls = 0;
    tests.server.use(
      handle('ticketHistory', () => {
        calls += 1;
        return HttpResponse.json({ statusCode: 404, code: 'api.ticket.not_found', message: 'Ticket not found' }, { status: 404 }) as never;
      }),
    );
    const rendered = tests.render(`/en/?PANEL_TAB=HISTORY&USER_TICKET_ID=${id}`, storage);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ticket not found');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calls).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Ticket' }));
    await waitFor(() => expect(rendered.url()).toContain('PANEL_TAB=TICKET'));
    expect(rendered.url()).toContain(`USER_TICKET_ID=${id}`);
  });

  it('opens from the ticket page', async () => {
    const storage = signedIn();
    const ticket = ticketDetail();
    tests.server.use(handle('ticketDetail', () => ticket), handle('ticketHistory', () => sampleHistory));
    const rendered = tests.render(`/en/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(ticket.userTicketId)}`, storage);
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer history' }));
    await waitFor(() => expect(rendered.url()).toContain('PANEL_TAB=HISTORY'));
    expect(rendered.url()).toContain(`USER_TICKET_ID=${encodeUserTicketId(ticket.userTicketId)}`);
    expect(await screen.findByRole('heading', { name: 'Transfer history' })).toBeTruthy();
  });
});
