// e2e: the wallet's device key in Chromium (src/door/device.ts, bundled by esbuild into a page of the server's origin):
// a non-extractable P-256 key pair kept in IndexedDB across a reload, registered for alex's ticket with the real server,
// then, with the network cut in the browser, a code drawn for every step of two minutes, each verified by the scanner
// logic in Node with the keys and revocation list it copied before (no network for the check either). A code is
// refused after its step and the same code scanned twice is refused.
import { build } from 'esbuild';
import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCode, exportPublicKey, fromBase64Url, generateDeviceKeyPair, importPublicKey, readSignedCertificate, toBase64Url, verifyCode } from '../../src/door/code';
import { createScanner } from '../../src/door/scanner';
import { api as callApi, hostUrl, openPage, signIn, useBrowser } from './page-helpers';
import { latestCode, useServer } from './server';

const browser = useBrowser();
const server = useServer();
const DEMO_ORGANIZER_KEY = 'tw_ok_D6zugq-tikdCqBIZAYarPiXqhaRIG8wj';

/** The API of this file's server, by path (a body makes it a POST). */
// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field, as the server documents them
const api = (path: string, init: { token?: string; body?: object; headers?: Record<string, string> } = {}): Promise<{ status: number; json: any }> =>
  callApi(server.url, init.body === undefined ? 'GET' : 'POST', path, init.token, init.body, init.headers);

let bundle: string;
let context: BrowserContext;
let page: Page;
let token: string;

/** A page of the server's origin (127.0.0.1 is a secure context, so WebCrypto is there) holding the device module. */
async function openDevicePage() {
  await page.goto(`${server.url}/door-device-test`);
  await page.addScriptTag({ content: bundle });
}

beforeAll(async () => {
  const built = await build({
    stdin: { contents: "export * from './src/door/device'; export * from './src/door/code';", resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'door',
    platform: 'browser',
    write: false,
  });
  bundle = built.outputFiles[0]!.text;
  const started = Date.now();
  const session = (await api('/auth/signInOrRegisterAndSignIn', { body: { email: 'alex@example.com' } })).json.session;
  const otp = await latestCode(server.url, 'alex@example.com', started);
  token = (await api('/auth/verifyLoginRequest', { body: { email: 'alex@example.com', otp, session } })).json.accessToken;
  expect(token).toBeTruthy();
  expect((await api('/door/entry-code', { body: { entryCode: 'device' }, headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } })).status).toBe(200);
  ({ context, page } = await openPage(browser));
  // The page itself is answered here (no build needed); its calls go to the real server.
  await context.route(`${server.url}/door-device-test`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>device</title>' }));
}, 180_000);
afterAll(() => context?.close());

describe('the device key and the code drawn offline', () => {
  it('keeps a non-extractable key across a reload, draws codes with the network cut, and the scanner verifies them offline', async () => {
    await openDevicePage();
    const first = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: the bundle's global
      const door = (globalThis as any).door;
      const key = await door.deviceKey(door.indexedDbStore());
      let exported = 'refused';
      try {
        await crypto.subtle.exportKey('pkcs8', key.keyPair.privateKey);
        exported = 'exported';
      } catch {}
      return { publicKey: key.publicKey as string, created: key.created as boolean, extractable: key.keyPair.privateKey.extractable as boolean, exported };
    });
    expect(first).toMatchObject({ created: true, extractable: false, exported: 'refused' });

    // Register the key for the first of alex's tickets the door would take now.
    const tickets = (await api('/list/ticket_listing?status=UPCOMING', { token })).json as { userTicketId: number }[];
    let registered: { certificate: string; certificateId: number; ttl: number } | undefined;
    for (const ticket of tickets) {
      const answer = await api('/door/devices', { token, body: { userTicketId: ticket.userTicketId, publicKey: first.publicKey } });
      if (answer.status === 200) {
        registered = answer.json;
        await page.evaluate(
          // biome-ignore lint/suspicious/noExplicitAny: the bundle's global
          ([id, certificate]) => (globalThis as any).door.indexedDbStore().putCertificate(id, certificate),
          [ticket.userTicketId, answer.json.certificate] as const,
        );
        break;
      }
    }
    if (!registered) throw new Error('no ticket of alex could be registered');
    const signed = readSignedCertificate(fromBase64Url(registered.certificate));
    const ttlMs = registered.ttl * 1000;

    // What the scanner copies while it still has the network.
    const published = (await api('/door/keys')).json;
    const organisationKeys = new Map<number, CryptoKey>();
    for (const key of published.keys) organisationKeys.set(key.keyId, await importPublicKey(fromBase64Url(key.publicKey)));
    const revoked = (await api(`/door/events/${signed.certificate.eventId}/revocations`, { headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } })).json.certificateIds;

    // A reload finds the same key and the certificate in IndexedDB; then the network goes.
    await page.reload();
    await page.addScriptTag({ content: bundle });
    await context.setOffline(true);
    const start = Date.now();
    const offline = await page.evaluate(
      async ({ userTicketId, start, ttlMs, steps }) => {
        // biome-ignore lint/suspicious/noExplicitAny: the bundle's global
        const door = (globalThis as any).door;
        const store = door.indexedDbStore();
        const key = await door.deviceKey(store);
        const signed = await door.storedCertificate(store, userTicketId);
        let network = 'up';
        try {
          await fetch('/v1/door/keys');
        } catch {
          network = 'down';
        }
        const codes: { code: string; at: number; msLeft: number }[] = [];
        for (let i = 0; i < steps; i++) {
          const at = start + i * ttlMs;
          const drawn = await door.currentCode(signed, key.keyPair, at);
          codes.push({ code: drawn.code, at, msLeft: drawn.msLeft });
        }
        return { publicKey: key.publicKey, created: key.created, state: await door.certificateState(signed, key.publicKey, start), network, codes };
      },
      { userTicketId: signed.certificate.userTicketId, start, ttlMs, steps: Math.ceil(120_000 / ttlMs) + 1 },
    );
    await context.setOffline(false);
    expect(offline).toMatchObject({ publicKey: first.publicKey, created: false, state: 'fresh', network: 'down' });
    expect(offline.codes.length).toBeGreaterThanOrEqual(9);
    expect(new Set(offline.codes.map((drawn) => drawn.code)).size).toBe(offline.codes.length);

    const options = { organisationKeys, eventId: signed.certificate.eventId, revoked: new Set<number>(revoked), toleranceSteps: published.toleranceSteps };
    for (const drawn of offline.codes) {
      expect(drawn.msLeft).toBeGreaterThan(0);
      expect(drawn.msLeft).toBeLessThanOrEqual(ttlMs);
      const verdict = await verifyCode(drawn.code, { ...options, nowMs: drawn.at });
      expect(verdict.ok, `code at +${drawn.at - start} ms`).toBe(true);
      // A screenshot of it is refused once its step and the tolerance have passed.
      expect(await verifyCode(drawn.code, { ...options, nowMs: drawn.at + (published.toleranceSteps + 1) * ttlMs })).toEqual({
        ok: false,
        reason: 'door.step_out_of_tolerance',
      });
    }
    // At the door: admitted once, the same code again refused, the next step's code of the same ticket too.
    const scanner = createScanner(options);
    const [one, two] = offline.codes;
    expect((await scanner.scan(one!.code, one!.at)).admitted).toBe(true);
    expect(await scanner.scan(one!.code, one!.at + 1000)).toMatchObject({ admitted: false, reason: 'door.already_admitted' });
    expect(await scanner.scan(two!.code, two!.at)).toMatchObject({ admitted: false, reason: 'door.already_admitted' });
  });
});

/** The code on the wallet's screen: a screenshot of the QR image, decoded by jsQR (as a scanner's camera would). */
async function codeOnScreen(wallet: Page): Promise<string> {
  const shot = await wallet.getByRole('img', { name: 'Your personal entry QR code' }).screenshot();
  const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  if (!read) throw new Error('no QR code in the screenshot');
  return read.data;
}

describe("the device code on alex's QR screen", () => {
  it('is drawn on the device, keeps rotating for two minutes with the network cut, and says so when another device takes it', async () => {
    const published = (await api('/door/keys')).json;
    const organisationKeys = new Map<number, CryptoKey>();
    for (const key of published.keys) organisationKeys.set(key.keyId, await importPublicKey(fromBase64Url(key.publicKey)));
    const ttlMs = published.ttl * 1000;

    const opened = await openPage(browser, { viewport: { width: 390, height: 900 }, deviceScaleFactor: 2 });
    const wallet = opened.page;
    try {
      // The page's clock is Playwright's: two minutes pass in a few seconds (WebCrypto and IndexedDB stay real).
      await wallet.clock.install();
      await signIn(wallet, server.url, 'alex@example.com');
      await wallet.getByRole('dialog', { name: 'Welcome' }).waitFor();
      await wallet.goto(hostUrl(server.url, `/en/?PANEL_TAB=QR`));
      const image = wallet.getByRole('img', { name: 'Your personal entry QR code' });
      await expect.poll(() => image.getAttribute('src'), { timeout: 30_000 }).toMatch(/^data:image\/svg\+xml/);
      await wallet.getByText('Drawn on this device: it works without a connection until the event ends').waitFor();
      const first = decodeCode(await codeOnScreen(wallet));
      const { eventId, userTicketId } = first.certificate;
      const revoked = (await api(`/door/events/${eventId}/revocations`, { headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } })).json.certificateIds;
      const options = { organisationKeys, eventId, revoked: new Set<number>(revoked), toleranceSteps: published.toleranceSteps };

      // The network goes; the clock runs two minutes, one step at a time.
      await opened.context.setOffline(true);
      // pauseAt cannot go back, and the page's clock runs on while the call travels: pause a second ahead of its now.
      await wallet.clock.pauseAt((await wallet.evaluate(() => Date.now())) + 1000);
      const codes: { code: string; at: number }[] = [];
      for (let elapsed = 0; elapsed <= 120_000; elapsed += ttlMs) {
        if (elapsed > 0) await wallet.clock.runFor(ttlMs);
        const at = await wallet.evaluate(() => Date.now());
        const step = Math.floor(at / ttlMs);
        // The code of this step is on screen once the machine drew it.
        await expect.poll(async () => decodeCode(await codeOnScreen(wallet)).step, { timeout: 10_000 }).toBe(step);
        codes.push({ code: await codeOnScreen(wallet), at });
      }
      await wallet.getByText('Offline — your code still works').waitFor();
      expect(codes.length).toBeGreaterThanOrEqual(9);
      expect(new Set(codes.map((drawn) => drawn.code)).size).toBe(codes.length);

      // Each verified by the scanner logic with no network; a screenshot of it is refused after its step.
      for (const drawn of codes) {
        expect((await verifyCode(drawn.code, { ...options, nowMs: drawn.at })).ok, `code at ${drawn.at}`).toBe(true);
        expect(await verifyCode(drawn.code, { ...options, nowMs: drawn.at + (published.toleranceSteps + 1) * ttlMs })).toEqual({
          ok: false,
          reason: 'door.step_out_of_tolerance',
        });
      }
      const scanner = createScanner(options);
      const last = codes.at(-1)!;
      expect((await scanner.scan(last.code, last.at)).admitted).toBe(true);
      expect(await scanner.scan(last.code, last.at + 1000)).toMatchObject({ admitted: false, reason: 'door.already_admitted' });

      // Another device registers for the same ticket; back online, the first one says so at its next check.
      const other = await generateDeviceKeyPair(false);
      const taken = await api('/door/devices', { token, body: { userTicketId, publicKey: toBase64Url(await exportPublicKey(other.publicKey)) } });
      expect(taken.status).toBe(200);
      await opened.context.setOffline(false);
      await wallet.clock.runFor(ttlMs);
      await wallet.getByText('Your code is on another device').waitFor({ timeout: 15_000 });
      await wallet.screenshot({ path: 'screenshots/door-replaced.png' });
      // Taking it back registers this device again: the code is drawn here once more.
      await wallet.getByRole('button', { name: 'Use the code on this device' }).click();
      await expect.poll(() => image.getAttribute('src'), { timeout: 15_000 }).toMatch(/^data:image\/svg\+xml/);
      expect((await api(`/door/devices/${userTicketId}`, { token })).json.certificateId).toBe(decodeCode(await codeOnScreen(wallet)).certificate.certificateId);
    } finally {
      await opened.context.close();
    }
  }, 240_000);
});
