// The tickets flows as createWallet wires them, against an msw API: my tickets → a card → the single ticket (the
// panel's USER_TICKET_ID reaches the ticket machine) → a benefit → unlock (SINGLE_TICKET invalidated, the ticket
// reloads) → copy through the platform with a toast; TICKETS invalidated reloads the lists.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { selectBenefit, selectRedeemCode } from '../../machines/benefit.selectors';
import { selectListStatus, selectTickets } from '../../machines/my-tickets.selectors';
import { selectTab, selectUserTicketId } from '../../machines/panel.selectors';
import { selectTicket, selectTicketStatus } from '../../machines/ticket.selectors';
import { createWallet } from '../../machines/wallet';
import { storageKeys } from '../../src/client/storage-keys';
import { fakePlatform } from './fake-platform';
import { userProfile } from './fixtures';
import { digitalBenefit, ticketDetail, userTicket } from './ticket-fixtures';

const api = 'https://wallet.test/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function ticketsServer() {
  const calls: string[] = [];
  let code: string | null = null;
  server.use(
    http.get(`${api}/auth/me`, () => HttpResponse.json(userProfile())),
    http.get(`${api}/list/ticket_listing`, ({ request }) => {
      calls.push(`list ${new URL(request.url).searchParams.get('status')}`);
      return HttpResponse.json([userTicket({ userTicketId: 77 })]);
    }),
    http.get(`${api}/list/ticket_listing/:id`, ({ params }) => {
      calls.push(`detail ${String(params.id)}`);
      return HttpResponse.json(ticketDetail({ userTicketId: 77, benefits: [digitalBenefit({ redeemCode: code })] }));
    }),
    http.post(`${api}/mobile/unlock/:id`, async ({ params, request }) => {
      calls.push(`unlock ${String(params.id)} ${JSON.stringify(await request.json())}`);
      code = 'XNTA-HCTN-57EN';
      return HttpResponse.json({ redeemCode: code });
    }),
  );
  return calls;
}

function startWallet(url: string) {
  const fake = fakePlatform({ url: `https://tickets.test${url}`, storage: { [storageKeys.accessToken]: 'a', [storageKeys.refreshToken]: 'r' } });
  const toasts: unknown[] = [];
  const wallet = createWallet({ baseUrl: api, platform: fake.platform, notify: (toast) => toasts.push(toast) });
  wallet.start();
  return { wallet, fake, toasts };
}

describe('tickets in the wallet', () => {
  it('goes from the list to a ticket, a benefit, its unlocked code and the clipboard', async () => {
    const calls = ticketsServer();
    const { wallet, fake, toasts } = startWallet('/en/?PANEL_TAB=MY_TICKET');
    await waitFor(wallet.myTickets, (snapshot) => selectListStatus(snapshot) === 'loaded');
    expect(selectTickets(wallet.myTickets.getSnapshot()).map((ticket) => ticket.userTicketId)).toEqual([77]);

    wallet.myTickets.send({ type: 'myTickets.openTicket', userTicketId: 77 });
    expect(selectTab(wallet.panel.getSnapshot())).toBe('TICKET');
    expect(selectUserTicketId(wallet.panel.getSnapshot())).toBe('Nzc');
    expect(fake.url()).toBe('/en/?PANEL_TAB=TICKET&USER_TICKET_ID=Nzc');
    await waitFor(wallet.ticket, (snapshot) => selectTicketStatus(snapshot) === 'loaded');
    expect(selectTicket(wallet.ticket.getSnapshot())?.userTicketId).toBe(77);

    wallet.ticket.send({ type: 'ticket.openBenefit', userTicketBenefitId: 102 });
    expect(selectBenefit(wallet.benefit.getSnapshot())?.name).toBe('Festival app 20% merch discount');
    wallet.benefit.send({ type: 'benefit.unlock' });
    await waitFor(wallet.benefit, (snapshot) => selectRedeemCode(snapshot) === 'XNTA-HCTN-57EN');
    // The unlock invalidated SINGLE_TICKET: the ticket reloads and now carries the code.
    await waitFor(wallet.ticket, (snapshot) => selectTicket(snapshot)?.benefits[0]?.redeemCode === 'XNTA-HCTN-57EN');
    expect(calls).toEqual(['list UPCOMING', 'detail 77', 'unlock 77 {"userTicketBenefitId":102}', 'detail 77']);

    wallet.benefit.send({ type: 'benefit.copyCode' });
    await waitFor(wallet.benefit, (snapshot) => snapshot.matches({ open: { revealed: 'idle' } }));
    expect(fake.platform.copyText).toHaveBeenCalledWith('XNTA-HCTN-57EN');
    expect(toasts).toEqual([{ kind: 'success', key: 'benefit.code_copied' }]);

    // Back to the list: the modal closes with the panel change.
    wallet.ticket.send({ type: 'ticket.back' });
    expect(selectTab(wallet.panel.getSnapshot())).toBe('MY_TICKET');
    expect(wallet.benefit.getSnapshot().matches('closed')).toBe(true);
    wallet.stop();
  });

  it('reloads the lists when TICKETS is invalidated', async () => {
    const calls = ticketsServer();
    const { wallet } = startWallet('/en/?PANEL_TAB=MY_TICKET');
    await waitFor(wallet.myTickets, (snapshot) => selectListStatus(snapshot) === 'loaded');
    wallet.client.cache.invalidate(['TICKETS']);
    await waitFor(wallet.myTickets, (snapshot) => !snapshot.hasTag('refreshing'));
    expect(calls).toEqual(['list UPCOMING', 'list UPCOMING']);
    wallet.stop();
  });

  it('turns an undecodable USER_TICKET_ID into my tickets', async () => {
    const calls = ticketsServer();
    const { wallet, fake } = startWallet('/en/?PANEL_TAB=TICKET&USER_TICKET_ID=xyz');
    expect(selectTab(wallet.panel.getSnapshot())).toBe('MY_TICKET');
    expect(fake.url()).toBe('/en/?PANEL_TAB=MY_TICKET');
    await waitFor(wallet.myTickets, (snapshot) => selectListStatus(snapshot) === 'loaded');
    expect(calls).toEqual(['list UPCOMING']);
    wallet.stop();
  });
});
