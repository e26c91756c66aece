// Subresource Integrity for the screens' chunks. The loader gives the app's own <script> an `integrity`; the app then
// loads each panel's chunk itself, and a dynamic import() cannot carry one. So the build (scripts/finalize-dist.mjs)
// writes every chunk's SHA-256 into this module and turns the chunk loads of Parcel's runtime into calls of the
// function installed here, which adds the chunk as a <script type="module"> with its `integrity` (and the loader's
// nonce): the browser runs a chunk only if it is the very file this build made. A module's evaluation is all Parcel's
// runtime waits for (each chunk registers its modules in Parcel's registry), so the script's load event is enough.
// Imported first by the app's entry, before anything can ask for a chunk. Outside a production build (no manifest),
// nothing is installed and the chunks load as Parcel wrote them.

import { APP_SCRIPT_ATTRIBUTE } from './host';

/** The build writes `{ "login.1a2b3c4d.js": "sha256-…", … }` over this placeholder. */
const MANIFEST = '__TW_CHUNK_INTEGRITY__';

/** Where Parcel's rewritten chunk loads find the function (a registered symbol: no global name on the host page). */
export const CHUNK_LOADER = Symbol.for('ticket-wallet.chunk');

function install(): void {
  if (!/^\{/.test(MANIFEST)) return;
  const hashes = JSON.parse(MANIFEST) as Record<string, string>;
  const app = document.querySelector<HTMLScriptElement>(`script[${APP_SCRIPT_ATTRIBUTE}]`);
  const base = new URL('./', app?.src || document.baseURI).href;
  const nonce = app?.nonce || undefined;
  const loading = new Map<string, Promise<void>>();
  const load = (specifier: string): Promise<void> => {
    const url = new URL(specifier, base).href;
    let pending = loading.get(url);
    if (pending) return pending;
    pending = new Promise<void>((resolve, reject) => {
      const element = document.createElement('script');
      element.type = 'module';
      element.src = url;
      element.crossOrigin = 'anonymous';
      const integrity = hashes[url.slice(base.length).split(/[?#]/)[0] ?? ''];
      if (integrity) element.integrity = integrity;
      if (nonce) element.nonce = nonce;
      element.addEventListener('load', () => resolve());
      element.addEventListener('error', () => {
        loading.delete(url);
        element.remove();
        reject(new Error(`Ticket Wallet: could not load ${url} (a network error, or not the file this build made)`));
      });
      document.head.append(element);
    });
    loading.set(url, pending);
    return pending;
  };
  (globalThis as unknown as Record<symbol, unknown>)[CHUNK_LOADER] = load;
}

install();
