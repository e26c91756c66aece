// Mounts the wallet (in the app bundle, entry wallet-app.ts, which the loader injects on demand) into the open
// shadow root the loader created. The host page's CSS cannot reach in (`:host { all: initial }`, a reset root and
// px-only sizes) and the wallet's CSS, all of it inside the shadow root, cannot leak out.
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createWallet } from '../../machines/create-wallet';
import { type PanelRequest, type WalletActor } from '../../machines/wallet';
import { browserPlatform } from '../client/platform';
import { App } from '../web/app';
import { showNotification } from '../web/components/toaster';
import { loadLocale, localeFromPath, setLocale } from '../web/i18n';
import type { WalletConfig } from '../web/script-config';
import { adoptStyles, registerTokens } from '../web/style-sheets';
import { walletHost } from './host';

export interface MountedWallet {
  host: HTMLElement;
  shadow: ShadowRoot;
  wallet: WalletActor;
  unmount: () => void;
}

export interface MountOptions {
  /** A panel to open at once (the launcher was clicked, or the host page called TicketWallet.open). */
  open?: PanelRequest | undefined;
  /** The embed script's CSP nonce, for the <style> fallback where constructable stylesheets are missing. */
  nonce?: string | undefined;
  /** The tokens sheet (src/web/tokens-css.ts), handed over by the loader, which already carries it. */
  tokens: string;
}

/**
 * Mounts into `target` (a <ticket-wallet> element appended to <body> when absent), replacing whatever its shadow
 * root holds (the loader's plain launcher) in the same frame, once the page's language is loaded.
 */
export async function mountWallet(config: WalletConfig, target: HTMLElement | null | undefined, options: MountOptions): Promise<MountedWallet> {
  // The language is the page's first path segment; changing it reloads the page, so it is fixed per mount.
  const language = localeFromPath(window.location.pathname);
  await loadLocale(language);
  setLocale(language);
  const { host, shadow } = walletHost(target);
  const previous = [...shadow.childNodes];
  if ('adoptedStyleSheets' in shadow) shadow.adoptedStyleSheets = [];
  registerTokens(options.tokens);
  const stopStyles = adoptStyles(shadow, { nonce: options.nonce });
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
    platform: browserPlatform(window, { scrollContainer: () => shadow.querySelector('.tw-panel'), siteUrl: config.siteUrl }),
    notify: showNotification,
  });
  wallet.start();
  if (options.open) wallet.send({ type: 'panel.open', ...options.open });

  const root = createRoot(container);
  // Rendered synchronously and only then the loader's launcher removed, so no frame shows an empty wallet.
  flushSync(() =>
    root.render(
      <StrictMode>
        <App config={config} wallet={wallet} />
      </StrictMode>,
    ),
  );
  for (const node of previous) node.remove();
  return {
    host,
    shadow,
    wallet,
    unmount: () => {
      root.unmount();
      wallet.stop();
      stopStyles();
      shadow.replaceChildren();
    },
  };
}
