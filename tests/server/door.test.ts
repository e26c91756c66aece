// The device-bound entry code on the server: the organiser's setting, a device's certificate (and a second device
// revoking the first), the public keys and revocation list scanners copy, and the sync of offline admissions from two
// scanners, where a ticket admitted at both is flagged.
import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedCertificate,
  exportPublicKey,
  fromBase64Url,
  generateDeviceKeyPair,
  importPublicKey,
  readSignedCertificate,
  signCode,
  stepAt,
  toBase64Url,
  verifyCode,
} from '../../src/door/code';
import { doorAdmissions, doorCertificates, events, ticketTypes, userTickets, users } from '../../src/server/db/schema';
import { createScanner } from '../../src/door/scanner';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let alexId: number;
let liveEventId: number;
/** Two of alex's tickets for the live event that could go through the door now. */
let ticketA: number;
let ticketB: number;
let ticketC: number;
let ticketD: number;
let ticketE: number;

const organiser = (method: 'GET' | 'POST', url: string, payload?: object, key: string | null = DEMO_ORGANIZER_KEY) =>
  call(t.app, { method, url, ...(payload ? { payload } : {}), headers: key === null ? {} : { 'x-organizer-key': key } });
const register = (userTicketId: number, publicKey: string, token = t.tokens.alex) =>
  call(t.app, { method: 'POST', url: '/v1/door/devices', token, payload: { userTicketId, publicKey } });

async function newDevice() {
  const keys = await generateDeviceKeyPair();
  return { keys, publicKey: toBase64Url(await exportPublicKey(keys.publicKey)) };
}

async function scannerOptions(nowMs = t.clock.now.getTime()) {
  const published = (await call(t.app, { method: 'GET', url: '/v1/door/keys' })).json;
  const organisationKeys = new Map<number, CryptoKey>();
  for (const key of published.keys) organisationKeys.set(key.keyId, await importPublicKey(fromBase64Url(key.publicKey)));
  const revoked = new Set<number>((await organiser('GET', `/v1/door/events/${liveEventId}/revocations`)).json.certificateIds);
  return { organisationKeys, eventId: liveEventId, revoked, nowMs, toleranceSteps: published.toleranceSteps };
}

beforeAll(async () => {
  t = await createDemoApp({ env: { QR_TTL_MS: '15000' } });
  const [alex] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'alex@example.com'));
  alexId = alex!.id;
  const now = t.clock.now;
  const [live] = await t.database.db
    .select({ id: userTickets.id, eventId: events.id, ticketTypeId: userTickets.ticketTypeId, price: userTickets.purchasePriceMinor })
    .from(userTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(userTickets.ownerUserId, alexId), eq(userTickets.status, 'valid'), lte(events.startsAt, now), gte(events.endsAt, now)))
    .orderBy(userTickets.id);
  if (!live) throw new Error('the demo data has no ticket of alex for the live event');
  liveEventId = live.eventId;
  // Two more of the same type (giftable, for the last test), so each test has a ticket of its own.
  await t.database.db.update(ticketTypes).set({ isGiftable: true }).where(eq(ticketTypes.id, live.ticketTypeId));
  const more = await t.database.db
    .insert(userTickets)
    .values([1, 2, 3, 4].map(() => ({ ticketTypeId: live.ticketTypeId, ownerUserId: alexId, purchasePriceMinor: live.price })))
    .returning({ id: userTickets.id });
  ticketA = live.id;
  ticketB = more[0]!.id;
  ticketC = more[1]!.id;
  ticketD = more[2]!.id;
  ticketE = more[3]!.id;
});
afterAll(() => t.close());

describe('the organiser setting', () => {
  it('is the polling code by default: a device cannot register', async () => {
    const device = await newDevice();
    const refused = await register(ticketA, device.publicKey);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('api.door.not_enabled');
    expect((await call(t.app, { method: 'GET', url: `/v1/door/devices/${ticketA}`, token: t.tokens.alex })).json).toEqual({ certificateId: null, entryCode: 'polling' });
    // The entry QR's answer names no entry code: the wallet keeps polling without asking anything else.
    const qr = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: t.tokens.alex });
    expect(qr.status).toBe(200);
    expect(qr.response.headers['x-entry-code']).toBeUndefined();
  });

  it('needs the organiser key', async () => {
    for (const key of [null, 'wrong-key']) {
      const refused = await organiser('POST', '/v1/door/entry-code', { entryCode: 'device' }, key);
      expect(refused.status).toBe(401);
      expect(refused.json.code).toBe('api.access.organizer_key_invalid');
    }
    expect((await organiser('GET', `/v1/door/events/${liveEventId}/revocations`, undefined, 'wrong-key')).json.code).toBe('api.access.organizer_key_invalid');
    expect((await organiser('POST', '/v1/door/entry-code', { entryCode: 'sometimes' })).json.code).toBe('api.invalid_request_body');
  });

  it('turns the device-bound code on', async () => {
    const before = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: t.tokens.alex });
    expect(before.response.headers['x-entry-code']).toBeUndefined();
    expect((await organiser('POST', '/v1/door/entry-code', { entryCode: 'device' })).json).toEqual({ entryCode: 'device' });
    // The setting is read with the window's image (no SQL on a cached image), so the change shows from the next window.
    const sameWindow = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: t.tokens.alex });
    expect(sameWindow.response.headers['x-entry-code']).toBeUndefined();
    t.clock.advance(15_000);
    // The entry QR's answer says so (a 304 within the window too): the wallet learns it from the image it loads anyway.
    const qr = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: t.tokens.alex });
    expect(qr.response.headers['x-entry-code']).toBe('device');
    const etag = String(qr.response.headers.etag);
    const again = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: t.tokens.alex, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.response.headers['x-entry-code']).toBe('device');
  });
});

describe('registering a device', () => {
  it('answers a certificate for this ticket, holder, event and key, signed by the published key', async () => {
    const device = await newDevice();
    const answer = await register(ticketA, device.publicKey);
    expect(answer.status).toBe(200);
    expect(answer.response.headers['cache-control']).toBe('no-store');
    const signed: SignedCertificate = readSignedCertificate(fromBase64Url(answer.json.certificate));
    expect(signed.certificate).toMatchObject({ certificateId: answer.json.certificateId, userTicketId: ticketA, holderUserId: alexId, eventId: liveEventId, ttlSeconds: 15 });
    expect(toBase64Url(signed.certificate.devicePublicKey)).toBe(device.publicKey);
    expect(answer.json.ttl).toBe(15);
    expect(new Date(answer.json.notAfter).getTime() / 1000).toBe(signed.certificate.notAfter);
    const code = await signCode(signed, stepAt(t.clock.now.getTime(), 15), device.keys.privateKey);
    const verdict = await verifyCode(code, await scannerOptions());
    expect(verdict.ok).toBe(true);
  });

  it('refuses a key that is not a P-256 point, a ticket of someone else, and no token', async () => {
    const bad = toBase64Url(new Uint8Array(65).fill(4));
    expect((await register(ticketA, bad)).json.code).toBe('api.door.public_key_invalid');
    expect((await register(ticketA, 'A'.repeat(86))).json.code).toBe('api.invalid_request_body');
    const device = await newDevice();
    const foreign = await register(ticketA, device.publicKey, t.tokens.jordan);
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe('api.ticket.not_found');
    expect((await call(t.app, { method: 'POST', url: '/v1/door/devices', payload: { userTicketId: ticketA, publicKey: device.publicKey } })).status).toBe(401);
  });

  it('revokes the first device when a second registers for the same ticket, and the wallet can tell', async () => {
    const first = await newDevice();
    const second = await newDevice();
    const one = (await register(ticketB, first.publicKey)).json;
    const firstSigned = readSignedCertificate(fromBase64Url(one.certificate));
    const two = (await register(ticketB, second.publicKey)).json;
    expect(two.revokedCertificateId).toBe(one.certificateId);
    const status = (await call(t.app, { method: 'GET', url: `/v1/door/devices/${ticketB}`, token: t.tokens.alex })).json;
    expect(status).toEqual({ certificateId: two.certificateId, entryCode: 'device' });
    const revocations = (await organiser('GET', `/v1/door/events/${liveEventId}/revocations`)).json;
    expect(revocations.certificateIds).toContain(one.certificateId);
    expect(revocations.certificateIds).not.toContain(two.certificateId);
    // The first phone's code is refused by a scanner with the list; the second's admitted.
    const step = stepAt(t.clock.now.getTime(), 15);
    const options = await scannerOptions();
    expect(await verifyCode(await signCode(firstSigned, step, first.keys.privateKey), options)).toEqual({ ok: false, reason: 'door.certificate_revoked' });
    const secondSigned = readSignedCertificate(fromBase64Url(two.certificate));
    expect((await verifyCode(await signCode(secondSigned, step, second.keys.privateKey), options)).ok).toBe(true);
    const live = await t.database.db.select().from(doorCertificates).where(eq(doorCertificates.userTicketId, ticketB));
    expect(live.filter((row) => row.revokedAt === null)).toHaveLength(1);
  });
});

describe('syncing offline admissions', () => {
  it('merges two scanners, flags the ticket both admitted, and stores a retried sync once', async () => {
    const device = await newDevice();
    const signed = readSignedCertificate(fromBase64Url((await register(ticketA, device.publicKey)).json.certificate));
    const at = t.clock.now;
    const code = await signCode(signed, stepAt(at.getTime(), 15), device.keys.privateKey);
    // Each scanner, offline, admits the same holder (the code was screenshot and shown at two gates).
    const options = await scannerOptions();
    expect((await verifyCode(code, options)).ok).toBe(true);
    const north = await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, { scannerId: 'north', admissions: [{ code, admittedAt: at.toISOString() }] });
    expect(north.status).toBe(200);
    expect(north.json).toEqual({ stored: 1, alreadyStored: 0, refused: [], flagged: [] });
    // The first admission marked the ticket used, so the revocation list now names its certificate.
    expect((await organiser('GET', `/v1/door/events/${liveEventId}/revocations`)).json.certificateIds).toContain(signed.certificate.certificateId);
    const later = new Date(at.getTime() + 5_000).toISOString();
    const south = await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, { scannerId: 'south', admissions: [{ code, admittedAt: later }] });
    expect(south.json.stored).toBe(1);
    expect(south.json.flagged).toEqual([
      {
        userTicketId: ticketA,
        holderUserId: alexId,
        admissions: [
          { scannerId: 'north', admittedAt: at.toISOString() },
          { scannerId: 'south', admittedAt: later },
        ],
      },
    ]);
    const retried = await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, { scannerId: 'south', admissions: [{ code, admittedAt: later }] });
    expect(retried.json).toMatchObject({ stored: 0, alreadyStored: 1 });
    expect(await t.database.db.select().from(doorAdmissions).where(eq(doorAdmissions.userTicketId, ticketA))).toHaveLength(2);
    const [ticket] = await t.database.db.select().from(userTickets).where(eq(userTickets.id, ticketA));
    expect(ticket!.status).toBe('used');
  });

  it('two offline scanners (the scanner logic) both admit a holder; each refuses the replay at its own door, the sync flags it', async () => {
    const device = await newDevice();
    const signed = readSignedCertificate(fromBase64Url((await register(ticketD, device.publicKey)).json.certificate));
    const at = t.clock.now.getTime();
    const code = await signCode(signed, stepAt(at, 15), device.keys.privateKey);
    const setup = await scannerOptions();
    const east = createScanner(setup);
    const gate = createScanner(setup);
    expect((await east.scan(code, at)).admitted).toBe(true);
    expect(await east.scan(code, at + 2000)).toMatchObject({ admitted: false, reason: 'door.already_admitted' });
    expect((await gate.scan(code, at + 3000)).admitted).toBe(true);
    for (const [scannerId, scanner] of [['east', east], ['gate', gate]] as const) {
      const batch = scanner.nextBatch();
      const answer = await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, { scannerId, admissions: batch });
      expect(answer.status).toBe(200);
      scanner.acknowledge(batch.length, answer.json);
      expect(scanner.pendingCount()).toBe(0);
    }
    const flag = gate.flagged().find((entry) => entry.userTicketId === ticketD);
    expect(flag?.admissions.map((admission) => admission.scannerId)).toEqual(['east', 'gate']);
    // The first scanner learns of it on its next sync, even with nothing to send.
    const next = await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, { scannerId: 'east', admissions: east.nextBatch() });
    east.acknowledge(0, next.json);
    expect(east.flagged().map((entry) => entry.userTicketId)).toContain(ticketD);
  });

  it('refuses what does not verify at the time the scanner claims, without storing anything for it', async () => {
    const device = await newDevice();
    const signed = readSignedCertificate(fromBase64Url((await register(ticketB, device.publicKey)).json.certificate));
    const at = t.clock.now.getTime();
    const good = await signCode(signed, stepAt(at, 15), device.keys.privateKey);
    const other = await newDevice();
    const wrongKey = await signCode(signed, stepAt(at, 15), other.keys.privateKey);
    const answer = await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, {
      scannerId: 'west',
      admissions: [
        { code: 'TW2.garbage', admittedAt: new Date(at).toISOString() },
        { code: wrongKey, admittedAt: new Date(at).toISOString() },
        // A lying scanner: a code read now, claimed for an hour later.
        { code: good, admittedAt: new Date(at + 3_600_000).toISOString() },
        { code: good, admittedAt: new Date(at + 60_000).toISOString() },
      ],
    });
    expect(answer.json.refused).toEqual([
      { index: 0, reason: 'door.code_malformed' },
      { index: 1, reason: 'door.device_signature_invalid' },
      { index: 2, reason: 'door.admitted_in_future' },
      { index: 3, reason: 'door.step_out_of_tolerance' },
    ]);
    expect(answer.json.stored).toBe(0);
    expect(await t.database.db.select().from(doorAdmissions).where(eq(doorAdmissions.scannerId, 'west'))).toHaveLength(0);
  });

  it('refuses another organisation’s event as a wrong key, and bad bodies', async () => {
    expect((await organiser('POST', `/v1/door/events/999999/admissions`, { scannerId: 'x', admissions: [] })).json.code).toBe('api.access.organizer_key_invalid');
    expect((await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, { scannerId: '', admissions: [] })).json.code).toBe('api.invalid_request_body');
    expect((await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, { scannerId: 'x', admissions: [{ code: 'x', admittedAt: 'yesterday' }] })).json.code).toBe(
      'api.invalid_request_body',
    );
  });
});

describe('a ticket passed on', () => {
  it('puts its certificate on the revocation list', async () => {
    const device = await newDevice();
    const { certificateId } = (await register(ticketC, device.publicKey)).json;
    expect((await organiser('GET', `/v1/door/events/${liveEventId}/revocations`)).json.certificateIds).not.toContain(certificateId);
    const gift = await call(t.app, { method: 'POST', url: '/v1/mobile/giftTicket', token: t.tokens.alex, payload: { userTicketId: ticketC, username: 'jordan@example.com' } });
    expect(gift.status).toBe(200);
    expect((await organiser('GET', `/v1/door/events/${liveEventId}/revocations`)).json.certificateIds).toContain(certificateId);
  });

  it("refuses a synced admission of the giver's old code made after the gift, stored with its reason, not used, not flagged", async () => {
    const device = await newDevice();
    const signed = readSignedCertificate(fromBase64Url((await register(ticketE, device.publicKey)).json.certificate));
    const before = t.clock.now.getTime();
    const earlyCode = await signCode(signed, stepAt(before, 15), device.keys.privateKey);
    t.clock.advance(15_000);
    const gift = await call(t.app, { method: 'POST', url: '/v1/mobile/giftTicket', token: t.tokens.alex, payload: { userTicketId: ticketE, username: 'jordan@example.com' } });
    expect(gift.status).toBe(200);
    t.clock.advance(15_000);
    const after = t.clock.now.getTime();
    const lateCode = await signCode(signed, stepAt(after, 15), device.keys.privateKey);
    // An offline scanner with an old revocation list let the giver's device in after the gift, and once before it.
    const answer = await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, {
      scannerId: 'revoked-gate',
      admissions: [
        { code: earlyCode, admittedAt: new Date(before).toISOString() },
        { code: lateCode, admittedAt: new Date(after).toISOString() },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.json.refused).toEqual([{ index: 1, reason: 'door.revoked_before_admission' }]);
    expect(answer.json.stored).toBe(1);
    const rows = await t.database.db.select().from(doorAdmissions).where(eq(doorAdmissions.scannerId, 'revoked-gate')).orderBy(doorAdmissions.admittedAt);
    expect(rows.map((row) => row.refusal)).toEqual([null, 'door.revoked_before_admission']);
    // Two rows for the ticket, but only one accepted admission: it is not flagged as admitted twice.
    expect(answer.json.flagged.map((flag: { userTicketId: number }) => flag.userTicketId)).not.toContain(ticketE);
    // A retried sync still says so.
    const retried = await organiser('POST', `/v1/door/events/${liveEventId}/admissions`, {
      scannerId: 'revoked-gate',
      admissions: [{ code: lateCode, admittedAt: new Date(after).toISOString() }],
    });
    expect(retried.json.refused).toEqual([{ index: 0, reason: 'door.revoked_before_admission' }]);
  });
});

describe('the public keys', () => {
  it('are public, with the ttl and tolerance', async () => {
    const keys = await call(t.app, { method: 'GET', url: '/v1/door/keys' });
    expect(keys.json).toMatchObject({ ttl: 15, toleranceSteps: 1, keys: [{ keyId: 1, algorithm: 'ES256' }] });
    expect(fromBase64Url(keys.json.keys[0].publicKey)).toHaveLength(65);
  });
});
