// The organisation's side of the sign-in hand-off, for the tests: a key pair as its server would hold it, its public
// JWKS, and sign-in tokens made exactly as docs/embedding.md shows the host doing it with jose.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

export interface SiteKey {
  kid: string;
  alg: 'ES256' | 'EdDSA';
  /** The public half, as the JWKS publishes it. */
  publicJwk: JWK;
  /** Signs a sign-in token (see signInToken). */
  sign(claims: SignInClaims, options?: TokenOptions): Promise<string>;
}

export interface SignInClaims {
  email?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  [claim: string]: unknown;
}

export interface TokenOptions {
  /** `aud`; the wallet's address by default. */
  audience?: string;
  /** The clock the token is made at (the app's clock in server tests). */
  now?: Date;
  /** Seconds from `now` to `exp`: 300 (five minutes) by default. */
  expiresIn?: number;
  /** `jti`: a new UUID by default. */
  jti?: string;
  /** The header's kid, when a test wants to name another key than the one signing. */
  kid?: string;
}

/** A new key pair of the organisation's: ES256 (P-256) or EdDSA (Ed25519). */
export async function createSiteKey(kid: string, alg: SiteKey['alg'] = 'ES256', defaultAudience = 'http://wallet.test'): Promise<SiteKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}) });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return {
    kid,
    alg,
    publicJwk,
    sign(claims, options = {}) {
      const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg, kid: options.kid ?? kid, typ: 'JWT' })
        .setAudience(options.audience ?? defaultAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + (options.expiresIn ?? 300))
        .setJti(options.jti ?? randomUUID())
        .sign(privateKey);
    },
  };
}

/** The JWKS document of these keys (what the site publishes at its JWKS URL, or the wallet reads from a file). */
export const jwksOf = (...keys: SiteKey[]) => ({ keys: keys.map((key) => key.publicJwk) });
