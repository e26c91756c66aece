// The server hands out the built web app: the host page at / and under the language paths, the embed script,
// demo assets; everything else is a JSON 404.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helper';

const dist = join(process.cwd(), 'tests/.tmp/web-dist');
let t: TestApp;
beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>host</title>');
  writeFileSync(join(dist, 'embed.js'), 'console.log("embed")');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t.close());

it.each(['/', '/en', '/en/', '/es/', '/es/?PANEL_TAB=LOGIN', '/en/?panel_tab=qr'])('serves the host page at %s', async (url) => {
  const { status, response } = await call(t.app, { method: 'GET', url });
  expect(status).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain('<title>host</title>');
});

it('serves the embed script so that other origins may load it', async () => {
  const { status, response } = await call(t.app, { method: 'GET', url: '/embed.js' });
  expect(status).toBe(200);
  expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
});

it('serves the demo assets', async () => {
  const { status, response } = await call(t.app, { method: 'GET', url: '/assets/demo/harbour-lights-logo.svg' });
  expect(status).toBe(200);
  expect(response.headers['content-type']).toContain('image/svg+xml');
});

it.each(['/fr/', '/missing.js', '/v1/unknown', '/assets/none.png'])('answers %s with a JSON 404', async (url) => {
  const { status, json } = await call(t.app, { method: 'GET', url });
  expect(status).toBe(404);
  expect(json.code).toBe('api.not_found');
});
