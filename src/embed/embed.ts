// dist/embed.js, the one script host pages include: <script src="https://wallet.example/embed.js"
// data-api-base="…" data-org-name="…" data-org-logo="…" data-site-url="…"></script>. It is only the loader
// (loader.ts). The app (wallet-app.ts: React, the machines, the frame) is a second entry beside it, which the loader
// injects when the wallet opens; the app then loads each panel's screen as a chunk of its own. Everything but this
// loader is content-hashed and cached for good; the loader is short-lived and revalidated with its ETag.
import { loadAppScript, startLoader } from './loader';

// currentScript is only set while a classic script first runs, so read it before anything waits.
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;

// The app comes from wherever embed.js came from, whatever the page's origin. The build gives it a content hash and
// writes that name here (scripts/finalize-dist.mjs). The versioned path /v1/embed.js is this same file: the app
// then sits one folder up, beside /embed.js.
// The pinned loader, /v1/embed/<version>/embed.js, is this file too (immutable; the page may check it with SRI).
const loaderUrl = (script?.src || document.baseURI).replace(/\/v1\/embed(?:\.js|\/[^/?#]+\/embed\.js)(?=[?#]|$)/, '/embed.js');
const appUrl = new URL('wallet-app.js', loaderUrl).href;
// The app's SHA-384, written here by the build like its name: the browser runs the app only if it is that file.
const APP_INTEGRITY = '__TW_APP_INTEGRITY__';
const appIntegrity = /^sha384-/.test(APP_INTEGRITY) ? APP_INTEGRITY : undefined;

// Included twice, the page still gets one wallet: two would fight over the URL. Before the loader, a host page may
// have set the queue stub (`window.TicketWallet = window.TicketWallet || []`) and pushed calls: they run now, in order.
const existing = window.TicketWallet;
if (!existing || Array.isArray(existing)) {
  const api = startLoader({ script, loadApp: () => loadAppScript(appUrl, script?.nonce, appIntegrity) });
  window.TicketWallet = api;
  if (existing) api.push(...existing);
}
