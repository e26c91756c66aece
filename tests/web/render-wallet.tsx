// Renders the whole wallet (real machines, real API client) at a URL, with the API answered by msw and every
// browser effect on a fake platform; setUpWalletTests gives a test file its msw server and cleans up after each test.
import { panelScreens } from '../../src/web/panels';
import { act, render } from '@testing-library/react';
import { setupServer, type SetupServer } from 'msw/node';
import { toast } from 'react-hot-toast/headless';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createWallet } from '../../machines/create-wallet';
import { type WalletActor } from '../../machines/wallet';
import type { KeyValueStorage } from '../../src/client/storage-keys';
import { App } from '../../src/web/app';
import { i18n } from '../../src/web/i18n';
import { languageOf } from '../../src/contract/languages';
import { showNotification } from '../../src/web/components/toaster';
import { fakePlatform } from '../../machines/models/fake-platform';
import { apiOrigin, qrHandlers } from './fake-api';

export interface RenderedWallet {
  wallet: WalletActor;
  /** The address bar: pathname + search + hash. */
  url: () => string;
  params: () => URLSearchParams;
  platform: ReturnType<typeof fakePlatform>['platform'];
  storage: KeyValueStorage;
  /** Browser back/forward: the browser shows `url` and fires popstate. */
  popTo: (url: string) => void;
  unmount: () => void;
}

export function renderWallet(url: string, storage: Record<string, string> = {}, config: { orgName?: string; siteUrl?: string } = {}): RenderedWallet {
  const fake = fakePlatform({ url: `${apiOrigin}${url}`, storage });
  // The ticket site on another origin than the page when config.siteUrl names one (the swap checkout's hand-over).
  const platform = {
    ...fake.platform,
    ...(config.siteUrl ? { siteUrl: () => config.siteUrl! } : {}),
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
  };
  i18n.locale(languageOf(new URL(url, apiOrigin).pathname));
  const wallet = createWallet({ baseUrl: `${apiOrigin}/v1`, platform, notify: showNotification, screens: panelScreens });
  act(() => wallet.start());
  const view = render(<App config={{ apiBase: apiOrigin, ...config }} wallet={wallet} />);
  return {
    wallet,
    url: fake.url,
    params: () => new URL(fake.url(), apiOrigin).searchParams,
    platform: fake.platform,
    storage: fake.storage,
    popTo: (to) => act(() => fake.popTo(to)),
    unmount: () => {
      view.unmount();
      wallet.stop();
    },
  };
}

export interface WalletTests {
  /** The file's msw server: a request no handler answers fails the test. */
  server: SetupServer;
  /** renderWallet, unmounted after the test. */
  render: typeof renderWallet;
  /** Runs `cleanup` after the test, in the order given, before the toasts and handlers are reset. */
  afterTest: (cleanup: () => void) => void;
}

/**
 * The hooks of a test file that renders the wallet. With `fakeTimeouts`, the machines' timers (the HUB fade, the
 * refresh race) are fake so a test jumps over them, and still advance with real time, so waitFor keeps its timeout.
 */
export function setUpWalletTests(options: { fakeTimeouts?: boolean } = {}): WalletTests {
  // The QR pass answers by default: signed-in paths land on the QR panel, which polls.
  const server = setupServer(...qrHandlers());
  const cleanups: Array<() => void> = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  if (options.fakeTimeouts) {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true, advanceTimeDelta: 1 });
    });
  }
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    act(() => toast.remove());
    server.resetHandlers();
    if (options.fakeTimeouts) vi.useRealTimers();
  });
  afterAll(() => server.close());
  return {
    server,
    render: (...args) => {
      const rendered = renderWallet(...args);
      cleanups.push(rendered.unmount);
      return rendered;
    },
    afterTest: (cleanup) => void cleanups.push(cleanup),
  };
}
