// Payout accounts for resale: a connected payments account with verified identity, Australia and New Zealand only.
// Without Stripe keys the local provider stands in: its onboarding is a short form the wallet renders itself, and
// completing it verifies the account, so the whole resale flow works offline.
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PaymentsAccount } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { organisations, paymentEvents, payments as paymentRows, payoutAccounts, payouts as payoutRows, users, type PayoutHoldReason } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { PaymentEvent } from '../../adapters/payments';
import { createStripeConnect, type ConnectAccountState, type StripeConnect } from '../../adapters/payouts';
import { sameHash } from '../auth/tokens';

export const RESALE_COUNTRIES = ['AU', 'NZ'] as const;

export function createPayoutService({ db, config, connect }: { db: Database; config: Config; connect?: StripeConnect }) {
  // With both Stripe keys, payout accounts are Stripe Connect accounts; without them, the local provider's.
  const stripe = config.stripe ? (connect ?? createStripeConnect(config.stripe.secretKey, config.stripe.apiBase)) : null;
  /** A local onboarding secret names its account and is signed, so it needs no server-side session. */
  const sign = (accountId: number, nonce: string) =>
    createHmac('sha256', config.jwtSecret).update(`payout-onboarding:${accountId}:${nonce}`).digest('base64url');
  const onboardingSecret = (accountId: number) => {
    const nonce = randomBytes(9).toString('base64url');
    return `local_cs_${accountId}.${nonce}.${sign(accountId, nonce)}`;
  };
  const accountIdOf = (clientSecret: string): number | null => {
    const match = /^local_cs_(\d+)\.([\w-]+)\.([\w-]+)$/.exec(clientSecret);
    if (!match) return null;
    const accountId = Number(match[1]);
    return sameHash(match[3]!, sign(accountId, match[2]!)) ? accountId : null;
  };

  function view(account: typeof payoutAccounts.$inferSelect | undefined, clientSecret = '', payoutFailure: PaymentsAccount['payoutFailure'] = null): PaymentsAccount {
    return {
      clientSecret,
      provider: stripe ? 'stripe' : 'local',
      publishableKey: stripe ? config.stripe!.publishableKey : null,
      verified: Boolean(account?.identityVerified && account.payoutsEnabled),
      country: account?.country ?? null,
      payoutFailure,
    };
  }

  /**
   * The account's latest bank payout by Stripe's time, from the stored Connect events (payout.failed, payout.paid):
   * its failure when it failed, else null. Events may come in any order; the latest `created` wins.
   */
  async function payoutFailureOf(account: typeof payoutAccounts.$inferSelect | undefined): Promise<PaymentsAccount['payoutFailure']> {
    if (account?.provider !== 'stripe') return null;
    const rows = await db
      .select({ body: paymentEvents.body })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.ref, account.providerAccountId), inArray(paymentEvents.type, ['payout.failed', 'payout.paid'])))
      .orderBy(desc(paymentEvents.id))
      .limit(50);
    const payoutEvents = rows.map((row) => row.body as Extract<PaymentEvent, { type: 'payout.failed' | 'payout.paid' }>);
    const latest = payoutEvents.sort((a, b) => b.at.localeCompare(a.at))[0];
    if (!latest || latest.type !== 'payout.failed') return null;
    return { amountMinor: latest.amountMinor, currencyCode: latest.currencyCode, failureCode: latest.failureCode, failedAt: latest.at };
  }

  async function storedAccountOf(userId: number) {
    const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
    return account;
  }

  /** Writes Stripe's answer to the row (a record, not a cache: every read asks Stripe again). */
  async function record(accountId: number, state: ConnectAccountState) {
    const [updated] = await db
      .update(payoutAccounts)
      .set({ detailsSubmitted: state.detailsSubmitted, payoutsEnabled: state.payoutsEnabled, identityVerified: state.identityVerified })
      .where(eq(payoutAccounts.id, accountId))
      .returning();
    return updated;
  }

  /** The account, its state read from Stripe when it is a Stripe account (never cached). */
  async function accountOf(userId: number) {
    const account = await storedAccountOf(userId);
    if (!stripe || !account || account.provider !== 'stripe') return account;
    return record(account.id, await stripe.accountState(account.providerAccountId));
  }

  return {
    /** The account state; the client secret is empty unless onboarding is under way. */
    async status(userId: number): Promise<PaymentsAccount> {
      const account = await accountOf(userId);
      return view(account, '', await payoutFailureOf(account));
    },

    /** Creates the account on first call (or resumes it) and opens an onboarding session. */
    async connect(userId: number, requestedCountry: string | undefined): Promise<PaymentsAccount> {
      const [organisation] = await db.select({ country: organisations.country }).from(organisations).limit(1);
      const country = (requestedCountry ?? organisation?.country ?? '').toUpperCase();
      if (!(RESALE_COUNTRIES as readonly string[]).includes(country)) throw new ApiError('api.resell.unsupported_country');
      let account = await storedAccountOf(userId);
      if (!account) {
        const providerAccountId = stripe
          ? await stripe.createAccount({
              country,
              email: (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email,
              // One account per seller even when two connect calls race: Stripe answers the second with the first's account.
              idempotencyKey: `payout-account:${userId}`,
            })
          : `acct_local_${randomBytes(8).toString('hex')}`;
        [account] = await db
          .insert(payoutAccounts)
          .values({ userId, provider: stripe ? 'stripe' : 'local', providerAccountId, country })
          .onConflictDoNothing()
          .returning();
        account ??= await storedAccountOf(userId);
      }
      if (stripe && account!.provider === 'stripe') {
        const current = await accountOf(userId);
        return view(current, await stripe.accountSession(account!.providerAccountId), await payoutFailureOf(current));
      }
      return view(account, onboardingSecret(account!.id));
    },

    /** The local provider's onboarding form was submitted: details and identity count as verified. */
    async completeLocalOnboarding(userId: number, clientSecret: string): Promise<PaymentsAccount> {
      // The local provider verifies whoever fills its form: never with a real payments provider configured.
      if (config.payments.provider !== 'local') throw new ApiError('api.payment.local_provider_disabled');
      const account = await storedAccountOf(userId);
      if (!account || accountIdOf(clientSecret) !== account.id) throw new ApiError('api.resell.onboarding_invalid');
      const [updated] = await db
        .update(payoutAccounts)
        .set({ detailsSubmitted: true, payoutsEnabled: true, identityVerified: true })
        .where(eq(payoutAccounts.id, account.id))
        .returning();
      return view(updated);
    },

    /**
     * Webhook `account.updated`: the connected account's state, read again from Stripe (not from the event, which may
     * be older than one that came before it) and written to its row.
     */
    async accountUpdated(providerAccountId: string): Promise<boolean> {
      const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.providerAccountId, providerAccountId));
      if (!account || account.provider !== 'stripe' || !stripe) return false;
      await record(account.id, await stripe.accountState(providerAccountId));
      return true;
    },

    /**
     * What the buyer's payment says about its sellers' payouts, derived from every fact known about it (so the order
     * of the events that told them does not matter): `reason` set (refunded, disputed, dispute lost) holds each payout
     * not yet paid; refunded or a lost dispute reverses each one already paid; no reason lifts a hold. Reversed ones
     * stay reversed. Answers the payouts it reversed.
     */
    async applyPaymentState(paymentId: number, reason: Exclude<PayoutHoldReason, 'transfer_reversed'> | null, at: Date): Promise<number[]> {
      const reversed: number[] = [];
      await inTransaction(db, async (tx) => {
        const rows = await tx.select().from(payoutRows).where(eq(payoutRows.paymentId, paymentId)).orderBy(asc(payoutRows.id)).for('update');
        for (const payout of rows) {
          if (payout.status === 'held' && payout.holdReason !== reason) {
            await tx.update(payoutRows).set({ holdReason: reason }).where(eq(payoutRows.id, payout.id));
          } else if (payout.status === 'paid' && (reason === 'refunded' || reason === 'dispute_lost')) {
            const reversalId = await reverse(payout, reason);
            await tx
              .update(payoutRows)
              .set({ status: 'reversed', reversedAt: at, reversalReason: reason, providerReversalId: reversalId })
              .where(eq(payoutRows.id, payout.id));
            reversed.push(payout.id);
          }
        }
      });
      return reversed;
    },

    /** Webhook `transfer.reversed` (also one made in Stripe's dashboard): the payout it paid is recorded as reversed. */
    async transferReversed(transferId: string, at: Date): Promise<boolean> {
      const [payout] = await db
        .update(payoutRows)
        .set({ status: 'reversed', reversedAt: at, reversalReason: 'transfer_reversed' })
        .where(and(eq(payoutRows.providerTransferId, transferId), eq(payoutRows.status, 'paid')))
        .returning({ id: payoutRows.id });
      return Boolean(payout);
    },

    verifyWebhook(rawBody: Buffer, signature: string) {
      const secret = config.stripe?.connectWebhookSecret;
      if (!stripe || !secret) return undefined;
      return stripe.verifyWebhook(rawBody, signature, secret);
    },

    /** Due payouts still held because their transfer failed (reconciliation retries them). */
    async failedPayoutIds(at: Date): Promise<number[]> {
      const rows = await db
        .select({ id: payoutRows.id })
        .from(payoutRows)
        .where(and(eq(payoutRows.status, 'held'), isNull(payoutRows.holdReason), lte(payoutRows.releaseAfter, at), gt(payoutRows.failedAttempts, 0)))
        .orderBy(asc(payoutRows.id));
      return rows.map((row) => row.id);
    },

    async isVerified(userId: number): Promise<boolean> {
      return view(await accountOf(userId)).verified;
    },

    /**
     * Pays the sellers whose payouts are due (held, and their event has ended at `at`): up to `limit` per call, each
     * in its own transaction, so one that fails (Stripe unreachable, no account) stays held for the next run and does
     * not hold back the others. Rows another instance is paying are skipped, and the transfer's idempotency key is the
     * payout's id, so a payout is paid once even when two instances run this at the same moment.
     */
    async releaseDue(
      at: Date,
      { limit = 100, log, onlyFailed = false }: { limit?: number; log?: (message: string, error: unknown) => void; onlyFailed?: boolean } = {},
    ) {
      const due = await db
        .select({ id: payoutRows.id })
        .from(payoutRows)
        .where(
          and(
            eq(payoutRows.status, 'held'),
            isNull(payoutRows.holdReason),
            lte(payoutRows.releaseAfter, at),
            onlyFailed ? gt(payoutRows.failedAttempts, 0) : undefined,
          ),
        )
        .orderBy(asc(payoutRows.releaseAfter), asc(payoutRows.id))
        .limit(limit);
      let paid = 0;
      let failed = 0;
      for (const { id } of due) {
        try {
          if (await payOut(id, at)) paid += 1;
        } catch (error) {
          failed += 1;
          await db
            .update(payoutRows)
            .set({ failedAttempts: sql`${payoutRows.failedAttempts} + 1`, lastFailure: error instanceof Error ? error.message.slice(0, 500) : String(error) })
            .where(eq(payoutRows.id, id));
          log?.(`payout ${id} stays held: it could not be paid`, error);
        }
      }
      return { paid, failed };
    },
  };

  /** Takes a paid payout's transfer back; its idempotency key is the payout's, so a retried reversal is made once. */
  async function reverse(payout: typeof payoutRows.$inferSelect, reason: PayoutHoldReason): Promise<string> {
    if (payout.provider !== 'stripe') return `trr_local_${payout.id}`;
    if (!stripe || !payout.providerTransferId) throw new Error(`payout ${payout.id} cannot be reversed: Stripe is not configured`);
    return stripe.reverseTransfer({ transferId: payout.providerTransferId, idempotencyKey: `payout-reversal:${payout.id}`, reason });
  }

  async function payOut(id: number, at: Date): Promise<boolean> {
    return inTransaction(db, async (tx) => {
      const [payout] = await tx
        .select()
        .from(payoutRows)
        .where(and(eq(payoutRows.id, id), eq(payoutRows.status, 'held'), isNull(payoutRows.holdReason)))
        .for('update', { skipLocked: true });
      if (!payout) return false;
      const [payment] = payout.paymentId ? await tx.select().from(paymentRows).where(eq(paymentRows.id, payout.paymentId)) : [];
      const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, payout.sellerUserId));
      if (!account) throw new Error(`seller ${payout.sellerUserId} has no payout account`);
      let transferId: string;
      if (account.provider === 'stripe') {
        if (!stripe) throw new Error('a Stripe payout account, but Stripe is not configured');
        transferId = await stripe.transfer({
          accountId: account.providerAccountId,
          amountMinor: payout.amountMinor,
          currencyCode: payout.currencyCode,
          description: `Resale payout ${payout.id}`,
          idempotencyKey: `payout:${payout.id}`,
          // Drawn on the buyer's charge: never on funds that are still pending, and grouped with it.
          ...(payment?.providerChargeId ? { sourceChargeId: payment.providerChargeId } : {}),
          ...(payment?.transferGroup ? { transferGroup: payment.transferGroup } : {}),
        });
      } else {
        transferId = `tr_local_${payout.id}`;
      }
      await tx
        .update(payoutRows)
        .set({ status: 'paid', paidAt: at, provider: account.provider, providerTransferId: transferId, lastFailure: null })
        .where(eq(payoutRows.id, payout.id));
      return true;
    });
  }
}

export type PayoutService = ReturnType<typeof createPayoutService>;
