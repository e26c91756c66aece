// Model-based paths of the my-tickets, single-ticket and benefit machines (tests/machines/*.model.ts) run against the
// rendered wallet: a person clicks tabs, cards, Retry, the menu, a benefit, Unlock and the code; the API answers only
// when the path says so (msw holds each request); an invalidation elsewhere (a gift, an unlock) is the query cache's
// own event. Steps that leave the panel (a card, Back, Gift, Swap, Resell) end their path: the flow stops with its
// panel. After every step the screen must show what the model's state says.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { benefitMachine, canUnlock, type BenefitSnapshot } from '../../machines/benefit';
import { myTicketsMachine, type MyTicketsSnapshot } from '../../machines/my-tickets';
import { selectListStatus, selectTicketTab, selectTickets } from '../../machines/my-tickets.selectors';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { canHandOn, ticketActions, ticketMachine, ticketPdfName, type TicketSnapshot } from '../../machines/ticket';
import { selectTicketStatus } from '../../machines/ticket.selectors';
import type { WalletActor } from '../../machines/wallet';
import type { EndpointName } from '../../src/contract/endpoints';
import type { TicketDetail } from '../../src/contract/entities';
import { toTestMachine } from '../../machines/models/model';
import { myTicketsSampleEvents, myTicketsStarts, myTicketsVertex } from '../../machines/models/my-tickets.model';
import { ticketDetail } from '../../machines/models/ticket-fixtures';
import { benefitSampleEvents, benefitStarts, ticketInput, ticketSampleEvents, ticketVertex } from '../../machines/models/ticket.model';
import { signInApi } from './fake-api';
import { holdRequests, responseFor, screenModelPaths, type HeldRequests } from './path-helpers';
import { setUpWalletTests, type RenderedWallet } from './render-wallet';

const tests = setUpWalletTests();

const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);
const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const quick = { interval: 5 };

/** Signed in as alex (the header's profile answers at once), with the named requests held. */
function open(url: string, held: EndpointName[]): { page: RenderedWallet; requests: HeldRequests } {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
  tests.server.use(...api.handlers);
  const requests = holdRequests(tests, held);
  return { page: tests.render(url, api.signedInStorage('alex@example.com')), requests };
}

/** A held request of `endpoint` answered the way a `<invoke>.done/.error` model step says. */
async function answer(requests: HeldRequests, endpoint: EndpointName, event: EventObject): Promise<void> {
  await waitFor(() => expect(requests.pending(endpoint).length).toBeGreaterThan(0), quick);
  await requests.answer(endpoint, () => responseFor(event));
}

// ── My tickets ──────────────────────────────────────────────────────────────────────────────────────────────────

describe('my tickets paths on the rendered screen', () => {
  const testMachine = toTestMachine(myTicketsMachine);
  const leaves = ['myTickets.openTicket'];
  const runs = myTicketsStarts.map((start) => {
    const input = start.input();
    // A card opens a ticket only when the list shows it.
    const onScreen = (snapshot: AnyMachineSnapshot, event: EventObject) =>
      event.type !== 'myTickets.openTicket' || selectTickets(snapshot as MyTicketsSnapshot).some((ticket) => ticket.userTicketId === 12);
    const paths = screenModelPaths({ machine: testMachine, input, events: myTicketsSampleEvents, vertex: myTicketsVertex, onScreen, leaves });
    return { start, input, paths };
  });

  async function perform(event: EventObject, page: RenderedWallet, requests: HeldRequests): Promise<void> {
    if (/^loadTickets\.(done|error)$/.test(event.type)) return answer(requests, 'myTickets', event);
    switch (event.type) {
      case 'myTickets.selectTab':
        click(main().getByRole('tab', { name: (event as unknown as { tab: string }).tab === 'PAST' ? 'Past' : 'Upcoming' }));
        return;
      case 'myTickets.retry':
        click(within(main().getByRole('alert')).getByRole('button', { name: 'Try again' }));
        return;
      case 'myTickets.stale':
        // Something elsewhere changed the tickets (a gift, a swap): the query cache says so.
        act(() => page.wallet.getSnapshot().context.services.api.cache.invalidate(['TICKETS']));
        return;
      case 'myTickets.openTicket':
        click(main().getByRole('button', { name: /Night Market Entry/ }));
        return;
      default:
        throw new Error(`no way to perform ${event.type} on the screen`);
    }
  }

  function expectScreenMatches(state: MyTicketsSnapshot, event: EventObject, page: RenderedWallet): void {
    if (event.type === 'myTickets.openTicket') {
      expect(page.params().get('PANEL_TAB')).toBe('TICKET');
      expect(page.params().get('USER_TICKET_ID')).toBe(encodeUserTicketId(12));
      return;
    }
    const tab = selectTicketTab(state);
    expect(main().getByRole('tab', { name: tab === 'PAST' ? 'Past' : 'Upcoming' }).getAttribute('aria-selected')).toBe('true');
    // The chosen tab is in the address bar once chosen (or as the page came).
    expect(page.params().get('TICKETS_TAB')?.toUpperCase() ?? null).toBe(event.type === 'myTickets.selectTab' || page.params().has('TICKETS_TAB') ? tab : null);
    const status = selectListStatus(state);
    expect(Boolean(main().queryByRole('status', { name: 'Loading your tickets' })), 'skeletons').toBe(status === 'loading');
    expect(Boolean(main().queryByRole('alert')), 'error').toBe(status === 'error');
    expect(Boolean(main().queryByText('No ticket available')), 'empty').toBe(status === 'empty');
    const cards = main().queryAllByRole('button', { name: /Harbour Lights|Southern Lights|Night Market/ });
    expect(cards.length, 'cards').toBe(selectTickets(state).length);
  }

  describe.each(runs)('from $start.name', ({ input, paths }) => {
    it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
      // The ticket a card opens asks for its detail: held too, unanswered (the path ends there).
      const { page, requests } = open(`/en/?PANEL_TAB=MY_TICKET${input.tab ? `&TICKETS_TAB=${input.tab}` : ''}`, ['myTickets', 'ticketDetail']);
      for (const [index, step] of path.steps.entries()) {
        if (index > 0) await perform(step.event, page, requests);
        await waitFor(() => expectScreenMatches(step.state as MyTicketsSnapshot, step.event, page), quick);
      }
    });
  });
});

// ── The single ticket ───────────────────────────────────────────────────────────────────────────────────────────

describe('single ticket paths on the rendered screen', () => {
  const OUTDATED = "We couldn't update this ticket, so what you see may be out of date.";
  const testMachine = toTestMachine(ticketMachine);
  const input = ticketInput();
  const leaves = ['ticket.back', 'ticket.gift', 'ticket.swap', 'ticket.resell'];
  /**
   * What a person can do: not toggle the description (Read more shows only when the text overflows three lines,
   * which needs a real layout: e2e), not open a benefit the ticket does not show, and not send toasts themselves.
   */
  const onScreen = (event: EventObject) =>
    // The wallet links' refresh waits 8 minutes of a real clock: tests/machines/ticket.test.ts covers it.
    !['ticket.toggleDescription', 'notify', 'after.walletLinksRefresh'].includes(event.type) &&
    // The window's navigation to the checkout does not fail in a browser: tests/machines/ticket.test.ts covers it.
    event.type !== 'continueHeldCheckout.error' &&
    !(event.type === 'ticket.openBenefit' && (event as unknown as { userTicketBenefitId: number }).userTicketBenefitId === 103);
  const paths = screenModelPaths({
    machine: testMachine,
    input,
    events: ticketSampleEvents,
    vertex: ticketVertex,
    onScreen: (_, event) => onScreen(event),
    leaves,
  });

  async function perform(event: EventObject, page: RenderedWallet, requests: HeldRequests): Promise<void> {
    if (/^loadTicket\.(done|error)$/.test(event.type)) return answer(requests, 'ticketDetail', event);
    if (event.type === 'downloadPdf.done') {
      await waitFor(() => expect(requests.pending('ticketPdf').length).toBeGreaterThan(0), quick);
      await requests.answer('ticketPdf', () => new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } }));
      return;
    }
    if (event.type === 'downloadPdf.error') return answer(requests, 'ticketPdf', event);
    if (/^loadWalletLinks\.(done|error)$/.test(event.type)) return answer(requests, 'walletLinks', event);
    // Cancel swap: the server ends the swap, then the ticket is read again.
    if (event.type === 'releaseHeldSwap.error') return answer(requests, 'cancelSwap', event);
    if (event.type === 'releaseHeldSwap.done') {
      await answer(requests, 'cancelSwap', { type: 'cancelSwap.done', output: { ok: true } } as EventObject);
      return answer(requests, 'ticketDetail', event);
    }
    const menuItem = (name: string) => {
      if (!main().queryByRole('menu')) click(main().getByRole('button', { name: 'More actions' }));
      click(main().getByRole('menuitem', { name }));
    };
    switch (event.type) {
      case 'ticket.retry': {
        // On a shown ticket whose reload failed, the notice's own Try again; on the error card, its only one.
        const notice = main().queryByText(OUTDATED)?.closest<HTMLElement>('[role="alert"]');
        click((notice ? within(notice) : main()).getByRole('button', { name: 'Try again' }));
        return;
      }
      case 'ticket.walletRetry':
        click(main().getByRole('button', { name: 'Try again' }));
        return;
      case 'ticket.back':
        click(main().getByRole('button', { name: /My tickets|Go to my tickets/ }));
        return;
      case 'ticket.stale':
        act(() => page.wallet.getSnapshot().context.services.api.cache.invalidate(['SINGLE_TICKET']));
        return;
      case 'ticket.toggleMenu':
        click(main().getByRole('button', { name: 'More actions' }));
        return;
      case 'ticket.closeMenu':
        act(() => fireEvent.keyDown(main().getByRole('menu'), { key: 'Escape' }));
        return;
      case 'ticket.downloadPdf':
        click(main().getByRole('button', { name: 'Download as PDF' }));
        return;
      case 'ticket.gift':
        click(main().getByRole('button', { name: 'Gift ticket' }));
        return;
      case 'ticket.swap':
        menuItem('Swap ticket');
        return;
      case 'ticket.resell':
        menuItem('Resell ticket');
        return;
      case 'ticket.continueSwap':
        click(main().getByRole('button', { name: 'Continue to checkout' }));
        return;
      case 'ticket.cancelSwap':
        click(main().getByRole('button', { name: 'Cancel swap' }));
        return;
      case 'ticket.openBenefit':
        click(main().getByRole('button', { name: /Free drink/ }));
        return;
      case 'benefit.done':
        click(within(screen.getByRole('dialog', { name: 'Free drink' })).getByRole('button', { name: 'Close' }));
        return;
      default:
        throw new Error(`no way to perform ${event.type} on the screen`);
    }
  }

  function expectScreenMatches(state: TicketSnapshot, event: EventObject, page: RenderedWallet): void {
    const leftFor: Record<string, string> = { 'ticket.back': 'MY_TICKET', 'ticket.gift': 'GIFT', 'ticket.swap': 'SWAP', 'ticket.resell': 'RESELL' };
    if (leftFor[event.type]) {
      expect(page.params().get('PANEL_TAB')).toBe(leftFor[event.type]);
      return;
    }
    const status = selectTicketStatus(state);
    const ticket = state.context.ticket as TicketDetail | null;
    expect(Boolean(main().queryByRole('heading', { name: 'Ticket not found' })), 'not found').toBe(status === 'notFound');
    expect(Boolean(main().queryByRole('heading', { name: "We couldn't load this ticket." })), 'error').toBe(status === 'error');
    expect(Boolean(main().queryByRole('heading', { level: 1, name: 'Loading your ticket' })), 'loading').toBe(status === 'loading');
    if (status !== 'loaded' || !ticket) return;
    const allowed = ticketActions(ticket);
    expect(Boolean(main().queryByRole('button', { name: 'Gift ticket' })), 'Gift ticket').toBe(allowed.gift);
    expect(Boolean(main().queryByRole('button', { name: 'More actions' })), 'menu button').toBe(allowed.swap || allowed.resell);
    const pdf = main().queryByRole('button', { name: 'Download as PDF' });
    expect(Boolean(pdf), 'Download as PDF').toBe(canHandOn(ticket));
    if (pdf) expect(pdf.getAttribute('aria-busy') === 'true', 'PDF downloading').toBe(state.hasTag('downloading'));
    if (event.type === 'downloadPdf.done') {
      expect(page.wallet.getSnapshot().context.services.platform.saveFile).toHaveBeenLastCalledWith(expect.any(Blob), ticketPdfName(ticket));
    }
    expect(Boolean(main().queryByText(OUTDATED)), 'reload failed notice').toBe(state.matches({ loaded: { data: 'outdated' } }));
    expect(Boolean(main().queryByRole('menu')), 'menu open').toBe(state.matches({ loaded: { menu: 'open' } }));
    expect(Boolean(main().queryByRole('link', { name: 'Add to Apple Wallet' })), 'wallet links').toBe(state.matches({ loaded: { wallet: 'ready' } }));
    expect(Boolean(main().queryByText("We couldn't prepare your wallet pass.")), 'wallet failed').toBe(state.matches({ loaded: { wallet: 'failed' } }));
    expect(Boolean(screen.queryByRole('dialog', { name: 'Free drink' })), 'benefit modal').toBe(state.matches({ loaded: { modal: 'benefit' } }));
    // A ticket its holder's swap holds: what it waits for, until when on the person's clock, and the two ways out.
    const held = ticket.heldSwap;
    const time = held ? new Date(held.heldUntil).toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' }) : '';
    const notice = main().queryByRole('region', { name: `Swap in progress, held until ${time}` });
    expect(Boolean(notice), 'swap in progress').toBe(held !== null);
    if (notice) {
      expect(notice.textContent).toContain('General Admission → VIP.');
      const go = within(notice).getByRole('button', { name: 'Continue to checkout' });
      const cancel = within(notice).getByRole('button', { name: 'Cancel swap' });
      expect(go.getAttribute('aria-busy') === 'true', 'leaving').toBe(state.matches('leavingSwap'));
      expect(cancel.getAttribute('aria-busy') === 'true', 'releasing').toBe(state.matches('releasingSwap'));
    }
    if (event.type === 'ticket.continueSwap') {
      expect(page.platform.loadUrl).toHaveBeenLastCalledWith(expect.stringMatching(/\/en\/harbour-lights-weekender-3\/checkout\/SW-ABC123\?redirectDomain=.+&origin=ticket_swap$/));
    }
    if (event.type === 'releaseHeldSwap.done') expect(screen.getAllByText('Swap cancelled. Your ticket is free again.').length).toBeGreaterThan(0);
    if (event.type === 'releaseHeldSwap.error') expect(screen.getAllByText('This swap is already confirmed').length).toBeGreaterThan(0);
  }

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    // Back opens My tickets, whose list is held too, unanswered (the path ends there).
    const { page, requests } = open(`/en/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(input.userTicketId)}`, ['ticketDetail', 'myTickets', 'ticketPdf', 'walletLinks', 'cancelSwap']);
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event, page, requests);
      await waitFor(() => expectScreenMatches(step.state as TicketSnapshot, step.event, page), quick);
    }
  });
});

// ── The benefit modal ───────────────────────────────────────────────────────────────────────────────────────────

describe('benefit modal paths on the rendered screen', () => {
  const testMachine = toTestMachine(benefitMachine);
  const leaves = ['benefit.close'];

  /** The clipboard answers when the path says so. */
  function holdClipboard(wallet: WalletActor) {
    let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
    const copyText = wallet.getSnapshot().context.services.platform.copyText as ReturnType<typeof vi.fn>;
    copyText.mockImplementation(() => new Promise<void>((resolve, reject) => (settle = { resolve, reject })));
    return {
      async answer(outcome: 'done' | 'error') {
        await waitFor(() => expect(settle).toBeDefined(), quick);
        await act(async () => {
          if (outcome === 'done') settle!.resolve();
          else settle!.reject(new Error('clipboard refused'));
          settle = undefined;
        });
      },
    };
  }

  const runs = benefitStarts.map((start) => {
    const input = start.input();
    return { start, input, paths: screenModelPaths({ machine: testMachine, input, events: benefitSampleEvents, leaves }) };
  });

  describe.each(runs)('with $start.name', ({ input, paths }) => {
    const detail = ticketDetail({ benefits: [input.benefit] });
    const name = input.benefit.name;

    it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
      const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
      tests.server.use(...api.handlers);
      const requests = holdRequests(tests, ['ticketDetail', 'unlockBenefit']);
      const page = tests.render(`/en/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(11)}`, api.signedInStorage('alex@example.com'));
      await waitFor(() => expect(requests.pending('ticketDetail').length).toBe(1), quick);
      await requests.answer('ticketDetail', () => HttpResponse.json(detail));
      await waitFor(() => expect(main().getByRole('button', { name: new RegExp(name.slice(0, 10)) })).toBeTruthy(), quick);
      click(main().getByRole('button', { name: new RegExp(name.slice(0, 10)) }));
      const clipboard = holdClipboard(page.wallet);
      for (const [index, step] of path.steps.entries()) {
        const event = step.event as EventObject;
        if (index > 0) {
          if (/^unlockBenefit\.(done|error)$/.test(event.type)) await answer(requests, 'unlockBenefit', event);
          else if (event.type === 'copyCode.done') await clipboard.answer('done');
          else if (event.type === 'copyCode.error') await clipboard.answer('error');
          else if (event.type === 'benefit.unlock') click(screen.getByRole('button', { name: 'Unlock benefits' }));
          else if (event.type === 'benefit.copyCode') click(screen.getByRole('button', { name: /^Copy code/ }));
          else if (event.type === 'benefit.close') click(within(screen.getByRole('dialog', { name })).getByRole('button', { name: 'Close' }));
          else throw new Error(`no way to perform ${event.type} on the screen`);
          // The unlock invalidates the ticket: its reload (if one is waiting) answers the same ticket.
          await requests.answer('ticketDetail', () => HttpResponse.json(detail));
        }
        const state = step.state as BenefitSnapshot;
        await waitFor(() => {
          const dialog = screen.queryByRole('dialog', { name });
          if (state.status === 'done' || state.matches('closed')) {
            expect(dialog).toBeNull();
            return;
          }
          expect(dialog).toBeTruthy();
          const unlock = within(dialog!).queryByRole('button', { name: 'Unlock benefits' });
          expect(Boolean(unlock), 'Unlock benefits').toBe(canUnlock(state.context.benefit) || state.matches({ open: 'unlocking' }));
          if (unlock) expect(unlock.getAttribute('aria-busy') === 'true', 'unlocking').toBe(state.matches({ open: 'unlocking' }));
          const code = within(dialog!).queryByRole('button', { name: /^Copy code/ });
          expect(code?.textContent ?? null, 'code').toBe(state.matches({ open: 'revealed' }) ? state.context.benefit.redeemCode : null);
        }, quick);
      }
    });
  });
});
