// The pinned loader, /v1/embed/<version>/embed.js with the SRI value `npm run build` printed (dist/embed-release.json),
// on a host page of a second origin: served immutable, it loads with `integrity` + `crossorigin`, and the app and every
// chunk it loads carry their own `integrity`. One changed byte is refused by the browser: in the loader (its script's
// error event, no wallet), in the app (the loader's "could not load" message, then the next click works) and in a
// screen's chunk (the panel's Try again).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerHostPage, useBrowser, withPage } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const release = JSON.parse(readFileSync(new URL('../../dist/embed-release.json', import.meta.url), 'utf8')) as { version: string; loader: string; integrity: string };
const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const sri = (bytes: Buffer, algorithm: 'sha256' | 'sha384' = 'sha384') => `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;

let pinnedPage: string;
beforeAll(async () => {
  // The snippet of docs/embedding.md, "A pinned loader"; the page tells whether its script tag failed.
  pinnedPage = await registerHostPage(baseUrl, {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pinned</title></head><body><h1>Harbour Lights</h1>
<script>window.loaderFailed = false;</script>
<script src="${baseUrl}${release.loader}" integrity="${release.integrity}" crossorigin="anonymous"
  data-api-base="${baseUrl}" data-org-name="Harbour Lights Festival" onerror="window.loaderFailed = true"></script></body></html>`,
  });
});

const wallet = (page: Page) => page.locator('ticket-wallet');
/** Serves the real file with one byte changed (the first letter it finds, upper-cased): a valid script, another hash. */
async function oneByteChanged(route: Route): Promise<void> {
  const response = await route.fetch();
  const body = Buffer.from(await response.body());
  const at = body.findIndex((byte, index) => index > 10 && byte >= 0x61 && byte <= 0x7a);
  body[at] = body[at]! - 0x20;
  await route.fulfill({ response, body });
}
const isApp = (url: URL) => /^\/wallet-app\.[0-9a-f]{8}\.js$/.test(url.pathname);

describe('the pinned loader', () => {
  it('is served at /v1/embed/<version>/embed.js, immutable, the same file as /embed.js, with the printed SRI value', async () => {
    expect(release.version).toBe(version);
    expect(release.loader).toBe(`/v1/embed/${version}/embed.js`);
    const pinned = await fetch(`${baseUrl}${release.loader}`);
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await pinned.arrayBuffer());
    expect(sri(bytes)).toBe(release.integrity);
    expect(bytes.equals(Buffer.from(await (await fetch(`${baseUrl}/embed.js`)).arrayBuffer()))).toBe(true);
    // The moving loader stays, short-lived.
    expect((await fetch(`${baseUrl}/v1/embed.js`)).headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    // Another version is not here.
    expect((await fetch(`${baseUrl}/v1/embed/0.0.0-none/embed.js`)).status).toBe(404);
  });

  it('loads with integrity, and the app and its chunks carry their own', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      await page.goto(pinnedPage);
      await wallet(page).getByRole('button', { name: 'My tickets' }).click();
      await wallet(page).getByLabel('E-mail').waitFor();
      expect(await page.evaluate(() => (window as unknown as { loaderFailed: boolean }).loaderFailed)).toBe(false);
      const modules = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((script) => ({ src: new URL(script.src).pathname, integrity: script.integrity })),
      );
      const app = modules.find((module) => /^\/wallet-app\./.test(module.src));
      expect(app?.integrity).toBe(sri(Buffer.from(await (await fetch(`${baseUrl}${app!.src}`)).arrayBuffer())));
      const chunks = modules.filter((module) => module !== app);
      // The sign-in's chunks at least (its flow and screen), each with the hash of what the server sends.
      expect(chunks.length).toBeGreaterThanOrEqual(2);
      for (const chunk of chunks) {
        expect(chunk.integrity, chunk.src).toBe(sri(Buffer.from(await (await fetch(`${baseUrl}${chunk.src}`)).arrayBuffer()), 'sha256'));
      }
      expect(errors).toEqual([]);
    });
  });

  it('one changed byte in the loader: the browser refuses it, and the page’s script tag says so', async () => {
    await withPage(browser, {}, async ({ page }) => {
      const refusals: string[] = [];
      page.on('console', (message) => /integrity/i.test(message.text()) && refusals.push(message.text()));
      await page.route((url) => url.pathname === release.loader, oneByteChanged);
      await page.goto(pinnedPage);
      await expect.poll(() => page.evaluate(() => (window as unknown as { loaderFailed: boolean }).loaderFailed)).toBe(true);
      expect(await page.evaluate(() => typeof window.TicketWallet)).toBe('undefined');
      expect(await page.locator('ticket-wallet').count()).toBe(0);
      expect(refusals.join('\n')).toContain(release.loader);
    });
  });

  it('one changed byte in the app: the browser refuses it, the launcher says the wallet could not load, and the next try works', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.route(isApp, oneByteChanged);
      await page.goto(pinnedPage);
      const launcher = wallet(page).getByRole('button', { name: 'My tickets' });
      await launcher.click();
      await wallet(page).getByRole('alert').filter({ hasText: 'The wallet could not load. Please try again.' }).waitFor();
      expect(await launcher.getAttribute('aria-busy')).toBeNull();
      // A load still in the handler when the route goes is let be.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await launcher.click();
      await wallet(page).getByLabel('E-mail').waitFor();
    });
  });

  it('one changed byte in a screen’s chunk: the browser refuses it and the panel offers Try again', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.route((url) => /^\/login-screen\.[0-9a-f]{8}\.js$/.test(url.pathname), oneByteChanged);
      await page.goto(pinnedPage);
      await wallet(page).getByRole('button', { name: 'My tickets' }).click();
      await wallet(page).getByRole('button', { name: 'Try again' }).waitFor();
      expect(await wallet(page).getByLabel('E-mail').count()).toBe(0);
    });
  });
});
