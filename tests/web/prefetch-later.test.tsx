// The background prefetch (machines/flows.ts `prefetchFlows`) fetches, after every flow's and screen's chunk, the parts
// the screens load on demand (their `later`): the QR screen's learn-more panel, which is not in the first panel
// (issue 18, the first panel's budget) but must open at once, offline too.
import { expect, it, vi } from 'vitest';

const learnMoreLoaded = vi.hoisted(() => vi.fn());
vi.mock('../../src/web/screens/qr-learn-more', () => {
  learnMoreLoaded();
  return { default: () => null };
});

import { prefetchFlows } from '../../machines/flows';
import { lazyFlowIds, panelNames } from '../../machines/tabs';
import { panelScreens } from '../../src/web/panels';
import { later } from '../../src/web/screens/qr-screen';

it('fetches the QR learn-more panel after every flow and screen, in an idle moment of its own', async () => {
  expect(later).toHaveLength(1);
  // The browser's idle moments, in the test's hands.
  const idle: Array<() => void> = [];
  const stop = prefetchFlows((next) => {
    idle.push(next);
    return () => {};
  }, [], panelScreens);
  const before = lazyFlowIds.length + panelNames.length;
  for (let step = 0; step < before; step++) {
    await vi.waitFor(() => expect(idle).toHaveLength(1), { timeout: 60_000 });
    expect(learnMoreLoaded).not.toHaveBeenCalled();
    idle.shift()!();
  }
  // The screens are in; the learn-more panel waits for one more idle moment.
  await vi.waitFor(() => expect(idle).toHaveLength(1), { timeout: 60_000 });
  expect(learnMoreLoaded).not.toHaveBeenCalled();
  idle.shift()!();
  await vi.waitFor(() => expect(learnMoreLoaded).toHaveBeenCalledTimes(1), { timeout: 60_000 });
  stop();
}, 120_000);
