// Profile picture upload: HEIC, WEBP, SVG, PNG or JPG recognised by content, stored and served as an asset URL.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helper';

const dataDir = 'tests/.tmp/picture-data';
let t: TestApp;
let token: string;
beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  t = await createTestApp({ env: { DATA_DIR: dataDir, ASSET_BASE_URL: 'http://wallet.test/assets', PICTURE_LIMIT_BYTES: '4096' } });
  token = (await signIn(t, 'picture@example.com')).accessToken;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="264" height="264"><script>alert(1)</script></svg>');

function upload(bytes: Buffer, filename: string, field = 'picture', contentType = 'image/png') {
  const boundary = '----tw-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call(t.app, {
    method: 'POST',
    url: '/v1/auth/profile/picture',
    token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

it('stores a PNG and answers the profile with the picture as an asset URL that serves it', async () => {
  const { status, json } = await upload(png, 'me.png');
  expect(status).toBe(200);
  expect(json.picture).toMatch(/^http:\/\/wallet\.test\/assets\/avatars\/\d+-[0-9a-f]{16}\.png$/);
  const served = await call(t.app, { method: 'GET', url: new URL(json.picture).pathname });
  expect(served.status).toBe(200);
  expect(served.response.rawPayload.equals(png)).toBe(true);
});

it('serves an uploaded SVG sandboxed, and replaces the previous picture', async () => {
  const first = (await upload(png, 'a.png')).json.picture as string;
  const { json } = await upload(svg, 'b.svg', 'picture', 'image/svg+xml');
  expect(json.picture).toMatch(/\.svg$/);
  const served = await call(t.app, { method: 'GET', url: new URL(json.picture).pathname });
  expect(served.response.headers['content-security-policy']).toContain('sandbox');
  expect((await call(t.app, { method: 'GET', url: new URL(first).pathname })).status).toBe(404);
});

it('refuses what is not an image whatever its name, a wrong field, too large files and JSON', async () => {
  const fake = await upload(Buffer.from('MZ not an image at all'), 'evil.png');
  expect(fake.status).toBe(400);
  expect(fake.json.code).toBe('api.profile.picture_invalid');
  expect((await upload(png, 'me.png', 'avatar')).json.code).toBe('api.profile.picture_invalid');
  const large = await upload(Buffer.concat([png, Buffer.alloc(8192)]), 'big.png');
  expect(large.status).toBe(413);
  expect(large.json.code).toBe('api.payload_too_large');
  const json = await call(t.app, { method: 'POST', url: '/v1/auth/profile/picture', token, payload: { picture: 'x' } });
  expect(json.status).toBe(415);
});
