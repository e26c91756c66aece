// The app's entry (dist/wallet-app.js): React, the machines and the frame; each panel's screen is a chunk it loads
// on demand. The loader injects this script (an ES module: Parcel's `esmodule` output, smaller than a classic script's
// glue, docs/decisions/0086-the-first-panel-the-app-as-an-es-module-and-what-parcels.md) when the wallet opens; it hands mountWallet back through an event on `document`, so the
// two bundles need no global name between them. No zod here or below: the browser
// carries no schemas (docs/decisions/0010-the-browser-carries-no-schemas.md), which also keeps zod's `new Function` probe away from host pages' CSP.
// First: the chunks' integrity check must be in place before anything asks for a chunk.
import './chunk-integrity';
import { APP_READY_EVENT, type AppReadyDetail } from './host';
import { mountWallet } from './mount';

const detail: AppReadyDetail = { mountWallet };
document.dispatchEvent(new CustomEvent(APP_READY_EVENT, { detail }));
