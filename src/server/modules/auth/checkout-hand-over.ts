// The swap checkout on another origin (docs/decisions/0102-a-hand-over-code-for-the-checkout-on-another-origin.md). The
// wallet keeps its session in the host page's storage, so the checkout page on the ticket site's origin would find
// nobody signed in. As the wallet sends the window there it asks for a hand-over code (POST
// /v1/ticket_swap/hand_over/{order}) and puts it in the address's fragment; the checkout exchanges it (POST
// /v1/auth/exchangeCheckoutHandOver) for an access token of the same session that works for that one order. A code
// is random (kept as SHA-256), bound to its order, good for one minute and taken once: a second exchange, even at the
// same moment, finds it used. No bearer token is ever in an address.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { API_PREFIX } from '../../../contract/base';
import { ApiError } from '../../../contract/errors';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { checkoutHandOvers, swaps } from '../../db/schema';
import type { AccessClaims } from './tokens';
import { opaqueToken, sha256, signAccessToken } from './tokens';

/** How long a hand-over code can be exchanged: the checkout page exchanges it as it loads. */
export const HAND_OVER_CODE_TTL_SECONDS = 60;

export interface CheckoutHandOverDeps {
  db: Database;
  config: Config;
  now: () => Date;
  /** Whether the session (refresh-token family) has ended: a code of a session logged out since is refused. */
  revoked: (familyId: string) => boolean | Promise<boolean>;
}

export function createCheckoutHandOver({ db, config, now, revoked }: CheckoutHandOverDeps) {
  return {
    /** A code for the session's own swap order (any other, or one that does not exist: not found). */
    async create(session: AccessClaims, orderIdentifier: string): Promise<{ code: string; expiresAt: string }> {
      // A token that is itself a checkout's hands nothing on.
      if (session.checkout) throw new ApiError('api.auth.token_not_authorized');
      const [swap] = await db
        .select({ id: swaps.id })
        .from(swaps)
        .where(and(eq(swaps.orderIdentifier, orderIdentifier), eq(swaps.userId, session.userId)));
      if (!swap) throw new ApiError('api.swap.not_found');
      const at = now();
      const code = opaqueToken(32);
      const expiresAt = new Date(at.getTime() + HAND_OVER_CODE_TTL_SECONDS * 1000);
      // Codes past their minute are of no use to anyone: cleared as new ones are made.
      await db.delete(checkoutHandOvers).where(lt(checkoutHandOvers.expiresAt, new Date(at.getTime() - HAND_OVER_CODE_TTL_SECONDS * 1000)));
      await db.insert(checkoutHandOvers).values({
        codeHash: sha256(code),
        userId: session.userId,
        familyId: session.familyId,
        orderIdentifier,
        expiresAt,
        createdAt: at,
      });
      return { code, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Takes the code once: the update that marks it used is the only way to it, so of two exchanges at the same
     * moment one gets the row and the other finds it used. Refused: unknown (or its session ended), used, expired,
     * or made for another order (which does not spend it).
     */
    async exchange(input: { code: string; swapIdentifier: string }): Promise<{ accessToken: string }> {
      const codeHash = sha256(input.code);
      const at = now();
      const [taken] = await db
        .update(checkoutHandOvers)
        .set({ usedAt: at })
        .where(
          and(
            eq(checkoutHandOvers.codeHash, codeHash),
            eq(checkoutHandOvers.orderIdentifier, input.swapIdentifier),
            isNull(checkoutHandOvers.usedAt),
            gt(checkoutHandOvers.expiresAt, at),
          ),
        )
        .returning({ userId: checkoutHandOvers.userId, familyId: checkoutHandOvers.familyId, orderIdentifier: checkoutHandOvers.orderIdentifier });
      if (!taken) {
        const [row] = await db.select().from(checkoutHandOvers).where(eq(checkoutHandOvers.codeHash, codeHash));
        if (!row) throw new ApiError('api.auth.hand_over_invalid');
        if (row.usedAt) throw new ApiError('api.auth.hand_over_used');
        if (row.expiresAt <= at) throw new ApiError('api.auth.hand_over_expired');
        throw new ApiError('api.auth.hand_over_other_order');
      }
      if (await revoked(taken.familyId)) throw new ApiError('api.auth.hand_over_invalid');
      const accessToken = await signAccessToken(
        config.jwtSecret,
        { userId: taken.userId, familyId: taken.familyId, checkout: taken.orderIdentifier },
        at,
        config.accessTokenTtlSeconds,
      );
      return { accessToken };
    },
  };
}

export type CheckoutHandOver = ReturnType<typeof createCheckoutHandOver>;

/**
 * What a checkout's token may call: the swap routes of its own order (GET order, POST payment_intent, pay, confirm,
 * cancel, each `/v1/ticket_swap/<action>/<order>`), nothing else (not the tickets, the profile or the live stream).
 */
export function checkoutMayCall(claims: AccessClaims, url: string, params: unknown): boolean {
  if (!claims.checkout) return true;
  const path = url.split('?')[0] ?? '';
  const swapIdentifier = (params as { swapIdentifier?: unknown } | undefined)?.swapIdentifier;
  const swapRoutes = `${API_PREFIX}/ticket_swap/`;
  return path.startsWith(swapRoutes) && !path.startsWith(`${swapRoutes}hand_over/`) && swapIdentifier === claims.checkout;
}
