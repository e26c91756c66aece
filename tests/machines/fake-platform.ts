// A WalletPlatform for tests: memory storage, a location that pushUrl/replaceUrl really change, spies for the rest.
import { vi } from 'vitest';
import type { WalletPlatform } from '../../src/client/platform';
import { memoryStorage } from '../../src/client/storage-keys';

export function fakePlatform(options: { url?: string; storage?: Record<string, string> } = {}) {
  const current = new URL(options.url ?? 'https://tickets.test/en/events/spring-fest', 'https://tickets.test');
  const popListeners = new Set<() => void>();
  const storage = memoryStorage(options.storage);
  const setUrl = (url: string) => {
    const next = new URL(url, current);
    current.pathname = next.pathname;
    current.search = next.search;
    current.hash = next.hash;
  };
  const platform = {
    storage,
    location: () => ({ pathname: current.pathname, search: current.search, hash: current.hash }),
    pushUrl: vi.fn(setUrl),
    replaceUrl: vi.fn(setUrl),
    historyBack: vi.fn(),
    onPopState: (listener: () => void) => {
      popListeners.add(listener);
      return () => void popListeners.delete(listener);
    },
    scrollToTop: vi.fn(),
    lockPageScroll: vi.fn(),
    unlockPageScroll: vi.fn(),
    loadUrl: vi.fn(),
    reload: vi.fn(),
    copyText: vi.fn(async (_text: string) => {}),
    log: vi.fn(),
  } satisfies WalletPlatform;
  return {
    platform,
    storage,
    url: () => `${current.pathname}${current.search}${current.hash}`,
    /** The user pressed back/forward and the browser shows `url`. */
    popTo(url: string) {
      setUrl(url);
      for (const listener of popListeners) listener();
    },
  };
}
