// createWallet: the wallet's actor (machines/wallet.ts), not started, with the platform's effects supplied as its
// named actions, the API client built on the platform's fetch, and the machine's input read from the platform.
import { createActor, fromCallback, type InspectionEvent, type Observer } from 'xstate';
import { API_PREFIX } from '../src/contract/base';
import { createApiClient } from '../src/client/client';
import type { WalletPlatform } from '../src/client/platform';
import type { Language } from '../src/contract/languages';
import { forgetTokens, readTokens, writeTokens } from '../src/client/storage-keys';
import { prefetchFlows } from './flows';
import { frameMachine } from './frame';
import type { PanelScreens, Toast } from './services';
import { sessionPort } from './session';
import { HUB_FADE_MS, type WalletActor, walletMachine } from './wallet';

export interface WalletOptions {
  /** The API base, '/v1' by default (an absolute URL when the wallet is embedded on another origin). */
  baseUrl?: string;
  platform: WalletPlatform;
  /** Shows a toast: a locale key and its kind. */
  notify?: (toast: Toast) => void;
  /**
   * Observes every actor of the wallet (XState's inspection API): `?inspect=1` passes the visualiser's publisher.
   * Absent: nothing is observed, and nothing of an inspector is in the bundle.
   */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** More chunks to download ahead, after the panels' (the toasts' view). */
  prefetch?: ReadonlyArray<() => Promise<unknown>>;
  /** The host page's language (`data-locale`, `open({ locale })`); without it, the path's first segment. */
  language?: Language;
  /** The panels' screens (src/web/panels.ts `panelScreens`); without them a panel shows once its flow is here. */
  screens?: PanelScreens;
}

/** How long the first download ahead waits for the browser to be idle, at most. */
export const PREFETCH_IDLE_TIMEOUT_MS = 1500;

/** The wallet's actor (not started), with platform effects supplied from `platform` and the API at `baseUrl`. */
export function createWallet({ baseUrl = API_PREFIX, platform, notify = () => {}, inspect, prefetch = [], language, screens }: WalletOptions): WalletActor {
  let wallet: WalletActor | undefined;
  const api = createApiClient({
    baseUrl,
    fetch: platform.fetch,
    session: sessionPort(() => wallet?.system.get('session')),
    language: () => wallet?.getSnapshot().context.language,
  });
  wallet = createActor(
    walletMachine.provide({
      actions: {
        pushUrl: (_, { url }) => platform.pushUrl(url),
        replaceUrl: (_, { url }) => platform.replaceUrl(url),
        historyBack: () => platform.historyBack(),
        scrollToTop: () => platform.scrollToTop(),
        lockPageScroll: () => platform.lockPageScroll(),
        unlockPageScroll: () => platform.unlockPageScroll(),
        loadUrl: (_, { url }) => platform.loadUrl(url),
        reload: () => platform.reload(),
        persistTokens: (_, tokens) => writeTokens(platform.storage, tokens),
        forgetTokens: () => forgetTokens(platform.storage),
        clearCache: () => api.cache.clear(),
      },
      actors: {
        frame: frameMachine.provide({ actions: { showToasts: (_, { toasts }) => toasts.forEach((toast) => notify(toast)) } }),
        prefetchChunks: fromCallback(({ receive }) => {
          // Once: every later panel finds its chunks here.
          let stop: (() => void) | undefined;
          receive(() => {
            const { whenIdle } = platform;
            if (whenIdle) stop ??= prefetchFlows((next) => whenIdle(next, PREFETCH_IDLE_TIMEOUT_MS), prefetch, screens);
          });
          return () => stop?.();
        }),
      },
      delays: { hubFade: () => (platform.prefersReducedMotion?.() ? 0 : HUB_FADE_MS) },
    }),
    {
      systemId: 'wallet',
      inspect,
      input: { location: platform.location(), tokens: readTokens(platform.storage), services: { api, platform, screens }, language },
    },
  );
  return wallet;
}
