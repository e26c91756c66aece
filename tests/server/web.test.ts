// The server hands out the built web app: the demo site's home page at / and under the language paths, the embed
// script, the content-hashed app chunks (precompressed, cached for good), demo assets; a page address nothing answers
// gets the site's HTML not-found page, anything else a JSON 404.
import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helper';
import { TEST_TMP } from '../support/test-tmp';

const dist = resolve(`${TEST_TMP}/web-dist`);
let t: TestApp;
beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>host</title>');
  writeFileSync(join(dist, 'embed.js'), 'console.log("embed")');
  // What scripts/finalize-dist.mjs leaves: hashed chunks with brotli and gzip copies beside them.
  const chunk = `/* the app */ ${'console.log("wallet");'.repeat(200)}`;
  for (const name of ['wallet-app.1a2b3c4d.js', 'embed.js', 'index.html']) {
    const text = name === 'wallet-app.1a2b3c4d.js' ? chunk : name === 'embed.js' ? 'console.log("embed")' : '<!doctype html><title>host</title><script src="/embed.js" defer></script>';
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(Buffer.from(text)));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(Buffer.from(text)));
  }
  // The pinned loader of the release, as scripts/finalize-dist.mjs copies it.
  const pinned = join(dist, 'v1', 'embed', '9.9.9');
  mkdirSync(pinned, { recursive: true });
  writeFileSync(join(pinned, 'embed.js'), 'console.log("embed")');
  writeFileSync(join(pinned, 'embed.js.br'), brotliCompressSync(Buffer.from('console.log("embed")')));
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t.close());

it.each([
  ['/', 'en'],
  ['/en', 'en'],
  ['/en/', 'en'],
  ['/es/', 'es'],
  ['/es/?PANEL_TAB=LOGIN', 'es'],
  ['/en/?panel_tab=qr', 'en'],
])('serves the demo site\'s home page with the wallet at %s', async (url, lang) => {
  const { status, response } = await call(t.app, { method: 'GET', url });
  expect(status).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain(`<html lang="${lang}">`);
  expect(response.body).toMatch(/<script src="\/embed\.js" data-org-name="[^"]+"/);
});

it('serves the help centre at /{lang}/help, in the language', async () => {
  const en = await call(t.app, { method: 'GET', url: '/en/help' });
  const es = await call(t.app, { method: 'GET', url: '/es/help' });
  expect(en.status).toBe(200);
  expect(en.response.body).toContain('<h1>Help centre</h1>');
  expect(es.response.body).toContain('<h1>Centro de ayuda</h1>');
});

it.each(['/fr/', '/fr/help', '/pt-BR/events/x', '/fr/demo/checkout/ABC'])('answers %s, a language the site does not have, with an English HTML page that says so', async (url) => {
  const { status, response } = await call(t.app, { method: 'GET', url });
  expect(status).toBe(404);
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain('<html lang="en">');
  expect(response.body).toContain('is not one of its languages');
  expect(response.body).toContain('href="/es');
});

it.each([
  ['/scan', 'en-GB,en;q=0.8', '/en/scan'],
  ['/scan/', 'es-ES,es;q=0.9', '/es/scan'],
])('sends %s to the scanner page in the browser\'s language', async (url, language, location) => {
  const { status, response } = await call(t.app, { method: 'GET', url, headers: { 'accept-language': language } });
  expect(status).toBe(302);
  expect(response.headers.location).toBe(location);
});

it('answers an unknown page under /es/ with the Spanish not-found page', async () => {
  const { status, response } = await call(t.app, { method: 'GET', url: '/es/nada' });
  expect(status).toBe(404);
  expect(response.body).toContain('<html lang="es">');
  expect(response.body).toContain('Página no encontrada');
});

it('tells the wallet on the host page that live inspection is allowed (outside production)', async () => {
  const { response } = await call(t.app, { method: 'GET', url: '/en/' });
  expect(response.body).toContain('data-inspect="allowed"');
});

it('serves the embed script so that other origins may load it', async () => {
  const { status, response } = await call(t.app, { method: 'GET', url: '/embed.js' });
  expect(status).toBe(200);
  expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
});

it('serves the same loader at the versioned path /v1/embed.js, precompressed and revalidated', async () => {
  const plain = await call(t.app, { method: 'GET', url: '/embed.js' });
  const versioned = await call(t.app, { method: 'GET', url: '/v1/embed.js', headers: { 'accept-encoding': 'br' } });
  expect(versioned.status).toBe(200);
  expect(versioned.response.headers['content-type']).toContain('javascript');
  expect(versioned.response.headers['content-encoding']).toBe('br');
  expect(versioned.response.headers.vary).toMatch(/accept-encoding/i);
  expect(versioned.response.headers['cache-control']).toBe(plain.response.headers['cache-control']);
  expect(brotliDecompressSync(versioned.response.rawPayload).toString()).toBe(plain.response.body);
});

it('serves the pinned loader /v1/embed/<version>/embed.js immutable, precompressed, to other origins; another version is not found', async () => {
  const pinned = await call(t.app, { method: 'GET', url: '/v1/embed/9.9.9/embed.js', headers: { 'accept-encoding': 'br', origin: 'http://wallet.test' } });
  expect(pinned.status).toBe(200);
  expect(pinned.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(pinned.response.headers['content-encoding']).toBe('br');
  expect(pinned.response.headers.vary).toMatch(/accept-encoding/i);
  expect(pinned.response.headers['access-control-allow-origin']).toBe('http://wallet.test');
  expect(brotliDecompressSync(pinned.response.rawPayload).toString()).toBe('console.log("embed")');
  // The moving loader stays short-lived.
  expect((await call(t.app, { method: 'GET', url: '/v1/embed.js' })).response.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
  expect((await call(t.app, { method: 'GET', url: '/v1/embed/0.0.1/embed.js' })).status).toBe(404);
});

it('serves the demo assets', async () => {
  const { status, response } = await call(t.app, { method: 'GET', url: '/assets/demo/harbour-lights-logo.svg' });
  expect(status).toBe(200);
  expect(response.headers['content-type']).toContain('image/svg+xml');
});

it.each(['/missing.js', '/v1/unknown', '/assets/none.png'])('answers %s with a JSON 404', async (url) => {
  const { status, json } = await call(t.app, { method: 'GET', url });
  expect(status).toBe(404);
  expect(json.code).toBe('api.not_found');
});

describe('compression and caching', () => {
  const get = (url: string, headers: Record<string, string> = {}) => call(t.app, { method: 'GET', url, headers });

  it('sends brotli, else gzip, else the plain file, and says the answer varies by encoding', async () => {
    const brotli = await get('/wallet-app.1a2b3c4d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.response.headers['content-encoding']).toBe('br');
    expect(brotli.response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.response.rawPayload).toString()).toContain('console.log("wallet")');
    const gzip = await get('/wallet-app.1a2b3c4d.js', { 'accept-encoding': 'gzip' });
    expect(gzip.response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.response.rawPayload).toString()).toContain('console.log("wallet")');
    const plain = await get('/wallet-app.1a2b3c4d.js', { 'accept-encoding': 'identity' });
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    expect(plain.response.body).toContain('console.log("wallet")');
    expect(plain.response.headers['content-type']).toContain('javascript');
  });

  it('caches content-hashed files for a year, immutable, however they are encoded', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const { response } = await get('/wallet-app.1a2b3c4d.js', { 'accept-encoding': encoding });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps the loader short-lived and the site\'s pages revalidated, both with an ETag that answers 304', async () => {
    const loader = await get('/embed.js', { 'accept-encoding': 'br' });
    expect(loader.response.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const etag = loader.response.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/embed.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    const page = await get('/en/?PANEL_TAB=LOGIN');
    expect(page.response.headers['cache-control']).toBe('no-cache');
    const pageTag = page.response.headers.etag as string;
    expect(pageTag).toBeTruthy();
    expect(page.response.body).toContain('<script src="/embed.js"');
    expect((await get('/en/?PANEL_TAB=LOGIN', { 'if-none-match': pageTag })).status).toBe(304);
  });
});
