// Secrets of sign-in: one-time codes (random, six digits, kept as an HMAC), opaque ids and refresh tokens
// (kept as SHA-256), and short-lived access JWTs that name the refresh-token family they belong to.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
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
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date, ttlSeconds: number) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ fam: claims.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .setIssuer('ticket-wallet')
    .sign(secret);
}

/** Verifies signature, issuer and expiry against the app clock; null for any token that is not ours and valid. */
export async function verifyAccessToken(secret: Uint8Array, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    // jose accepts a token without `exp` unless told otherwise: ours always carry one, so one without is not ours.
    const { payload } = await jwtVerify(token, secret, {
      issuer: 'ticket-wallet',
      currentDate: now,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0 || typeof payload.fam !== 'string') return null;
    return { userId, familyId: payload.fam };
  } catch {
    return null;
  }
}
