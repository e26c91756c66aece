// Secrets of sign-in: one-time codes (random, six digits, kept as an HMAC), opaque ids and refresh tokens
// (kept as SHA-256), and short-lived access JWTs that name the refresh-token family they belong to.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { MAX_ID } from '../../../contract/endpoints';
import { OTP_LENGTH } from '../../../contract/forms';

export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** The code space is small, so codes are keyed with the server secret: a leaked table cannot be brute-forced. */
export function hashOtp(secret: Uint8Array, loginId: string, code: string): string {
  return createHmac('sha256', secret).update(`${loginId}:${code}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function opaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export interface AccessClaims {
  userId: number;
  familyId: string;
  /**
   * The swap order the token works for, and nothing else: the token the checkout page on another origin got for the
   * wallet's hand-over code (./checkout-hand-over.ts). Absent on a session's own tokens.
   */
  checkout?: string;
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date, ttlSeconds: number) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ fam: claims.familyId, ...(claims.checkout ? { chk: claims.checkout } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .setIssuer('ticket-wallet')
    .sign(secret);
}

/** Verifies signature, issuer and expiry against the app clock; null for any token that is not ours and valid. */
export async function verifyAccessToken(secret: Uint8Array, token: string, now: Date): Promise<AccessClaims | null> {
  return (await readAccessToken(secret, token, now))?.claims ?? null;
}

/** As verifyAccessToken, with the token's expiry (seconds since the epoch, the `exp` claim). */
export async function readAccessToken(secret: Uint8Array, token: string, now: Date): Promise<{ claims: AccessClaims; exp: number } | null> {
  try {
    // jose accepts a token without `exp` unless told otherwise: ours always carry one, so one without is not ours.
    const { payload } = await jwtVerify(token, secret, {
      issuer: 'ticket-wallet',
      currentDate: now,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    // Only the digits of an id the users table can hold: `1e3`, `0x10` or 2^31 would reach a query and fail there.
    const userId = typeof payload.sub === 'string' && /^[1-9]\d{0,9}$/.test(payload.sub) ? Number(payload.sub) : Number.NaN;
    if (!Number.isInteger(userId) || userId > MAX_ID || typeof payload.fam !== 'string') return null;
    if (payload.chk !== undefined && typeof payload.chk !== 'string') return null;
    const claims: AccessClaims = { userId, familyId: payload.fam, ...(payload.chk ? { checkout: payload.chk } : {}) };
    return { claims, exp: payload.exp! };
  } catch {
    return null;
  }
}

/**
 * The expiry (`exp`, seconds since the epoch) of an access token that has been verified already: read, not verified
 * again (the event stream ends at it). Undefined for anything that does not carry one.
 */
export function expiryOfVerifiedToken(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** Access tokens remembered as verified: ten thousand people at the doors, each with one token. */
export const VERIFIED_TOKENS = 10_000;

/**
 * verifyAccessToken with a bounded memory of the tokens it has verified, so a token used again (every poll of the
 * entry QR) is not checked with HMAC again. Only a good signature is remembered; the expiry is checked against the
 * clock on every use, exactly as jose does (expired once exp <= now, in whole seconds), and nothing else in the
 * verdict depends on time, so the answer is the same as verifying anew.
 */
export function createAccessTokenVerifier(secret: Uint8Array, limit = VERIFIED_TOKENS) {
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  /** The verdict on a token verified before, without waiting: undefined when it was not (then it needs HMAC). */
  const known = (token: string, now: Date): AccessClaims | null | undefined => {
    const entry = verified.get(token);
    if (!entry) return undefined;
    if (entry.exp <= Math.floor(now.getTime() / 1000)) {
      verified.delete(token);
      return null;
    }
    return entry.claims;
  };
  const verify = async (token: string, now: Date): Promise<AccessClaims | null> => {
    const seen = known(token, now);
    if (seen !== undefined) return seen;
    const read = await readAccessToken(secret, token, now);
    if (!read) return null;
    verified.set(token, read);
    if (verified.size > limit) verified.delete(verified.keys().next().value!);
    return known(token, now) ?? null;
  };
  return Object.assign(verify, { known });
}

/**
 * A device token: what a browser keeps after signing in to an e-mail with a code, `<issued seconds>.<HMAC>`. It proves
 * only that this browser read a code mailed to that e-mail once; it signs no one in. Kept by the server as nothing
 * (the HMAC is checked again), so it needs no table; it expires with its days.
 */
export function signDeviceToken(secret: Uint8Array, email: string, now: Date): string {
  const issued = Math.floor(now.getTime() / 1000);
  return `${issued}.${deviceMac(secret, email, issued)}`;
}

export function isDeviceTokenOf(secret: Uint8Array, token: string | undefined, email: string, now: Date, days: number): boolean {
  if (!token) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const issued = Number(match[1]);
  const age = Math.floor(now.getTime() / 1000) - issued;
  if (age < 0 || age > days * 24 * 3600) return false;
  return sameHash(match[2]!, deviceMac(secret, email, issued));
}

function deviceMac(secret: Uint8Array, email: string, issued: number): string {
  return createHmac('sha256', secret).update(`device:${email}:${issued}`).digest('base64url');
}
