// Every effect the wallet's machines have on the browser, behind one interface so tests can replace it
// (createWallet in machines/wallet.ts provides these to the machines' named actions and actors).
import { memoryStorage, type KeyValueStorage } from './storage-keys';

export interface BrowserLocationParts {
  pathname: string;
  search: string;
  hash: string;
}

export interface WalletPlatform {
  storage: KeyValueStorage;
  location(): BrowserLocationParts;
  /** history.pushState: a new entry (panel changes). */
  pushUrl(url: string): void;
  /** history.replaceState: the panel guard's redirects. */
  replaceUrl(url: string): void;
  historyBack(): void;
  /** Calls `listener` on browser back/forward; answers the unsubscribe function. */
  onPopState(listener: () => void): () => void;
  scrollToTop(): void;
  /** The host page stops scrolling while the wallet is open; unlock restores what the page had. */
  lockPageScroll(): void;
  unlockPageScroll(): void;
  /** A full navigation (language change, the swap's checkout page). */
  loadUrl(url: string): void;
  /** The whole address of the page the wallet is on (where the swap's checkout comes back to). */
  pageUrl?(): string;
  /** The ticket site's base address (configured, else the page's origin): its checkout page lives there. */
  siteUrl?(): string;
  reload(): void;
  /** The person asked the OS for less motion: animations that gate a state change end at once. */
  prefersReducedMotion?(): boolean;
  /**
   * Document visibility (the QR pass polls only while the page is visible): calls `listener` at once with the
   * current visibility, then on every change; answers the unsubscribe function.
   */
  onVisibilityChange?(listener: (visible: boolean) => void): () => void;
  /**
   * Runs `task` once the browser is idle (after `timeout` ms at the latest); answers the cancel function. Where it
   * is missing the wallet downloads nothing ahead.
   */
  whenIdle?(task: () => void, timeout: number): () => void;
  /** Puts text on the clipboard (a benefit's redeem code); rejects when the browser refuses. */
  copyText?(text: string): Promise<void>;
  /** Saves a file the wallet made (a ticket PDF) as a download under this name. */
  saveFile?(file: Blob, name: string): void;
  fetch?: typeof globalThis.fetch;
  /** Whether `fetch` can read a response body as it arrives (the live events stream needs it). */
  canStreamFetch?(): boolean;
  /**
   * Calls `listener` once the wallet's first panel has rendered (at once when it already has); answers the cancel
   * function. What is not needed to draw it (the live stream's chunk) waits for it; without it nothing waits.
   */
  onFirstPanel?(listener: () => void): () => void;
  log?(message: string, error?: unknown): void;
}

export interface BrowserPlatformOptions {
  /** The wallet's own scrolling element (inside its shadow root); the window scrolls when there is none. */
  scrollContainer?: () => Element | null;
  /** The ticket site's base address (the wallet's configuration); the page's origin without one. */
  siteUrl?: string | undefined;
}

/** localStorage, or memory when the browser refuses it (private mode, sandboxed frames). */
function safeLocalStorage(win: Window): KeyValueStorage {
  try {
    const storage = win.localStorage;
    const probe = 'tw.probe';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

export function browserPlatform(win: Window = window, options: BrowserPlatformOptions = {}): WalletPlatform {
  let savedOverflow: string | null = null;
  const root = () => win.document.documentElement;
  return {
    storage: safeLocalStorage(win),
    location: () => ({ pathname: win.location.pathname, search: win.location.search, hash: win.location.hash }),
    pushUrl: (url) => win.history.pushState(win.history.state, '', url),
    replaceUrl: (url) => win.history.replaceState(win.history.state, '', url),
    historyBack: () => win.history.back(),
    onPopState(listener) {
      win.addEventListener('popstate', listener);
      return () => win.removeEventListener('popstate', listener);
    },
    scrollToTop() {
      const container = options.scrollContainer?.();
      if (container) container.scrollTop = 0;
      else win.scrollTo(0, 0);
    },
    lockPageScroll() {
      if (savedOverflow !== null) return;
      savedOverflow = root().style.overflow;
      root().style.overflow = 'hidden';
    },
    unlockPageScroll() {
      if (savedOverflow === null) return;
      root().style.overflow = savedOverflow;
      savedOverflow = null;
    },
    loadUrl: (url) => win.location.assign(url),
    pageUrl: () => win.location.href,
    siteUrl: () => options.siteUrl ?? win.location.origin,
    reload: () => win.location.reload(),
    prefersReducedMotion: () => win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
    onVisibilityChange(listener) {
      const report = () => listener(win.document.visibilityState !== 'hidden');
      report();
      win.document.addEventListener('visibilitychange', report);
      return () => win.document.removeEventListener('visibilitychange', report);
    },
    whenIdle(task, timeout) {
      if (typeof win.requestIdleCallback === 'function') {
        const handle = win.requestIdleCallback(() => task(), { timeout });
        return () => win.cancelIdleCallback(handle);
      }
      const handle = win.setTimeout(task, timeout);
      return () => win.clearTimeout(handle);
    },
    async copyText(text) {
      const clipboard = win.navigator.clipboard;
      if (clipboard?.writeText) return clipboard.writeText(text);
      // Pages served over plain http have no Clipboard API: the old selection-and-copy route still works there.
      const field = win.document.createElement('textarea');
      field.value = text;
      field.setAttribute('readonly', '');
      field.style.cssText = 'position:fixed;top:0;left:0;opacity:0;';
      win.document.body.append(field);
      field.select();
      const copied = win.document.execCommand('copy');
      field.remove();
      if (!copied) throw new Error('platform: the browser refused to copy');
    },
    saveFile(file, name) {
      // A link with `download` saves the blob under the name instead of opening it; the URL is freed once clicked.
      const url = URL.createObjectURL(file);
      const link = win.document.createElement('a');
      link.href = url;
      link.download = name;
      link.rel = 'noopener';
      link.style.display = 'none';
      win.document.body.append(link);
      link.click();
      link.remove();
      win.setTimeout(() => URL.revokeObjectURL(url), 30_000);
    },
    fetch: win.fetch.bind(win),
    canStreamFetch() {
      const scope = win as unknown as typeof globalThis;
      return typeof scope.ReadableStream === 'function' && typeof scope.TextDecoder === 'function' && 'body' in scope.Response.prototype;
    },
    log: (message, error) => console.error(message, error),
  };
}
