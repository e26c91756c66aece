// The security headers are worked out once at start (src/server/http/security-headers.ts): every answer still carries
// helmet's full set, the API's, the web app's and an error's alike, and an uploaded avatar keeps its sandboxing CSP.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders, inlineScriptPolicy, uploadContentSecurityPolicy } from '../../src/server/http/security-headers';
import { call, createTestApp, type TestApp } from './helper';
import { TEST_TMP } from '../support/test-tmp';

const dataDir = resolve(`${TEST_TMP}/security-headers`);
let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dataDir, 'assets/avatars'), { recursive: true });
  writeFileSync(join(dataDir, 'assets/avatars/1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(() => t.close());

const expected = {
  'content-security-policy':
    "default-src 'self';script-src 'self' https://connect-js.stripe.com https://js.stripe.com;frame-src 'self' https://connect-js.stripe.com https://js.stripe.com;img-src 'self' data: blob: https: http:;style-src 'self' 'unsafe-inline';connect-src 'self' https://api.stripe.com;base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';object-src 'none';script-src-attr 'none';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it.each([
    ['an API answer', '/v1/settings/qr', 200],
    ['an API refusal', '/v1/auth/me', 401],
    ['an unknown path', '/v1/nothing-here', 404],
  ])('are all on %s', async (_what, url, status) => {
    const { response } = await call(t.app, { method: 'GET', url });
    expect(response.statusCode).toBe(status);
    const directives = (policy: unknown) => String(policy).split(';').sort();
    for (const [name, value] of Object.entries(expected)) {
      if (name === 'content-security-policy') expect(directives(response.headers[name])).toEqual(directives(value));
      else expect(response.headers[name], name).toBe(value);
    }
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it("leave an avatar its own sandboxing policy, which keeps the app's frame-ancestors", async () => {
    const { response } = await call(t.app, { method: 'GET', url: '/assets/avatars/1.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("an upload's policy follows the app's frame-ancestors, whatever they are", () => {
    const framedByHost = helmetHeaders({ contentSecurityPolicy: { directives: { frameAncestors: ["'self'", 'https://tickets.example.com'] } } });
    expect(uploadContentSecurityPolicy(framedByHost)).toMatch(/; frame-ancestors 'self' https:\/\/tickets\.example\.com$/);
    expect(uploadContentSecurityPolicy(helmetHeaders({ contentSecurityPolicy: false }))).toMatch(/; frame-ancestors 'none'$/);
  });

  it("a built page's inline scripts are allowed by their hashes, and nothing else changes", () => {
    const map = '{"imports":{"4BQaw":"/visualizer/a.js"}}';
    const hash = `'sha256-${createHash('sha256').update(map).digest('base64')}'`;
    const page = `<html><script type=importmap>${map}</script><script type=module src=/visualizer/main.js></script></html>`;
    const policy = inlineScriptPolicy(Object.entries(expected), page);
    expect(policy).toBe(expected['content-security-policy'].replace("script-src 'self'", `script-src ${hash} 'self'`));
    // script-src-attr keeps 'none': inline event handlers stay refused.
    expect(policy).toContain("script-src-attr 'none'");
    expect(inlineScriptPolicy(Object.entries(expected), '<script src=/a.js></script>')).toBe(expected['content-security-policy']);
  });
});
