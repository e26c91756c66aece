// Mounts the wallet into an open shadow root: the host page's CSS cannot reach in (`:host { all: initial }`,
// a reset root and px-only sizes) and the wallet's CSS, all of it inside the shadow root, cannot leak out.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createWallet, type Wallet } from '../../machines/wallet';
import { browserPlatform } from '../client/platform';
import { App } from '../web/app';
import { localeFromPath, setLocale } from '../web/i18n';
import { controlsCss } from '../web/styles/controls';
import { layoutCss } from '../web/styles/layout';
import { overlaysCss } from '../web/styles/overlays';
import { screensCss } from '../web/styles/screens';
import { surfacesCss } from '../web/styles/surfaces';
import { tokensCss } from '../web/styles/tokens';
import { showNotification } from '../web/components/toaster';
import type { WalletConfig } from '../web/wallet-config';

export const HOST_TAG = 'ticket-wallet';

/** Every stylesheet of the wallet, in cascade order, for the one <style> in the shadow root. */
export const walletCss = [tokensCss, layoutCss, controlsCss, surfacesCss, overlaysCss, screensCss].join('\n');

export interface MountedWallet {
  host: HTMLElement;
  shadow: ShadowRoot;
  wallet: Wallet;
  unmount: () => void;
}

/** Mounts into `target` (a <ticket-wallet> element appended to <body> when absent). */
export function mountWallet(config: WalletConfig, target?: HTMLElement | null): MountedWallet {
  const host = target ?? document.body.appendChild(document.createElement(HOST_TAG));
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = walletCss;
  const container = document.createElement('div');
  shadow.replaceChildren(style, container);

  // The language is the page's first path segment; changing it reloads the page, so it is fixed per mount.
  setLocale(localeFromPath(window.location.pathname));
  const wallet = createWallet({
    baseUrl: `${config.apiBase}/v1`,
    // The panel, not the host page, is what scrolls while the wallet is open.
    platform: browserPlatform(window, { scrollContainer: () => shadow.querySelector('.tw-panel') }),
    notify: showNotification,
  });
  wallet.start();

  const root = createRoot(container);
  root.render(
    <StrictMode>
      <App config={config} wallet={wallet} />
    </StrictMode>,
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
  };
}
