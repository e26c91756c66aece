// The loader: everything dist/embed.js does before the app bundle is needed. It reads the script's data
// attributes, creates the host element and its shadow root, draws the plain launcher, and loads the app bundle
// (React, the machines, every screen) only when the wallet opens: a panel parameter in the URL at start or after
// back/forward, a click on the launcher, or window.TicketWallet.open(). Hover, focus or touch on the launcher
// start the download early. No React, zod, xstate or rosetta may be imported here (the e2e tests and the bench
// check the built loader).
import { languageOf } from '../contract/languages';
import { readTokens } from '../client/storage-keys';
import type { PanelRequest } from '../../machines/wallet';
import { configFromScript } from '../web/script-config';
import { tokensCss } from '../web/tokens-css';
import launcherCss from 'bundle-text:../web/launcher.css';
import { APP_READY_EVENT, type AppReadyDetail, HOST_TAG, walletHost } from './host';
import { type PlainLauncher, renderLauncher } from './launcher';
import { isTabName, launcherPanel, urlOpensPanel, urlTab } from './url-panel';
import type { MountedWallet } from './mount';

/** `window.TicketWallet.open(options)`: tab and overlay as in the URL parameters, case-insensitive. */
export interface OpenOptions {
  tab?: string | null;
  overlay?: string | null;
  userTicketId?: string | null;
  settingsTab?: string | null;
}

export interface TicketWalletApi {
  /**
   * Loads the app if it is not loaded yet and opens a panel: without options the entry QR with the HUB, as the
   * launcher does (the panel guard sends a signed-out person to sign-in). Resolves once the wallet has opened it (React
   * draws it in the next few frames).
   */
  open(options?: OpenOptions): Promise<void>;
}

declare global {
  interface Window {
    TicketWallet?: TicketWalletApi;
  }
}

export interface LoaderOptions {
  /** The embed script element (document.currentScript), for its data attributes and its own URL. */
  script: HTMLScriptElement | null;
  /** Fetches and runs the app bundle: `loadAppScript(url)` in the browser. */
  loadApp: () => Promise<AppReadyDetail>;
}

/**
 * Injects the app bundle's <script> (with the loader's CSP nonce, if any). It resolves with what the app hands
 * back through APP_READY_EVENT; it rejects when the script fails to load or runs without handing anything back.
 * A failed script is removed, so a later call fetches it again.
 */
export function loadAppScript(url: string, nonce?: string): Promise<AppReadyDetail> {
  return new Promise((resolve, reject) => {
    const element = document.createElement('script');
    element.src = url;
    element.async = true;
    if (nonce) element.nonce = nonce;
    element.addEventListener(APP_READY_EVENT, (event) => resolve((event as CustomEvent<AppReadyDetail>).detail), {
      once: true,
    });
    // After a successful run the promise is already resolved and this does nothing.
    element.addEventListener('load', () => reject(new Error(`Ticket Wallet: ${url} did not start the app`)));
    element.addEventListener('error', () => {
      element.remove();
      reject(new Error(`Ticket Wallet: could not load ${url}`));
    });
    document.head.append(element);
  });
}

/** The panel an open() call asks for; throws on a tab the wallet does not have. */
function panelRequest(options: OpenOptions | undefined): PanelRequest {
  if (!options) return { ...launcherPanel };
  const tab = options.tab ? options.tab.toUpperCase() : null;
  if (tab !== null && !isTabName(tab)) throw new TypeError(`TicketWallet.open: unknown tab "${options.tab}"`);
  return {
    tab,
    overlay: options.overlay?.toUpperCase() === 'HUB' ? 'HUB' : null,
    userTicketId: options.userTicketId ?? null,
    settingsTab: options.settingsTab ?? null,
  };
}

export function startLoader({ script, loadApp }: LoaderOptions): TicketWalletApi {
  const config = configFromScript(script, window.location.href);
  const language = languageOf(window.location.pathname);
  let launcher: PlainLauncher | undefined;
  let shadowRoot: ShadowRoot | undefined;
  let host: HTMLElement | undefined;
  let app: Promise<AppReadyDetail> | undefined;
  let mounting: Promise<MountedWallet> | undefined;
  let pendingOpen: PanelRequest | undefined;

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
    mounting ??= Promise.all([fetchApp(), started])
      .then(([{ mountWallet }]) => {
        window.removeEventListener('popstate', onPopState);
        launcher?.dispose();
        launcher = undefined;
        return mountWallet(config, host, { open: takePendingOpen(), nonce: script?.nonce || undefined, tokens: tokensCss, launcher: launcherCss });
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

  return {
    open(options) {
      let request: PanelRequest;
      try {
        request = panelRequest(options);
      } catch (error) {
        return Promise.reject(error);
      }
      launcher?.setBusy(true);
      return ensureApp(request).then(
        () => undefined,
        (error: unknown) => {
          failed(error);
          throw error;
        },
      );
    },
  };
}
