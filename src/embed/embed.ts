// dist/embed.js, the one script host pages include: <script src="https://wallet.example/embed.js"
// data-api-base="…" data-org-name="…" data-org-logo="…" data-site-url="…"></script>. It is only the loader
// (loader.ts). The app (wallet-app.ts: React, the machines, every screen) is a second, content-hashed bundle
// beside it, which the loader injects when the wallet opens.
import { loadAppScript, startLoader } from './loader';

// currentScript is only set while a classic script first runs, so read it before anything waits.
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;

// Parcel builds wallet-app.ts as its own bundle and puts its URL here. Only the file name is taken: it is resolved
// against this script's own URL, so the app comes from wherever embed.js came from, whatever the page's origin.
const builtAppUrl = new URL('./wallet-app.ts', import.meta.url).href;
const appFile = builtAppUrl.slice(builtAppUrl.lastIndexOf('/') + 1);
const appUrl = script?.src ? new URL(appFile, script.src).href : builtAppUrl;

// Included twice, the page still gets one wallet: two would fight over the URL.
window.TicketWallet ??= startLoader({ script, loadApp: () => loadAppScript(appUrl, script?.nonce) });
