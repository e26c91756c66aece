// Model-based tests of the wallet's frame (machines/frame.ts): when the toast list and the footer's controls download,
// then its effects: toasts kept while the list downloads and shown in order, dropped when it fails, the footer's
// controls waiting for the first panel and tried again 5 s after a failed download, and the wallet's toasts going
// through the frame.
import { describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, fromCallback, SimulatedClock } from 'xstate';
import { frameMachine, PART_RETRY_MS } from '../../machines/frame';
import { selectFooterControlsShown, selectToastsReady } from '../../machines/frame.selectors';
import { createWallet } from '../../machines/create-wallet';
import { noScreens, type PanelScreens, type ViewPart } from '../../machines/services';
import { testServices } from '../../machines/models/fake-platform';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { frameSpec, frameVertex, framePromiseActors, nothingLoaded } from '../../machines/models/frame.model';
import { fakePlatform } from '../../machines/models/fake-platform';

/** The first-panel listener stays quiet: a path step says when the panel shows. */
const quiet = frameMachine.provide({
  guards: nothingLoaded,
  actions: { logError: () => {} },
  actors: { waitForFirstPanel: fromCallback(() => () => {}) },
});

describe('frame model', () => {
  const { testMachine, paths } = pathsOf(frameSpec);

  it('takes every transition', () => expectFullCoverage(frameSpec.name, testMachine, paths, frameSpec.excused));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: quiet.provide({ delays: { partRetry: PART_RETRY_MS } }),
      input: { services: testServices() },
      promiseActors: framePromiseActors,
      asChild: true,
      vertex: frameVertex,
      check: (actor) => {
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        expect(selectToastsReady(snapshot as never)).toBe(snapshot.matches({ toasts: 'ready' }));
        expect(selectFooterControlsShown(snapshot as never)).toBe(snapshot.matches({ footerControls: 'shown' }));
      },
    });
  });
});

describe('frame effects', () => {
  function start(options: { loaded?: ViewPart[]; onFirstPanel?: (listener: () => void) => () => void } = {}) {
    const control = controlledActors(framePromiseActors);
    const clock = new SimulatedClock();
    const shown: unknown[] = [];
    const logError = vi.fn();
    const screens: PanelScreens = { ...noScreens, isPartLoaded: (part) => options.loaded?.includes(part) ?? false };
    const services = testServices();
    if (options.onFirstPanel) services.platform.onFirstPanel = options.onFirstPanel;
    const machine = frameMachine.provide({
      actors: control.actors,
      actions: { logError, showToasts: (_, { toasts }) => shown.push(...toasts) },
    });
    const { flow: actor } = startAsChild(machine, { services: { ...services, screens } }, { clock });
    const settle = async (id: (typeof framePromiseActors)[number], outcome: 'done' | 'error') => {
      control.settle(id, outcome, outcome === 'error' ? new Error('offline') : undefined);
      await flush();
    };
    const loads = (id: string) => control.inputs.filter((call) => call.id === id).length;
    return { actor, clock, shown, settle, loads, logError };
  }

  it('downloads the toast list with the first toast and shows the toasts asked for meanwhile, in order', async () => {
    const { actor, shown, settle, loads } = start({ onFirstPanel: () => () => {} });
    expect(loads('loadToasts')).toBe(0);
    actor.send({ type: 'notify', kind: 'error', key: 'first' });
    actor.send({ type: 'notify', kind: 'success', key: 'second' });
    expect(loads('loadToasts')).toBe(1);
    expect(shown).toEqual([]);
    await settle('loadToasts', 'done');
    expect(shown).toEqual([
      { kind: 'error', key: 'first' },
      { kind: 'success', key: 'second' },
    ]);
    actor.send({ type: 'notify', kind: 'error', key: 'third', retryAfterSeconds: 30 });
    expect(shown.at(-1)).toEqual({ kind: 'error', key: 'third', retryAfterSeconds: 30 });
    expect(actor.getSnapshot().context.waitingToasts).toEqual([]);
  });

  it('drops the waiting toasts when the list fails to download, and tries again with the next toast', async () => {
    const { actor, shown, settle, loads, logError } = start({ onFirstPanel: () => () => {} });
    actor.send({ type: 'notify', kind: 'error', key: 'lost' });
    await settle('loadToasts', 'error');
    expect(logError).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ message: 'frame: the toasts did not load' }));
    actor.send({ type: 'notify', kind: 'error', key: 'next' });
    expect(loads('loadToasts')).toBe(2);
    await settle('loadToasts', 'done');
    expect(shown).toEqual([{ kind: 'error', key: 'next' }]);
  });

  it('shows toasts at once and the controls without waiting when their chunks are already here', () => {
    const { actor, shown, loads } = start({ loaded: ['toasts', 'footerControls'], onFirstPanel: () => () => {} });
    expect(selectToastsReady(actor.getSnapshot() as never)).toBe(true);
    expect(selectFooterControlsShown(actor.getSnapshot() as never)).toBe(true);
    actor.send({ type: 'notify', kind: 'success', key: 'now' });
    expect(shown).toEqual([{ kind: 'success', key: 'now' }]);
    expect(loads('loadToasts') + loads('loadFooterControls')).toBe(0);
  });

  it("downloads the footer's controls once the first panel is on screen, and again 5 s after a failed download", async () => {
    let firstPanel: (() => void) | undefined;
    const { actor, clock, settle, loads } = start({
      onFirstPanel: (listener) => {
        firstPanel = listener;
        return () => {};
      },
    });
    expect(loads('loadFooterControls')).toBe(0);
    firstPanel?.();
    expect(loads('loadFooterControls')).toBe(1);
    await settle('loadFooterControls', 'error');
    clock.increment(PART_RETRY_MS - 1);
    expect(loads('loadFooterControls')).toBe(1);
    clock.increment(1);
    expect(loads('loadFooterControls')).toBe(2);
    await settle('loadFooterControls', 'done');
    expect(selectFooterControlsShown(actor.getSnapshot() as never)).toBe(true);
  });

  it('downloads the controls at once on a platform that does not tell when the first panel shows', () => {
    const { loads } = start();
    expect(loads('loadFooterControls')).toBe(1);
  });

  it("carries the wallet's toasts (a flow's notify) to createWallet's notify", async () => {
    const notify = vi.fn();
    const { platform } = fakePlatform({});
    const wallet = createWallet({ platform, notify });
    wallet.start();
    wallet.send({ type: 'notify', kind: 'success', key: 'otp.code_resent' });
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'otp.code_resent' });
    wallet.stop();
  });
});
