// Mounts the wallet (in the app bundle, entry wallet-app.ts, which the loader injects on demand) into the open
// shadow root the loader created. The host page's CSS cannot reach in (`:host { all: initial }`, a reset root and
// px-only sizes) and the wallet's CSS, all of it inside the shadow root, cannot leak out.
import { panelScreens } from '../web/panels';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createWallet } from '../../machines/create-wallet';
import { type PanelRequest, type WalletActor } from '../../machines/wallet';
import { browserPlatform } from '../client/platform';
import { App } from '../web/app';
import { afterFirstPanel } from '../web/first-panel';
import { showNotification } from '../web/components/toaster';
import { loadPart } from '../web/view-parts';
import { i18n, loadStrings } from '../web/i18n';
import type { WalletConfig } from '../web/script-config';
import { adoptStyles, registerStyles, registerTokens } from '../web/style-sheets';
import { watchTheme } from '../web/theme';
import { walletHost } from './host';
import type { WalletEventName, WalletState } from './loader';
import type { SessionTokens } from '../client/storage-keys';
import { type Language, languageOf } from '../contract/languages';
import { currentRoute } from '../../machines/wallet.setup';
import { addRoutes } from '../client/client';
import { compactRoutes } from '../contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('logout'));

export interface MountedWallet {
  host: HTMLElement;
  shadow: ShadowRoot;
  wallet: WalletActor;
  unmount: () => void;
  /** Tells `emit` what happens from now on: open/close, signIn/signOut, ticketChanged, themeChange (the embed API's events). */
  observe: (emit: (event: WalletEventName, detail: unknown) => void) => () => void;
  close: () => void;
  logout: () => Promise<void>;
  /** The host page signed its user in (src/embed/loader.ts exchanged the token): the wallet takes that session. */
  handOver: (tokens: SessionTokens) => void;
  /** Tells the person something in a toast (a locale key: why a hand-off failed). */
  notify: (key: string) => void;
  /** Open, which tab, signed in: `TicketWallet.getState()`. */
  getState: () => WalletState;
}

/** Cache tags whose invalidation means a ticket of the signed-in person changed. */
const TICKET_TAGS = ['TICKETS', 'SINGLE_TICKET', 'LISTED_TICKETS'] as const;

export interface MountOptions {
  /** A panel to open at once (the launcher was clicked, or the host page called TicketWallet.open). */
  open?: PanelRequest | undefined;
  /** The embed script's CSP nonce, for the <style> fallback where constructable stylesheets are missing. */
  nonce?: string | undefined;
  /** The tokens sheet (src/web/tokens-css.ts), handed over by the loader, which already carries it. */
  tokens: string;
  /** The launcher's sheet (src/web/launcher.css), handed over by the loader, which draws the launcher first. */
  launcher: string;
  /** The host page's language (data-locale, open({ locale })); without it, the path's first segment. */
  language?: Language | undefined;
}

/**
 * Mounts into `target` (a <ticket-wallet> element appended to <body> when absent), replacing whatever its shadow
 * root holds (the loader's plain launcher) in the same frame, once the page's language is loaded.
 */
export async function mountWallet(config: WalletConfig, target: HTMLElement | null | undefined, options: MountOptions): Promise<MountedWallet> {
  // The language is the host's choice or the page's first path segment; it is fixed per mount (the footer's
  // selector reloads the page with another segment; the host that chose one mounts the wallet again).
  const language = options.language ?? languageOf(window.location.pathname);
  await loadStrings(language);
  i18n.locale(language);
  // The boot is split into tasks short enough for a phone (docs/performance.md, "Lighthouse"): the bundle's own
  // evaluation, then the wallet's machines and their first transitions, then React's first render in slices.
  await yieldToMain();
  const { host, shadow } = walletHost(target);
  const previous = [...shadow.childNodes];
  registerTokens(options.tokens);
  registerStyles(options.launcher);
  const container = document.createElement('div');
  shadow.append(container);

  // Live inspection for the statechart visualiser: its tiny module loads only when asked for and allowed.
  const inspect =
    (process.env.NODE_ENV !== 'production' || config.inspect) && new URLSearchParams(window.location.search).get('inspect') === '1'
      ? (await import('../visualizer/inspect')).createInspector()
      : undefined;
  const wallet = createWallet({
    inspect,
    baseUrl: `${config.apiBase}/v1`,
    // The panel, not the host page, is what scrolls while the wallet is open.
    // The live stream's chunk waits for the first panel (src/web/first-panel.ts marks it).
    platform: {
      ...browserPlatform(window, { scrollContainer: () => shadow.querySelector('.tw-panel'), siteUrl: config.siteUrl }),
      onFirstPanel: afterFirstPanel,
    },
    notify: showNotification,
    prefetch: [() => loadPart('toasts')],
    screens: panelScreens,
    ...(config.locale ? { language } : {}),
  });
  wallet.start();
  if (options.open) wallet.send({ type: 'panel.open', ...options.open });
  await yieldToMain();

  const root = createRoot(container);
  // Rendered as a transition, so React yields to the browser while it renders (it commits a few frames after this
  // resolves). The wallet's style sheets replace the loader's, and its launcher goes, in the commit that shows the
  // wallet (a layout effect, before the browser paints and before the wallet's own layout effects): no frame shows
  // an empty wallet or a restyled launcher.
  startTransition(() =>
    root.render(
      <StrictMode>
        <OnCommit
          run={() => {
            if ('adoptedStyleSheets' in shadow) shadow.adoptedStyleSheets = [];
            const stopStyles = adoptStyles(shadow, { nonce: options.nonce });
            for (const node of previous) node.remove();
            return stopStyles;
          }}
        />
        <App config={config} wallet={wallet} />
      </StrictMode>,
    ),
  );
  return {
    host,
    shadow,
    wallet,
    unmount: () => {
      root.unmount();
      wallet.stop();
      shadow.replaceChildren();
    },
    observe: (emit) => observeWallet(wallet, emit),
    close: () => wallet.send({ type: 'panel.close' }),
    handOver: (tokens) => wallet.send({ type: 'session.handedOver', ...tokens }),
    notify: (key) => wallet.send({ type: 'notify', kind: 'error', key }),
    getState: () => {
      const snapshot = wallet.getSnapshot();
      const open = snapshot.matches({ panel: 'open' });
      return { open, tab: open ? currentRoute(snapshot.context).tab : null, signedIn: snapshot.matches({ session: 'signedIn' }) };
    },
    async logout() {
      const snapshot = wallet.getSnapshot();
      if (!snapshot.matches({ session: 'signedIn' })) return;
      // As the menu's Logout: a failed call is logged and the wallet forgets the session all the same.
      await snapshot.context.services.api.call('logout').catch((error: unknown) => console.error('Ticket Wallet: logout failed', error));
      wallet.send({ type: 'session.signOut' });
    },
  };
}

/**
 * The embed API's events from the wallet's state: open/close from the router, signIn/signOut from the session region
 * (the state at the time of the call counts as already told, except an open panel: the loader had shown none), and
 * ticketChanged from the query cache, whose ticket tags a mutation invalidates, and themeChange from the theme setting.
 */
function observeWallet(wallet: WalletActor, emit: (event: WalletEventName, detail: unknown) => void): () => void {
  let open = false;
  let signedIn = wallet.getSnapshot().matches({ session: 'signedIn' });
  const check = () => {
    const snapshot = wallet.getSnapshot();
    const nowSignedIn = snapshot.matches({ session: 'signedIn' });
    const nowOpen = snapshot.matches({ panel: 'open' });
    if (nowSignedIn !== signedIn) emit((signedIn = nowSignedIn) ? 'signIn' : 'signOut', {});
    if (nowOpen !== open) emit((open = nowOpen) ? 'open' : 'close', {});
  };
  const subscription = wallet.subscribe(check);
  check();
  // A resync after the live stream (re)connected reads again without anything known to have changed: not told.
  const stopCache = wallet.getSnapshot().context.services.api.cache.onInvalidate(TICKET_TAGS, (tags, { resync }) => {
    if (!resync) emit('ticketChanged', { tags });
  });
  const stopTheme = watchTheme((detail) => emit('themeChange', detail));
  return () => {
    subscription.unsubscribe();
    stopCache();
    stopTheme();
  };
}

/** Lets the browser run what waits (input, paint) before the next step. */
const yieldToMain = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs `run` in the commit that first shows the tree it opens (its answer runs when the tree unmounts). */
function OnCommit({ run }: { run: () => () => void }): null {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, in the first commit; a new `run` on a later render must not run again
  useLayoutEffect(run, []);
  return null;
}
