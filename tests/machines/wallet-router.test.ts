// Model-based tests of the wallet's router and session regions (docs/product.md §2 navigation, §4 session), plus the platform
// effects of their transitions. The flows are stubs here: each is tested on its own.
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise, setup, SimulatedClock } from 'xstate';
import {
  selectDiscardQuestion,
  selectFlowCrashed,
  selectIsHubFading,
  selectIsHubVisible,
  selectIsSignedIn,
  selectPanelReady,
  selectTab,
} from '../../machines/panel.selectors';
import { afterSignInRoute, parseRoute, resolveRoute, type Route, sameRoute } from '../../machines/panel.location';
import { flowIds, lazyFlowIds, panelTabs, tabsOfFlow, tabTable } from '../../machines/tabs';
import { walletMachine, type WalletInput } from '../../machines/wallet';
import { expectFullCoverage, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { at, crash, neverLoaded, noServices, stubChildren, walletSpec } from '../../machines/models/wallet.model';

function platformSpies() {
  return {
    pushUrl: vi.fn(),
    replaceUrl: vi.fn(),
    historyBack: vi.fn(),
    scrollToTop: vi.fn(),
    lockPageScroll: vi.fn(),
    unlockPageScroll: vi.fn(),
    loadUrl: vi.fn(),
    reload: vi.fn(),
    persistTokens: vi.fn(),
    forgetTokens: vi.fn(),
    clearCache: vi.fn(),
    showToast: vi.fn(),
  };
}

/** The real machine with spies for every platform effect and stubs for every child. */
function provided(spies = platformSpies(), guards = {}) {
  return {
    spies,
    machine: walletMachine.provide({
      guards,
      actions: {
        pushUrl: (_, { url }) => spies.pushUrl(url),
        replaceUrl: (_, { url }) => spies.replaceUrl(url),
        historyBack: () => spies.historyBack(),
        scrollToTop: () => spies.scrollToTop(),
        lockPageScroll: () => spies.lockPageScroll(),
        unlockPageScroll: () => spies.unlockPageScroll(),
        loadUrl: (_, { url }) => spies.loadUrl(url),
        reload: () => spies.reload(),
        persistTokens: (_, tokens) => spies.persistTokens(tokens),
        logError: () => {},
        forgetTokens: () => spies.forgetTokens(),
        clearCache: () => spies.clearCache(),
        showToast: (_, toast) => spies.showToast(toast),
      },
      actors: {
        ...stubChildren,
        watchHistory: fromCallback(() => () => {}),
        loadPanel: fromPromise(async () => {}),
        loadScreen: fromPromise(async () => {}),
        loadHub: fromPromise(async () => {}),
      } as never,
    }),
  };
}

const { testMachine, runs } = pathsOf(walletSpec);
const models = runs.map(({ start, input, paths }) => ({ name: start.name, input, paths }));

describe.each(models)('wallet model from $name', ({ input, paths }) => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const { machine, spies } = provided(platformSpies(), neverLoaded);
    // The return-to held before each step: `panel.continue` must lead there (or to QR + HUB).
    let returnTo: Route | null = null;
    await runPathOnActor(path, {
      machine,
      input,
      promiseActors: ['loadPanel', 'loadScreen', 'loadHub'],
      // A child crashes: the stub is told to throw.
      perform: Object.fromEntries(
        ['session', ...lazyFlowIds].map((id) => [`${id}.error`, (actor: AnyActorRef) => actor.getSnapshot().children[id]?.send(crash)]),
      ),
      check: (actor, step) => {
        // The host page's scroll lock follows the wallet's visibility.
        const open = actor.getSnapshot().matches({ panel: 'open' });
        const { context } = actor.getSnapshot();
        const route = parseRoute(context.location.search);
        if (step.event.type === 'panel.continue' && actor.getSnapshot().matches({ session: 'signedIn' })) {
          expect(sameRoute(route, resolveRoute(returnTo ?? afterSignInRoute, true)), 'signed in, back where the person was going').toBe(true);
          expect(context.returnTo).toBeNull();
        }
        // A closed wallet holds no return-to; one is only held signed out, or signed in before the flow continues.
        if (!open) expect(context.returnTo).toBeNull();
        if (step.event.type === 'panel.open' && (step.event as { returnToPage?: boolean }).returnToPage && !actor.getSnapshot().matches({ session: 'signedIn' })) {
          expect(context.returnTo).toEqual(parseRoute(''));
        }
        returnTo = context.returnTo;
        expect(spies.lockPageScroll.mock.calls.length - spies.unlockPageScroll.mock.calls.length).toBe(open ? 1 : 0);
        // Signed in, exactly the session child runs with the tokens; signed out, none does.
        const snapshot = actor.getSnapshot();
        expect(Boolean(snapshot.children.session)).toBe(snapshot.matches({ session: 'signedIn' }));
        // Exactly the flow of the panel in the address bar runs once it is downloaded (none while closed).
        const tab = open ? selectTab(snapshot) : null;
        const expected = tab ? tabTable[tab].flow : null;
        const running = expected !== null && snapshot.matches({ panel: { open: { tab: { [expected]: 'running' } } } });
        for (const flow of flowIds) expect(Boolean(snapshot.children[flow]), `${flow} runs`).toBe(running && flow === expected);
        expect(Boolean(snapshot.children.loadPanel), 'downloading the panel').toBe(
          expected !== null && snapshot.matches({ panel: { open: { tab: { [expected]: 'loading' } } } }),
        );
      },
    });
  });
});

describe('wallet model coverage', () => {
  it('takes every transition of the wallet machine', () => {
    const paths = models.flatMap((model) => model.paths);
    const tabs = new Set(paths.flatMap((path) => path.steps.map((step) => selectTab(step.state as never))));
    for (const tab of panelTabs) expect(tabs).toContain(tab);
    expectFullCoverage(walletSpec.name, testMachine, paths, walletSpec.excused);
    // Counting the transitions of ~1,900 paths takes seconds on a shared machine: no timing is asserted.
  }, 120_000);
});

describe('wallet effects', () => {
  function start(location: WalletInput['location'], signedIn: boolean) {
    const { machine, spies } = provided();
    const clock = new SimulatedClock();
    const tokens = signedIn ? { accessToken: 'a', refreshToken: 'r' } : null;
    const actor = createActor(machine, { input: { location, tokens, services: noServices }, clock });
    actor.start();
    return { actor, spies, clock };
  }

  it('opens a panel whose chunks are here at once, its flow running in the same step', () => {
    const { actor } = start(at('?PANEL_TAB=LOGIN'), false);
    const signInShown = { panel: { open: { tab: { login: { running: 'shown' } } } } } as never;
    expect(actor.getSnapshot().matches(signInShown)).toBe(true);
    actor.send({ type: 'panel.open', tab: 'OTP' });
    expect(actor.getSnapshot().matches(signInShown)).toBe(true);
    actor.send({ type: 'session.signIn', accessToken: 'a', refreshToken: 'r' });
    // Signed in, every other flow (the sign-in panels lead to QR now).
    for (const flow of flowIds.filter((id) => id !== 'login')) {
      const tab = tabsOfFlow(flow)[0]!;
      actor.send({ type: 'panel.open', tab, userTicketId: 'NDI', overlay: 'HUB' });
      expect(actor.getSnapshot().matches({ panel: { open: { tab: { [flow]: 'running' }, overlay: { hub: 'running' } } } }), flow).toBe(true);
    }
  });

  it('puts a close over a gift to the flow: "Discard?" when it answers so, Keep editing stays (and tells it), Discard closes once it let go', () => {
    const told: string[] = [];
    const recorder = setup({}).createMachine({ on: { '*': { actions: ({ event }) => told.push(event.type) } } });
    const { machine, spies } = provided();
    const actor = createActor(machine.provide({ actors: { gift: recorder } as never }), {
      input: { location: at('?PANEL_TAB=GIFT'), tokens: { accessToken: 'a', refreshToken: 'r' }, services: noServices },
    });
    actor.start();
    actor.send({ type: 'panel.close' });
    expect(told).toEqual(['flow.close']);
    expect(selectTab(actor.getSnapshot())).toBe('GIFT');
    actor.send({ type: 'panel.askDiscard' });
    expect(selectDiscardQuestion(actor.getSnapshot())).toBe('asking');
    actor.send({ type: 'panel.close' });
    actor.send({ type: 'panel.keepEditing' });
    // The flow is told the question has gone (its fields' blur counts again).
    expect(told).toEqual(['flow.close', 'flow.keep']);
    expect(selectDiscardQuestion(actor.getSnapshot())).toBeNull();
    expect(selectTab(actor.getSnapshot())).toBe('GIFT');
    actor.send({ type: 'panel.askDiscard' });
    actor.send({ type: 'panel.discard' });
    expect(told).toEqual(['flow.close', 'flow.keep', 'flow.discard']);
    expect(selectDiscardQuestion(actor.getSnapshot())).toBe('discarding');
    expect(selectTab(actor.getSnapshot())).toBe('GIFT');
    actor.send({ type: 'panel.dismiss' });
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    expect(spies.pushUrl).toHaveBeenLastCalledWith('/en/events/spring-fest');
  });

  it('closes a panel whose flow holds nothing half-done at once (QR)', () => {
    const { actor } = start(at('?PANEL_TAB=QR'), true);
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
  });

  it('reads parameters case-insensitively, upper-case name first', () => {
    const { actor } = start(at('?panel_tab=gift&PANEL_TAB=QR'), true);
    expect(selectTab(actor.getSnapshot())).toBe('QR');
    expect(actor.getSnapshot().children.qr).toBeDefined();
  });

  it('redirects a protected panel to LOGIN by replacing the URL, keeping the host parameters', () => {
    const { actor, spies } = start(at('?utm=mail&PANEL_TAB=GIFT'), false);
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    expect(spies.replaceUrl).toHaveBeenCalledWith('/en/events/spring-fest?utm=mail&PANEL_TAB=LOGIN');
    expect(spies.pushUrl).not.toHaveBeenCalled();
    expect(actor.getSnapshot().children.login).toBeDefined();
  });

  it('sends LOGIN with a token to QR with the HUB open', () => {
    const { actor, spies } = start(at('?PANEL_TAB=LOGIN'), true);
    expect(actor.getSnapshot().matches({ panel: { open: { tab: 'qr', overlay: 'hub' } } })).toBe(true);
    expect(spies.replaceUrl).toHaveBeenCalledWith('/en/events/spring-fest?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB');
    expect(actor.getSnapshot().children.logout).toBeDefined();
  });

  it('brings the gift e-mail link (a ticket) back after sign-in, not QR + HUB', () => {
    const { actor, spies } = start(at('?PANEL_TAB=TICKET&USER_TICKET_ID=NDI'), false);
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    expect(actor.getSnapshot().context.returnTo).toEqual(expect.objectContaining({ tab: 'TICKET', userTicketId: 'NDI' }));
    actor.send({ type: 'panel.open', tab: 'OTP' });
    actor.send({ type: 'session.signIn', accessToken: 'a', refreshToken: 'r' });
    // Without a first name the flow shows PERSONAL_DATA first; the return-to waits for it.
    actor.send({ type: 'panel.open', tab: 'PERSONAL_DATA' });
    expect(actor.getSnapshot().context.returnTo).not.toBeNull();
    actor.send({ type: 'panel.continue' });
    expect(selectTab(actor.getSnapshot())).toBe('TICKET');
    expect(spies.pushUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?PANEL_TAB=TICKET&USER_TICKET_ID=NDI');
    expect(actor.getSnapshot().children.ticket).toBeDefined();
    expect(actor.getSnapshot().context.returnTo).toBeNull();
  });

  it('closes the wallet after a sign-in the host page opened (the share page is back, ready to buy)', () => {
    const { actor, spies } = start(at('?utm=share'), false);
    actor.send({ type: 'panel.open', tab: 'LOGIN', returnToPage: true });
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    actor.send({ type: 'session.signIn', accessToken: 'a', refreshToken: 'r' });
    actor.send({ type: 'panel.continue' });
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    expect(spies.pushUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?utm=share');
  });

  it('ends a plain sign-in (the launcher) on QR + HUB, and forgets a return-to when the wallet closes', () => {
    const { actor } = start(at(''), false);
    actor.send({ type: 'panel.open', tab: 'QR', overlay: 'HUB' });
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    actor.send({ type: 'session.signIn', accessToken: 'a', refreshToken: 'r' });
    actor.send({ type: 'panel.continue' });
    expect(actor.getSnapshot().matches({ panel: { open: { tab: 'qr', overlay: 'hub' } } })).toBe(true);

    const other = start(at('?PANEL_TAB=GIFT'), false);
    expect(other.actor.getSnapshot().context.returnTo?.tab).toBe('GIFT');
    other.actor.send({ type: 'panel.close' });
    expect(other.actor.getSnapshot().context.returnTo).toBeNull();
    other.actor.send({ type: 'panel.open', tab: 'LOGIN' });
    other.actor.send({ type: 'session.signIn', accessToken: 'a', refreshToken: 'r' });
    other.actor.send({ type: 'panel.continue' });
    expect(selectTab(other.actor.getSnapshot())).toBe('QR');
    expect(selectIsHubVisible(other.actor.getSnapshot())).toBe(true);
  });

  it('remembers nothing when the person signs out on purpose: the next sign-in is a plain one', () => {
    const { actor } = start(at('?PANEL_TAB=GIFT'), true);
    actor.send({ type: 'session.signOut' });
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    expect(actor.getSnapshot().context.returnTo).toBeNull();
    actor.send({ type: 'session.signIn', accessToken: 'a', refreshToken: 'r' });
    actor.send({ type: 'panel.continue' });
    expect(selectTab(actor.getSnapshot())).toBe('QR');
  });

  it('opens the HUB alone without a token at LOGIN', () => {
    const { actor } = start(at('?PANEL_OVERLAY_TAB=HUB'), false);
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    expect(selectIsHubVisible(actor.getSnapshot())).toBe(false);
  });

  it('sends a TICKET without a decodable id to My tickets', () => {
    const { actor, spies } = start(at('?PANEL_TAB=TICKET&USER_TICKET_ID=%21%21'), true);
    expect(selectTab(actor.getSnapshot())).toBe('MY_TICKET');
    expect(spies.replaceUrl).toHaveBeenCalledWith('/en/events/spring-fest?PANEL_TAB=MY_TICKET');
  });

  it('pushes panel changes, scrolls to the top and locks the page while open', () => {
    const { actor, spies } = start(at(''), true);
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    expect(spies.lockPageScroll).not.toHaveBeenCalled();

    actor.send({ type: 'panel.open', tab: 'TICKET', userTicketId: 'NDI' });
    expect(spies.pushUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?PANEL_TAB=TICKET&USER_TICKET_ID=NDI');
    expect(spies.scrollToTop).toHaveBeenCalled();
    expect(spies.lockPageScroll).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('modal')).toBe(true);

    actor.send({ type: 'panel.open', tab: 'TICKET', userTicketId: 'NDI' });
    expect(spies.pushUrl).toHaveBeenCalledTimes(1);
  });

  it('keeps a flow running while the HUB opens over it, and starts it anew for another ticket', () => {
    const { actor } = start(at('?PANEL_TAB=TICKET&USER_TICKET_ID=NDI'), true);
    const first = actor.getSnapshot().children.ticket;
    actor.send({ type: 'panel.openHub' });
    expect(actor.getSnapshot().children.ticket).toBe(first);
    actor.send({ type: 'panel.open', tab: 'TICKET', userTicketId: 'NTU' });
    expect(actor.getSnapshot().children.ticket).toBeDefined();
    expect(actor.getSnapshot().children.ticket).not.toBe(first);
  });

  it('keeps one sign-in flow across LOGIN, OTP and PERSONAL_DATA', () => {
    const { actor } = start(at('?PANEL_TAB=LOGIN'), false);
    const login = actor.getSnapshot().children.login;
    actor.send({ type: 'panel.open', tab: 'OTP' });
    expect(actor.getSnapshot().children.login).toBe(login);
    actor.send({ type: 'session.signIn', accessToken: 'a', refreshToken: 'r' });
    actor.send({ type: 'panel.open', tab: 'PERSONAL_DATA' });
    expect(actor.getSnapshot().children.login).toBe(login);
    actor.send({ type: 'panel.open', tab: 'QR' });
    expect(actor.getSnapshot().children.login).toBeUndefined();
  });

  it('closes the flow by removing only the panel parameters', () => {
    const { actor, spies } = start(at('?utm=mail&panel_tab=qr&PANEL_OVERLAY_TAB=HUB&USER_TICKET_ID=x&SETTINGS_TAB=y'), true);
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    expect(spies.pushUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?utm=mail');
    expect(spies.unlockPageScroll).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().children.qr).toBeUndefined();
  });

  it('fades the HUB out for 300 ms before removing the overlay', () => {
    const { actor, spies, clock } = start(at('?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB'), true);
    actor.send({ type: 'panel.closeHub' });
    expect(selectIsHubFading(actor.getSnapshot())).toBe(true);
    expect(selectIsHubVisible(actor.getSnapshot())).toBe(true);
    clock.increment(299);
    expect(selectIsHubFading(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(selectIsHubVisible(actor.getSnapshot())).toBe(false);
    expect(selectTab(actor.getSnapshot())).toBe('QR');
    expect(spies.pushUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?PANEL_TAB=QR');
  });

  it('follows browser back/forward through the guard', () => {
    const { actor, spies } = start(at('?PANEL_TAB=QR'), true);
    actor.send({ type: 'session.signOut' });
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    actor.send({ type: 'panel.locationChanged', location: at('?PANEL_TAB=MY_TICKET') });
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    expect(spies.replaceUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?PANEL_TAB=LOGIN');
    expect(spies.scrollToTop).toHaveBeenCalled();
  });

  it('keeps the session: stores tokens on sign-in and rotation, forgets them on sign-out and says so when they expire', () => {
    const { actor, spies } = start(at('?PANEL_TAB=LOGIN'), false);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'session.signIn', accessToken: 'a', refreshToken: 'r' });
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(spies.persistTokens).toHaveBeenLastCalledWith({ accessToken: 'a', refreshToken: 'r' });
    actor.send({ type: 'session.tokensRotated', tokens: { accessToken: 'b', refreshToken: 's' } });
    expect(spies.persistTokens).toHaveBeenLastCalledWith({ accessToken: 'b', refreshToken: 's' });
    actor.send({ type: 'session.expired' });
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    expect(spies.forgetTokens).toHaveBeenCalledTimes(1);
    expect(spies.clearCache).toHaveBeenCalledTimes(1);
    expect(spies.reload).not.toHaveBeenCalled();
    expect(spies.showToast).toHaveBeenCalledWith({ kind: 'error', key: 'api.auth.refresh_invalid' });
  });

  it('writes a flow\'s parameters without a new history entry and without restarting it', () => {
    const { actor, spies } = start(at('?PANEL_TAB=MY_TICKET'), true);
    const flow = actor.getSnapshot().children.myTickets;
    actor.send({ type: 'panel.setParams', params: { ticketsTab: 'PAST' } });
    expect(spies.replaceUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?PANEL_TAB=MY_TICKET&TICKETS_TAB=PAST');
    expect(spies.pushUrl).not.toHaveBeenCalled();
    expect(actor.getSnapshot().children.myTickets).toBe(flow);
  });

  it('changes language by replacing the path segment and loading the page', () => {
    const { actor, spies } = start(at('?PANEL_TAB=QR'), true);
    actor.send({ type: 'panel.changeLanguage', lang: 'en' });
    expect(spies.loadUrl).not.toHaveBeenCalled();
    actor.send({ type: 'panel.changeLanguage', lang: 'es' });
    expect(spies.loadUrl).toHaveBeenCalledWith('/es/events/spring-fest?PANEL_TAB=QR');
  });

  it('leaves a crashed flow for the fallback panel, and starts it anew on Try again', () => {
    const { actor } = start(at('?PANEL_TAB=QR'), true);
    const first = actor.getSnapshot().children.qr;
    (first as unknown as AnyActorRef).send(crash);
    expect(selectFlowCrashed(actor.getSnapshot())).toBe(true);
    expect(selectPanelReady(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().children.qr).toBeUndefined();
    expect(selectTab(actor.getSnapshot())).toBe('QR');
    actor.send({ type: 'panel.retryFlow' });
    expect(selectFlowCrashed(actor.getSnapshot())).toBe(false);
    expect(selectPanelReady(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().children.qr).toBeDefined();
    expect(actor.getSnapshot().children.qr).not.toBe(first);
  });

  it('signs out when the session child crashes', () => {
    const { actor, spies } = start(at('?PANEL_TAB=QR'), true);
    (actor.getSnapshot().children.session as unknown as AnyActorRef).send(crash);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    expect(spies.forgetTokens).toHaveBeenCalledTimes(1);
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
  });

  it('goes back in history for back links, and shows the toasts flows ask for', () => {
    const { actor, spies } = start(at('?PANEL_TAB=LOGIN'), false);
    actor.send({ type: 'panel.back' });
    expect(spies.historyBack).toHaveBeenCalledTimes(1);
    actor.send({ type: 'notify', kind: 'success', key: 'otp.code_resent' });
    expect(spies.showToast).toHaveBeenCalledWith({ kind: 'success', key: 'otp.code_resent' });
  });
});
