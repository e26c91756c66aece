// The loader: everything dist/embed.js does before the app bundle is needed. It reads the script's data
// attributes, creates the host element and its shadow root, draws the plain launcher, and loads the app bundle
// (React, the machines, every screen) only when the wallet opens: a panel parameter in the URL at start or after
// back/forward, a click on the launcher, or window.TicketWallet.open(). Hover, focus or touch on the launcher
// start the download early. No React, zod, xstate or rosetta may be imported here (the e2e tests and the bench
// check the built loader).
import { API_PREFIX } from '../contract/base';
import { type Language, languageOf } from '../contract/languages';
import { readTokens, type SessionTokens, storageKeys, writeTokens } from '../client/storage-keys';
import type { PanelRequest } from '../../machines/wallet';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { configFromScript, localeOf, type WalletConfig } from '../web/script-config';
import { tokensCss } from '../web/tokens-css';
import launcherCss from 'bundle-text:../web/launcher.css';
import { APP_READY_EVENT, APP_SCRIPT_ATTRIBUTE, type AppReadyDetail, HOST_TAG, walletHost } from './host';
import { type PlainLauncher, renderLauncher } from './launcher';
import { isTabName, launcherPanel, urlOpensPanel, urlTab } from './url-panel';
import type { MountedWallet } from './mount';

/** `window.TicketWallet.open(options)`: tab and overlay as in the URL parameters, case-insensitive. */
export interface OpenOptions {
  tab?: string | null;
  overlay?: string | null;
  /**
   * The ticket of the TICKET tab (and of GIFT, SWAP, RESELL): the API's `userTicketId` (a number), or the URL's
   * USER_TICKET_ID value (a string). `userTicketId` is the same option under the URL's name.
   */
  ticketId?: string | number | null;
  userTicketId?: string | number | null;
  settingsTab?: string | null;
  /** With the LOGIN tab: once signed in, the wallet closes and the page is back (the share page's "Sign in to buy"). */
  returnToPage?: boolean;
  /**
   * The wallet's language, `en` or `es` (`es-MX` reads as `es`): it wins over `data-locale` and the path's first
   * segment from now on. A wallet already loaded in another language starts again in this one.
   */
  locale?: string | null;
}

/** `window.TicketWallet.signIn(options)`: the sign-in hand-off. */
export interface SignInOptions {
  /** A sign-in token the host page's server signed for its signed-in user (docs/embedding.md, "Signing in from the host"). */
  token: string;
}

/** What `window.TicketWallet.getState()` answers, at once. */
export interface WalletState {
  /** A panel is open over the page (false until the app has loaded). */
  open: boolean;
  /** The open panel's tab (`QR`, `MY_TICKET`, … as in PANEL_TAB), or null. */
  tab: string | null;
  /** Someone is signed in in the wallet on this site. */
  signedIn: boolean;
}

/** Why `signIn` was refused: `code` is the API's stable error code (`api.auth.sign_in_token_expired`…) or `api.offline`. */
export interface SignInError extends Error {
  code: string;
}

/** What the wallet tells the host page, and what each listener receives. */
export interface WalletEvents {
  /** A panel opened over the page. */
  open: Record<string, never>;
  /** The wallet closed (only the launcher is left). */
  close: Record<string, never>;
  signIn: Record<string, never>;
  signOut: Record<string, never>;
  /** A ticket of the signed-in person changed in the wallet (gifted, swapped, listed, unlisted, redeemed, unlocked). */
  ticketChanged: { tags: string[] };
  /**
   * The wallet's theme changed (its setting, or the system's scheme under "system"), so that the page can follow it.
   * The setting is stored under `theme` in the page origin's localStorage: read it there before the wallet has loaded.
   */
  themeChange: { theme: 'light' | 'dark'; setting: 'light' | 'system' | 'dark' };
}
export type WalletEventName = keyof WalletEvents;
export type WalletListener<E extends WalletEventName> = (detail: WalletEvents[E]) => void;

/** One call of the queue stub: `TicketWallet.push(['open', { tab: 'MY_TICKET' }])`. */
export type QueuedCall = readonly [string, ...unknown[]];

export interface TicketWalletApi {
  /** The embed API's major version, that of the loader path `/v1/embed.js`. */
  readonly version: 1;
  /**
   * Loads the app if it is not loaded yet and opens a panel: without options the entry QR with the HUB, as the
   * launcher does (the panel guard sends a signed-out person to sign-in). Resolves once the wallet has opened it (React
   * draws it in the next few frames).
   */
  open(options?: OpenOptions): Promise<void>;
  /** Closes the wallet's panel (the launcher stays). Nothing to do before the app has loaded. */
  close(): Promise<void>;
  /** Ends the session on the server and forgets it here, as the menu's Logout does; nothing when signed out. */
  logout(): Promise<void>;
  /**
   * Signs the host's user in without a code: exchanges the token the host's server signed for a session of the wallet
   * (a new account on first use). Resolves once signed in (at once when that person already is); rejects with a
   * `SignInError` whose `code` says why (expired, used, another audience, an unknown key…). Needs no app download.
   */
  signIn(options: SignInOptions): Promise<void>;
  /** Whether the wallet is open, on which tab, and whether someone is signed in. */
  getState(): WalletState;
  on<E extends WalletEventName>(event: E, listener: WalletListener<E>): void;
  off<E extends WalletEventName>(event: E, listener: WalletListener<E>): void;
  /** Runs calls written for the queue stub (`[name, ...args]`); the stub's array is replayed through it on load. */
  push(...calls: QueuedCall[]): void;
}

declare global {
  interface Window {
    /** The embed API once the loader ran; before that, the host page's queue stub (an array of calls). */
    TicketWallet?: TicketWalletApi | QueuedCall[];
  }
}

export const walletEventNames: readonly WalletEventName[] = ['open', 'close', 'signIn', 'signOut', 'ticketChanged', 'themeChange'];

export interface LoaderOptions {
  /** The embed script element (document.currentScript), for its data attributes and its own URL. */
  script: HTMLScriptElement | null;
  /** Fetches and runs the app bundle: `loadAppScript(url)` in the browser. */
  loadApp: () => Promise<AppReadyDetail>;
}

/** How many times this page has asked for the app bundle (loadAppScript). */
let appAttempts = 0;

/**
 * Injects the app bundle's <script type="module"> (with the loader's CSP nonce, if any). It resolves with what the
 * app hands back through APP_READY_EVENT on `document`; it rejects when the script fails to load or runs without
 * handing anything back. A failed script is removed, so a later call fetches it again. A module script on another
 * origin is fetched with CORS: the server answers its static files with the API's CORS headers (src/server/app.ts).
 */
export function loadAppScript(url: string, nonce?: string, integrity?: string): Promise<AppReadyDetail> {
  return new Promise((resolve, reject) => {
    const element = document.createElement('script');
    const ready = (event: Event) => resolve((event as CustomEvent<AppReadyDetail>).detail);
    // A browser without module scripts would ignore the element and fire nothing: it gets the launcher's message.
    if (!('noModule' in element)) return reject(new Error('Ticket Wallet: this browser cannot run the wallet (no ES modules)'));
    element.type = 'module';
    // A module whose download failed stays failed in the page's module map (the HTML spec keeps the failure under its
    // URL), so a retry asks for another URL: the same file with a query the server ignores.
    element.src = appAttempts++ ? `${url}${url.includes('?') ? '&' : '?'}retry=${appAttempts}` : url;
    if (nonce) element.nonce = nonce;
    // With the build's hash the browser refuses any other file (an error event: the launcher's message).
    if (integrity) element.integrity = integrity;
    element.crossOrigin = 'anonymous';
    // The app finds its own element by this (its chunks sit beside it, and load with its nonce).
    element.setAttribute(APP_SCRIPT_ATTRIBUTE, '');
    document.addEventListener(APP_READY_EVENT, ready, { once: true });
    // After a successful run the promise is already resolved and this does nothing.
    element.addEventListener('load', () => reject(new Error(`Ticket Wallet: ${url} did not start the app`)));
    element.addEventListener('error', () => {
      document.removeEventListener(APP_READY_EVENT, ready);
      element.remove();
      reject(new Error(`Ticket Wallet: could not load ${url}`));
    });
    document.head.append(element);
  });
}

/** A ticket id as the URL carries it: a number is the API's userTicketId (encoded), a string the URL's own value. */
function urlTicketId(id: string | number | null | undefined): string | null {
  if (id == null) return null;
  return typeof id === 'number' ? encodeUserTicketId(id) : id;
}

/** The panel an open() call asks for; throws on a tab the wallet does not have. */
function panelRequest(options: OpenOptions | undefined): PanelRequest {
  if (!options) return { ...launcherPanel };
  const tab = options.tab ? options.tab.toUpperCase() : null;
  if (tab !== null && !isTabName(tab)) throw new TypeError(`TicketWallet.open: unknown tab "${options.tab}"`);
  return {
    tab,
    overlay: options.overlay?.toUpperCase() === 'HUB' ? 'HUB' : null,
    userTicketId: urlTicketId(options.ticketId ?? options.userTicketId),
    settingsTab: options.settingsTab ?? null,
    ...(options.returnToPage ? { returnToPage: true } : {}),
  };
}

/** Web Storage may throw (a sandboxed frame, storage blocked): then nothing is stored. */
function stored<T>(read: (storage: Storage) => T, fallback: T): T {
  try {
    return read(window.localStorage);
  } catch {
    return fallback;
  }
}

/** The `email` claim of a JWT, read without checking it: only to tell whether that person is signed in already. */
function emailClaim(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

const signInError = (code: string, message: string): SignInError => Object.assign(new Error(`Ticket Wallet: sign-in refused (${code}): ${message}`), { code });

/** POST /v1/auth/exchangeSignInToken: the host's token for a session of the wallet. */
async function exchangeSignInToken(apiBase: string, token: string, locale: Language, previousRefreshToken?: string): Promise<SessionTokens> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${API_PREFIX}/auth/exchangeSignInToken`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ token, locale, ...(previousRefreshToken ? { previousRefreshToken } : {}) }),
    });
  } catch (error) {
    throw Object.assign(signInError('api.offline', 'the wallet could not be reached'), { cause: error });
  }
  const body = (await response.json().catch(() => ({}))) as Partial<SessionTokens> & { code?: string; message?: string };
  if (!response.ok || !body.accessToken || !body.refreshToken) {
    throw signInError(body.code ?? 'api.request_failed', body.message ?? `HTTP ${response.status}`);
  }
  return { accessToken: body.accessToken, refreshToken: body.refreshToken };
}

export function startLoader({ script, loadApp }: LoaderOptions): TicketWalletApi {
  let config: WalletConfig = configFromScript(script, window.location.href);
  if (script?.dataset.locale && !config.locale) console.error(`Ticket Wallet: data-locale "${script.dataset.locale}" is not a language of the wallet (en, es)`);
  /** The host's language, else the path's; open({ locale }) changes it. */
  let language: Language = config.locale ?? languageOf(window.location.pathname);
  /** The app once it has mounted (getState, the hand-off). */
  let mounted: MountedWallet | undefined;
  let stopObserving: (() => void) | undefined;
  /** The hand-off under way: the app mounts once it is done, so it starts signed in. */
  let handingOver: Promise<void> = Promise.resolve();
  /** Why the last hand-off failed, told in the wallet when it opens (a toast in the person's language). */
  let pendingNotice: string | undefined;
  let launcher: PlainLauncher | undefined;
  let shadowRoot: ShadowRoot | undefined;
  let host: HTMLElement | undefined;
  let app: Promise<AppReadyDetail> | undefined;
  let mounting: Promise<MountedWallet> | undefined;
  let pendingOpen: PanelRequest | undefined;
  const listeners = new Map<WalletEventName, Set<(detail: never) => void>>();
  const emit = (name: WalletEventName, detail: unknown) => {
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        listener(detail as never);
      } catch (error) {
        console.error(`Ticket Wallet: a "${name}" listener failed`, error);
      }
    }
  };

  /** Fetches and runs the app bundle once; after a failure the next call tries again. */
  const fetchApp = () =>
    (app ??= loadApp().catch((error: unknown) => {
      app = undefined;
      throw error;
    }));

  const showLauncher = (shadow: ShadowRoot) =>
    renderLauncher(shadow, language, {
      onOpen: () => {
        if (launcher?.isBusy()) return;
        launcher?.setBusy(true);
        ensureApp({ ...launcherPanel }).catch(failed);
      },
      onIntent: () => void fetchApp().catch(() => {}), // a click tries again and reports the failure
    }, script?.nonce || undefined);

  // Only with <body> parsed can the host element go in; a URL that opens a panel fetches the app meanwhile.
  const started = new Promise<void>((resolve) => {
    const start = () => {
      const target = document.querySelector<HTMLElement>(script?.dataset.target || HOST_TAG);
      ({ host, shadow: shadowRoot } = walletHost(target));
      if (!mounting) launcher = showLauncher(shadowRoot);
      resolve();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
  });

  const takePendingOpen = () => {
    const request = pendingOpen;
    pendingOpen = undefined;
    return request;
  };

  /**
   * Whether the wallet opens on sign-in (the frame then shows its words): signed out, every panel but the code's
   * leads there (the panel guard, machines/panel.location.ts).
   */
  const opensSignIn = (request?: PanelRequest): boolean => {
    try {
      if (readTokens(window.localStorage) !== null) return false;
    } catch {
      // Storage refused (a sandboxed frame): the app will say; the frame guesses signed out.
    }
    return (request ? request.tab : urlTab(window.location.search)) !== 'OTP';
  };

  /** Loads and mounts the app once, into the loader's shadow root; then opens what was asked for, if anything. */
  function ensureApp(request?: PanelRequest): Promise<MountedWallet> {
    if (request) pendingOpen = request;
    // The first paint of the wallet does not wait for the app: the loader draws its frame now.
    if (!mounting) void started.then(() => launcher?.showFrame(opensSignIn(request), config.orgName));
    mounting ??= Promise.all([fetchApp(), started, handingOver])
      .then(([{ mountWallet }]) => {
        window.removeEventListener('popstate', onPopState);
        launcher?.dispose();
        launcher = undefined;
        return mountWallet(config, host, {
          open: takePendingOpen(),
          nonce: script?.nonce || undefined,
          tokens: tokensCss,
          launcher: launcherCss,
          language,
        });
      })
      .then((app) => {
        stopObserving = app.observe(emit);
        mounted = app;
        if (pendingNotice) app.notify(pendingNotice);
        pendingNotice = undefined;
        return app;
      })
      .catch((error: unknown) => {
        mounting = undefined;
        pendingOpen = undefined; // the next attempt says again what it opens
        throw error;
      });
    return mounting.then((mounted) => {
      const next = takePendingOpen();
      if (next) mounted.wallet.send({ type: 'panel.open', ...next });
      return mounted;
    });
  }

  /** No silent failure: the launcher comes back (it may not have been drawn yet) with a message beside it. */
  function failed(error: unknown): void {
    console.error('Ticket Wallet: the wallet could not load', error);
    void started.then(() => {
      if (mounting) return; // a later attempt is under way or done
      launcher ??= shadowRoot && showLauncher(shadowRoot);
      launcher?.showError();
    });
  }

  // Back/forward to a URL with a panel: the panel machine reads the location when the app starts.
  function onPopState(): void {
    if (urlOpensPanel(window.location.search)) ensureApp().catch(failed);
  }
  window.addEventListener('popstate', onPopState);
  if (urlOpensPanel(window.location.search)) ensureApp().catch(failed);

  /** A wallet loaded in another language goes, so that the next mount speaks the one asked for. */
  async function switchLanguage(next: Language): Promise<void> {
    if (next === language && config.locale === next) return;
    language = next;
    config = { ...config, locale: next };
    const current = mounting;
    if (!current) return;
    const app = await current.catch(() => undefined);
    if (!app || mounting !== current) return;
    stopObserving?.();
    app.unmount();
    mounted = undefined;
    mounting = undefined;
  }

  /** The hand-off: the host's token for a session (no app needed), then the mounted wallet, if any, is told. */
  function handOver(token: string): Promise<void> {
    const run = (async () => {
      const email = emailClaim(token);
      // That person is signed in here already (a page view after the first): nothing to exchange.
      if (email && stored((storage) => readTokens(storage) !== null && storage.getItem(storageKeys.handedOverEmail) === email, false)) return;
      // Someone else (or the same person by a code) is signed in here: that session ends on the server in the same
      // step, so nothing of it works afterwards, whoever picks up this browser.
      const previous = stored((storage) => readTokens(storage)?.refreshToken, undefined);
      const tokens = await exchangeSignInToken(config.apiBase, token, language, previous);
      if (mounted) mounted.handOver(tokens);
      else stored((storage) => writeTokens(storage, tokens), undefined);
      if (email) stored((storage) => storage.setItem(storageKeys.handedOverEmail, email), undefined);
    })();
    handingOver = run.catch(() => {});
    return run.catch((error: SignInError) => {
      console.error(error);
      if (mounted) mounted.notify(error.code);
      else pendingNotice = error.code;
      throw error;
    });
  }
  if (config.signInToken) void handOver(config.signInToken).catch(() => {}); // logged, and told when the wallet opens

  const api: TicketWalletApi = {
    version: 1,
    open(options) {
      let request: PanelRequest;
      let locale: Language | undefined;
      try {
        request = panelRequest(options);
        locale = options?.locale == null ? undefined : localeOf(options.locale);
        if (options?.locale != null && !locale) throw new TypeError(`TicketWallet.open: unknown locale "${options.locale}" (the wallet speaks en and es)`);
      } catch (error) {
        return Promise.reject(error);
      }
      launcher?.setBusy(true);
      return (locale ? switchLanguage(locale) : Promise.resolve()).then(() => ensureApp(request)).then(
        () => undefined,
        (error: unknown) => {
          failed(error);
          throw error;
        },
      );
    },
    // Before the app is loading nothing is open; while it loads (a panel in the URL), it closes once mounted.
    close: () => (mounting ? mounting.then((mounted) => mounted.close()) : Promise.resolve()),
    logout() {
      let signedIn = false;
      try {
        signedIn = readTokens(window.localStorage) !== null;
      } catch {
        // Storage refused: nothing was stored, so nobody is signed in here.
      }
      if (!mounting && !signedIn) return Promise.resolve();
      return ensureApp().then((app) => app.logout());
    },
    signIn(options) {
      const token = typeof options?.token === 'string' ? options.token.trim() : '';
      if (!token) return Promise.reject(new TypeError('TicketWallet.signIn: a token is required ({ token })'));
      return handOver(token);
    },
    getState() {
      if (mounted) return mounted.getState();
      return { open: false, tab: null, signedIn: stored((storage) => readTokens(storage) !== null, false) };
    },
    on(event, listener) {
      if (!walletEventNames.includes(event)) throw new TypeError(`TicketWallet.on: unknown event "${event}"`);
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (detail: never) => void);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as (detail: never) => void);
    },
    push(...calls) {
      for (const call of calls) runQueued(api, call);
    },
  };
  return api;
}

/** One call of the queue stub; a failure is logged (the page that queued it cannot catch it). */
function runQueued(api: TicketWalletApi, call: QueuedCall): void {
  const [name, ...args] = Array.isArray(call) ? call : [String(call)];
  const method = (api as unknown as Record<string, unknown>)[name];
  if (name === 'push' || name === 'version' || typeof method !== 'function') {
    console.error(`Ticket Wallet: unknown call "${name}" in the queue`);
    return;
  }
  try {
    const result: unknown = method.apply(api, args);
    if (result instanceof Promise) result.catch((error: unknown) => console.error(`Ticket Wallet: ${name} failed`, error));
  } catch (error) {
    console.error(`Ticket Wallet: ${name} failed`, error);
  }
}
