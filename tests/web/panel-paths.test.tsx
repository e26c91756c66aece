// Model-based paths of the wallet's router and session regions run against the rendered screens. The test model is
// derived from the real machine the way tests/machines/wallet-router.test.ts does it (toTestMachine, the same two
// starts), with the shared sample events (machines/models/wallet.model.ts) kept to those a person can cause on the
// screens at each state, and
// one vertex per snapshot but for steps whose effect adds up: the launcher, the avatar, the HUB's
// tiles, close button and Logout, the logo, the back links, the language selector, browser back/forward, and the
// sign-in screens (which move the panel themselves). After every step the screen must show what the model's state
// says: the panel screen, the HUB (visible, fading), the avatar, the launcher when closed, the address bar, the
// document title, the page scroll lock, history back and page loads.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { type EventObject, raise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { parseRoute, toUrl, withLanguage } from '../../machines/panel.location';
import { selectIsHubFading, selectIsHubVisible, selectIsSignedIn } from '../../machines/panel.selectors';
import type { PanelTab } from '../../machines/tabs';
import en from '../../locales/en.json';
import { hubTiles as viewTiles } from '../../src/web/panels';
import { walletMachine, type WalletEvent, type WalletInput, type WalletSnapshot } from '../../machines/wallet';
import { canTake, isSample, toTestMachine } from '../../machines/models/model';
import { noChildActions, walletSampleEvents, walletStarts, type WalletModelEvent } from '../../machines/models/wallet.model';
import { ticketDetail } from '../../machines/models/ticket-fixtures';
import { handle } from './fake-api';
import { countSteps, holdRequests, storedTokens, type HeldRequests } from './path-helpers';
import { setUpWalletTests, type RenderedWallet } from './render-wallet';

// The HUB fade is the machine's 300 ms timer: the paths jump over it.
const tests = setUpWalletTests({ fakeTimeouts: true });

/** wallet-router.test.ts's starts; signed in means tokens in storage. */
const starts = walletStarts.map((start) => ({ ...start, storage: start.input.tokens ? storedTokens(start.input.tokens) : {} }));

/**
 * The HUB's tiles, from the view table (src/web/panels.ts), each found by its English label (a tile with a hint
 * has it after the label in its name). Redeem's tile is left to tests/web/redeem-paths.test.tsx.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hubTiles: Array<{ tab: PanelTab; name: RegExp }> = viewTiles
  .filter((tile) => tile.tab !== 'REDEEM')
  .map((tile) => ({ tab: tile.tab, name: new RegExp(`^${escapeRegExp((en as Record<string, string>)[tile.label]!)}${tile.hint ? '' : '$'}`) }));

/** Whether a person can cause the sample event on the screens in this state. */
function onScreen(state: WalletSnapshot, event: WalletModelEvent): boolean {
  const { tab } = parseRoute(state.context.location.search);
  const signedIn = selectIsSignedIn(state);
  const hubOpen = state.matches({ panel: { open: { overlay: 'hub' } } });
  // While the HUB is on screen, the header, the panel and the footer behind it are inert.
  const panelInReach = state.matches({ panel: { open: { overlay: 'hidden' } } });
  const signingIn = panelInReach && !signedIn;
  switch (event.type) {
    case 'panel.locationChanged':
      return true; // browser back/forward
    case 'panel.open':
      if (event.returnToPage) return false; // the host page's own sign-in button (tests/e2e/seams.test.ts)
      if (event.overlay === 'HUB') return state.matches({ panel: 'closed' }) && event.tab === 'QR'; // the launcher
      if (event.tab === 'OTP') return signingIn && tab === 'LOGIN'; // submitting the e-mail
      if (event.tab === 'LOGIN') return signingIn && tab === 'OTP'; // the OTP back link
      return hubOpen && !event.userTicketId && !event.settingsTab && hubTiles.some((tile) => tile.tab === event.tab);
    case 'panel.closeHub':
      return hubOpen;
    case 'session.signIn':
      return signingIn && tab === 'OTP'; // the right code on OTP
    case 'session.signOut':
      // Logout from the HUB also opens LOGIN; only where the guard lands there anyway is that the model's one event.
      return hubOpen && signedIn && tab !== 'OTP';
    case 'session.tokensRotated':
    case 'session.expired':
    case 'panel.setParams':
    case 'notify':
    case 'panel.retryFlow': // chunks are loaded here; a failed download or a crash is tests/web/shell.test.tsx's
      return false; // the session and the flows, not a person, send these (their own paths cover them)
    case 'after.hubFade':
      return state.matches({ panel: { open: { overlay: 'hubFading' } } });
    case 'panel.close': // the logo
    case 'panel.changeLanguage':
      return panelInReach;
    case 'panel.openHub':
      return panelInReach && signedIn; // the avatar
    case 'panel.back':
      return signingIn && tab === 'LOGIN'; // the LOGIN back link
    default:
      return false; // downloads settling and children crashing: not a person's doing
  }
}

/** Steps that leave the snapshot as it was (history back, a page load) or that only the clock takes count too. */
const keptTransitions = ['panel.back', 'panel.changeLanguage', 'after.hubFade'];

// A close over gift, swap or resell is put to the flow, which answers: these paths enter nothing in a flow, so it
// answers "close" (the "Discard?" question's own paths are the flows' and tests/e2e/seams.test.ts's).
const testMachine = toTestMachine(
  walletMachine.provide({ actions: { ...noChildActions, askFlowToClose: raise({ type: 'panel.dismiss' }) } }),
);

function pathsFrom(input: WalletInput) {
  const model = createTestModel(testMachine, {
    input,
    events: walletSampleEvents as WalletEvent[],
    filterEvents: (snapshot, event) =>
      canTake(snapshot, event) && isSample(walletSampleEvents, event) && onScreen(snapshot as WalletSnapshot, event as WalletModelEvent),
    // The return-to held changes nothing a person sees until the sign-in finishes (the flow's doing, not a step here).
    // A serializeState of one's own replaces the transition suffix too (xstate/graph), so the kept transitions are
    // appended here.
    serializeState: (snapshot, event) =>
      JSON.stringify({ value: snapshot.value, context: { ...snapshot.context, returnTo: undefined } }) +
      (event && keptTransitions.includes(event.type) ? ` via ${event.type}` : ''),
  });
  return model.getShortestPaths();
}

// ── performing a step on the screens ────────────────────────────────────────────────────────────────────────────

const panelDialog = () => screen.getByRole('dialog', { name: 'Ticket Wallet' });
const hubDialog = () => screen.getByRole('dialog', { name: 'Welcome' });
const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const type = (label: string, value: string) => act(() => fireEvent.change(screen.getByLabelText(label), { target: { value } }));

async function perform(event: WalletModelEvent, wallet: RenderedWallet, requests: HeldRequests): Promise<void> {
  switch (event.type) {
    case 'panel.open':
      if (event.tab === 'OTP') {
        // Submitting the e-mail on LOGIN: the code is sent and the sign-in flow opens OTP. A stored e-mail is sent
        // on its own as LOGIN opens.
        if (requests.pending('signIn').length === 0) {
          type('E-mail', 'ada@example.com');
          click(screen.getByRole('button', { name: 'Continue' }));
        }
        await waitFor(() => expect(requests.pending('signIn').length).toBeGreaterThan(0), { interval: 5 });
        await requests.answer('signIn', () => HttpResponse.json({ session: 'session-2' }));
      } else if (event.tab === 'LOGIN') {
        click(screen.getByRole('button', { name: 'Back' })); // the OTP back link: the sign-in flow opens LOGIN
      } else if (event.overlay === 'HUB') {
        click(screen.getByRole('button', { name: 'My tickets' })); // the launcher
      } else {
        const tile = hubTiles.find((candidate) => candidate.tab === event.tab)!;
        click(within(hubDialog()).getByRole('button', { name: tile.name }));
      }
      return;
    case 'panel.openHub':
      click(within(panelDialog()).getByRole('button', { name: /open your account menu$/i }));
      return;
    case 'panel.closeHub':
      click(within(hubDialog()).getByRole('button', { name: 'Close the menu' }));
      return;
    case 'after.hubFade':
      await act(() => vi.advanceTimersByTimeAsync(300));
      return;
    case 'panel.close':
      click(within(panelDialog()).getByRole('button', { name: 'Close Ticket Wallet' })); // the logo
      return;
    case 'panel.back':
      click(screen.getByRole('button', { name: 'Back' })); // the LOGIN back link
      return;
    case 'panel.changeLanguage':
      act(() => fireEvent.change(screen.getByLabelText('Language'), { target: { value: event.lang } }));
      return;
    case 'panel.locationChanged':
      wallet.popTo(toUrl(event.location));
      return;
    case 'session.signIn':
      // The code is right: the tokens arrive while the profile is still loading, so the sign-in flow stays on OTP.
      type('One-time code', '123456');
      click(screen.getByRole('button', { name: 'Continue' }));
      return;
    case 'session.signOut':
      // Logout from the HUB, confirmed.
      click(within(hubDialog()).getByRole('button', { name: 'Logout' }));
      click(within(await screen.findByRole('alertdialog', { name: 'Logout?' })).getByRole('button', { name: 'Logout' }));
      return;
    default:
      throw new Error(`no way to perform ${(event as EventObject).type} on the screens`);
  }
}

// ── what the screens must show ──────────────────────────────────────────────────────────────────────────────────

/** The heading of each panel's screen. */
const headings: Record<PanelTab, string> = {
  LOGIN: 'Sign in or create an account',
  OTP: 'Check your e-mail',
  PERSONAL_DATA: "What's your name?",
  QR: 'My QR code',
  MY_TICKET: 'My tickets',
  HISTORY: 'Transfer history',
  TICKET: ticketDetail().ticketName, // the ticket's own name heads its screen
  GIFT: 'Gift a ticket',
  SWAP: 'Swap a ticket',
  RESELL: 'Resell tickets',
  REDEEM: 'Redeem a ticket',
  SETTINGS: 'Settings',
};
/** What tells each screen apart beyond its heading (panels still to be built: their heading alone). */
function screenMarker(main: ReturnType<typeof within>, tab: PanelTab): HTMLElement | null {
  switch (tab) {
    case 'LOGIN':
      return main.queryByLabelText('E-mail');
    case 'OTP':
      return main.queryByLabelText('One-time code');
    case 'QR':
      return main.queryByRole('button', { name: 'How does it work?' });
    case 'MY_TICKET':
      return main.queryByRole('tablist', { name: 'Ticket lists' });
    case 'REDEEM':
      return main.queryByLabelText('Ticket code');
    case 'RESELL':
      return main.queryByRole('heading', { level: 2, name: 'Ticket to resell' });
    case 'GIFT':
      return main.queryByRole('heading', { level: 2, name: 'Which ticket?' });
    default:
      return main.queryByRole('heading', { level: 1 });
  }
}
/** The document title of each screen, before " · Ticket Wallet". */
const titles: Record<string, string> = { ...headings, TICKET: 'Ticket', LOGIN: 'Sign in', OTP: 'Enter your code', PERSONAL_DATA: 'Your name', HUB: 'Welcome' };

interface Effects {
  historyBack: number;
  languageLoads: number;
}

function expectScreenMatches(state: WalletSnapshot, wallet: RenderedWallet, effects: Effects): void {
  const location = state.context.location;
  expect(wallet.url(), 'address bar').toBe(toUrl(location));
  const { platform } = wallet;
  const locks = platform.lockPageScroll.mock.calls.length - platform.unlockPageScroll.mock.calls.length;
  expect(locks, 'host page scroll lock').toBe(state.matches({ panel: 'open' }) ? 1 : 0);
  expect(platform.historyBack, 'history back').toHaveBeenCalledTimes(effects.historyBack);
  expect(platform.loadUrl, 'page loads').toHaveBeenCalledTimes(effects.languageLoads);
  if (effects.languageLoads > 0) expect(platform.loadUrl).toHaveBeenLastCalledWith(toUrl(withLanguage(location, 'es')));

  if (state.matches({ panel: 'closed' })) {
    expect(screen.queryByRole('dialog', { name: 'Ticket Wallet' }), 'wallet closed').toBeNull();
    expect(document.querySelector('.tw-launcher')?.textContent, 'launcher').toBe('My tickets');
    return;
  }
  expect(document.querySelector('.tw-launcher'), 'no launcher while open').toBeNull();
  const panel = panelDialog();
  const { tab } = parseRoute(location.search);
  const main = panel.querySelector<HTMLElement>('.tw-main')!;
  expect(main.querySelector('h1')?.textContent ?? null, 'panel screen').toBe(tab ? headings[tab] : null);
  if (tab) expect(screenMarker(within(main), tab), `${tab} screen content`).toBeTruthy();

  const hub = screen.queryByRole('dialog', { name: 'Welcome' });
  const hubVisible = selectIsHubVisible(state);
  expect(hub !== null, 'HUB visible').toBe(hubVisible);
  if (hub) expect(hub.getAttribute('data-closing') === 'true', 'HUB fading').toBe(selectIsHubFading(state));
  expect(panel.querySelector('.tw-frame')?.hasAttribute('inert'), 'panel behind the HUB inert').toBe(hubVisible);

  const avatar = panel.querySelector('button.tw-avatar-button');
  expect(avatar !== null, 'avatar (signed in)').toBe(selectIsSignedIn(state));
  expect(document.title, 'document title').toBe(`${titles[hubVisible ? 'HUB' : (tab ?? '')] ?? 'Ticket Wallet'} · Ticket Wallet`);
  expect((screen.getByLabelText('Language') as HTMLSelectElement).value, 'language').toBe('en');
}

// ── the paths ───────────────────────────────────────────────────────────────────────────────────────────────────

const startsWithPaths = starts.map((start) => ({ ...start, paths: pathsFrom(start.input) }));

describe('panel paths on the rendered screens', () => {
  it('cover every panel a person can reach, the HUB, its fade, back links, the language, sign-in and logout', () => {
    const paths = startsWithPaths.flatMap((start) => start.paths);
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => parseRoute((step.state as WalletSnapshot).context.location.search).tab)));
    for (const tab of ['LOGIN', ...hubTiles.map((tile) => tile.tab)]) expect(reached).toContain(tab);
    const events = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    for (const type of ['panel.openHub', 'panel.closeHub', 'panel.back', 'after.hubFade', 'panel.close', 'panel.changeLanguage', 'panel.locationChanged', 'session.signIn', 'session.signOut']) {
      expect(events).toContain(type);
    }
  });
});

describe.each(startsWithPaths)('panel paths on the rendered screens from $name', ({ input, storage, paths }) => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const held = holdRequests(tests, ['signIn', 'me']);
    tests.server.use(
      handle('verifyLogin', () => ({ accessToken: 'access-2', refreshToken: 'refresh-2' })),
      handle('logout', () => ({ ok: true as const })),
      handle('myTickets', () => []),
      // A gift e-mail's link (TICKET) reached after sign-in shows its ticket.
      handle('ticketDetail', () => ticketDetail()),
    );
    const page = tests.render(toUrl(input.location), storage);
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event as WalletModelEvent, page, held);
      const effects = {
        historyBack: countSteps(path.steps, index, 'panel.back'),
        languageLoads: countSteps(path.steps, index, 'panel.changeLanguage'),
      };
      await waitFor(() => expectScreenMatches(step.state as WalletSnapshot, page, effects), { interval: 5 });
    }
  });
});
