// Model-based tests of the panel machine (SPEC §2 navigation), plus the platform effects of its transitions.
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { panelMachine, type PanelEvent, type PanelInput } from '../../machines/panel';
import { selectIsHubFading, selectIsHubVisible, selectScreen, selectTab } from '../../machines/panel.selectors';
import { canTake, runPathOnActor, snapshotOnly, toTestMachine } from './model';
import { at, panelSampleEvents, panelStarts } from './panel.model';

function platformSpies() {
  return {
    pushUrl: vi.fn(),
    replaceUrl: vi.fn(),
    historyBack: vi.fn(),
    scrollToTop: vi.fn(),
    lockPageScroll: vi.fn(),
    unlockPageScroll: vi.fn(),
    loadUrl: vi.fn(),
  };
}

function providePlatform(spies = platformSpies()) {
  return {
    spies,
    machine: panelMachine.provide({
      actions: {
        pushUrl: (_, { url }) => spies.pushUrl(url),
        replaceUrl: (_, { url }) => spies.replaceUrl(url),
        historyBack: () => spies.historyBack(),
        scrollToTop: () => spies.scrollToTop(),
        lockPageScroll: () => spies.lockPageScroll(),
        unlockPageScroll: () => spies.unlockPageScroll(),
        loadUrl: (_, { url }) => spies.loadUrl(url),
      },
    }),
  };
}

describe.each(panelStarts)('panel model from $name', ({ input }) => {
  const model = createTestModel(toTestMachine(panelMachine), {
    input,
    events: panelSampleEvents as PanelEvent[],
    filterEvents: canTake,
    serializeTransition: snapshotOnly,
  });
  const paths = model.getShortestPaths();

  it('covers every panel tab and the hub', () => {
    const screens = new Set(paths.flatMap((path) => path.steps.map((step) => selectScreen(step.state as never))));
    for (const screen of ['LOGIN', 'OTP', 'QR', 'TICKET', 'MY_TICKET', 'SETTINGS', 'GIFT', 'HUB']) {
      expect(screens).toContain(screen);
    }
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const { machine, spies } = providePlatform();
    await runPathOnActor(path, {
      machine,
      input,
      check: (actor) => {
        // The host page scroll lock follows the wallet's visibility.
        const open = actor.getSnapshot().matches('open');
        const locks = spies.lockPageScroll.mock.calls.length - spies.unlockPageScroll.mock.calls.length;
        expect(locks).toBe(open ? 1 : 0);
      },
    });
  });
});

describe('panel effects', () => {
  function start(input: PanelInput) {
    const { machine, spies } = providePlatform();
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input, clock });
    const changes: unknown[] = [];
    actor.on('panel.changed', (event) => changes.push(event));
    actor.start();
    return { actor, spies, clock, changes };
  }

  it('reads parameters case-insensitively, upper-case name first', () => {
    const { actor } = start({ location: at('?panel_tab=gift&PANEL_TAB=QR'), signedIn: true });
    expect(selectTab(actor.getSnapshot())).toBe('QR');
  });

  it('redirects a protected panel to LOGIN by replacing the URL, keeping the host parameters', () => {
    const { actor, spies, changes } = start({ location: at('?utm=mail&PANEL_TAB=GIFT'), signedIn: false });
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    expect(spies.replaceUrl).toHaveBeenCalledWith('/en/events/spring-fest?utm=mail&PANEL_TAB=LOGIN');
    expect(spies.pushUrl).not.toHaveBeenCalled();
    expect(changes).toEqual([{ type: 'panel.changed', tab: 'LOGIN', overlay: null }]);
  });

  it('sends LOGIN with a token to QR with the HUB open', () => {
    const { actor, spies } = start({ location: at('?PANEL_TAB=LOGIN'), signedIn: true });
    expect(actor.getSnapshot().matches({ open: { tab: 'QR', overlay: 'hub' } })).toBe(true);
    expect(spies.replaceUrl).toHaveBeenCalledWith('/en/events/spring-fest?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB');
  });

  it('opens the HUB alone without a token at LOGIN', () => {
    const { actor } = start({ location: at('?PANEL_OVERLAY_TAB=HUB'), signedIn: false });
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    expect(selectIsHubVisible(actor.getSnapshot())).toBe(false);
  });

  it('pushes panel changes, scrolls to the top and locks the page while open', () => {
    const { actor, spies } = start({ location: at(''), signedIn: true });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(spies.lockPageScroll).not.toHaveBeenCalled();

    actor.send({ type: 'panel.open', tab: 'TICKET', userTicketId: 'abc' });
    expect(spies.pushUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?PANEL_TAB=TICKET&USER_TICKET_ID=abc');
    expect(spies.scrollToTop).toHaveBeenCalledTimes(1);
    expect(spies.lockPageScroll).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('modal')).toBe(true);

    actor.send({ type: 'panel.open', tab: 'TICKET', userTicketId: 'abc' });
    expect(spies.pushUrl).toHaveBeenCalledTimes(1);
  });

  it('closes the flow by removing only the panel parameters', () => {
    const { actor, spies } = start({
      location: at('?utm=mail&panel_tab=qr&PANEL_OVERLAY_TAB=HUB&USER_TICKET_ID=x&SETTINGS_TAB=y'),
      signedIn: true,
    });
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(spies.pushUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?utm=mail');
    expect(spies.unlockPageScroll).toHaveBeenCalledTimes(1);
  });

  it('fades the HUB out for 300 ms before removing the overlay', () => {
    const { actor, spies, clock } = start({ location: at('?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB'), signedIn: true });
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
    const { actor, spies } = start({ location: at('?PANEL_TAB=QR'), signedIn: true });
    actor.send({ type: 'session.changed', signedIn: false });
    actor.send({ type: 'panel.locationChanged', location: at('?PANEL_TAB=MY_TICKET') });
    expect(selectTab(actor.getSnapshot())).toBe('LOGIN');
    expect(spies.replaceUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?PANEL_TAB=LOGIN');
    expect(spies.scrollToTop).toHaveBeenCalled();
  });

  it('changes language by replacing the path segment and loading the page', () => {
    const { actor, spies } = start({ location: at('?PANEL_TAB=QR'), signedIn: true });
    actor.send({ type: 'panel.changeLanguage', lang: 'en' });
    expect(spies.loadUrl).not.toHaveBeenCalled();
    actor.send({ type: 'panel.changeLanguage', lang: 'es' });
    expect(spies.loadUrl).toHaveBeenCalledWith('/es/events/spring-fest?PANEL_TAB=QR');
  });

  it('goes back in history for back links', () => {
    const { actor, spies } = start({ location: at('?PANEL_TAB=LOGIN'), signedIn: false });
    actor.send({ type: 'panel.back' });
    expect(spies.historyBack).toHaveBeenCalledTimes(1);
  });
});
