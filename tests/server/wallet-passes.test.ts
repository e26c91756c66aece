// Wallet passes: the Apple pass is a valid signed .pkpass (every file's SHA-1 in the manifest, a detached PKCS #7
// signature over the manifest by the configured signer, chained to the configured WWDR certificate), the Google save
// link's JWT verifies with the configured service-account key, the gate takes the pass's code once, and after a gift
// both links are refused, the old pass's code is refused at the gate, and Apple's web service hands the device a voided
// pass through register → serials updated since → latest pass.
import { execFile } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisations, ticketTypes, userTickets } from '../../src/server/db/schema';
import { hotp, ROTATING_PERIOD_SECONDS, rotatingCode } from '../../src/server/modules/passes/barcode';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { unzip } from '../support/zip';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let alex: string;
let jordan: string;
const dir = mkdtempSync(join(tmpdir(), 'tw-passes-'));
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, jordan } = t.tokens);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const links = (userTicketId: number, token = alex) => call(t.app, { method: 'GET', url: `/v1/wallet/tickets/${userTicketId}`, token });
const download = (url: string) => call(t.app, { method: 'GET', url: new URL(url).pathname });
const scan = (token: string, eventId: number) =>
  call(t.app, { method: 'POST', url: '/v1/access/scan', payload: { token, eventId }, headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } });
const gift = (userTicketId: number, username: string, token = alex) =>
  call(t.app, { method: 'POST', url: '/v1/mobile/giftTicket', token, payload: { userTicketId, username } });

/** alex's giftable upcoming tickets (each test takes its own, and gives some away). */
async function giftableTickets(token = alex): Promise<Array<{ userTicketId: number; eventId: number }>> {
  const listing = (await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token })).json as Array<{ userTicketId: number }>;
  const found: Array<{ userTicketId: number; eventId: number }> = [];
  for (const { userTicketId } of listing) {
    const detail = (await call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${userTicketId}`, token })).json;
    const [row] = await t.database.db
      .select({ eventId: ticketTypes.eventId })
      .from(userTickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
      .where(eq(userTickets.id, userTicketId));
    if (detail.isGiftable && !detail.eventAccessUsedAt) found.push({ userTicketId, eventId: row!.eventId });
  }
  return found;
}

async function openssl(args: string[]) {
  return promisify(execFile)('openssl', args).then(
    (out) => ({ ok: true, ...out }),
    (error: { stderr?: string }) => ({ ok: false, stdout: '', stderr: error.stderr ?? '' }),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: pass.json is plain JSON read field by field
type Json = Record<string, any>;

/** The pass's files, after checking the manifest's SHA-1 of every file and the detached signature over the manifest. */
async function verifiedPass(pkpass: Buffer): Promise<{ pass: Json; files: Map<string, Buffer> }> {
  const files = unzip(pkpass);
  const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
  const packed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
  expect(Object.keys(manifest).sort()).toEqual(packed);
  for (const name of packed) expect(manifest[name], name).toBe(createHash('sha1').update(files.get(name)!).digest('hex'));
  const apple = t.config.walletPasses.apple!;
  writeFileSync(join(dir, 'manifest.json'), files.get('manifest.json')!);
  writeFileSync(join(dir, 'signature'), files.get('signature')!);
  writeFileSync(join(dir, 'wwdr.pem'), apple.wwdrPem);
  writeFileSync(join(dir, 'signer.pem'), apple.signerCertPem);
  const verified = await openssl([
    'smime', '-verify', '-binary', '-inform', 'DER', '-in', join(dir, 'signature'), '-content', join(dir, 'manifest.json'),
    '-CAfile', join(dir, 'wwdr.pem'), '-purpose', 'any', '-out', join(dir, 'verified'),
  ]);
  expect(verified.stderr).toContain('Verification successful');
  // Signed by the configured signer certificate, not just any certificate the chain accepts.
  const signers = await openssl(['pkcs7', '-inform', 'DER', '-in', join(dir, 'signature'), '-print_certs']);
  expect(signers.stdout.replace(/\s/g, '')).toContain(apple.signerCertPem.replace(/-----[^-]+-----|\s/g, ''));
  return { pass: JSON.parse(files.get('pass.json')!.toString('utf8')), files };
}

describe('GET /v1/wallet/tickets/:userTicketId and the Apple Wallet pass', () => {
  it('is a valid signed .pkpass with the event, the ticket type, its times in the event zone and a code the gate takes once', async () => {
    const [ticket] = await giftableTickets();
    const answer = await links(ticket!.userTicketId);
    expect(answer.status).toBe(200);
    expect(answer.json.serialNumber).toBe(`tw-${ticket!.userTicketId}`);
    expect(answer.json.apple).toMatch(/^http:\/\/wallet\.test\/v1\/wallet\/apple\/download\//);

    const pkpass = await download(answer.json.apple);
    expect(pkpass.status).toBe(200);
    expect(pkpass.response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const { pass, files } = await verifiedPass(pkpass.response.rawPayload);
    expect(files.has('icon.png')).toBe(true);
    expect(pass).toMatchObject({
      formatVersion: 1,
      serialNumber: `tw-${ticket!.userTicketId}`,
      passTypeIdentifier: t.config.walletPasses.apple!.passTypeId,
      teamIdentifier: t.config.walletPasses.apple!.teamId,
      webServiceURL: 'http://wallet.test/v1/wallet/apple',
      voided: false,
    });
    const detail = (await call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${ticket!.userTicketId}`, token: alex })).json;
    const fields = [...pass.eventTicket.primaryFields, ...pass.eventTicket.secondaryFields, ...pass.eventTicket.auxiliaryFields];
    expect(fields.find((f: { key: string }) => f.key === 'event').value).toBe(detail.eventName);
    expect(fields.find((f: { key: string }) => f.key === 'ticket').value).toBe(detail.ticketName);
    // The start as an ISO value with the venue's offset and a date style: the phone formats it in its language.
    const starts = fields.find((f: { key: string }) => f.key === 'starts');
    expect(starts).toMatchObject({ dateStyle: 'PKDateStyleMedium', timeStyle: 'PKDateStyleShort', ignoresTimeZone: true });
    expect(starts.value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    // To the second: ISO values in a pass carry no milliseconds.
    expect(new Date(starts.value).getTime()).toBe(Math.floor(new Date(detail.eventStartDateTime).getTime() / 1000) * 1000);
    const [barcode] = pass.barcodes;
    expect(barcode).toMatchObject({ format: 'PKBarcodeFormatQR' });
    expect(barcode.message).toMatch(/^TW3\.\d+\.[\w-]{22}$/);

    expect((await scan(barcode.message, ticket!.eventId)).json).toMatchObject({ userTicketId: ticket!.userTicketId });
    expect((await scan(barcode.message, ticket!.eventId)).json.code).toBe('api.ticket.used');
  });

  it("carries Apple's semantics, relevantDates, en and es strings, and the icon and logo at Apple's sizes", async () => {
    const [ticket] = await giftableTickets();
    const { pass, files } = await verifiedPass((await download((await links(ticket!.userTicketId)).json.apple)).response.rawPayload);
    const detail = (await call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${ticket!.userTicketId}`, token: alex })).json;
    // To the second: ISO values in a pass carry no milliseconds.
    const instant = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
    expect(pass.semantics).toMatchObject({ eventName: detail.eventName, venueName: detail.eventVenue, seats: [{ seatType: detail.ticketName }] });
    expect(instant(pass.semantics.eventStartDate)).toBe(instant(detail.eventStartDateTime));
    expect(instant(pass.semantics.eventEndDate)).toBe(instant(detail.eventEndDateTime));
    if (detail.eventLatitude !== null) expect(pass.semantics.venueLocation).toEqual({ latitude: detail.eventLatitude, longitude: detail.eventLongitude });
    // One interval, from before the start to the end (iOS 18), beside the older single relevantDate.
    expect(pass.relevantDates).toHaveLength(1);
    const [interval] = pass.relevantDates;
    expect(instant(interval.startDate)).toBeLessThan(instant(detail.eventStartDateTime));
    expect(instant(interval.endDate)).toBe(instant(detail.eventEndDateTime));
    expect(instant(pass.relevantDate)).toBe(instant(detail.eventStartDateTime));
    // The labels are looked up in es.lproj and en.lproj (alex reads English, so pass.json's text is English).
    const strings = (language: string) => {
      const file = files.get(`${language}.lproj/pass.strings`);
      expect(file, `${language}.lproj/pass.strings`).toBeDefined();
      // Apple's .strings: "key" = "value"; (UTF-8 or UTF-16).
      const text = file![0] === 0xff || file![0] === 0xfe ? file!.toString('utf16le').replace(/^\uFEFF/, '') : file!.toString('utf8');
      return Object.fromEntries([...text.matchAll(/"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)";/g)].map((m) => [m[1], m[2]]));
    };
    const es = strings('es');
    const en = strings('en');
    const label = (key: string) => [...pass.eventTicket.primaryFields, ...pass.eventTicket.secondaryFields, ...pass.eventTicket.auxiliaryFields, ...pass.eventTicket.backFields].find((f: Json) => f.key === key).label;
    expect(es[label('starts')]).toBe('Empieza');
    expect(es[label('venue')]).toBe('Lugar');
    expect(en[label('starts')]).toBe('Starts');
    expect(es[pass.description]).toBe(`Entrada para ${detail.eventName}`);
    // Icon 29 × 29 points and logo within 160 × 50 points, each at 1×, 2× and 3×.
    const sharp = (await import('sharp')).default;
    const size = async (name: string) => {
      const { width, height } = await sharp(files.get(name)!).metadata();
      return [width, height];
    };
    for (const [scale, suffix] of [[1, ''], [2, '@2x'], [3, '@3x']] as const) {
      expect(await size(`icon${suffix}.png`)).toEqual([29 * scale, 29 * scale]);
      expect(await size(`logo${suffix}.png`)).toEqual([160 * scale, 50 * scale]);
    }
    expect(pass.logoText).toBeTruthy();
  });

  it('is only for the holder: another user, a bad or tampered download link, no token', async () => {
    const [ticket] = await giftableTickets();
    expect((await links(ticket!.userTicketId, jordan)).json.code).toBe('api.ticket.not_found');
    expect((await call(t.app, { method: 'GET', url: `/v1/wallet/tickets/${ticket!.userTicketId}` })).status).toBe(401);
    const { apple } = (await links(ticket!.userTicketId)).json;
    const tampered = apple.replace(/\/(\d+)\./, (_: string, id: string) => `/${Number(id) + 1}.`);
    const refused = await download(tampered);
    expect([refused.status, refused.json.code]).toEqual([404, 'api.wallet.link_invalid']);
    // The link lasts ten minutes.
    t.clock.advance(11 * 60_000);
    expect((await download(apple)).json.code).toBe('api.wallet.link_invalid');
  });
});

describe('the Google Wallet save link', () => {
  it("is a JWT signed RS256 with the configured service account's key, carrying the event ticket class and object", async () => {
    const [ticket] = await giftableTickets();
    const { google, serialNumber } = (await links(ticket!.userTicketId)).json;
    expect(google).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = google.slice('https://pay.google.com/gp/v/save/'.length);
    const signing = t.config.walletPasses.google!;
    const { payload } = await jwtVerify(jwt, createPublicKey(signing.privateKeyPem), { issuer: signing.serviceAccountEmail, audience: 'google' });
    expect(decodeProtectedHeader(jwt).alg).toBe('RS256');
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['http://wallet.test'] });
    const { eventTicketClasses, eventTicketObjects } = payload.payload as { eventTicketClasses: Json[]; eventTicketObjects: Json[] };
    expect(eventTicketClasses[0]!.id).toBe(`${signing.issuerId}.tw-event-${ticket!.eventId}`);
    expect(eventTicketObjects[0]!).toMatchObject({ id: `${signing.issuerId}.${serialNumber}`, classId: eventTicketClasses[0]!.id, state: 'ACTIVE' });
    expect(eventTicketObjects[0]!.barcode).toMatchObject({ type: 'QR_CODE', alternateText: serialNumber });
    // A JWT signed by another key does not verify against the configured one.
    const forged = `${jwt.split('.').slice(0, 2).join('.')}.${Buffer.from('forged').toString('base64url')}`;
    await expect(jwtVerify(forged, createPublicKey(signing.privateKeyPem))).rejects.toThrow();
    expect(decodeJwt(jwt).iss).toBe(signing.serviceAccountEmail);
  });
});

/** The class and object a Google save link carries, after verifying its JWT with the configured key. */
async function googlePayload(link: string): Promise<{ eventTicketClass: Json; eventTicketObject: Json }> {
  const signing = t.config.walletPasses.google!;
  const { payload } = await jwtVerify(link.slice('https://pay.google.com/gp/v/save/'.length), createPublicKey(signing.privateKeyPem), {
    issuer: signing.serviceAccountEmail,
    audience: 'google',
  });
  const { eventTicketClasses, eventTicketObjects } = payload.payload as { eventTicketClasses: Json[]; eventTicketObjects: Json[] };
  return { eventTicketClass: eventTicketClasses[0]!, eventTicketObject: eventTicketObjects[0]! };
}

describe('the Google Wallet pass as Google documents it', () => {
  it('has a logo served as a PNG, a background colour and Spanish translations of what it says', async () => {
    const [ticket] = await giftableTickets();
    const { eventTicketClass, eventTicketObject } = await googlePayload((await links(ticket!.userTicketId)).json.google);
    expect(eventTicketClass.hexBackgroundColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(eventTicketObject.hexBackgroundColor).toBe(eventTicketClass.hexBackgroundColor);
    const logoUrl = new URL(eventTicketClass.logo.sourceUri.uri);
    expect(logoUrl.origin).toBe('http://wallet.test');
    const logo = await call(t.app, { method: 'GET', url: logoUrl.pathname });
    expect([logo.status, logo.response.headers['content-type']]).toEqual([200, 'image/png']);
    const sharp = (await import('sharp')).default;
    expect(await sharp(logo.response.rawPayload).metadata()).toMatchObject({ format: 'png', width: 660, height: 660 });
    expect(logoUrl.pathname).toMatch(/^\/v1\/wallet\/organisations\/\d+\/logo\.png$/);
    const none = await call(t.app, { method: 'GET', url: '/v1/wallet/organisations/999999/logo.png' });
    expect([none.status, none.json.code]).toEqual([404, 'api.not_found']);
    expect(eventTicketClass.logo.contentDescription.translatedValues).toEqual([{ language: 'es', value: expect.stringContaining('Logotipo de') }]);
    // alex reads English: English by default, Spanish among the translations, for every header and the note.
    const starts = eventTicketObject.textModulesData.find((module: Json) => module.id === 'starts');
    expect(starts.localizedHeader).toEqual({ defaultValue: { language: 'en', value: 'Starts' }, translatedValues: [{ language: 'es', value: 'Empieza' }] });
    expect(starts.localizedBody.translatedValues[0].value).toMatch(/ p\. m\.| a\. m\./);
    const note = eventTicketObject.textModulesData.find((module: Json) => module.id === 'note');
    expect(note.localizedBody.translatedValues[0].value).toContain('Muestra este código');
    // The organisation takes the polling code: a static barcode, no rotating one.
    expect(eventTicketObject.barcode).toMatchObject({ type: 'QR_CODE' });
    expect(eventTicketObject.rotatingBarcode).toBeUndefined();
  });

  it('carries a rotating TOTP barcode when the organisation takes the device-bound code, and the gate takes a code it draws once', async () => {
    const [ticket] = await giftableTickets();
    await t.database.db.update(organisations).set({ entryCode: 'device' });
    try {
      const { eventTicketObject } = await googlePayload((await links(ticket!.userTicketId)).json.google);
      expect(eventTicketObject.barcode).toBeUndefined();
      const rotating = eventTicketObject.rotatingBarcode;
      expect(rotating).toMatchObject({
        type: 'QR_CODE',
        valuePattern: `TW4.${ticket!.userTicketId}.{totp_timestamp_seconds}.{totp_value_0}`,
        totpDetails: { periodMillis: String(ROTATING_PERIOD_SECONDS * 1000), algorithm: 'TOTP_SHA1' },
      });
      const [{ key, valueLength }] = rotating.totpDetails.parameters;
      expect(key).toMatch(/^[0-9a-f]{40}$/);

      // What Google Wallet draws from the object alone (RFC 6238 with the object's key), at the gate's time.
      const drawn = (at: Date) => {
        const seconds = Math.floor(at.getTime() / 1000);
        const value = hotp(Buffer.from(key, 'hex'), Math.floor(seconds / ROTATING_PERIOD_SECONDS), valueLength);
        return rotating.valuePattern.replace('{totp_timestamp_seconds}', String(seconds)).replace('{totp_value_0}', value);
      };
      const now = t.clock.now;
      expect(drawn(now)).toBe(rotatingCode(t.config.jwtSecret, ticket!.userTicketId, now));
      // A code from two minutes ago, and one with the right timestamp but a wrong value, are refused.
      expect((await scan(drawn(new Date(now.getTime() - 120_000)), ticket!.eventId)).json.code).toBe('api.access.invalid_qr');
      const wrong = drawn(now).replace(/\.(\d{8})$/, (_: string, v: string) => `.${String((Number(v) + 1) % 1e8).padStart(8, '0')}`);
      expect((await scan(wrong, ticket!.eventId)).json.code).toBe('api.access.invalid_qr');
      expect((await scan(drawn(now), ticket!.eventId)).json).toMatchObject({ userTicketId: ticket!.userTicketId });
      // Once in, the next rotation does not get anyone in again.
      t.clock.advance(ROTATING_PERIOD_SECONDS * 1000);
      expect((await scan(drawn(t.clock.now), ticket!.eventId)).json.code).toBe('api.ticket.used');
    } finally {
      await t.database.db.update(organisations).set({ entryCode: 'polling' });
    }
  });
});

describe('after the ticket is gifted', () => {
  it('both links are refused, the old pass no longer admits, and Apple Wallet gets the voided pass from the web service', async () => {
    const [, ticket] = await giftableTickets();
    const before = (await links(ticket!.userTicketId)).json;
    const { pass } = await verifiedPass((await download(before.apple)).response.rawPayload);
    const code = pass.barcodes[0].message as string;

    // The device adds the pass and registers for its updates with the pass's own token.
    const apple = t.config.walletPasses.apple!;
    const device = `/v1/wallet/apple/v1/devices/device-1/registrations/${apple.passTypeId}`;
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
    const register = (headers: Record<string, string>) =>
      call(t.app, { method: 'POST', url: `${device}/${pass.serialNumber}`, payload: { pushToken: 'push-1' }, headers });
    expect((await register({ authorization: 'ApplePass wrong-token-wrong-token' })).json.code).toBe('api.wallet.pass_auth_invalid');
    expect((await register(auth)).status).toBe(201);
    expect((await register(auth)).status).toBe(200);
    const first = await call(t.app, { method: 'GET', url: device });
    expect(first.json.serialNumbers).toEqual([pass.serialNumber]);
    const tag = first.json.lastUpdated as string;
    expect((await call(t.app, { method: 'GET', url: `${device}?passesUpdatedSince=${tag}` })).status).toBe(204);
    const latestUrl = `/v1/wallet/apple/v1/passes/${apple.passTypeId}/${pass.serialNumber}`;
    const unchanged = await call(t.app, { method: 'GET', url: latestUrl, headers: auth });
    expect(unchanged.status).toBe(200);
    const notModified = await call(t.app, { method: 'GET', url: latestUrl, headers: { ...auth, 'if-modified-since': unchanged.response.headers['last-modified'] as string } });
    expect(notModified.status).toBe(304);

    t.clock.advance(5_000);
    expect((await gift(ticket!.userTicketId, 'jordan@example.com')).status).toBe(200);

    // Apple Wallet: the serial changed since the tag, and the latest pass is voided (and still validly signed).
    const changed = await call(t.app, { method: 'GET', url: `${device}?passesUpdatedSince=${tag}` });
    expect(changed.json.serialNumbers).toEqual([pass.serialNumber]);
    expect(Number(changed.json.lastUpdated)).toBeGreaterThan(Number(tag));
    const latest = await call(t.app, { method: 'GET', url: latestUrl, headers: { ...auth, 'if-modified-since': unchanged.response.headers['last-modified'] as string } });
    expect(latest.status).toBe(200);
    expect(latest.response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect((await verifiedPass(latest.response.rawPayload)).pass.voided).toBe(true);

    // The giver's links and the Apple download link they still have are refused; so is the old pass's code at the gate.
    expect((await links(ticket!.userTicketId)).json.code).toBe('api.ticket.not_held');
    expect((await download(before.apple)).json.code).toBe('api.ticket.not_held');
    expect((await scan(code, ticket!.eventId)).json.code).toBe('api.ticket.not_held');

    // The receiver's own ticket gets a pass of its own, with another code the gate takes.
    const received = (await giftableTickets(jordan)).find((candidate) => candidate.eventId === ticket!.eventId)!;
    const theirs = (await links(received.userTicketId, jordan)).json;
    expect(theirs.serialNumber).not.toBe(pass.serialNumber);

    // The device removes the pass: no more serials for it.
    expect((await call(t.app, { method: 'DELETE', url: `${device}/${pass.serialNumber}`, headers: auth })).status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: device })).status).toBe(204);
  });

  it("refuses a forged code, another event's code and Apple's calls for a pass never handed out", async () => {
    const [ticket] = await giftableTickets();
    expect((await scan(`TW3.${ticket!.userTicketId}.AAAAAAAAAAAAAAAAAAAAAA`, ticket!.eventId)).json.code).toBe('api.access.invalid_qr');
    const apple = t.config.walletPasses.apple!;
    const unknown = await call(t.app, { method: 'GET', url: `/v1/wallet/apple/v1/passes/${apple.passTypeId}/tw-999999`, headers: { authorization: 'ApplePass x' } });
    expect([unknown.status, unknown.json.code]).toEqual([401, 'api.wallet.pass_auth_invalid']);
    const logged = await call(t.app, { method: 'POST', url: '/v1/wallet/apple/v1/log', payload: { logs: ['a device said something'] } });
    expect(logged.json).toEqual({ ok: true });
  });
});
