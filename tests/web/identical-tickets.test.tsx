// Identical tickets told apart: two "General Admission, Harbour Lights Weekender" tickets read differently in the gift
// and resell pickers (each option's name and its card carry the ticket number) and on the ticket page. English and
// Spanish.
import { act, fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { payoutAccount, resellableTicket } from '../../machines/models/resell.model';
import { ticketDetail, userTicket } from '../../machines/models/ticket-fixtures';
import { handle, signInApi } from './fake-api';
import { ticketsApi } from './fake-tickets-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests();
const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);

const texts = {
  en: { number: (id: number) => `Ticket #${id}`, picker: /^Ticket/ },
  es: { number: (id: number) => `Entrada #${id}`, picker: /^Entrada/ },
} as const;

function signedIn() {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
  server.use(...api.handlers);
  return api;
}

async function openPicker(language: 'en' | 'es'): Promise<HTMLElement[]> {
  const button = await main().findByRole('button', { name: texts[language].picker });
  act(() => fireEvent.click(button));
  return within(await main().findByRole('listbox')).getAllByRole('option');
}

describe('identical tickets are told apart', () => {
  it.each(['en', 'es'] as const)('%s: in the gift picker', async (language) => {
    const api = signedIn();
    const tickets = ticketsApi({ upcoming: [userTicket({ userTicketId: 11 }), userTicket({ userTicketId: 12 })], details: [ticketDetail()] });
    server.use(...tickets.handlers);
    render(`/${language}/?PANEL_TAB=GIFT`, api.signedInStorage('alex@example.com'));
    const options = await openPicker(language);
    const number = texts[language].number;
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      `General Admission, Harbour Lights Weekender, ${number(11)}`,
      `General Admission, Harbour Lights Weekender, ${number(12)}`,
    ]);
    // What a sighted person reads in each option says the same.
    expect(within(options[0]!).getByText(number(11))).toBeTruthy();
    expect(within(options[1]!).getByText(number(12))).toBeTruthy();
  });

  it.each(['en', 'es'] as const)('%s: in the resell picker and on the chosen card', async (language) => {
    const api = signedIn();
    server.use(
      handle('resellableTickets', () => [resellableTicket({ userTicketId: 21 }), resellableTicket({ userTicketId: 22 })]),
      handle('resellOverview', () => ({ sale: [], sold: [] })),
      handle('paymentsAccount', () => payoutAccount(true)),
    );
    render(`/${language}/?PANEL_TAB=RESELL`, api.signedInStorage('alex@example.com'));
    const options = await openPicker(language);
    const number = texts[language].number;
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([`General Admission, ${number(21)}`, `General Admission, ${number(22)}`]);
    expect(within(options[1]!).getByText(number(22))).toBeTruthy();
    act(() => fireEvent.click(options[1]!));
    // The card of the chosen ticket keeps its number.
    expect(await main().findByText(number(22))).toBeTruthy();
    expect(main().queryByText(number(21))).toBeNull();
  });

  it.each(['en', 'es'] as const)('%s: on the ticket page', async (language) => {
    const api = signedIn();
    const tickets = ticketsApi({ details: [ticketDetail({ userTicketId: 12 })] });
    server.use(...tickets.handlers);
    render(`/${language}/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(12)}`, api.signedInStorage('alex@example.com'));
    const card = (await main().findByRole('heading', { level: 1, name: 'General Admission' })).closest('article')!;
    expect(within(card).getByText(texts[language].number(12))).toBeTruthy();
  });
});
