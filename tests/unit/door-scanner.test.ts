// The offline door scanner (src/door/scanner.ts): a replay refused at this door, a new revocation list applied, the
// sync queue in batches, and the log read back after a restart still refusing a replay.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Certificate, type SignedCertificate, exportPublicKey, generateDeviceKeyPair, signCertificate, signCode, stepAt } from '../../src/door/code';
import { type ScannerSetup, createScanner } from '../../src/door/scanner';

const NOW = Date.UTC(2026, 10, 27, 20, 0, 0);
const TTL = 15;
let setup: ScannerSetup;
const holders: { signed: SignedCertificate; device: CryptoKeyPair }[] = [];

beforeAll(async () => {
  const organisation = await generateDeviceKeyPair(true);
  setup = { eventId: 42, organisationKeys: new Map([[1, organisation.publicKey]]), revoked: [], toleranceSteps: 1 };
  for (const userTicketId of [501, 502, 503]) {
    const device = await generateDeviceKeyPair();
    const certificate: Certificate = {
      keyId: 1,
      certificateId: userTicketId + 1000,
      userTicketId,
      holderUserId: userTicketId - 500,
      eventId: 42,
      notBefore: NOW / 1000 - 600,
      notAfter: NOW / 1000 + 3600,
      ttlSeconds: TTL,
      devicePublicKey: await exportPublicKey(device.publicKey),
    };
    holders.push({ signed: await signCertificate(certificate, organisation.privateKey), device });
  }
});

const codeOf = (holder: number, ms = NOW) => signCode(holders[holder]!.signed, stepAt(ms, TTL), holders[holder]!.device.privateKey);

describe('the scanner', () => {
  it('admits a holder once: the same code again, or their next code, is refused at this door', async () => {
    const scanner = createScanner(setup);
    const code = await codeOf(0);
    const first = await scanner.scan(code, NOW);
    expect(first).toMatchObject({ admitted: true, holderUserId: 1, admission: { userTicketId: 501, certificateId: 1501, admittedAt: new Date(NOW).toISOString() } });
    expect(await scanner.scan(code, NOW + 1000)).toMatchObject({ admitted: false, reason: 'door.already_admitted', previous: { userTicketId: 501 } });
    expect(await scanner.scan(await codeOf(0, NOW + TTL * 1000), NOW + TTL * 1000)).toMatchObject({ admitted: false, reason: 'door.already_admitted' });
    expect((await scanner.scan(await codeOf(1), NOW)).admitted).toBe(true);
    expect(scanner.pendingCount()).toBe(2);
  });

  it('refuses a screenshot after its step, and a code the verification refuses is not logged', async () => {
    const scanner = createScanner(setup);
    const code = await codeOf(0);
    expect(await scanner.scan(code, NOW + 3 * TTL * 1000)).toEqual({ admitted: false, reason: 'door.step_out_of_tolerance' });
    expect(scanner.pendingCount()).toBe(0);
    // Not logged: the holder's fresh code still gets in.
    expect((await scanner.scan(await codeOf(0, NOW + 3 * TTL * 1000), NOW + 3 * TTL * 1000)).admitted).toBe(true);
  });

  it('applies a newer revocation list', async () => {
    const scanner = createScanner(setup);
    scanner.updateRevocations([1502]);
    expect(await scanner.scan(await codeOf(1), NOW)).toEqual({ admitted: false, reason: 'door.certificate_revoked' });
    scanner.updateRevocations([]);
    expect((await scanner.scan(await codeOf(1), NOW)).admitted).toBe(true);
  });

  it('queues admissions for the server in batches, and keeps the flags and refusals of the answer', async () => {
    const scanner = createScanner(setup);
    for (const holder of [0, 1, 2]) await scanner.scan(await codeOf(holder), NOW);
    const batch = scanner.nextBatch(2);
    expect(batch).toHaveLength(2);
    expect(batch[0]).toEqual({ code: scanner.log().admitted[0]!.code, admittedAt: new Date(NOW).toISOString() });
    const flagged = [{ userTicketId: 501, holderUserId: 1, admissions: [{ scannerId: 'a', admittedAt: 'x' }, { scannerId: 'b', admittedAt: 'y' }] }];
    scanner.acknowledge(batch.length, { refused: [{ index: 1, reason: 'door.certificate_unknown' }], flagged });
    expect(scanner.pendingCount()).toBe(1);
    expect(scanner.flagged()).toEqual(flagged);
    expect(scanner.refusedBySync()).toEqual([{ admission: scanner.log().admitted[1], reason: 'door.certificate_unknown' }]);
    expect(scanner.nextBatch()).toEqual([{ code: scanner.log().admitted[2]!.code, admittedAt: new Date(NOW).toISOString() }]);
    scanner.acknowledge(1, { refused: [], flagged: [] });
    expect(scanner.pendingCount()).toBe(0);
    expect(scanner.nextBatch()).toEqual([]);
  });

  it('read back from its log after a restart, still refuses a replay and still knows what is unsynced', async () => {
    const first = createScanner(setup);
    const code = await codeOf(2);
    await first.scan(code, NOW);
    await first.scan(await codeOf(0), NOW);
    first.acknowledge(1, { refused: [], flagged: [] });
    const restarted = createScanner(setup, JSON.parse(JSON.stringify(first.log())));
    expect(await restarted.scan(code, NOW)).toMatchObject({ admitted: false, reason: 'door.already_admitted' });
    expect(restarted.pendingCount()).toBe(1);
    expect(restarted.nextBatch()[0]!.code).toBe(first.log().admitted[1]!.code);
  });
});
