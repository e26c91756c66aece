// The app bundle's entry (dist/wallet-app.<hash>.js): React, the machines and every screen. The loader injects this
// script when the wallet opens; it hands mountWallet back through an event on its own <script> element, so the
// two bundles need no global name between them.
import { APP_READY_EVENT, type AppReadyDetail } from './host';
import { mountWallet } from './mount';

const detail: AppReadyDetail = { mountWallet };
document.currentScript?.dispatchEvent(new CustomEvent(APP_READY_EVENT, { detail }));
