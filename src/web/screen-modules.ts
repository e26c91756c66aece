// Each panel's screen is a chunk of its own, loaded when its panel first opens and fetched ahead on idle once the
// first panel shows. The tab table names the module (tabs.ts `screen`); TypeScript makes this map cover them all.
// A failed download shows a retry in place of the screen; retrying fetches again (Parcel's loader forgets failures).
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { prefetchFlows } from '../../machines/flows';
import { loadToasts } from './components/toaster';
import { type overlays, type PanelOverlay, type PanelTab, tabTable } from '../../machines/tabs';

export type ScreenName = (typeof tabTable)[PanelTab]['screen'] | (typeof overlays)[PanelOverlay]['screen'];
interface ScreenModule {
  default: ComponentType;
}

const screenModules: Record<ScreenName, () => Promise<ScreenModule>> = {
  'login-screen': () => import('./screens/login-screen'),
  'otp-screen': () => import('./screens/otp-screen'),
  'personal-data-screen': () => import('./screens/personal-data-screen'),
  'qr-screen': () => import('./screens/qr-screen'),
  'my-tickets-screen': () => import('./screens/my-tickets-screen'),
  'ticket-screen': () => import('./screens/ticket-screen'),
  'redeem-screen': () => import('./screens/redeem-screen'),
  'settings-screen': () => import('./screens/settings-screen'),
  'gift-screen': () => import('./screens/gift-screen'),
  'resell-screen': () => import('./screens/resell-screen'),
  'swap-screen': () => import('./screens/swap-screen'),
  'hub-screen': () => import('./screens/hub-screen'),
};

const loaded = new Map<ScreenName, ComponentType>();
const loading = new Map<ScreenName, Promise<ComponentType>>();

/** Loads a screen's chunk once (a failed load may be tried again). */
export function loadScreen(name: ScreenName): Promise<ComponentType> {
  const known = loaded.get(name);
  if (known) return Promise.resolve(known);
  let pending = loading.get(name);
  if (!pending) {
    pending = screenModules[name]().then(
      (module) => {
        loaded.set(name, module.default);
        loading.delete(name);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, pending);
  }
  return pending;
}

/** Every screen's chunk (tests load them up front, so a screen renders in the frame its panel opens). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all((Object.keys(screenModules) as ScreenName[]).map((name) => loadScreen(name)));
}

/** Fetches every screen's and flow's chunk and the toasts' when the browser is idle, so later panels open at once. */
export function prefetchScreens(): void {
  const fetchAll = () => {
    for (const name of Object.keys(screenModules) as ScreenName[]) loadScreen(name).catch(() => {});
    prefetchFlows();
    loadToasts().catch(() => {});
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchAll, { timeout: 5000 });
  else setTimeout(fetchAll, 1500);
}

export type ScreenState = { status: 'loading' } | { status: 'ready'; Screen: ComponentType } | { status: 'failed'; retry: () => void };

/** The screen of a panel, once its chunk is here (`wanted` false: not needed yet, nothing is loaded). */
export function useScreen(name: ScreenName, wanted = true): ScreenState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ScreenState>(() => {
    const Screen = loaded.get(name);
    return Screen ? { status: 'ready', Screen } : { status: 'loading' };
  });
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  useEffect(() => {
    const Screen = loaded.get(name);
    if (Screen) {
      setState({ status: 'ready', Screen });
      return;
    }
    if (!wanted) return;
    let current = true;
    setState({ status: 'loading' });
    loadScreen(name).then(
      (module) => current && setState({ status: 'ready', Screen: module }),
      () => current && setState({ status: 'failed', retry }),
    );
    return () => {
      current = false;
    };
  }, [name, wanted, attempt, retry]);
  return state;
}
