// The embed API for sites built with a bundler (React, Vue, Svelte…), as @stripe/stripe-js is for Stripe.js:
// `loadTicketWallet({ src })` adds the loader's script tag once and resolves with the typed `window.TicketWallet`.
// It imports nothing of the wallet: the wallet itself always comes from the wallet's server (docs/embedding.md).
import type { QueuedCall, TicketWalletApi } from './loader';

export type { OpenOptions, QueuedCall, SignInError, SignInOptions, TicketWalletApi, WalletEventName, WalletEvents, WalletListener, WalletState } from './loader';

export interface LoadOptions {
  /** The loader's URL, e.g. `https://wallet.example.com/v1/embed.js`. */
  src: string;
  /** The script tag's data attributes (docs/embedding.md): data-api-base, data-org-name… */
  apiBase?: string;
  orgName?: string;
  orgLogo?: string;
  siteUrl?: string;
  helpUrl?: string;
  target?: string;
  /** The organisation's country (ISO 3166 alpha-2): the phone number's default country. */
  orgCountry?: string;
  /** The wallet's language (`en`, `es`), over the path's first segment. */
  locale?: string;
  /** A sign-in token the site's server signed for its signed-in user (the hand-off, docs/embedding.md). */
  signInToken?: string;
  /** The page's CSP nonce, for a page with a nonce-based Content-Security-Policy. */
  nonce?: string;
  /**
   * The pinned loader's Subresource Integrity hash (`sha384-…`, published for each release): with `src` pointing at
   * `/v1/embed/<version>/embed.js`, the browser runs the loader only if it is that very file.
   */
  integrity?: string;
}

const dataAttributes = {
  apiBase: 'apiBase',
  orgName: 'orgName',
  orgLogo: 'orgLogo',
  orgCountry: 'orgCountry',
  siteUrl: 'siteUrl',
  helpUrl: 'helpUrl',
  target: 'target',
  locale: 'locale',
  signInToken: 'signInToken',
} as const;

const isLoaded = (value: Window['TicketWallet']): value is TicketWalletApi => !!value && !Array.isArray(value);

let loading: Promise<TicketWalletApi> | undefined;

/**
 * Adds the loader's script (once per page; a tag already on the page with the same src is reused) and resolves with
 * the embed API once it has run. Calls queued on `window.TicketWallet` before that run in order when it arrives.
 */
export function loadTicketWallet(options: LoadOptions): Promise<TicketWalletApi> {
  if (isLoaded(window.TicketWallet)) return Promise.resolve(window.TicketWallet);
  loading ??= new Promise<TicketWalletApi>((resolve, reject) => {
    window.TicketWallet ??= [];
    const existing = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find((script) => script.src === new URL(options.src, document.baseURI).href);
    const script = existing ?? document.createElement('script');
    const settle = () => (isLoaded(window.TicketWallet) ? resolve(window.TicketWallet) : reject(new Error(`Ticket Wallet: ${options.src} did not start`)));
    script.addEventListener('load', settle, { once: true });
    script.addEventListener('error', () => reject(new Error(`Ticket Wallet: could not load ${options.src}`)), { once: true });
    if (!existing) {
      script.src = options.src;
      if (options.nonce) script.nonce = options.nonce;
      if (options.integrity) {
        script.integrity = options.integrity;
        script.crossOrigin = 'anonymous';
      }
      for (const [option, name] of Object.entries(dataAttributes)) {
        const value = options[option as keyof typeof dataAttributes];
        if (value) script.dataset[name] = value;
      }
      document.head.append(script);
    }
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The queue: `queue(['open', { tab: 'MY_TICKET' }])` runs now when the loader has run, else once it has, without
 * waiting for a promise (a click handler that must not await the download).
 */
export function queue(...calls: QueuedCall[]): void {
  const current = (window.TicketWallet ??= []);
  // The loaded API's push runs them; the stub's array keeps them for the loader.
  if (isLoaded(current)) current.push(...calls);
  else current.push(...calls);
}
