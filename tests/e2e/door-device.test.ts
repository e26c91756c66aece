// e2e: the wallet's device key in Chromium (src/door/device.ts, bundled by esbuild into a page of the server's origin):
// a non-extractable P-256 key pair kept in IndexedDB across a reload, registered for alex's ticket with the real server,
// then, with the network cut in the browser, a code drawn for every step of two minutes, each verified by the scanner
// logic in Node with the keys and revocation list it copied before (no network for the check either). A code is
// refused after its step and the same code scanned twice is refused.
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase64Url, importPublicKey, readSignedCertificate, verifyCode } from '../../src/door/code';
import { createScanner } from '../../src/door/scanner';
import { openPage, useBrowser } from './page-helpers';
import { latestCode, useServer } from './server';

const browser = useBrowser();
const server = useServer();
const DEMO_ORGANIZER_KEY = 'demo-organizer-key';

async function api(path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.url}/v1${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, text, json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : undefined };
}

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
