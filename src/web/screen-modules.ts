// Each panel's screen is a chunk of its own (the registry, machines/tabs.ts, names it): the router downloads it with
// the flow's machine when the panel opens (machines/router.ts, machines/flows.ts). Once the first panel shows, the
// rest are fetched ahead while the browser is idle, so later panels open at once.
import { prefetchFlows } from '../../machines/flows';
import { loadToasts } from './components/toaster';

/** Runs `next` when the browser is idle (`wait` ms later where it cannot say). */
const whenIdle = (next: () => void, wait: number): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(next, { timeout: 5000 });
  else setTimeout(next, wait);
};

/**
 * Fetches every screen's and flow's chunk and the toasts' when the browser is idle, one chunk per idle moment (each
 * chunk's code runs as it arrives: all at once they made long tasks), so later panels open at once.
 */
export function prefetchScreens(): void {
  whenIdle(() => {
    loadToasts().catch(() => {});
    prefetchFlows((next) => whenIdle(next, 0));
  }, 1500);
}
