// The wallet's element on the host page and its open shadow root, and the handshake between the two bundles.
// The loader creates the element; the app bundle mounts into the same shadow root later, so the page sees one
// element from first paint to open wallet.

import type { mountWallet } from './mount';

export const HOST_TAG = 'ticket-wallet';

/** The attribute the loader puts on the app's <script>, by which the app finds it (src/embed/chunk-integrity.ts). */
export const APP_SCRIPT_ATTRIBUTE = 'data-ticket-wallet-app';

/**
 * Dispatched on `document` by the app bundle once it has run (src/embed/wallet-app.ts). The app is an ES module, for
 * which `document.currentScript` is null, so it cannot reach its own <script> element.
 */
export const APP_READY_EVENT = 'ticketwallet:app';

/** What the app bundle hands the loader. */
export interface AppReadyDetail {
  mountWallet: typeof mountWallet;
}

export interface WalletHost {
  host: HTMLElement;
  shadow: ShadowRoot;
}

/** `target`, or a <ticket-wallet> element appended to <body>, with its open shadow root. */
export function walletHost(target?: HTMLElement | null): WalletHost {
  const host = target ?? document.body.appendChild(document.createElement(HOST_TAG));
  return { host, shadow: host.shadowRoot ?? host.attachShadow({ mode: 'open' }) };
}
