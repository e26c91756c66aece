// Mounts the wallet (in the app bundle, entry wallet-app.ts, which the loader injects on demand) into the open
// shadow root the loader created. The host page's CSS cannot reach in (`:host { all: initial }`, a reset root and
// px-only sizes) and the wallet's CSS, all of it inside the shadow root, cannot leak out.
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { PanelEvent } from '../../machines/panel';
import { createWallet, type Wallet } from '../../machines/wallet';
import { browserPlatform } from '../client/platform';
import { App } from '../web/app';
import { showNotification } from '../web/components/toaster';
import { localeFromPath, setLocale } from '../web/i18n';
import type { WalletConfig } from '../web/script-config';
import { benefitsCss } from '../web/styles/benefits';
import { controlsCss } from '../web/styles/controls';
import { launcherCss } from '../web/styles/launcher';
import { layoutCss } from '../web/styles/layout';
import { overlaysCss } from '../web/styles/overlays';
import { screensCss } from '../web/styles/screens';
import { qrCss } from '../web/styles/qr';
import { surfacesCss } from '../web/styles/surfaces';
import { ticketDetailCss } from '../web/styles/ticket-detail';
import { ticketsCss } from '../web/styles/tickets';
import { tokensCss } from '../web/styles/tokens';
import { walletHost } from './host';

/** Every stylesheet of the wallet, in cascade order, for the one <style> in the shadow root. */
export const walletCss = [
  tokensCss,
  layoutCss,
  launcherCss,
  controlsCss,
  surfacesCss,
  overlaysCss,
  screensCss,
  qrCss,
  ticketsCss,
  ticketDetailCss,
  benefitsCss,
].join('\n');

export interface MountedWallet {
  host: HTMLElement;
  shadow: ShadowRoot;
  wallet: Wallet;
  unmount: () => void;
}

export interface MountOptions {
  /** A panel to open at once (the launcher was clicked, or the host page called TicketWallet.open). */
  open?: Omit<Extract<PanelEvent, { type: 'panel.open' }>, 'type'> | undefined;
}

/**
 * Mounts into `target` (a <ticket-wallet> element appended to <body> when absent), replacing whatever its shadow
 * root holds (the loader's plain launcher) in the same frame.
 */
export function mountWallet(config: WalletConfig, target?: HTMLElement | null, options: MountOptions = {}): MountedWallet {
  const { host, shadow } = walletHost(target);
  const previous = [...shadow.childNodes];
  const style = document.createElement('style');
  style.textContent = walletCss;
  const container = document.createElement('div');
  shadow.append(style, container);

  // The language is the page's first path segment; changing it reloads the page, so it is fixed per mount.
  setLocale(localeFromPath(window.location.pathname));
  const wallet = createWallet({
    baseUrl: `${config.apiBase}/v1`,
    // The panel, not the host page, is what scrolls while the wallet is open.
    platform: browserPlatform(window, { scrollContainer: () => shadow.querySelector('.tw-panel') }),
    notify: showNotification,
  });
  wallet.start();
  if (options.open) wallet.panel.send({ type: 'panel.open', ...options.open });

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
      shadow.replaceChildren();
    },
  };
}
