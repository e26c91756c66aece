// The device-bound entry code, shared by the wallet (draws and signs it), the scanner (verifies it with no network)
// and the server (issues certificates, re-verifies synced admissions). Pure TypeScript on WebCrypto
// (`globalThis.crypto.subtle`), so the same file runs in the browser and in Node.
//
// A certificate is signed by the organisation's key and says: this user ticket, held by this user, for this event,
// may be shown from the device holding this public key between notBefore and notAfter, in codes that rotate every
// ttl seconds. The code on screen is the certificate, the current time step and the device's signature over both:
//
//   TW2.<base64url( certificate (99 bytes) | organisation signature (64) | step (4) | device signature (64) )>
//
// Certificate bytes, big-endian: version (1) | algorithm (1, 1 = P-256 ECDSA SHA-256) | key id (2) | certificate
// id (4) | user ticket id (4) | holder user id (4) | event id (4) | notBefore (4, Unix seconds) | notAfter (4) |
// ttl seconds (2) | device public key (65, uncompressed P-256 point). Signatures are IEEE P1363 (r | s), what
// WebCrypto makes and checks.

export const CODE_PREFIX = 'TW2.';
const VERSION = 1;
const ALG_P256 = 1;
const PUBLIC_KEY_BYTES = 65;
const SIGNATURE_BYTES = 64;
export const CERTIFICATE_BYTES = 1 + 1 + 2 + 4 * 7 + 2 + PUBLIC_KEY_BYTES;
const STEP_BYTES = 4;
export const CODE_BYTES = CERTIFICATE_BYTES + SIGNATURE_BYTES + STEP_BYTES + SIGNATURE_BYTES;
/** What the device signs is prefixed with this, so a device signature can never be taken for anything else. */
const DEVICE_CONTEXT = new TextEncoder().encode('tw-door-code/1');
const ECDSA = { name: 'ECDSA', hash: 'SHA-256' } as const;
const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const MAX_U32 = 0xffff_ffff;

export interface Certificate {
  keyId: number;
  certificateId: number;
  userTicketId: number;
  holderUserId: number;
  eventId: number;
  /** Unix seconds. */
  notBefore: number;
  notAfter: number;
  ttlSeconds: number;
  /** Uncompressed P-256 point (65 bytes). */
  devicePublicKey: Uint8Array;
}

/** A certificate as the server hands it to the wallet: its bytes followed by the organisation's signature. */
export interface SignedCertificate {
  certificate: Certificate;
  /** certificate bytes | organisation signature */
  bytes: Uint8Array;
}

export interface DecodedCode {
  certificate: Certificate;
  /** The certificate's bytes as signed by the organisation. */
  certificateBytes: Uint8Array;
  organisationSignature: Uint8Array;
  step: number;
  deviceSignature: Uint8Array;
}

/** Why a code is refused; stable, translated by the scanner page. */
export type RefusalCode =
  | 'door.code_malformed'
  | 'door.key_unknown'
  | 'door.certificate_forged'
  | 'door.device_signature_invalid'
  | 'door.certificate_not_yet_valid'
  | 'door.certificate_expired'
  | 'door.certificate_revoked'
  | 'door.wrong_event'
  | 'door.step_out_of_tolerance'
  | 'door.already_admitted';

export class DoorCodeError extends Error {
  constructor(readonly code: RefusalCode) {
    super(code);
  }
}

// ----- bytes -----

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Strict: only the base64url alphabet, no padding; throws DoorCodeError('door.code_malformed') otherwise. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new DoorCodeError('door.code_malformed');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  // A non-canonical encoding (spare bits set) would let one code have two spellings.
  if (toBase64Url(bytes) !== text) throw new DoorCodeError('door.code_malformed');
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const u32 = (value: number, name: string) => {
  if (!Number.isInteger(value) || value < 0 || value > MAX_U32) throw new RangeError(`${name} must fit 32 bits`);
  return value;
};

// ----- certificate -----

export function encodeCertificate(c: Certificate): Uint8Array {
  if (c.devicePublicKey.length !== PUBLIC_KEY_BYTES || c.devicePublicKey[0] !== 4) throw new RangeError('devicePublicKey must be an uncompressed P-256 point');
  if (!Number.isInteger(c.keyId) || c.keyId < 0 || c.keyId > 0xffff) throw new RangeError('keyId must fit 16 bits');
  if (!Number.isInteger(c.ttlSeconds) || c.ttlSeconds < 1 || c.ttlSeconds > 0xffff) throw new RangeError('ttlSeconds must be 1–65535');
  if (c.notAfter < c.notBefore) throw new RangeError('notAfter is before notBefore');
  const bytes = new Uint8Array(CERTIFICATE_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, VERSION);
  view.setUint8(1, ALG_P256);
  view.setUint16(2, c.keyId);
  view.setUint32(4, u32(c.certificateId, 'certificateId'));
  view.setUint32(8, u32(c.userTicketId, 'userTicketId'));
  view.setUint32(12, u32(c.holderUserId, 'holderUserId'));
  view.setUint32(16, u32(c.eventId, 'eventId'));
  view.setUint32(20, u32(c.notBefore, 'notBefore'));
  view.setUint32(24, u32(c.notAfter, 'notAfter'));
  view.setUint16(28, c.ttlSeconds);
  bytes.set(c.devicePublicKey, 30);
  return bytes;
}

export function decodeCertificate(bytes: Uint8Array): Certificate {
  if (bytes.length !== CERTIFICATE_BYTES) throw new DoorCodeError('door.code_malformed');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint8(0) !== VERSION || view.getUint8(1) !== ALG_P256 || bytes[30] !== 4) throw new DoorCodeError('door.code_malformed');
  const certificate: Certificate = {
    keyId: view.getUint16(2),
    certificateId: view.getUint32(4),
    userTicketId: view.getUint32(8),
    holderUserId: view.getUint32(12),
    eventId: view.getUint32(16),
    notBefore: view.getUint32(20),
    notAfter: view.getUint32(24),
    ttlSeconds: view.getUint16(28),
    devicePublicKey: bytes.slice(30, 30 + PUBLIC_KEY_BYTES),
  };
  if (certificate.ttlSeconds < 1 || certificate.notAfter < certificate.notBefore) throw new DoorCodeError('door.code_malformed');
  return certificate;
}

/** The organisation signs a certificate (server side): its bytes followed by the signature. */
export async function signCertificate(certificate: Certificate, organisationKey: CryptoKey): Promise<SignedCertificate> {
  const body = encodeCertificate(certificate);
  const signature = new Uint8Array(await crypto.subtle.sign(ECDSA, organisationKey, body as BufferSource));
  return { certificate, bytes: concat(body, signature) };
}

/** The wallet reads the signed certificate it was given (it does not verify it: the scanner does). */
export function readSignedCertificate(bytes: Uint8Array): SignedCertificate {
  if (bytes.length !== CERTIFICATE_BYTES + SIGNATURE_BYTES) throw new DoorCodeError('door.code_malformed');
  return { certificate: decodeCertificate(bytes.subarray(0, CERTIFICATE_BYTES)), bytes };
}

// ----- code -----

/** The time step a moment falls in for a certificate's ttl. */
export const stepAt = (nowMs: number, ttlSeconds: number) => Math.floor(nowMs / 1000 / ttlSeconds);

function deviceMessage(signedCertificate: Uint8Array, step: number): Uint8Array {
  const stepBytes = new Uint8Array(STEP_BYTES);
  new DataView(stepBytes.buffer).setUint32(0, u32(step, 'step'));
  return concat(DEVICE_CONTEXT, signedCertificate, stepBytes);
}

/** The device draws the code of a time step: certificate, step, and its signature over both. */
export async function signCode(signed: SignedCertificate, step: number, deviceKey: CryptoKey): Promise<string> {
  const message = deviceMessage(signed.bytes, step);
  const signature = new Uint8Array(await crypto.subtle.sign(ECDSA, deviceKey, message as BufferSource));
  return CODE_PREFIX + toBase64Url(concat(message.subarray(DEVICE_CONTEXT.length), signature));
}

/** Splits a code into its parts; throws DoorCodeError('door.code_malformed') for anything else. */
export function decodeCode(text: string): DecodedCode {
  const trimmed = text.trim();
  if (!trimmed.startsWith(CODE_PREFIX)) throw new DoorCodeError('door.code_malformed');
  const bytes = fromBase64Url(trimmed.slice(CODE_PREFIX.length));
  if (bytes.length !== CODE_BYTES) throw new DoorCodeError('door.code_malformed');
  const certificateBytes = bytes.slice(0, CERTIFICATE_BYTES);
  let offset = CERTIFICATE_BYTES;
  const organisationSignature = bytes.slice(offset, (offset += SIGNATURE_BYTES));
  const step = new DataView(bytes.buffer, bytes.byteOffset + offset, STEP_BYTES).getUint32(0);
  offset += STEP_BYTES;
  const deviceSignature = bytes.slice(offset, offset + SIGNATURE_BYTES);
  return { certificate: decodeCertificate(certificateBytes), certificateBytes, organisationSignature, step, deviceSignature };
}

/** Builds the text of a code from its parts (tests tamper with the parts and re-encode). */
export function encodeCode(code: Omit<DecodedCode, 'certificate'>): string {
  const stepBytes = new Uint8Array(STEP_BYTES);
  new DataView(stepBytes.buffer).setUint32(0, u32(code.step, 'step'));
  return CODE_PREFIX + toBase64Url(concat(code.certificateBytes, code.organisationSignature, stepBytes, code.deviceSignature));
}

// ----- keys -----

export const generateDeviceKeyPair = (extractable = false) =>
  crypto.subtle.generateKey(P256, extractable, ['sign', 'verify']) as Promise<CryptoKeyPair>;

export async function exportPublicKey(key: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.exportKey('raw', key));
}

export const importPublicKey = (raw: Uint8Array) => crypto.subtle.importKey('raw', raw as BufferSource, P256, true, ['verify']);

/** Whether raw bytes are a P-256 public key WebCrypto accepts (a point on the curve). */
export async function isPublicKey(raw: Uint8Array): Promise<boolean> {
  if (raw.length !== PUBLIC_KEY_BYTES || raw[0] !== 4) return false;
  try {
    await importPublicKey(raw);
    return true;
  } catch {
    return false;
  }
}

// ----- verification -----

export interface VerifyOptions {
  /** The organisation's public keys by key id. */
  organisationKeys: ReadonlyMap<number, CryptoKey>;
  /** The event this door admits to. */
  eventId: number;
  /** Revoked certificate ids (the scanner's last copy of the revocation list). */
  revoked: ReadonlySet<number>;
  nowMs: number;
  /** Steps either side of the current one still accepted (clock drift, a code shown just before it rotated). */
  toleranceSteps: number;
  /** Certificates already checked, by their signed bytes: a scanner checks each holder's certificate once. */
  verifiedCertificates?: Map<string, CryptoKey>;
}

export type Verdict = { ok: true; code: DecodedCode } | { ok: false; reason: RefusalCode };

/**
 * The scanner's check, with no network: the organisation signed the certificate, the device of the certificate
 * signed the code, the certificate is within its window, not revoked and for this event, and the step is the
 * current one within the tolerance. Never throws for bad input.
 */
export async function verifyCode(text: string, options: VerifyOptions): Promise<Verdict> {
  let code: DecodedCode;
  try {
    code = decodeCode(text);
  } catch {
    return { ok: false, reason: 'door.code_malformed' };
  }
  const { certificate } = code;
  const cacheKey = options.verifiedCertificates ? toBase64Url(code.certificateBytes) + toBase64Url(code.organisationSignature) : '';
  let deviceKey = options.verifiedCertificates?.get(cacheKey);
  if (!deviceKey) {
    const organisationKey = options.organisationKeys.get(certificate.keyId);
    if (!organisationKey) return { ok: false, reason: 'door.key_unknown' };
    const genuine = await crypto.subtle.verify(ECDSA, organisationKey, code.organisationSignature as BufferSource, code.certificateBytes as BufferSource);
    if (!genuine) return { ok: false, reason: 'door.certificate_forged' };
    try {
      deviceKey = await importPublicKey(certificate.devicePublicKey);
    } catch {
      return { ok: false, reason: 'door.certificate_forged' };
    }
    options.verifiedCertificates?.set(cacheKey, deviceKey);
  }
  const message = deviceMessage(concat(code.certificateBytes, code.organisationSignature), code.step);
  if (!(await crypto.subtle.verify(ECDSA, deviceKey, code.deviceSignature as BufferSource, message as BufferSource))) {
    return { ok: false, reason: 'door.device_signature_invalid' };
  }
  const nowSeconds = options.nowMs / 1000;
  if (nowSeconds < certificate.notBefore) return { ok: false, reason: 'door.certificate_not_yet_valid' };
  if (nowSeconds > certificate.notAfter) return { ok: false, reason: 'door.certificate_expired' };
  if (options.revoked.has(certificate.certificateId)) return { ok: false, reason: 'door.certificate_revoked' };
  if (certificate.eventId !== options.eventId) return { ok: false, reason: 'door.wrong_event' };
  if (Math.abs(code.step - stepAt(options.nowMs, certificate.ttlSeconds)) > options.toleranceSteps) {
    return { ok: false, reason: 'door.step_out_of_tolerance' };
  }
  return { ok: true, code };
}
