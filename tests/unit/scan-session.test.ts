// The /scan page's session (src/host/scan/scan-session.ts) in Node, against a fake server: the sign-in copies the keys
// and the revocation list, a TW2 code is verified with no network and logged, the log and the copy survive a reload
// with the network down, a TW1 code offline says it needs the network, and the sync sends what waits, keeps the
// server's flags and takes the fresh revocation list.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Certificate,
  exportPublicKey,
  generateDeviceKeyPair,
  readSignedCertificate,
  signCertificate,
  signCode,
  stepAt,
  toBase64Url,
} from '../../src/door/code';
import { createScanSession, SCAN_STORAGE_KEY } from '../../src/host/scan/scan-session';
import type { Flag, ScanEvent } from '../../src/host/scan/scan-state';

const KEY = 'organiser-key';
const NOW = Date.UTC(2026, 10, 27, 20, 0, 0);
const event: ScanEvent = { eventId: 7, name: 'Harbour Night Market', venue: 'Barangaroo', startsAt: '2026-11-27T18:00:00Z', endsAt: '2026-11-28T02:00:00Z' };

let organisation: CryptoKeyPair;
let organisationRaw: string;

/** A server with the door's endpoints, a switch for the network, and what it was sent. */
function fakeServer() {
  const server = {
    online: true,
    revoked: [] as number[],
    flagged: [] as Flag[],
    refused: [] as { index: number; reason: string }[],
    synced: [] as { scannerId: string; admissions: { code: string; admittedAt: string }[] }[],
    gate: { status: 200, body: { userTicketId: 3, ticketName: 'General Admission', holder: 'Alex Rivera' } as object },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      if (!server.online) throw new TypeError('Failed to fetch');
      const path = String(input);
      const key = ((init?.headers ?? {}) as Record<string, string>)['x-organizer-key'];
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (key !== KEY) return json(401, { code: 'api.access.organizer_key_invalid' });
      if (path === '/v1/door/events') return json(200, { organisation: 'Harbour Lights', events: [event] });
      if (path === '/v1/door/keys') return json(200, { keys: [{ keyId: 1, algorithm: 'ES256', publicKey: organisationRaw }], ttl: 15, toleranceSteps: 1 });
      if (path === `/v1/door/events/${event.eventId}/revocations`) return json(200, { eventId: event.eventId, certificateIds: server.revoked, asOf: new Date(NOW).toISOString() });
      if (path === `/v1/door/events/${event.eventId}/admissions`) {
        server.synced.push(JSON.parse(String(init?.body)));
        return json(200, { stored: 1, alreadyStored: 0, refused: server.refused, flagged: server.flagged });
      }
      if (path === '/v1/access/scan') return json(server.gate.status, server.gate.body);
      return json(404, { code: 'api.not_found' });
    }) as typeof fetch,
  };
  return server;
}

/** A device's certificate for a ticket, and its code at `nowMs`. */
async function codeFor(userTicketId: number, { eventId = event.eventId, certificateId = userTicketId + 100, nowMs = NOW } = {}) {
  const device = await generateDeviceKeyPair();
  const certificate: Certificate = {
    keyId: 1,
    certificateId,
    userTicketId,
    holderUserId: 40 + userTicketId,
    eventId,
    notBefore: NOW / 1000 - 3600,
    notAfter: NOW / 1000 + 3600,
    ttlSeconds: 15,
    devicePublicKey: await exportPublicKey(device.publicKey),
  };
  const signed = readSignedCertificate((await signCertificate(certificate, organisation.privateKey)).bytes);
  return signCode(signed, stepAt(nowMs, 15), device.privateKey);
}

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
}

let server: ReturnType<typeof fakeServer>;
let storage: ReturnType<typeof memoryStorage>;
let clock: number;
const session = () => createScanSession({ fetch: server.fetch, storage, now: () => clock, newScannerId: () => 'north-gate' });

beforeEach(async () => {
  organisation = await generateDeviceKeyPair(true);
  organisationRaw = toBase64Url(await exportPublicKey(organisation.publicKey));
  server = fakeServer();
  storage = memoryStorage();
  clock = NOW;
});

describe('the scan session', () => {
  it('refuses a wrong organiser key with the API code, and says offline when the server is out of reach', async () => {
    await expect(session().events('nope')).rejects.toMatchObject({ code: 'api.access.organizer_key_invalid' });
    server.online = false;
    await expect(session().events(KEY)).rejects.toMatchObject({ code: 'offline' });
  });

  it('admits a code offline once, refuses it again and a code of another event, and keeps the log across a reload', async () => {
    const first = session();
    expect((await first.events(KEY)).events).toEqual([event]);
    await first.signIn(KEY, event);
    server.online = false;
    const code = await codeFor(1);
    expect(await first.read(code)).toEqual({ kind: 'admitted', ticket: '#1', holder: '#41', local: true });
    expect(await first.read(code)).toEqual({ kind: 'refused', reason: 'scan.reason_already_admitted', at: new Date(NOW).toISOString() });
    expect(await first.read(await codeFor(2, { eventId: 8 }))).toEqual({ kind: 'refused', reason: 'scan.reason_wrong_event' });
    expect(await first.read('TW2.AAAA')).toEqual({ kind: 'refused', reason: 'scan.reason_malformed' });
    expect(first.status().pending).toBe(1);

    // A reload with the network still down: the copy and the log come back from storage.
    const reloaded = session();
    expect((await reloaded.restore())?.event).toEqual(event);
    expect(reloaded.status().pending).toBe(1);
    expect(await reloaded.read(code)).toMatchObject({ kind: 'refused', reason: 'scan.reason_already_admitted' });
    expect(await reloaded.read(await codeFor(3))).toMatchObject({ kind: 'admitted', ticket: '#3' });
    expect(reloaded.status().pending).toBe(2);
    // A code past its step and the tolerance.
    clock = NOW + 60_000;
    expect(await reloaded.read(await codeFor(4))).toEqual({ kind: 'refused', reason: 'scan.reason_expired' });
  });

  it('sends a TW1 code to the gate API, and offline says it needs the network', async () => {
    const door = session();
    await door.signIn(KEY, event);
    expect(await door.read('TW1.5.123.abc')).toEqual({ kind: 'admitted', ticket: 'General Admission', holder: 'Alex Rivera', local: false });
    server.gate = { status: 409, body: { code: 'api.access.qr_replayed' } };
    expect(await door.read('TW1.5.123.abc')).toEqual({ kind: 'refused', reason: 'scan.reason_used' });
    server.online = false;
    expect(await door.read('TW1.5.124.abd')).toEqual({ kind: 'refused', reason: 'scan.reason_needs_network' });
    expect(door.status().pending).toBe(0);
  });

  it('keeps the admissions the server refused at sync (revoked before they got in), with the reason staff read, across a reload', async () => {
    const door = session();
    await door.signIn(KEY, event);
    server.online = false;
    await door.read(await codeFor(1));
    await door.read(await codeFor(2));
    server.online = true;
    server.refused = [{ index: 1, reason: 'door.revoked_before_admission' }];
    const after = await door.sync();
    const refused = [{ userTicketId: 2, admittedAt: new Date(NOW).toISOString(), reason: 'scan.reason_revoked_before_admission' }];
    expect(after.refused).toEqual(refused);
    expect(after.pending).toBe(0);
    const reloaded = session();
    await reloaded.restore();
    expect(reloaded.status().refused).toEqual(refused);
    server.refused = [];
  });

  it('syncs what waits, keeps the flags, and refuses a certificate revoked since', async () => {
    const door = session();
    await door.signIn(KEY, event);
    server.online = false;
    const code = await codeFor(1);
    await door.read(code);
    await expect(door.sync()).rejects.toMatchObject({ code: 'offline' });
    expect(door.status().pending).toBe(1);

    server.online = true;
    const flag: Flag = { userTicketId: 1, holderUserId: 41, admissions: [{ scannerId: 'north-gate', admittedAt: new Date(NOW).toISOString() }, { scannerId: 'south', admittedAt: new Date(NOW + 5000).toISOString() }] };
    server.flagged = [flag];
    server.revoked = [102];
    const after = await door.sync();
    expect(server.synced).toEqual([{ scannerId: 'north-gate', admissions: [{ code, admittedAt: new Date(NOW).toISOString() }] }]);
    expect(after).toEqual({ pending: 0, flagged: [flag], refused: [], syncedAt: new Date(NOW).toISOString() });
    expect(await door.read(await codeFor(2))).toEqual({ kind: 'refused', reason: 'scan.reason_revoked' });
    // Its own admission, now used and on the list, still reads as admitted here.
    server.revoked = [101, 102];
    await door.sync();
    expect(await door.read(code)).toEqual({ kind: 'refused', reason: 'scan.reason_already_admitted', at: new Date(NOW).toISOString() });
    // Stored: a reload knows it is synced and what was flagged.
    const reloaded = session();
    await reloaded.restore();
    expect(reloaded.status()).toEqual(after);
    // Nothing waits: the sync still asks for the flags (an empty batch).
    await reloaded.sync();
    expect(server.synced.at(-1)).toEqual({ scannerId: 'north-gate', admissions: [] });
  });

  it('forgets everything on sign out', async () => {
    const door = session();
    await door.signIn(KEY, event);
    expect(storage.getItem(SCAN_STORAGE_KEY)).toContain(KEY);
    door.signOut();
    expect(storage.getItem(SCAN_STORAGE_KEY)).toBeNull();
    expect(await session().restore()).toBeNull();
  });
});
