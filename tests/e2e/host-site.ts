// The ticket site the e2e tests open the wallet on: a plain page on a second origin (another port, and `localhost`
// where the wallet's server is `127.0.0.1`), which includes the loader from the wallet's server exactly as an
// organiser's site does (docs/embedding.md). The wallet's server allows this origin and no other (ALLOWED_ORIGINS),
// so every request the wallet makes crosses origins as on a real site: CORS, preflights and all. The demo site's own
// pages (the share page, the checkout, the door) stay on the wallet's origin: they are ours.
//
// Tests that need a page of their own (a hostile stylesheet, a strict CSP, a pinned loader) register it here
// (`registerHostPage`) and open it on the same origin: the one the server allows.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';

export interface HostSite {
  /** `http://localhost:<port>`: another origin than the wallet's `http://127.0.0.1:<port>`. */
  origin: string;
  /** The wallet server whose loader the default page includes (known once that server has its port). */
  setWallet(url: string): void;
  close(): Promise<void>;
}

/** A page a test registers: its HTML and the headers it is served with (a Content-Security-Policy, say). */
export interface HostPage {
  html: string;
  headers?: Record<string, string>;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The site's page: a header and a paragraph, and the embed snippet of docs/embedding.md with the demo organisation's
 * name, logo and country. "Get the app" and the help centre lead to the demo site (the organisation's main site).
 */
export function defaultHostPage(walletUrl: string, lang: string): string {
  const wallet = escapeAttribute(walletUrl);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Harbour Lights Festival · Tickets</title>
<style>body { margin: 0; font: 16px/1.5 Georgia, serif; color: #222; background: #f4efe6; } main { max-width: 640px; margin: 0 auto; padding: 48px 24px; }</style>
</head>
<body>
<main><h1>Harbour Lights Festival</h1><p>Tickets for the harbour's summer nights.</p></main>
<script src="${wallet}/v1/embed.js" data-api-base="${wallet}" data-org-name="Harbour Lights Festival"
  data-org-logo="${wallet}/assets/demo/harbour-lights-logo.svg" data-org-country="AU" data-site-url="${wallet}" defer></script>
</body>
</html>`;
}

/** Starts the site on a free port; its default page names the wallet once `setWallet` was called. */
export async function startHostSite(): Promise<HostSite> {
  let walletUrl: string | undefined;
  const pages = new Map<string, HostPage>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (request.method === 'POST' && url.pathname === '/__pages') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const id = randomUUID();
        pages.set(id, JSON.parse(body) as HostPage);
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
      });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return void response.writeHead(405).end();
    if (url.pathname === '/favicon.ico') return void response.writeHead(204).end();
    const registered = pages.get(url.searchParams.get('page') ?? '');
    if (url.searchParams.has('page') && !registered) return void response.writeHead(404).end('no such page');
    if (!registered && !walletUrl) return void response.writeHead(503).end('the wallet server is not running yet');
    const lang = /^\/es(?:\/|$)/.test(url.pathname) ? 'es' : 'en';
    const html = registered?.html ?? defaultHostPage(walletUrl!, lang);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...registered?.headers }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    setWallet(url) {
      walletUrl = url;
      hostOrigins.set(url, origin);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Each wallet server's host site, in this process (servers a test file started itself). */
const hostOrigins = new Map<string, string>();

/** The host site's origin for the wallet server at `walletUrl`: one this process started, or the shared one. */
export function hostOriginOf(walletUrl: string): string {
  const own = hostOrigins.get(walletUrl);
  if (own) return own;
  // The shared server of the e2e run (tests/e2e/global-setup.ts) and its site.
  if (inject('baseUrl') === walletUrl) return inject('hostOrigin');
  throw new Error(`no host site for the wallet server ${walletUrl}`);
}

/**
 * The address of `path` (`/en/?PANEL_TAB=GIFT`) on the host site of the wallet server at `walletUrl`: where the
 * e2e tests open the wallet.
 */
export function hostUrl(walletUrl: string, path = '/en/'): string {
  return new URL(path, hostOriginOf(walletUrl)).href;
}

/**
 * Registers a page of the test's own on the host site of `walletUrl` (the origin that server allows); answers its
 * address for `path` (`/en/`, with the page named in the query, where the panel parameters may follow).
 */
export async function registerHostPage(walletUrl: string, page: HostPage, path = '/en/'): Promise<string> {
  const origin = hostOriginOf(walletUrl);
  const response = await fetch(`${origin.replace('//localhost:', '//127.0.0.1:')}/__pages`, { method: 'POST', body: JSON.stringify(page) });
  const { id } = (await response.json()) as { id: string };
  const url = new URL(path, origin);
  url.searchParams.set('page', id);
  return url.href;
}
