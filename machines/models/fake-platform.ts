// A WalletPlatform for tests: memory storage, a location that pushUrl/replaceUrl really change, spies for the rest.
import { vi } from 'vitest';
import type { WalletServices } from '../services';
import type { SessionActor } from '../session';
import type { WalletActor } from '../wallet';
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
    pageUrl: () => current.href,
    siteUrl: () => current.origin,
    reload: vi.fn(),
    copyText: vi.fn(async (_text: string) => {}),
    saveFile: vi.fn((_file: Blob, _name: string) => {}),
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

/**
 * What a flow is given to reach the world, for tests: a fake platform over memory storage and, unless one is given,
 * an API client nobody may call (tests replace the flow's actors with controlled mocks).
 */
export function testServices(options: { storage?: Record<string, string>; api?: WalletServices['api'] } = {}): WalletServices & {
  fake: ReturnType<typeof fakePlatform>;
} {
  const fake = fakePlatform({ storage: options.storage });
  const refuse = (name: string) => () => {
    throw new Error(`the API was used (${name}) in a test that mocks the flow's actors`);
  };
  const api = options.api ?? ({ call: refuse('call'), onInvalidate: refuse('onInvalidate'), cache: {} } as unknown as WalletServices['api']);
  return { api, platform: fake.platform, fake };
}

/** The API client a wallet actor hands its flows. */
export const apiOf = (wallet: WalletActor) => wallet.getSnapshot().context.services.api;

/** The session child of a signed-in wallet (it exists only while signed in). */
export function sessionOf(wallet: WalletActor): SessionActor {
  const session = wallet.getSnapshot().children.session;
  if (!session) throw new Error('the wallet is signed out: no session');
  return session;
}
