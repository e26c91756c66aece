// Each panel's screen is a chunk of its own (the registry, machines/tabs.ts, names it): the router downloads it with
// the flow's machine when the panel opens (machines/router.ts, machines/flows.ts). Once the first panel shows, the
// rest are fetched ahead while the browser is idle, so later panels open at once.
import { prefetchFlows } from '../../machines/flows';
import { loadToasts } from './components/toaster';

/** Fetches every screen's and flow's chunk and the toasts' when the browser is idle, so later panels open at once. */
export function prefetchScreens(): void {
  const fetchAll = () => {
    prefetchFlows();
    loadToasts().catch(() => {});
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchAll, { timeout: 5000 });
  else setTimeout(fetchAll, 1500);
}
