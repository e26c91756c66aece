// My tickets, the single ticket and the benefit modal on the rendered wallet, with the API answered by msw: the
// lists and their empty and error states, a card opening its ticket, which actions a ticket offers, the clamped
// description, the benefit modal, unlocking a code and copying it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodeUserTicketId } from '../../machines/ticket-id';
import type { TicketDetail } from '../../src/contract/entities';
import { benefit, digitalBenefit, heldTicket, liveTicket, pastTicket, ticketDetail, userTicket } from '../../machines/models/ticket-fixtures';
import { apiError, handle, signInApi } from './fake-api';
import { ticketsApi, type TicketsData } from './fake-tickets-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests();

function start(url: string, data: TicketsData = {}) {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera', nickname: 'alex' } });
  const tickets = ticketsApi(data);
  server.use(...tickets.handlers, ...api.handlers);
  const page = render(url, api.signedInStorage('alex@example.com'));
  return { ...page, tickets };
}

const ticketUrl = (id: number, lang = 'en') => `/${lang}/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(id)}`;

const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);

describe('my tickets', () => {
  it('shows the upcoming cards with the live badge, days until, dates, venue and benefits used', async () => {
    start('/en/?PANEL_TAB=MY_TICKET', { upcoming: [liveTicket(), userTicket({ totalBenefitUsedCount: 1 })] });
    expect(screen.getByRole('status', { name: 'Loading your tickets' })).toBeTruthy();
    const cards = await screen.findAllByRole('button', { name: /General Admission|Night Market Entry/ });
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Live now')).toBeTruthy();
    expect(within(cards[0]!).getByText('Barangaroo Reserve, Sydney')).toBeTruthy();
    expect(within(cards[1]!).getByText(/^In (20|21) days$/)).toBeTruthy();
    expect(within(cards[1]!).getByText('1/2 benefits used')).toBeTruthy();
    expect(within(cards[1]!).getByText(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{2}:\d{2}[AP]M – /)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true');
    expect(document.title).toBe('My tickets · Ticket Wallet');
  });

  it('shows identical tickets of one type as one card with their number, which opens the first', async () => {
    const { params } = start('/en/?PANEL_TAB=MY_TICKET', {
      upcoming: [userTicket({ userTicketId: 41 }), userTicket({ userTicketId: 42 }), userTicket({ userTicketId: 43, totalBenefitUsedCount: 2 })],
    });
    const cards = await screen.findAllByRole('button', { name: /General Admission/ });
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('×2');
    expect(within(cards[0]!).getByText('2 tickets')).toBeTruthy();
    expect(cards[1]!.textContent).not.toContain('×');
    fireEvent.click(cards[0]!);
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('TICKET'));
    expect(params().get('USER_TICKET_ID')).toBe(encodeUserTicketId(41));
  });

  it('loads the past tab when it is chosen, and shows days since', async () => {
    const { tickets } = start('/en/?PANEL_TAB=MY_TICKET', { upcoming: [userTicket()], past: [pastTicket()] });
    await screen.findByRole('button', { name: /Harbour Lights Weekender/ });
    expect(tickets.calls).toEqual(['myTickets UPCOMING']);
    fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    const card = await screen.findByRole('button', { name: /Southern Lights Sessions/ });
    expect(within(card).getByText(/^(59|60) days ago$/)).toBeTruthy();
    expect(tickets.calls).toEqual(['myTickets UPCOMING', 'myTickets PAST']);
  });

  it('shows the empty state when there is no ticket, with ways on: redeem a code or find events', async () => {
    const { params } = start('/en/?PANEL_TAB=MY_TICKET');
    expect(await screen.findByText('No ticket available')).toBeTruthy();
    expect(screen.getByText('Tickets you buy or receive as a gift will appear here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find events' }).getAttribute('href')).toMatch(/\/en$/);
    fireEvent.click(screen.getByRole('button', { name: 'Redeem a ticket code' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('REDEEM'));
  });

  it('offers Redeem a ticket beside a list of tickets too (the PDF names this label)', async () => {
    const { params } = start('/en/?PANEL_TAB=MY_TICKET', { upcoming: [userTicket()] });
    await screen.findByRole('button', { name: /Harbour Lights Weekender/ });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem a ticket' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('REDEEM'));
  });

  it('offers the upcoming tickets from an empty Past list', async () => {
    start('/en/?PANEL_TAB=MY_TICKET&TICKETS_TAB=PAST', { upcoming: [userTicket()] });
    fireEvent.click(await screen.findByRole('button', { name: 'See upcoming tickets' }));
    expect(await screen.findByRole('tab', { name: 'Upcoming', selected: true })).toBeTruthy();
  });

  it('shows an error with Retry, and Retry loads again', async () => {
    start('/en/?PANEL_TAB=MY_TICKET', { upcoming: [userTicket()] });
    let failures = 1;
    server.use(handle('myTickets', () => (failures-- > 0 ? apiError('api.internal_error') : [userTicket()])));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load your tickets.")).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Harbour Lights Weekender/ })).toBeTruthy();
  });

  it('opens the single ticket of a card with the encoded id', async () => {
    const { params } = start('/en/?PANEL_TAB=MY_TICKET', {
      upcoming: [userTicket({ userTicketId: 4821 })],
      details: [ticketDetail({ userTicketId: 4821, ticketName: 'VIP' })],
    });
    fireEvent.click(await screen.findByRole('button', { name: /Harbour Lights Weekender/ }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('TICKET'));
    expect(params().get('USER_TICKET_ID')).toBe('NDgyMQ');
    expect(await screen.findByRole('heading', { level: 1, name: 'VIP' })).toBeTruthy();
    expect(document.title).toBe('Ticket · Ticket Wallet');
  });

  it('speaks Spanish', async () => {
    start('/es/?PANEL_TAB=MY_TICKET');
    expect(await screen.findByText('No hay entradas disponibles')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Próximas' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pasadas' })).toBeTruthy();
  });
});

describe('a single ticket', () => {
  async function openTicket(detail: TicketDetail) {
    const page = start(ticketUrl(detail.userTicketId), { details: [detail] });
    await main().findByRole('heading', { level: 1, name: detail.ticketName });
    return page;
  }

  it('shows the event, the access status, the description and the bought benefits', async () => {
    await openTicket(ticketDetail());
    expect(main().getByText('Harbour Lights Weekender')).toBeTruthy();
    expect(main().getByText('Sidney Myer Music Bowl')).toBeTruthy();
    expect(main().getByText('Not used yet')).toBeTruthy();
    expect(main().getByText('Two-day access to the festival grounds.')).toBeTruthy();
    const benefits = main().getAllByRole('button', { name: /Free drink|merch discount|Not bought/ });
    expect(benefits.map((row) => row.querySelector('.tw-benefit__name')?.textContent)).toEqual(['Free drink', 'Festival app 20% merch discount']);
    expect(within(benefits[0]!).getByText('Unused')).toBeTruthy();
  });

  it('leads from the event-access card to the entry QR', async () => {
    const { params } = await openTicket(ticketDetail());
    fireEvent.click(main().getByRole('button', { name: 'Show my QR code' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('QR'));
  });

  it('offers Add to Apple Wallet and Save to Google Wallet as links to the pass, reachable by keyboard, in English and Spanish', async () => {
    await openTicket(ticketDetail());
    const apple = await main().findByRole('link', { name: 'Add to Apple Wallet' });
    expect(apple.getAttribute('href')).toBe('http://wallet.test/v1/wallet/apple/download/11.1.mac');
    const google = main().getByRole('link', { name: 'Save to Google Wallet' });
    expect(google.getAttribute('href')).toBe('https://pay.google.com/gp/v/save/jwt-11');
    expect(google.getAttribute('target')).toBe('_blank');
    expect(main().getByRole('heading', { level: 2, name: "Add to your phone's wallet" })).toBeTruthy();
    // Links, not divs: they take the keyboard's focus.
    apple.focus();
    expect(document.activeElement).toBe(apple);

    document.body.innerHTML = '';
    const detail = ticketDetail();
    start(ticketUrl(detail.userTicketId, 'es'), { details: [detail] });
    expect(await main().findByRole('link', { name: 'Añadir a Apple Wallet' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Guardar en Google Wallet' })).toBeTruthy();
  });

  it('a ticket held by a swap in progress says until when, on the locale\'s clock: 12-hour in English, 24-hour in Spanish', async () => {
    const detail = heldTicket();
    const at = new Date(detail.heldSwap!.heldUntil);
    start(ticketUrl(detail.userTicketId), { details: [detail] });
    const english = await main().findByRole('region', { name: /^Swap in progress, held until / });
    expect(within(english).getByRole('heading').textContent).toBe(
      `Swap in progress, held until ${at.toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' })}`,
    );
    expect(within(english).getByRole('heading').textContent).toMatch(/\d:\d{2}\s?[AP]M$/);
    expect(within(english).getByRole('button', { name: 'Continue to checkout' })).toBeTruthy();
    expect(within(english).getByRole('button', { name: 'Cancel swap' })).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Gift ticket' })).toBeNull();
    expect(main().queryByRole('button', { name: 'Download as PDF' })).toBeNull();

    document.body.innerHTML = '';
    start(ticketUrl(detail.userTicketId, 'es'), { details: [detail] });
    const spanish = await main().findByRole('region', { name: /^Cambio en curso, reservada hasta las / });
    const hours = String(at.getHours());
    expect(within(spanish).getByRole('heading').textContent).toBe(`Cambio en curso, reservada hasta las ${hours}:${String(at.getMinutes()).padStart(2, '0')}`);
    expect(within(spanish).getByRole('button', { name: 'Continuar al pago' })).toBeTruthy();
    expect(within(spanish).getByRole('button', { name: 'Cancelar cambio' })).toBeTruthy();
  });

  it.each([
    [1, 'Cambio en curso, reservada hasta la 1:05'],
    [13, 'Cambio en curso, reservada hasta las 13:05'],
    [0, 'Cambio en curso, reservada hasta las 0:05'],
  ])('Spanish: the article agrees with the hour held until (%i h)', async (hour, title) => {
    const heldUntil = new Date(2026, 10, 27, hour, 5).toISOString();
    const detail = heldTicket();
    start(ticketUrl(detail.userTicketId, 'es'), { details: [{ ...detail, heldSwap: { ...detail.heldSwap!, heldUntil } }] });
    const notice = await main().findByRole('region', { name: title });
    expect(within(notice).getByRole('heading').textContent).toBe(title);
  });

  it('English: the time held until is written with a space before the meridiem', async () => {
    const heldUntil = new Date(2026, 10, 27, 13, 5).toISOString();
    const detail = heldTicket();
    start(ticketUrl(detail.userTicketId), { details: [{ ...detail, heldSwap: { ...detail.heldSwap!, heldUntil } }] });
    const notice = await main().findByRole('region', { name: /^Swap in progress, held until / });
    expect(within(notice).getByRole('heading').textContent).toMatch(/^Swap in progress, held until 1:05\sPM$/u);
  });

  it('offers no wallet pass for a used ticket', async () => {
    await openTicket(ticketDetail({ eventAccessStatus: true, eventAccessUsedOn: '2026-01-01T10:00:00.000Z' }));
    expect(main().queryByRole('link', { name: 'Add to Apple Wallet' })).toBeNull();
    expect(main().queryByText("Add to your phone's wallet")).toBeNull();
  });

  it('marks a fully used benefit and a used event access', async () => {
    await openTicket(
      ticketDetail({ eventAccessStatus: true, eventAccessUsedOn: '2026-01-01T10:00:00.000Z', benefits: [benefit({ usedAmount: 2 })] }),
    );
    expect(main().getByText(/^Used on [A-Z][a-z]{2}, Jan 1, \d{1,2}:\d{2}\s[AP]M/)).toBeTruthy();
    const row = main().getByRole('button', { name: /Free drink/ });
    expect(within(row).getByText('Used')).toBeTruthy();
    expect(within(row).getByText('2 of 2 used')).toBeTruthy();
  });

  it('offers the menu with Swap ticket and Resell ticket, opening the panel with the id', async () => {
    const { params } = await openTicket(ticketDetail());
    const id = encodeUserTicketId(11);
    fireEvent.click(main().getByRole('button', { name: 'More actions' }));
    const menu = main().getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Swap ticket', 'Resell ticket']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Resell ticket' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('RESELL'));
    expect(params().get('USER_TICKET_ID')).toBe(id);
  });

  it('opens the gift panel with the id', async () => {
    const { params } = await openTicket(ticketDetail());
    fireEvent.click(main().getByRole('button', { name: 'Gift ticket' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('GIFT'));
    expect(params().get('USER_TICKET_ID')).toBe(encodeUserTicketId(11));
  });

  it('shows only what the ticket allows', async () => {
    await openTicket(ticketDetail({ isGiftable: false, isSwappable: false, isResellable: true }));
    expect(main().queryByRole('button', { name: 'Gift ticket' })).toBeNull();
    // A PDF is a gift by code: the server refuses it for a type that is only resellable.
    expect(main().queryByRole('button', { name: 'Download as PDF' })).toBeNull();
    fireEvent.click(main().getByRole('button', { name: 'More actions' }));
    expect(main().getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Resell ticket']);
    fireEvent.keyDown(main().getByRole('menu'), { key: 'Escape' });
    expect(main().queryByRole('menu')).toBeNull();
  });

  it('offers no gift and no menu once event access is used', async () => {
    await openTicket(ticketDetail({ eventAccessStatus: true, eventAccessUsedOn: '2026-01-01T10:00:00.000Z' }));
    expect(main().queryByRole('button', { name: 'Gift ticket' })).toBeNull();
    expect(main().queryByRole('button', { name: 'More actions' })).toBeNull();
  });

  it('clamps the description and toggles Read more / Read less', async () => {
    await openTicket(ticketDetail());
    const toggle = main().getByRole('button', { name: 'Read more' });
    const text = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(text.dataset.clamped).toBe('true');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(main().getByRole('button', { name: 'Read less' }).getAttribute('aria-expanded')).toBe('true');
    expect(text.dataset.clamped).toBeUndefined();
    fireEvent.click(main().getByRole('button', { name: 'Read less' }));
    expect(text.dataset.clamped).toBe('true');
  });

  it('shows a friendly not found with the way back to my tickets', async () => {
    const { params } = start(ticketUrl(99));
    expect(await main().findByRole('heading', { name: 'Ticket not found' })).toBeTruthy();
    fireEvent.click(main().getByRole('button', { name: 'Go to my tickets' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('MY_TICKET'));
  });

  it('sends an undecodable id to my tickets', async () => {
    const { params, tickets } = start('/en/?PANEL_TAB=TICKET&USER_TICKET_ID=%3Cscript%3E');
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('MY_TICKET'));
    expect(params().get('USER_TICKET_ID')).toBeNull();
    expect(await screen.findByRole('tablist', { name: 'Ticket lists' })).toBeTruthy();
    expect(tickets.calls.some((call) => call.startsWith('ticketDetail'))).toBe(false);
  });
});

describe('the benefit modal', () => {
  async function openBenefit(name: RegExp, detail = ticketDetail()) {
    const page = start(ticketUrl(detail.userTicketId), { details: [detail] });
    fireEvent.click(await main().findByRole('button', { name }));
    const dialog = await screen.findByRole('dialog', { name: name });
    return { ...page, dialog };
  }

  it('shows name, short description, used badge, valid until and the sanitised full description', async () => {
    const { dialog } = await openBenefit(/Free drink/);
    expect(within(dialog).getByText('2 drinks of your choice at any festival bar.')).toBeTruthy();
    expect(within(dialog).getByText('Unused')).toBeTruthy();
    expect(within(dialog).getByText('Valid until 13.01.2030')).toBeTruthy();
    expect(within(dialog).getByText('Beer, wine or a soft drink').tagName).toBe('LI');
    expect(within(dialog).queryByRole('button', { name: 'Unlock benefits' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Free drink/ })).toBeNull());
  });

  it('unlocks a digital benefit, shows the code, reloads the ticket, and copies the code on click', async () => {
    const { dialog, tickets, platform } = await openBenefit(/merch discount/);
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).queryByRole('link')).toBeNull(); // the javascript: link is only text
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock benefits' }));
    const code = await within(dialog).findByRole('button', { name: 'Copy code CODE-0001' });
    expect(within(dialog).queryByRole('button', { name: 'Unlock benefits' })).toBeNull();
    expect(tickets.calls).toContain('unlockBenefit 11 102');
    // Unlocking invalidates SINGLE_TICKET: the ticket loads again.
    await waitFor(() => expect(tickets.calls.filter((call) => call === 'ticketDetail 11')).toHaveLength(2));
    fireEvent.click(code);
    await waitFor(() => expect(platform.copyText).toHaveBeenCalledWith('CODE-0001'));
    expect(await screen.findByText('Code copied to the clipboard')).toBeTruthy();
  });

  it('says so when the reload after unlocking fails, keeps the ticket shown, and Retry loads it again (en, es)', async () => {
    for (const [lang, notice, retry, unlock] of [
      ['en', "We couldn't update this ticket, so what you see may be out of date.", 'Try again', 'Unlock benefits'],
      ['es', 'No pudimos actualizar esta entrada, así que lo que ves puede no estar al día.', 'Reintentar', 'Desbloquear beneficios'],
    ] as const) {
      const detail = ticketDetail();
      const { tickets, unmount } = start(ticketUrl(detail.userTicketId, lang), { details: [detail] });
      fireEvent.click(await main().findByRole('button', { name: /merch discount/ }));
      const dialog = await screen.findByRole('dialog', { name: /merch discount/ });
      let failing = true;
      const reloads: string[] = [];
      server.use(
        handle('ticketDetail', () => {
          reloads.push(failing ? 'failed' : 'answered');
          return failing ? apiError('api.internal_error') : (detail as never);
        }),
      );
      fireEvent.click(within(dialog).getByRole('button', { name: unlock }));
      const alert = await main().findByRole('alert');
      expect(alert.textContent).toContain(notice);
      // The ticket as last loaded stays on screen under the notice.
      expect(main().getByRole('heading', { level: 1, name: detail.ticketName })).toBeTruthy();
      failing = false;
      fireEvent.click(within(alert).getByRole('button', { name: retry }));
      await waitFor(() => expect(reloads).toEqual(['failed', 'answered']));
      await waitFor(() => expect(main().queryByText(notice)).toBeNull());
      expect(main().getByRole('heading', { level: 1, name: detail.ticketName })).toBeTruthy();
      expect(tickets.calls.filter((call) => call === `ticketDetail ${detail.userTicketId}`)).toHaveLength(1);
      unmount();
    }
  });

  it('shows the code a benefit already has, without Unlock', async () => {
    const { dialog } = await openBenefit(/merch discount/, ticketDetail({ benefits: [digitalBenefit({ redeemCode: 'ABCD-1234' })] }));
    expect(within(dialog).getByRole('button', { name: 'Copy code ABCD-1234' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Unlock benefits' })).toBeNull();
  });

  it('shows the server’s error when unlocking fails', async () => {
    const { dialog } = await openBenefit(/merch discount/);
    server.use(handle('unlockBenefit', () => apiError('api.unlock.not_unlockable')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock benefits' }));
    expect(await screen.findByText('This benefit cannot be unlocked')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Unlock benefits' })).toBeTruthy();
  });
});
