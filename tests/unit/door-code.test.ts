// The device-bound entry code (src/door/code.ts): wire format round trip, every field tampered with, and the
// scanner's refusals (a key not in the certificate, an expired, early or revoked certificate, a stale step, another event).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_BYTES,
  CODE_PREFIX,
  type Certificate,
  type SignedCertificate,
  type VerifyOptions,
  decodeCertificate,
  decodeCode,
  encodeCertificate,
  encodeCode,
  exportPublicKey,
  fromBase64Url,
  generateDeviceKeyPair,
  isPublicKey,
  readSignedCertificate,
  signCertificate,
  signCode,
  stepAt,
  toBase64Url,
  verifyCode,
} from '../../src/door/code';

const NOW = Date.UTC(2026, 10, 27, 20, 0, 0);
const TTL = 15;
let organisation: CryptoKeyPair;
let device: CryptoKeyPair;
let other: CryptoKeyPair;
let certificate: Certificate;
let signed: SignedCertificate;

const options = (patch: Partial<VerifyOptions> = {}): VerifyOptions => ({
  organisationKeys: new Map([[7, organisation.publicKey]]),
  eventId: 42,
  revoked: new Set(),
  nowMs: NOW,
  toleranceSteps: 1,
  ...patch,
});

beforeAll(async () => {
  organisation = await generateDeviceKeyPair(true);
  device = await generateDeviceKeyPair();
  other = await generateDeviceKeyPair();
  certificate = {
    keyId: 7,
    certificateId: 1001,
    userTicketId: 555,
    holderUserId: 12,
    eventId: 42,
    notBefore: NOW / 1000 - 3600,
    notAfter: NOW / 1000 + 3600,
    ttlSeconds: TTL,
    devicePublicKey: await exportPublicKey(device.publicKey),
  };
  signed = await signCertificate(certificate, organisation.privateKey);
});

describe('wire format', () => {
  it('round trips a certificate and a code', async () => {
    expect(decodeCertificate(encodeCertificate(certificate))).toEqual(certificate);
    expect(readSignedCertificate(signed.bytes).certificate).toEqual(certificate);
    const step = stepAt(NOW, TTL);
    const text = await signCode(signed, step, device.privateKey);
    expect(text.startsWith(CODE_PREFIX)).toBe(true);
    const decoded = decodeCode(text);
    expect(decoded.certificate).toEqual(certificate);
    expect(decoded.step).toBe(step);
    expect(encodeCode(decoded)).toBe(text);
    // Small enough for a QR code a phone draws and a scanner reads at arm's length (version 13 at level M holds 331 bytes).
    expect(text.length).toBeLessThan(331);
  });

  it('base64url is strict: one spelling per code', () => {
    const bytes = new Uint8Array([1, 2, 3, 250, 251]);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(() => fromBase64Url('AQID+vs')).toThrow('door.code_malformed');
    expect(() => fromBase64Url('AQID-vt')).toThrow('door.code_malformed'); // spare bits set
    expect(() => fromBase64Url('AQID-vs=')).toThrow('door.code_malformed');
  });

  it('refuses malformed codes without throwing', async () => {
    const text = await signCode(signed, stepAt(NOW, TTL), device.privateKey);
    for (const bad of ['', 'TW1.1.2.abc', text.slice(0, -4), `${text}AAAA`, text.replace(CODE_PREFIX, 'TW3.'), `${CODE_PREFIX}!!!!`]) {
      expect(await verifyCode(bad, options())).toEqual({ ok: false, reason: 'door.code_malformed' });
    }
  });

  it('refuses a certificate that cannot be encoded', () => {
    expect(() => encodeCertificate({ ...certificate, devicePublicKey: new Uint8Array(33) })).toThrow(RangeError);
    expect(() => encodeCertificate({ ...certificate, keyId: 70_000 })).toThrow(RangeError);
    expect(() => encodeCertificate({ ...certificate, certificateId: -1 })).toThrow(RangeError);
    expect(() => encodeCertificate({ ...certificate, notAfter: certificate.notBefore - 1 })).toThrow(RangeError);
  });

  it('knows a public key from other bytes', async () => {
    expect(await isPublicKey(certificate.devicePublicKey)).toBe(true);
    const offCurve = certificate.devicePublicKey.slice();
    offCurve[64] = offCurve[64]! ^ 1;
    expect(await isPublicKey(offCurve)).toBe(false);
    expect(await isPublicKey(new Uint8Array(65))).toBe(false);
  });
});

describe('the scanner', () => {
  it('admits a fresh code of a genuine certificate, and one step either side', async () => {
    const step = stepAt(NOW, TTL);
    for (const s of [step - 1, step, step + 1]) {
      const verdict = await verifyCode(await signCode(signed, s, device.privateKey), options());
      expect(verdict.ok && verdict.code.certificate.userTicketId).toBe(555);
    }
  });

  it('refuses a step outside the tolerance (a screenshot, after its step)', async () => {
    const text = await signCode(signed, stepAt(NOW, TTL), device.privateKey);
    expect(await verifyCode(text, options({ nowMs: NOW + 2 * TTL * 1000 }))).toEqual({ ok: false, reason: 'door.step_out_of_tolerance' });
    expect(await verifyCode(text, options({ nowMs: NOW - 2 * TTL * 1000 }))).toEqual({ ok: false, reason: 'door.step_out_of_tolerance' });
  });

  it('refuses a code signed by a key that is not in the certificate', async () => {
    const text = await signCode(signed, stepAt(NOW, TTL), other.privateKey);
    expect(await verifyCode(text, options())).toEqual({ ok: false, reason: 'door.device_signature_invalid' });
  });

  it('refuses a certificate signed by another key, or under a key id it does not know', async () => {
    const forged = await signCertificate(certificate, other.privateKey);
    expect(await verifyCode(await signCode(forged, stepAt(NOW, TTL), device.privateKey), options())).toEqual({
      ok: false,
      reason: 'door.certificate_forged',
    });
    const text = await signCode(signed, stepAt(NOW, TTL), device.privateKey);
    expect(await verifyCode(text, options({ organisationKeys: new Map([[8, organisation.publicKey]]) }))).toEqual({ ok: false, reason: 'door.key_unknown' });
  });

  it('refuses an expired, a not yet valid and a revoked certificate, and another event', async () => {
    const at = (ms: number) => signCode(signed, stepAt(ms, TTL), device.privateKey);
    const after = NOW + 3601_000;
    expect(await verifyCode(await at(after), options({ nowMs: after }))).toEqual({ ok: false, reason: 'door.certificate_expired' });
    const before = NOW - 3601_000;
    expect(await verifyCode(await at(before), options({ nowMs: before }))).toEqual({ ok: false, reason: 'door.certificate_not_yet_valid' });
    expect(await verifyCode(await at(NOW), options({ revoked: new Set([1001]) }))).toEqual({ ok: false, reason: 'door.certificate_revoked' });
    expect(await verifyCode(await at(NOW), options({ eventId: 43 }))).toEqual({ ok: false, reason: 'door.wrong_event' });
  });

  it('refuses a code with any field of the certificate, either signature or the step changed', async () => {
    const step = stepAt(NOW, TTL);
    const text = await signCode(signed, step, device.privateKey);
    const code = decodeCode(text);
    // Each certificate byte except the version and algorithm, which make it malformed instead.
    for (let i = 0; i < CERTIFICATE_BYTES; i++) {
      const certificateBytes = code.certificateBytes.slice();
      certificateBytes[i] = certificateBytes[i]! ^ 0x01;
      const verdict = await verifyCode(encodeCode({ ...code, certificateBytes }), options());
      expect(verdict.ok, `certificate byte ${i}`).toBe(false);
    }
    for (const part of ['organisationSignature', 'deviceSignature'] as const) {
      for (const i of [0, 31, 63]) {
        const bytes = code[part].slice();
        bytes[i] = bytes[i]! ^ 0x80;
        expect((await verifyCode(encodeCode({ ...code, [part]: bytes }), options())).ok, `${part} byte ${i}`).toBe(false);
      }
    }
    // The step within tolerance but not the one the device signed.
    expect(await verifyCode(encodeCode({ ...code, step: step + 1 }), options())).toEqual({ ok: false, reason: 'door.device_signature_invalid' });
  });

  it('checks each certificate once with a cache, and the cache does not let a tampered code through', async () => {
    const cache = new Map<string, CryptoKey>();
    const step = stepAt(NOW, TTL);
    expect((await verifyCode(await signCode(signed, step, device.privateKey), options({ verifiedCertificates: cache }))).ok).toBe(true);
    expect(cache.size).toBe(1);
    expect((await verifyCode(await signCode(signed, step, device.privateKey), options({ verifiedCertificates: cache }))).ok).toBe(true);
    expect(cache.size).toBe(1);
    expect(await verifyCode(await signCode(signed, step, other.privateKey), options({ verifiedCertificates: cache }))).toEqual({
      ok: false,
      reason: 'door.device_signature_invalid',
    });
    const forged = await signCertificate({ ...certificate, userTicketId: 556 }, other.privateKey);
    expect((await verifyCode(await signCode(forged, step, device.privateKey), options({ verifiedCertificates: cache }))).ok).toBe(false);
  });
});
