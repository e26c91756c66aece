// The sign-in handed over by the organisation's site (docs/embedding.md, "Signing in from the host"). The site's
// server signs a short-lived JWT for its signed-in user with the organisation's private key (ES256 or EdDSA), the
// page gives it to the wallet (`TicketWallet.signIn({ token })` or `data-sign-in-token`), and the wallet exchanges it
// here for a session of its own: the token's signature against the organisation's public keys (a JWKS, by URL or
// file), its audience (this wallet), its expiry (at most five minutes ahead) and its `jti` (taken once, in the same
// transaction that registers the user on first use and opens the session). E-mail codes stay for everyone else.
import { stat, readFile } from 'node:fs/promises';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { createLocalJWKSet, createRemoteJWKSet, errors, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Tokens } from '../../../contract/entities';
import { ApiError, type ErrorCode } from '../../../contract/errors';
import { emailSchema, firstNameSchema, lastNameSchema } from '../../../contract/form-schemas';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { hostSignInTokens, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Locale } from '../../i18n';
import { createUser } from '../profile/service';
import { demoSiteSigningKey } from '../../dev-credentials';

/** The longest a handed-over token may live: `exp` at most this far ahead of now. */
export const MAX_TOKEN_LIFETIME_SECONDS = 300;
/** Clocks differ a little between the site's server and the wallet's. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** The signatures the wallet accepts: ES256 (P-256) and EdDSA (Ed25519, also named by its curve). */
export const HOST_SIGN_IN_ALGORITHMS = ['ES256', 'EdDSA', 'Ed25519'];

export interface HostSignInDeps {
  db: Database;
  config: Config;
  now: () => Date;
  /** Opens a new session (refresh-token family) for the user: the auth service's. */
  issueSession: (tx: Transaction, userId: number) => Promise<Tokens>;
  /** Ends the session of a refresh token: the one the wallet had on the page before this hand-off. */
  endSessionOf: (tx: Transaction, refreshToken: string) => Promise<void>;
  log: { warn(details: object, message: string): void };
}

/** Thrown with the stable code of why a token was refused, and the reason for the log. */
const refuse = (code: ErrorCode, reason: string) => Object.assign(new ApiError(code), { cause: new Error(reason) });

/**
 * The organisation's public keys. A URL is jose's remote set: fetched on first use, kept ten minutes, and fetched again
 * (at most every 30 s) when a token names a key it does not have, which is how a new key is picked up. A file is read
 * again whenever its modification time changes, so a key is added or retired by rewriting it, without a restart.
 */
function keySource(keys: NonNullable<Config['hostSignIn']>['keys']): () => Promise<JWTVerifyGetKey> {
  if (keys.kind === 'demo') {
    // The demo site's key (DEMO_SITE_SIGN_IN), made in this process; config.ts never allows it in production.
    return async () => createLocalJWKSet({ keys: [(await demoSiteSigningKey()).publicJwk] });
  }
  if (keys.kind === 'url') {
    const remote = createRemoteJWKSet(new URL(keys.url), { timeoutDuration: 5_000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    return async () => remote;
  }
  let loaded: { mtimeMs: number; getKey: JWTVerifyGetKey } | undefined;
  return async () => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(keys.path)).mtimeMs;
      if (loaded?.mtimeMs === mtimeMs) return loaded.getKey;
      const set = JSON.parse(await readFile(keys.path, 'utf8')) as JSONWebKeySet;
      loaded = { mtimeMs, getKey: createLocalJWKSet(set) };
      return loaded.getKey;
    } catch (error) {
      throw Object.assign(new ApiError('api.auth.sign_in_keys_unavailable'), { cause: error });
    }
  };
}

/** What jose's refusal means for the person and the site's developers. */
function refusalOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof errors.JWTExpired) return refuse('api.auth.sign_in_token_expired', error.message);
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud' && error.reason === 'check_failed') {
    return refuse('api.auth.sign_in_token_audience', error.message);
  }
  if (error instanceof errors.JWKSNoMatchingKey) return refuse('api.auth.sign_in_token_unknown_key', error.message);
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return Object.assign(new ApiError('api.auth.sign_in_keys_unavailable'), { cause: error });
  }
  // A failed fetch of the JWKS URL (the site's server down): not the token's fault.
  if (error instanceof TypeError || (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC')) {
    return Object.assign(new ApiError('api.auth.sign_in_keys_unavailable'), { cause: error });
  }
  return refuse('api.auth.sign_in_token_invalid', error instanceof Error ? error.message : String(error));
}

/** The person the token names: its e-mail (as the wallet keeps e-mails) and, when they read as names, the names. */
function personOf(payload: JWTPayload): { email: string; givenName?: string; familyName?: string } {
  const email = emailSchema.safeParse(payload.email);
  if (!email.success) throw refuse('api.auth.sign_in_token_invalid', 'the "email" claim is not an e-mail address');
  // A name the wallet would refuse in its own form is left out: the person is then asked for it, as after a code.
  const given = firstNameSchema.safeParse(payload.given_name);
  const family = lastNameSchema.safeParse(payload.family_name);
  return {
    email: email.data,
    ...(given.success ? { givenName: given.data } : {}),
    ...(family.success ? { familyName: family.data } : {}),
  };
}

export function createHostSignIn({ db, config, now, issueSession, endSessionOf, log }: HostSignInDeps) {
  const settings = config.hostSignIn;
  const keys = settings ? keySource(settings.keys) : undefined;

  return {
    /** Exchanges a handed-over token for a session; refuses it with a stable code (and logs why). */
    async exchange(input: { token: string; locale?: Locale; previousRefreshToken?: string }): Promise<Tokens> {
      if (!settings || !keys) throw new ApiError('api.auth.host_sign_in_off');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(input.token, await keys(), {
          algorithms: HOST_SIGN_IN_ALGORITHMS,
          audience: settings.audience,
          currentDate: now(),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['exp', 'jti', 'email'],
        }));
      } catch (error) {
        const refusal = refusalOf(error);
        log.warn({ code: refusal.code, reason: (refusal.cause as Error | undefined)?.message }, 'host sign-in token refused');
        throw refusal;
      }
      const at = now();
      const nowSeconds = Math.floor(at.getTime() / 1000);
      const exp = payload.exp!;
      // A token that would stay usable longer than five minutes is not a hand-off: refused, whatever its iat says.
      const lifetime = exp - Math.max(nowSeconds, typeof payload.iat === 'number' ? payload.iat : nowSeconds);
      if (exp - nowSeconds > MAX_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS || lifetime > MAX_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) {
        log.warn({ code: 'api.auth.sign_in_token_invalid', exp, iat: payload.iat }, 'host sign-in token lives longer than five minutes');
        throw refuse('api.auth.sign_in_token_invalid', 'the token lives longer than five minutes');
      }
      if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 200) {
        throw refuse('api.auth.sign_in_token_invalid', 'the "jti" claim is not a short string');
      }
      const jti = payload.jti;
      const person = personOf(payload);

      return inTransaction(db, async (tx) => {
        // Tokens past their expiry (and the tolerance) are refused above, so their rows are no longer needed.
        await tx.delete(hostSignInTokens).where(lt(hostSignInTokens.expiresAt, new Date(at.getTime() - 2 * CLOCK_TOLERANCE_SECONDS * 1000)));
        // The jti is the key: a second exchange of the same token, even at the same moment, finds it taken.
        const [taken] = await tx
          .insert(hostSignInTokens)
          .values({ jti, expiresAt: new Date(exp * 1000), usedAt: at })
          .onConflictDoNothing()
          .returning({ jti: hostSignInTokens.jti });
        if (!taken) throw new ApiError('api.auth.sign_in_token_used');
        const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, person.email));
        const userId = existing?.id ?? (await createUser(tx, { email: person.email, locale: input.locale ?? 'en' }));
        // The wallet's language at this sign-in is the one the person uses now (their mail and documents follow it).
        if (existing && input.locale) await tx.update(users).set({ locale: input.locale }).where(eq(users.id, userId));
        // The site's names fill the ones the account does not have yet; names the person chose are theirs.
        if (person.givenName) await tx.update(users).set({ givenName: person.givenName }).where(and(eq(users.id, userId), isNull(users.givenName)));
        if (person.familyName) await tx.update(users).set({ familyName: person.familyName }).where(and(eq(users.id, userId), isNull(users.familyName)));
        // The session the wallet had on this page (maybe of another person) ends with this one's start, on the server
        // too: neither of its tokens works afterwards.
        if (input.previousRefreshToken) await endSessionOf(tx, input.previousRefreshToken);
        return issueSession(tx, userId);
      });
    },
  };
}

export type HostSignIn = ReturnType<typeof createHostSignIn>;
