// Profile picture upload: HEIC (a real one, tests/fixtures/avatar.heic, HEVC-coded by libheif's heif-enc), WEBP, SVG,
// PNG and JPG are decoded and re-encoded as a square WebP of at most 512 px without metadata; an SVG with script, a
// PNG/HTML polyglot, a 20000×20000 pixel bomb, a truncated file, a wrong field and an oversized body are refused.
// Hostile pictures (filters, floods, nesting) and the limits on picture work: picture-limits.test.ts.
import { readFileSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../support/png';
import { call, createTestApp, signIn, type TestApp } from './helper';
import { TEST_TMP } from '../support/test-tmp';

const dataDir = `${TEST_TMP}/picture-data`;
const LIMIT = 64 * 1024;
let t: TestApp;
let token: string;
beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  t = await createTestApp({ env: { DATA_DIR: dataDir, ASSET_BASE_URL: 'http://wallet.test/assets', PICTURE_LIMIT_BYTES: String(LIMIT) } });
  token = (await signIn(t, 'picture@example.com')).accessToken;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(bytes: Buffer, filename: string, field = 'picture', contentType = 'application/octet-stream') {
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

/** The stored picture the profile's URL serves. */
async function served(pictureUrl: string): Promise<Buffer> {
  const answer = await call(t.app, { method: 'GET', url: new URL(pictureUrl).pathname });
  expect(answer.status).toBe(200);
  return answer.response.rawPayload;
}

const landscape = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 79, g: 70, b: 229 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
    .toFormat(format, { quality: 60 })
    .toBuffer();

const safeSvg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><circle cx="150" cy="150" r="100" fill="#4f46e5"/></svg>');

/** A PNG whose header claims 20000×20000 pixels, with next to no data behind it. */
function pixelBomb(): Buffer {
  return png(20000, 20000, 8, 0, Buffer.alloc(20001));
}

describe('accepted and re-encoded', () => {
  it.each([
    ['a real HEIC photo', () => Promise.resolve(readFileSync('tests/fixtures/avatar.heic')), 'me.heic', 240],
    ['a PNG', () => landscape('png'), 'me.png', 400],
    ['a JPG with EXIF', () => landscape('jpeg'), 'me.jpg', 400],
    ['a WEBP', () => landscape('webp'), 'me.webp', 400],
    ['a plain SVG', () => Promise.resolve(safeSvg), 'me.svg', 300],
  ])('%s becomes a square WebP without metadata', async (_, make, name, side) => {
    const { status, json } = await upload(await make(), name);
    expect(status).toBe(200);
    expect(json.picture).toMatch(/^http:\/\/wallet\.test\/assets\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    const stored = await served(json.picture);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: side, height: side });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret place'))).toBe(false);
  });

  it('never stores more than 512 px a side, and replaces the previous picture', async () => {
    const first = (await upload(await landscape('png'), 'a.png')).json.picture as string;
    const big = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#fff' } }).png().toBuffer();
    const { json } = await upload(big, 'big.png');
    expect(await sharp(await served(json.picture)).metadata()).toMatchObject({ width: 512, height: 512 });
    expect((await call(t.app, { method: 'GET', url: new URL(first).pathname })).status).toBe(404);
  });
});

it('removes the picture: the profile has none and the file is gone', async () => {
  const { json } = await upload(await landscape('png'), 'me.png');
  const removed = await call(t.app, { method: 'POST', url: '/v1/auth/profile/picture/remove', token });
  expect(removed.status).toBe(200);
  expect(removed.json.picture).toBeNull();
  expect((await call(t.app, { method: 'GET', url: new URL(json.picture).pathname })).status).toBe(404);
});

describe('refused cleanly', () => {
  const invalid = async (bytes: Buffer, name: string, field?: string) => {
    const { status, json } = await upload(bytes, name, field);
    expect(status).toBe(400);
    expect(json.code).toBe('api.profile.picture_invalid');
  };

  it('an SVG with a script, an event handler or an outside reference', async () => {
    await invalid(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="264" height="264"><script>alert(1)</script></svg>'), 'x.svg');
    await invalid(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="264" height="264"/>'), 'x.svg');
    await invalid(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd"/></svg>'), 'x.svg');
  });

  it('a PNG/HTML polyglot, and what is no image at all whatever its name', async () => {
    const polyglot = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]);
    await invalid(polyglot, 'x.png');
    await invalid(Buffer.from('MZ not an image at all'), 'evil.png');
  });

  it('a valid PNG with HTML behind it keeps only its pixels', async () => {
    const carrier = Buffer.concat([await landscape('png'), Buffer.from('<html><script>alert(1)</script></html>')]);
    const { status, json } = await upload(carrier, 'x.png');
    if (status === 200) expect((await served(json.picture)).includes(Buffer.from('<script>'))).toBe(false);
    else expect(json.code).toBe('api.profile.picture_invalid');
  });

  it('a 20000×20000 pixel bomb, before decoding it, as too large', async () => {
    const started = Date.now();
    const { status, json } = await upload(pixelBomb(), 'bomb.png');
    expect(status).toBe(400);
    expect(json.code).toBe('api.profile.picture_too_large');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a truncated file', async () => {
    const jpeg = await landscape('jpeg');
    await invalid(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'half.jpg');
    const heic = readFileSync('tests/fixtures/avatar.heic');
    await invalid(heic.subarray(0, Math.floor(heic.length / 2)), 'half.heic');
  });

  it('a wrong field, an oversized body and JSON', async () => {
    await invalid(await landscape('png'), 'me.png', 'avatar');
    const large = await upload(Buffer.concat([await landscape('png'), Buffer.alloc(LIMIT)]), 'big.png');
    expect(large.status).toBe(413);
    expect(large.json.code).toBe('api.payload_too_large');
    const json = await call(t.app, { method: 'POST', url: '/v1/auth/profile/picture', token, payload: { picture: 'x' } });
    expect(json.status).toBe(415);
  });
});
