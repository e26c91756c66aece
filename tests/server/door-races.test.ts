// Device-bound entry codes under concurrency, always on a real Postgres server (PGlite serialises everything and
// hides races): devices of one ticket registering at once end with exactly one live certificate, and scanners
// syncing the same admissions at once store each once and flag the ticket admitted at two of them.
import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPublicKey, fromBase64Url, generateDeviceKeyPair, readSignedCertificate, signCode, stepAt, toBase64Url } from '../../src/door/code';
import { doorAdmissions, doorCertificates, events, ticketTypes, userTickets, users } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY, seedDemoData } from '../../src/server/db/seed';
import { call, createTestApp, openPostgresTestDatabase, signIn, type TestApp } from './helper';

const DEVICES = 8;
let t: TestApp;
let token: string;
let eventId: number;
let ticketId: number;

const organiser = (url: string, payload: object) => call(t.app, { method: 'POST', url, payload, headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } });

beforeAll(async () => {
  t = await createTestApp({ database: openPostgresTestDatabase, env: { QR_TTL_MS: '15000' } });
  expect(t.database.kind).toBe('postgres');
  await seedDemoData(t.database.db, { now: t.clock.now });
  token = (await signIn(t, 'alex@example.com')).accessToken;
  const [alex] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'alex@example.com'));
  const now = t.clock.now;
  const [live] = await t.database.db
    .select({ id: userTickets.id, eventId: events.id })
    .from(userTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(userTickets.ownerUserId, alex!.id), eq(userTickets.status, 'valid'), lte(events.startsAt, now), gte(events.endsAt, now)));
  if (!live) throw new Error('the demo data has no ticket of alex for the live event');
  ({ id: ticketId, eventId } = live);
  expect((await organiser('/v1/door/entry-code', { entryCode: 'device' })).status).toBe(200);
}, 120_000);
afterAll(() => t?.close());

describe('device-bound codes under concurrency (Postgres)', () => {
  it('leaves exactly one live certificate when devices of one ticket register at once', async () => {
    const devices = await Promise.all(Array.from({ length: DEVICES }, () => generateDeviceKeyPair()));
    const keys = await Promise.all(devices.map(async (device) => toBase64Url(await exportPublicKey(device.publicKey))));
    const answers = await Promise.all(
      keys.map((publicKey) => call(t.app, { method: 'POST', url: '/v1/door/devices', token, payload: { userTicketId: ticketId, publicKey } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(keys.map(() => 200));
    const live = await t.database.db
      .select({ id: doorCertificates.id })
      .from(doorCertificates)
      .where(and(eq(doorCertificates.userTicketId, ticketId), isNull(doorCertificates.revokedAt)));
    expect(live).toHaveLength(1);
    // The registrations ran one after another: each revoked the one before it, and the last one is the live one.
    const ids = answers.map((answer) => answer.json.certificateId as number).sort((a, b) => a - b);
    expect(live[0]!.id).toBe(ids.at(-1));
    const revokedOnes = answers.map((answer) => answer.json.revokedCertificateId).filter((id) => id !== null).sort((a, b) => a - b);
    expect(revokedOnes).toEqual(ids.slice(0, -1));
  });

  it('stores each admission once and flags the ticket when two scanners sync the same holder at once', async () => {
    const device = await generateDeviceKeyPair();
    const publicKey = toBase64Url(await exportPublicKey(device.publicKey));
    const registered = await call(t.app, { method: 'POST', url: '/v1/door/devices', token, payload: { userTicketId: ticketId, publicKey } });
    const signed = readSignedCertificate(fromBase64Url(registered.json.certificate));
    const at = t.clock.now;
    const code = await signCode(signed, stepAt(at.getTime(), 15), device.privateKey);
    const admissions = [{ code, admittedAt: at.toISOString() }];
    // Each scanner syncs twice at once (a retry racing its first try).
    const answers = await Promise.all(
      ['north', 'south', 'north', 'south'].map((scannerId) => organiser(`/v1/door/events/${eventId}/admissions`, { scannerId, admissions })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((sum, answer) => sum + answer.json.stored, 0)).toBe(2);
    const rows = await t.database.db.select().from(doorAdmissions).where(eq(doorAdmissions.userTicketId, ticketId));
    expect(rows.map((row) => row.scannerId).sort()).toEqual(['north', 'south']);
    const last = await organiser(`/v1/door/events/${eventId}/admissions`, { scannerId: 'north', admissions: [] });
    expect(last.json.flagged).toEqual([
      { userTicketId: ticketId, holderUserId: signed.certificate.holderUserId, admissions: expect.arrayContaining([expect.objectContaining({ scannerId: 'north' })]) },
    ]);
    expect(last.json.flagged[0].admissions).toHaveLength(2);
    const [ticket] = await t.database.db.select().from(userTickets).where(eq(userTickets.id, ticketId));
    expect(ticket!.status).toBe('used');
  });

  it('answers every scanner when eight sync admissions of the same ticket at once, round after round (no deadlock)', async () => {
    // Each admission row takes a key-share lock on its ticket (the foreign key); a sync that wrote its rows before
    // taking the ticket's update lock deadlocked with another scanner doing the same, and answered 500 after retries.
    const [held] = await t.database.db.select().from(userTickets).where(eq(userTickets.id, ticketId));
    for (let round = 0; round < 6; round++) {
      // A fresh ticket of the live event each round: an admitted one is used and takes no new device.
      const [fresh] = await t.database.db
        .insert(userTickets)
        .values({ ticketTypeId: held!.ticketTypeId, ownerUserId: held!.ownerUserId, purchasePriceMinor: 100 })
        .returning({ id: userTickets.id });
      const device = await generateDeviceKeyPair();
      const publicKey = toBase64Url(await exportPublicKey(device.publicKey));
      const registered = await call(t.app, { method: 'POST', url: '/v1/door/devices', token, payload: { userTicketId: fresh!.id, publicKey } });
      expect(registered.status).toBe(200);
      const signed = readSignedCertificate(fromBase64Url(registered.json.certificate));
      const at = t.clock.now;
      const admissions = [{ code: await signCode(signed, stepAt(at.getTime(), 15), device.privateKey), admittedAt: at.toISOString() }];
      const scanners = Array.from({ length: 8 }, (_, index) => `gate-${round}-${index}`);
      const answers = await Promise.all(scanners.map((scannerId) => organiser(`/v1/door/events/${eventId}/admissions`, { scannerId, admissions })));
      expect(answers.map((answer) => answer.status)).toEqual(scanners.map(() => 200));
      expect(answers.reduce((sum, answer) => sum + answer.json.stored, 0)).toBe(8);
      const [admitted] = await t.database.db.select().from(userTickets).where(eq(userTickets.id, fresh!.id));
      expect(admitted!.status).toBe('used');
    }
  });
});
