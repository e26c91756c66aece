// The tickets flows as children of the wallet, against an msw API: my tickets → a card → the single ticket (the
// decoded USER_TICKET_ID is its input) → a benefit (the ticket's child) → unlock (SINGLE_TICKET invalidated, the
// ticket reloads) → copy through the platform with a toast; TICKETS invalidated reloads the lists.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { selectBenefit, selectRedeemCode } from '../../machines/benefit.selectors';
import { selectListStatus, selectTickets } from '../../machines/my-tickets.selectors';
import { selectRoute, selectTab } from '../../machines/panel.selectors';
import type { BenefitActor } from '../../machines/benefit';
import { selectTicket, selectTicketStatus } from '../../machines/ticket.selectors';
import { createWallet } from '../../machines/create-wallet';
import { type WalletActor } from '../../machines/wallet';
import { storageKeys } from '../../src/client/storage-keys';
import { apiOf, fakePlatform } from '../../machines/models/fake-platform';
import { userProfile } from '../../machines/models/fixtures';
import { digitalBenefit, ticketDetail, userTicket } from '../../machines/models/ticket-fixtures';

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

const myTicketsOf = (wallet: WalletActor) => wallet.getSnapshot().children.myTickets!;
const ticketOf = (wallet: WalletActor) => wallet.getSnapshot().children.ticket!;
const benefitOf = (wallet: WalletActor) => ticketOf(wallet).getSnapshot().children.benefit as BenefitActor;

describe('tickets in the wallet', () => {
  it('goes from the list to a ticket, a benefit, its unlocked code and the clipboard', async () => {
    const calls = ticketsServer();
    const { wallet, fake, toasts } = startWallet('/en/?PANEL_TAB=MY_TICKET');
    await waitFor(myTicketsOf(wallet), (snapshot) => selectListStatus(snapshot) === 'loaded');
    expect(selectTickets(myTicketsOf(wallet).getSnapshot()).map((ticket) => ticket.userTicketId)).toEqual([77]);

    myTicketsOf(wallet).send({ type: 'myTickets.openTicket', userTicketId: 77 });
    expect(selectTab(wallet.getSnapshot())).toBe('TICKET');
    expect(selectRoute(wallet.getSnapshot()).userTicketId).toBe('Nzc');
    expect(fake.url()).toBe('/en/?PANEL_TAB=TICKET&USER_TICKET_ID=Nzc');
    await waitFor(ticketOf(wallet), (snapshot) => selectTicketStatus(snapshot) === 'loaded');
    expect(selectTicket(ticketOf(wallet).getSnapshot())?.userTicketId).toBe(77);

    ticketOf(wallet).send({ type: 'ticket.openBenefit', userTicketBenefitId: 102 });
    expect(selectBenefit(benefitOf(wallet).getSnapshot())?.name).toBe('Festival app 20% merch discount');
    benefitOf(wallet).send({ type: 'benefit.unlock' });
    await waitFor(benefitOf(wallet), (snapshot) => selectRedeemCode(snapshot) === 'XNTA-HCTN-57EN');
    // The unlock invalidated SINGLE_TICKET: the ticket reloads and now carries the code.
    await waitFor(ticketOf(wallet), (snapshot) => selectTicket(snapshot)?.benefits[0]?.redeemCode === 'XNTA-HCTN-57EN');
    expect(calls).toEqual(['list UPCOMING', 'detail 77', 'unlock 77 {"userTicketBenefitId":102}', 'detail 77']);

    benefitOf(wallet).send({ type: 'benefit.copyCode' });
    await waitFor(benefitOf(wallet), (snapshot) => snapshot.matches({ open: { revealed: 'idle' } }));
    expect(fake.platform.copyText).toHaveBeenCalledWith('XNTA-HCTN-57EN');
    expect(toasts).toEqual([{ kind: 'success', key: 'benefit.code_copied' }]);

    // Back to the list: the ticket flow stops, and its benefit modal with it.
    const modal = benefitOf(wallet);
    ticketOf(wallet).send({ type: 'ticket.back' });
    expect(selectTab(wallet.getSnapshot())).toBe('MY_TICKET');
    expect(modal.getSnapshot().status).toBe('stopped');
    expect(wallet.getSnapshot().children.ticket).toBeUndefined();
    wallet.stop();
  });

  it('reloads the lists when TICKETS is invalidated', async () => {
    const calls = ticketsServer();
    const { wallet } = startWallet('/en/?PANEL_TAB=MY_TICKET');
    await waitFor(myTicketsOf(wallet), (snapshot) => selectListStatus(snapshot) === 'loaded');
    apiOf(wallet).cache.invalidate(['TICKETS']);
    await waitFor(myTicketsOf(wallet), (snapshot) => !snapshot.hasTag('refreshing'));
    expect(calls).toEqual(['list UPCOMING', 'list UPCOMING']);
    wallet.stop();
  });

  it('turns an undecodable USER_TICKET_ID into my tickets', async () => {
    const calls = ticketsServer();
    const { wallet, fake } = startWallet('/en/?PANEL_TAB=TICKET&USER_TICKET_ID=xyz');
    expect(selectTab(wallet.getSnapshot())).toBe('MY_TICKET');
    expect(fake.url()).toBe('/en/?PANEL_TAB=MY_TICKET');
    await waitFor(myTicketsOf(wallet), (snapshot) => selectListStatus(snapshot) === 'loaded');
    expect(calls).toEqual(['list UPCOMING']);
    wallet.stop();
  });
});
