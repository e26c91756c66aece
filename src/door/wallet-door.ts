// What the QR pass's device-code actors do (machines/qr-device.ts), kept out of the QR panel's first chunk: the machine
// imports this module only once the organiser's setting says `device`, so the polling QR costs no crypto, no IndexedDB
// and no QR drawing. Each function is one step the machine names: read the key, make it, read the ticket's stored
// certificate, keep a new one, draw the code of the current step.
import { type DeviceStore, certificateState, currentCode, deviceKey, indexedDbStore, storedCertificate } from './device';
import { toBase64Url, exportPublicKey } from './code';

/** The device's key pair and its public key as POST /v1/door/devices takes it. */
export interface DeviceKey {
  keyPair: CryptoKeyPair;
  publicKey: string;
}

/** The ticket's certificate as stored (base64url) with its id and where it stands now. */
export interface StoredCertificate {
  certificate: string;
  certificateId: number;
  state: 'fresh' | 'expired';
}

/** A code drawn on the device, the seconds it stays current, and the QR of it as an SVG image. */
export interface DrawnCode {
  code: string;
  step: number;
  msLeft: number;
  svg: string;
}

let store: DeviceStore | undefined;
/** The profile's store (one connection for the page). */
const deviceStore = () => (store ??= indexedDbStore());

/** The stored key pair, or undefined when this browser has none yet (the machine then makes one). */
export async function readKey(): Promise<DeviceKey | undefined> {
  const pair = await deviceStore().getKeyPair();
  return pair ? { keyPair: pair, publicKey: toBase64Url(await exportPublicKey(pair.publicKey)) } : undefined;
}

/** Makes the non-extractable key pair and keeps it (another tab's pair, if it was first, is the one answered). */
export async function makeKey(): Promise<DeviceKey> {
  const { keyPair, publicKey } = await deviceKey(deviceStore());
  return { keyPair, publicKey };
}

/**
 * The ticket's stored certificate when it is this key's and current; undefined when there is none, it is another
 * key's or not valid yet (register again). `expired` past its window: the machine registers again too.
 */
export async function readCertificate(userTicketId: number, publicKey: string, nowMs = Date.now()): Promise<StoredCertificate | undefined> {
  const signed = await storedCertificate(deviceStore(), userTicketId);
  const state = await certificateState(signed, publicKey, nowMs);
  if (!signed || (state !== 'fresh' && state !== 'expired')) return undefined;
  return { certificate: toBase64Url(signed.bytes), certificateId: signed.certificate.certificateId, state };
}

/** Keeps the certificate the server signed for this device. */
export async function keepCertificate(userTicketId: number, certificate: string): Promise<void> {
  await deviceStore().putCertificate(userTicketId, certificate);
}

/**
 * The code of the current step and its QR (level M, as docs/decisions/0054-at-the-door-the-device-bound-entry-code.md sizes it), or null once the certificate's
 * window is over (the machine registers again).
 */
export async function drawCode(userTicketId: number, key: DeviceKey, nowMs = Date.now()): Promise<DrawnCode | null> {
  const signed = await storedCertificate(deviceStore(), userTicketId);
  if (!signed || (await certificateState(signed, key.publicKey, nowMs)) !== 'fresh') return null;
  const drawn = await currentCode(signed, key.keyPair, nowMs);
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(drawn.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { ...drawn, svg };
}
