// Sign-in by e-mail and one-time code, and the session that follows: access JWTs plus rotating refresh tokens
// grouped in families. A reused (already rotated) refresh token revokes its whole family.
import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, min, sql } from 'drizzle-orm';
import type { Tokens } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { Mailer } from '../../adapters/mail';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { loginSessions, refreshTokens, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordEvent } from '../events/record';
import { type Locale, asLocale, translate, translatePlural } from '../../i18n';
import { createUser } from '../profile/service';
import type { Revocations } from './revocations';
import {
  type AccessClaims,
  generateOtp,
  hashOtp,
  isDeviceTokenOf,
  signDeviceToken,
  opaqueToken,
  sameHash,
  sha256,
  createAccessTokenVerifier,
  signAccessToken,
} from './tokens';

export interface AuthServiceDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  /** Sessions revoked lately, held in memory: the access-token check needs no query (./revocations.ts). */
  revocations: Revocations;
}

type VerifyOutcome =
  | { kind: 'ok'; userId: number; locale: Locale }
  | { kind: 'error'; error: ApiError };

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** A 429 that says when trying again can succeed: the whole seconds until `freesAt` (epoch ms), at least one. */
function tooMany(code: 'api.auth.too_many_codes', freesAt: number, at: number): ApiError {
  return new ApiError(code, { retryAfterSeconds: Math.max(1, Math.ceil((freesAt - at) / 1000)) });
}

/** A transaction-scoped advisory lock on a text key: transactions naming the same key run one after another. */
async function lockKey(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Logout and refresh of one session wait for each other on its family. A lock taken before the family's rows are read:
 * under READ COMMITTED an UPDATE of the family's rows does not see a token inserted by a transaction that commits
 * while it runs, so row locks alone let a refresh mint a token the logout never revokes.
 */
function lockFamily(tx: Transaction, familyId: string): Promise<void> {
  return lockKey(tx, `refresh-family:${familyId}`);
}

export function createAuthService({ db, config, mailer, now, revocations }: AuthServiceDeps) {
  const verifyAccess = createAccessTokenVerifier(config.jwtSecret);
  function authenticateNow(accessToken: string): AccessClaims | null | Promise<AccessClaims | null> {
    const known = verifyAccess.known(accessToken, now());
    if (known === undefined) return verifyAccess(accessToken, now()).then((claims) => claims && notRevoked(claims));
    return known && notRevoked(known);
  }
  function notRevoked(claims: AccessClaims): AccessClaims | null | Promise<AccessClaims | null> {
    const revoked = revocations.isRevoked(claims.familyId);
    if (typeof revoked === 'boolean') return revoked ? null : claims;
    return revoked.then((yes) => (yes ? null : claims));
  }

  /** Revokes every token of the family (the caller holds its lock) and tells every instance at commit. */
  async function revokeFamily(tx: Transaction, userId: number, familyId: string): Promise<void> {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    await revocations.revoke(tx, familyId);
    // The session's own open streams hear it and close (its other devices' sessions carry on).
    recordEvent(tx, { userId, type: 'session.revoked', sessionFamily: familyId });
  }
  async function issueTokens(tx: Database | Transaction, userId: number, familyId: string): Promise<Tokens> {
    const refreshToken = opaqueToken();
    const at = now();
    await tx.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: addSeconds(at, config.refreshTokenTtlDays * 24 * 3600),
      createdAt: at,
    });
    const accessToken = await signAccessToken(config.jwtSecret, { userId, familyId }, at, config.accessTokenTtlSeconds);
    return { accessToken, refreshToken };
  }

  return {
    /**
     * Sends a code to the e-mail (docs/decisions/0101-sign-in-no-stranger-can-block.md). Limited per requesting address
     * (across e-mails, and for this e-mail), per sign-in session (a resend replaces the session's row, keeping its
     * wrong tries), and per mailbox per hour in two shares: the owner's devices (a device token of an earlier sign-in)
     * and everyone else, so strangers using up theirs never refuse the owner. Every refusal says when to try again.
     * The counts and the new row are one transaction under advisory locks of the e-mail and then of the address, so a
     * burst of concurrent requests cannot all see room under a limit.
     */
    async requestCode(input: { email: string; locale?: Locale; ip: string; session?: string; device?: string }): Promise<{ session: string }> {
      const at = now();
      const id = randomUUID();
      const code = generateOtp();
      const session = opaqueToken(24);
      const owner = isDeviceTokenOf(config.jwtSecret, input.device, input.email, at, config.otp.deviceTokenDays);
      const locale = await inTransaction(db, async (tx) => {
        await lockKey(tx, `otp-send-email:${input.email}`);
        await lockKey(tx, `otp-send-ip:${input.ip}`);
        /** Refuses when `n` reached `max`: the count frees up when its oldest row leaves the window. */
        const refuseAt = (n: number, max: number, oldest: Date | string | null, windowSeconds: number) => {
          if (n < max) return;
          const leaves = oldest ? new Date(oldest).getTime() + windowSeconds * 1000 : at.getTime() + windowSeconds * 1000;
          throw tooMany('api.auth.too_many_codes', leaves, at.getTime());
        };
        const since = (seconds: number) => gt(loginSessions.createdAt, addSeconds(at, -seconds));
        const window = config.otp.sendWindowSeconds;
        const [byIp] = await tx
          .select({ n: count(), oldest: min(loginSessions.createdAt) })
          .from(loginSessions)
          .where(and(eq(loginSessions.requestIp, input.ip), since(window)));
        refuseAt(byIp?.n ?? 0, config.otp.maxSendsPerIp, byIp?.oldest ?? null, window);
        const [byIpForEmail] = await tx
          .select({ n: count(), oldest: min(loginSessions.createdAt) })
          .from(loginSessions)
          .where(and(eq(loginSessions.email, input.email), eq(loginSessions.requestIp, input.ip), since(window)));
        refuseAt(byIpForEmail?.n ?? 0, config.otp.maxSendsPerEmail, byIpForEmail?.oldest ?? null, window);
        const mailbox = config.otp.mailboxWindowSeconds;
        const [share] = await tx
          .select({ n: count(), oldest: min(loginSessions.createdAt) })
          .from(loginSessions)
          .where(and(eq(loginSessions.email, input.email), eq(loginSessions.owner, owner), since(mailbox)));
        refuseAt(share?.n ?? 0, owner ? config.otp.maxSendsPerEmailOwner : config.otp.maxSendsPerEmailAllClients, share?.oldest ?? null, mailbox);
        // A resend: the session's row gives way to a new one that keeps its wrong tries, so resending never buys tries.
        let carried = { attempts: 0, sends: 1 };
        if (input.session !== undefined) {
          const [previous] = await tx
            .select()
            .from(loginSessions)
            .where(and(eq(loginSessions.sessionId, input.session), eq(loginSessions.email, input.email), isNull(loginSessions.consumedAt)))
            .for('update');
          if (previous && previous.expiresAt > at) {
            if (previous.sends >= config.otp.maxSendsPerSession) throw tooMany('api.auth.too_many_codes', previous.expiresAt.getTime(), at.getTime());
            await tx.update(loginSessions).set({ consumedAt: at }).where(eq(loginSessions.id, previous.id));
            carried = { attempts: previous.attempts, sends: previous.sends + 1 };
          }
        }
        const [existing] = await tx.select({ locale: users.locale }).from(users).where(eq(users.email, input.email));
        const chosen = input.locale ?? asLocale(existing?.locale);
        await tx.insert(loginSessions).values({
          id,
          sessionId: session,
          email: input.email,
          codeHash: hashOtp(config.jwtSecret, id, code),
          locale: chosen,
          requestIp: input.ip,
          owner,
          attempts: carried.attempts,
          sends: carried.sends,
          expiresAt: addSeconds(at, config.otp.ttlSeconds),
          createdAt: at,
        });
        return chosen;
      });
      const minutes = Math.round(config.otp.ttlSeconds / 60);
      try {
        await mailer.send({
          to: input.email,
          subject: translate(locale, 'mail.otp.subject', { code }),
          text: translatePlural(locale, 'mail.otp.text', minutes, { code }),
        });
      } catch (error) {
        // No code reached the user: drop the session so it does not count against their limit. Why (the mail server's
        // host and port, say) is the log's business, as the error's cause, never the answer's.
        await db.delete(loginSessions).where(eq(loginSessions.id, id));
        throw Object.assign(new ApiError('api.auth.login_session_failed'), { cause: error });
      }
      return { session };
    },

    /**
     * Checks a code. A wrong code counts a try and rotates the public session id (answered in the error);
     * after the last allowed try the session is refused even with the right code. The right code registers the
     * user on first sign-in and opens a new refresh-token family.
     */
    async verifyLogin(input: { email: string; otp: string; session: string }): Promise<Tokens> {
      const outcome = await inTransaction(db, async (tx): Promise<VerifyOutcome> => {
        // Wrong codes count against the sign-in session they were made on, never against the e-mail (a stranger's
        // guesses cannot lock its owner out): a session dies after maxAttempts wrong codes, and how many sessions an
        // e-mail gets per hour is bounded where codes are sent.
        const [login] = await tx
          .select()
          .from(loginSessions)
          .where(and(eq(loginSessions.sessionId, input.session), eq(loginSessions.email, input.email)))
          .for('update');
        if (!login || login.consumedAt) return { kind: 'error', error: new ApiError('api.auth.wrong_credentials') };
        if (login.attempts >= config.otp.maxAttempts) {
          return { kind: 'error', error: new ApiError('api.auth.otp_attempts_exceeded') };
        }
        if (login.expiresAt <= now()) return { kind: 'error', error: new ApiError('api.auth.otp_expired') };
        if (!sameHash(login.codeHash, hashOtp(config.jwtSecret, login.id, input.otp))) {
          const session = opaqueToken(24);
          await tx
            .update(loginSessions)
            .set({ attempts: login.attempts + 1, sessionId: session })
            .where(eq(loginSessions.id, login.id));
          return { kind: 'error', error: new ApiError('api.auth.wrong_otp', { session }) };
        }
        await tx.update(loginSessions).set({ consumedAt: now() }).where(eq(loginSessions.id, login.id));
        const [user] = await tx.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.email, input.email));
        // The language the person signed in in is the one they use now: every mail and document sent to them follows it.
        if (user && user.locale !== login.locale) await tx.update(users).set({ locale: asLocale(login.locale) }).where(eq(users.id, user.id));
        const userId = user?.id ?? (await createUser(tx, { email: input.email, locale: asLocale(login.locale) }));
        return { kind: 'ok', userId, locale: asLocale(login.locale) };
      });
      if (outcome.kind === 'error') throw outcome.error;
      const tokens = await issueTokens(db, outcome.userId, randomUUID());
      return { ...tokens, device: signDeviceToken(config.jwtSecret, input.email, now()) };
    },

    /**
     * Rotates a refresh token. Presenting a rotated one again, after a short grace period for tabs racing each other,
     * means it leaked: the whole family is revoked. A family with any revoked token is over: none of it refreshes.
     * Runs under the family's lock, as logout does, so a logout never misses the token a concurrent refresh mints.
     */
    async refresh(refreshToken: string): Promise<Tokens> {
      const tokenHash = sha256(refreshToken);
      const result = await inTransaction(db, async (tx) => {
        const [known] = await tx.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
        if (!known) return null;
        await lockFamily(tx, known.familyId);
        // Read again under the lock: a logout or another refresh of the family that got there first has committed.
        const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
        if (!row || row.revokedAt || row.expiresAt <= now()) return null;
        const [revoked] = await tx
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.familyId, row.familyId), isNotNull(refreshTokens.revokedAt)))
          .limit(1);
        if (revoked) return null;
        if (row.rotatedAt) {
          // Two tabs refreshing with the same token at once is not theft: within the grace period the late one is
          // only refused (the client then takes the tokens the other tab stored).
          const sinceRotation = (now().getTime() - row.rotatedAt.getTime()) / 1000;
          if (sinceRotation < config.refreshReuseGraceSeconds) return null;
          await revokeFamily(tx, row.userId, row.familyId);
          return null;
        }
        await tx.update(refreshTokens).set({ rotatedAt: now() }).where(eq(refreshTokens.id, row.id));
        return issueTokens(tx, row.userId, row.familyId);
      });
      if (!result) throw new ApiError('api.auth.refresh_invalid');
      return result;
    },

    /**
     * Ends the session: its refresh family is revoked, which also stops its access tokens. Under the family's lock, so
     * a refresh running at the same time either finished first (its new token is revoked here too) or runs after and
     * finds the family revoked.
     */
    async logout(claims: AccessClaims): Promise<void> {
      await inTransaction(db, async (tx) => {
        await lockFamily(tx, claims.familyId);
        await revokeFamily(tx, claims.userId, claims.familyId);
      });
    },

    /** The claims of a valid access token whose session has not been revoked, else null. */
    async authenticate(accessToken: string): Promise<AccessClaims | null> {
      return authenticateNow(accessToken);
    },

    /**
     * authenticate's verdict, at once when it needs no waiting, the usual case (a token used before, the revocations
     * in memory): the hook of every protected request then runs no promise. A promise when it waits for HMAC (a token
     * not seen before) or for the database (the LISTEN connection is down).
     */
    authenticateNow,

    /**
     * Ends the session a refresh token belongs to (its family revoked, its streams closed), whether or not that token
     * has been rotated or its access token has expired: the hand-off of another person replaces the page's session
     * (./host-sign-in.ts). An unknown token ends nothing.
     */
    async endSessionOf(tx: Transaction, refreshToken: string): Promise<void> {
      const [known] = await tx
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
      if (!known) return;
      await lockFamily(tx, known.familyId);
      await revokeFamily(tx, known.userId, known.familyId);
    },

    /** Opens a new session for the user (a new refresh-token family): the sign-in handed over by the host (./host-sign-in.ts). */
    issueSession: (tx: Transaction, userId: number): Promise<Tokens> => issueTokens(tx, userId, randomUUID()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
