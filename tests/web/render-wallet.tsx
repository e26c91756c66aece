// Renders the whole wallet (real machines, real API client) at a URL, with the API answered by msw and every
// browser effect on a fake platform.
import { act, render } from '@testing-library/react';
import { createWallet, type Wallet } from '../../machines/wallet';
import type { KeyValueStorage } from '../../src/client/storage-keys';
import { App } from '../../src/web/app';
import { localeFromPath, setLocale } from '../../src/web/i18n';
import { showNotification } from '../../src/web/components/toaster';
import { fakePlatform } from '../machines/fake-platform';
import { apiOrigin } from './fake-api';

export interface RenderedWallet {
  wallet: Wallet;
  /** The address bar: pathname + search. */
  url: () => string;
  params: () => URLSearchParams;
  platform: ReturnType<typeof fakePlatform>['platform'];
  storage: KeyValueStorage;
  unmount: () => void;
}

export function renderWallet(url: string, storage: Record<string, string> = {}, config: { orgName?: string; siteUrl?: string } = {}): RenderedWallet {
  const fake = fakePlatform({ url: `${apiOrigin}${url}`, storage });
  const platform = { ...fake.platform, fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) };
  setLocale(localeFromPath(new URL(url, apiOrigin).pathname));
  const wallet = createWallet({ baseUrl: `${apiOrigin}/v1`, platform, notify: showNotification });
  act(() => wallet.start());
  const view = render(<App config={{ apiBase: apiOrigin, ...config }} wallet={wallet} />);
  return {
    wallet,
    url: fake.url,
    params: () => new URL(fake.url(), apiOrigin).searchParams,
    platform: fake.platform,
    storage: fake.storage,
    unmount: () => {
      view.unmount();
      wallet.stop();
    },
  };
}
