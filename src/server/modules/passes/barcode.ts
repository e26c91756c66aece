// The entry code printed in a wallet pass: `TW3.<userTicketId>.<mac>`, static for the life of the pass (an Apple pass
// cannot rotate a code every 15 s; a Google pass can, below). It names one user ticket row, and a row belongs to one holder for good: a gift, sale,
// swap or redeem ends it and gives the new holder a new row, so the gate, which checks the row online, refuses the
// old pass's code from that moment (docs/decisions/0066-wallet-passes-a-static-pass-code-the-gate-checks-online.md).
import { createHmac } from 'node:crypto';
import { MAX_ID } from '../../../contract/endpoints';
import { sameHash } from '../auth/tokens';

export const PASS_CODE_VERSION = 'TW3';

/** A keyed MAC of `text` under a purpose label, base64url, 22 characters (128 bits). */
export function passMac(secret: Uint8Array, purpose: string, text: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${text}`).digest('base64url').slice(0, 22);
}

export function passCode(secret: Uint8Array, userTicketId: number): string {
  const body = `${PASS_CODE_VERSION}.${userTicketId}`;
  return `${body}.${passMac(secret, 'wallet-pass-code', body)}`;
}

/** The user ticket a pass code this server signed names, else null (another version, a bad MAC, a bad id). */
export function readPassCode(secret: Uint8Array, code: string): number | null {
  const [version, id, mac, ...rest] = code.trim().split('.');
  if (version !== PASS_CODE_VERSION || rest.length || !id || !mac || !/^\d{1,10}$/.test(id)) return null;
  const userTicketId = Number(id);
  if (userTicketId <= 0 || userTicketId > MAX_ID) return null;
  return sameHash(mac, passMac(secret, 'wallet-pass-code', `${PASS_CODE_VERSION}.${userTicketId}`)) ? userTicketId : null;
}

// ----- the rotating code of a Google Wallet pass -----
// When the organisation takes the device-bound code (a code that changes every few seconds, so a screenshot is
// worthless), the Google pass carries Google's `rotatingBarcode` instead of the static code: Google Wallet draws
// `TW4.<userTicketId>.<unix seconds>.<TOTP>` on the phone, the TOTP being RFC 6238 (HMAC-SHA1, 8 digits, 15 s steps)
// under a key of that ticket row alone, derived from the server secret. The gate recomputes it, as it does the
// wallet's own rotating code: the step the timestamp names must be the current one or its neighbour, and the value
// must be that step's.

export const ROTATING_CODE_VERSION = 'TW4';
/** Google's TotpDetails.periodMillis, and the step the gate counts in. */
export const ROTATING_PERIOD_SECONDS = 15;
export const ROTATING_DIGITS = 8;
/** Steps either side of the gate's current one that it still takes (a phone's clock a little off, a code shown just before a rotation). */
const ROTATING_ACCEPTED_STEPS = 1;

/** The ticket row's TOTP key (20 bytes, SHA-1's block-size-friendly length RFC 4226 recommends). */
export function rotatingKey(secret: Uint8Array, userTicketId: number): Buffer {
  return createHmac('sha256', secret).update(`wallet-pass-totp:${userTicketId}`).digest().subarray(0, 20);
}

/** RFC 4226 HOTP of `counter`, `digits` decimal digits (RFC 6238's TOTP is this of the time step). */
export function hotp(key: Uint8Array, counter: number, digits = ROTATING_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** What Google Wallet fills in: the pattern with `{totp_timestamp_seconds}` and `{totp_value_0}`. */
export const rotatingPattern = (userTicketId: number) => `${ROTATING_CODE_VERSION}.${userTicketId}.{totp_timestamp_seconds}.{totp_value_0}`;

/** The code Google Wallet shows at `at` (tests, and the same arithmetic the phone does). */
export function rotatingCode(secret: Uint8Array, userTicketId: number, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000);
  const value = hotp(rotatingKey(secret, userTicketId), Math.floor(seconds / ROTATING_PERIOD_SECONDS));
  return rotatingPattern(userTicketId).replace('{totp_timestamp_seconds}', String(seconds)).replace('{totp_value_0}', value);
}

/** The user ticket a rotating code names, when it is this server's and current at `now`; else null. */
export function readRotatingCode(secret: Uint8Array, code: string, now: Date): number | null {
  const [version, id, seconds, value, ...rest] = code.trim().split('.');
  if (version !== ROTATING_CODE_VERSION || rest.length || !id || !seconds || !value) return null;
  if (!/^\d{1,10}$/.test(id) || !/^\d{1,12}$/.test(seconds) || !new RegExp(`^\\d{${ROTATING_DIGITS}}$`).test(value)) return null;
  const userTicketId = Number(id);
  if (userTicketId <= 0 || userTicketId > MAX_ID) return null;
  const step = Math.floor(Number(seconds) / ROTATING_PERIOD_SECONDS);
  const current = Math.floor(now.getTime() / 1000 / ROTATING_PERIOD_SECONDS);
  if (Math.abs(step - current) > ROTATING_ACCEPTED_STEPS) return null;
  return sameHash(value, hotp(rotatingKey(secret, userTicketId), step)) ? userTicketId : null;
}
