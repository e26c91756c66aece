// Resell tells about payouts first: with a payout account that is not verified, Resell says so when it opens, above
// the ticket, quantity and price, with "Verify payouts"; the payouts tab it opens has "Back to resell", which comes
// back to the same ticket's resell. A verified account (or one that could not be read) says nothing. English and
// Spanish.
import { act, fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { payoutAccount, resellableTicket, sampleQuote } from '../../machines/models/resell.model';
import { apiError, handle, signInApi } from './fake-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests();
const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);
const click = (element: HTMLElement) => act(() => fireEvent.click(element));

const texts = {
  en: {
    title: 'Verify your payout account first',
    verify: 'Verify payouts',
    back: 'Back to resell',
    ticketStep: 'Ticket to resell',
    price: 'Price per ticket (AUD)',
    reselling: 'You are reselling',
    payoutTitle: 'Payout verification',
  },
  es: {
    title: 'Primero verifica tu cuenta de cobros',
    verify: 'Verificar cobros',
    back: 'Volver a la reventa',
    ticketStep: 'Entrada a revender',
    price: /^Precio por entrada/,
    reselling: 'Estás revendiendo',
    payoutTitle: 'Verificación de cobros',
  },
} as const;

function openResell(language: 'en' | 'es', account: () => ReturnType<typeof payoutAccount> | Response, ticketId: number | null = 21) {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
  let accountReads = 0;
  server.use(
    ...api.handlers,
    handle('resellableTickets', () => [resellableTicket(), resellableTicket({ userTicketId: 22 })]),
    handle('priceQuote', () => sampleQuote),
    handle('resellOverview', () => ({ sale: [], sold: [] })),
    handle('paymentsAccount', () => {
      accountReads += 1;
      return account() as never;
    }),
  );
  const id = ticketId === null ? '' : `&USER_TICKET_ID=${encodeUserTicketId(ticketId)}`;
  const page = render(`/${language}/?PANEL_TAB=RESELL${id}`, api.signedInStorage('alex@example.com'));
  return { ...page, accountReads: () => accountReads };
}

describe('Resell says payouts first', () => {
  it.each(['en', 'es'] as const)('%s: an unverified account is said before quantity and price; Verify payouts goes and comes back to the ticket', async (language) => {
    const text = texts[language];
    const page = openResell(language, () => payoutAccount(false));
    const notice = await main().findByRole('region', { name: text.title });
    const price = await main().findByLabelText(text.price);
    // Before the ticket, the quantity and the price.
    const ticketStep = main().getByRole('heading', { name: text.ticketStep });
    expect(notice.compareDocumentPosition(ticketStep) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(price) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A button that names what it does, not a link named "here".
    const verify = within(notice).getByRole('button', { name: text.verify });
    click(verify);
    expect(page.params().get('PANEL_TAB')).toBe('SETTINGS');
    expect(page.params().get('SETTINGS_TAB')).toBe('ACCOUNT_VERIFICATION');
    expect(page.params().get('RETURN_TO')).toBe('RESELL');
    expect(page.params().get('USER_TICKET_ID')).toBe(encodeUserTicketId(21));
    expect(await main().findByRole('heading', { name: text.payoutTitle })).toBeTruthy();
    click(await main().findByRole('button', { name: text.back }));
    expect(page.params().get('PANEL_TAB')).toBe('RESELL');
    expect(page.params().get('USER_TICKET_ID')).toBe(encodeUserTicketId(21));
    expect(page.params().get('RETURN_TO')).toBeNull();
    // The same ticket, preselected again, and the account read again (still unverified, still said).
    expect(await main().findByLabelText(text.price)).toBeTruthy();
    expect(main().getByText(text.reselling)).toBeTruthy();
    expect(await main().findByRole('region', { name: text.title })).toBeTruthy();
    expect(page.accountReads()).toBeGreaterThanOrEqual(2);
  });

  it('from the picker, the payouts tab comes back to the picker', async () => {
    const page = openResell('en', () => payoutAccount(false), null);
    click(within(await main().findByRole('region', { name: texts.en.title })).getByRole('button', { name: texts.en.verify }));
    expect(page.params().get('RETURN_TO')).toBe('RESELL');
    expect(page.params().get('USER_TICKET_ID')).toBeNull();
    click(await main().findByRole('button', { name: texts.en.back }));
    expect(page.params().get('PANEL_TAB')).toBe('RESELL');
    expect(await main().findByRole('button', { name: /^Ticket/ })).toBeTruthy();
  });

  it('a verified account, or one that could not be read, says nothing first; the payouts tab opened otherwise has no Back to resell', async () => {
    openResell('en', () => payoutAccount(true));
    expect(await main().findByLabelText(texts.en.price)).toBeTruthy();
    expect(main().queryByRole('region', { name: texts.en.title })).toBeNull();

    document.body.innerHTML = '';
    openResell('en', () => apiError('api.internal_error') as never);
    expect(await main().findByLabelText(texts.en.price)).toBeTruthy();
    expect(main().queryByRole('region', { name: texts.en.title })).toBeNull();

    document.body.innerHTML = '';
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    server.use(...api.handlers, handle('paymentsAccount', () => payoutAccount(false)));
    render('/en/?PANEL_TAB=SETTINGS&SETTINGS_TAB=ACCOUNT_VERIFICATION', api.signedInStorage('alex@example.com'));
    expect(await main().findByRole('heading', { name: texts.en.payoutTitle })).toBeTruthy();
    expect(main().queryByRole('button', { name: texts.en.back })).toBeNull();
  });
});
