// Stripe Connect for payout accounts (docs/product.md §6): a connected account per seller (controller properties: the platform
// collects requirements and bears losses, no Stripe dashboard — what a legacy `custom` account was), an Account Session whose
// client secret the wallet's embedded onboarding component uses, the account's state read from Stripe each time
// (never cached), and the Connect webhook's signature check. The official SDK; `apiBase` points it elsewhere (tests:
// tests/support/stripe-connect-stub.ts). The payments adapter (charges) is separate: src/server/adapters/payments.ts.
import Stripe from 'stripe';
import { ApiError } from '../../contract/errors';
import { paymentEventOf, type PaymentEvent } from './payments';

/**
 * The Stripe API version every request is made with, pinned rather than left to the account's default, so an upgrade
 * of the account's version in the dashboard does not change what we read. The webhook endpoints are created with the
 * same version (README: Stripe webhooks). It is the version the pinned SDK (stripe 23.1.0) is typed for.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/**
 * The embedded components one Account Session enables (docs/decisions/0114-the-payouts-tab-as-stripe-embeds-it.md): onboarding while
 * the account is not verified, then the notification banner (requirements Stripe asks for later) and account
 * management (bank account and details). The platform collects requirements (`requirement_collection: application`)
 * and the seller has no Stripe dashboard, so each collects the bank account itself and asks for no Stripe sign-in.
 */
const connectFeatures = { external_account_collection: true, disable_stripe_user_authentication: true } as const;
export const ACCOUNT_SESSION_COMPONENTS = {
  account_onboarding: { enabled: true, features: connectFeatures },
  notification_banner: { enabled: true, features: connectFeatures },
  account_management: { enabled: true, features: connectFeatures },
} satisfies Stripe.AccountSessionCreateParams.Components;

export interface ConnectAccountState {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** Identity verified: no requirement is past due or currently due. */
  identityVerified: boolean;
  country: string | null;
}

export interface StripeConnect {
  /** `idempotencyKey` names the seller: two concurrent calls for one seller create one account. */
  createAccount(input: { country: string; email: string; idempotencyKey: string }): Promise<string>;
  accountSession(accountId: string): Promise<string>;
  accountState(accountId: string): Promise<ConnectAccountState>;
  /**
   * Pays a seller: a transfer to the connected account drawn on the buyer's charge (`sourceChargeId`), so it never
   * uses funds that are still pending, and grouped with that charge. Answers the transfer's id.
   */
  transfer(input: {
    accountId: string;
    amountMinor: number;
    currencyCode: string;
    description: string;
    idempotencyKey: string;
    sourceChargeId?: string;
    transferGroup?: string;
  }): Promise<string>;
  /** Takes a paid transfer back from the seller's account (the sale was refunded or its dispute lost). Answers the reversal's id. */
  reverseTransfer(input: { transferId: string; idempotencyKey: string; reason: string }): Promise<string>;
  /** The event of a signed webhook payload; throws on a bad signature or a signing time outside the tolerance. Null for event types we do not handle. */
  verifyWebhook(rawBody: Buffer | string, signature: string, secret: string): PaymentEvent | null;
}

/** How far a webhook's signing time may be from ours, either way (Stripe's default tolerance for the past). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The event of a signed webhook payload; throws on a bad signature or a signing time outside the tolerance. The SDK's
 * constructEvent refuses only old signatures: one dated in the future passes however far ahead, so a payload signed
 * once with a far-future time (or by a clock gone wrong) could be replayed for as long as that.
 */
export function constructSignedEvent(stripe: Stripe, rawBody: Buffer | string, signature: string, secret: string, nowMs = Date.now()): Stripe.Event {
  const event = stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, nowMs);
  // The timestamp as the SDK read it: the last `t=` of the header.
  let signedAt = -1;
  for (const item of signature.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') signedAt = Number.parseInt(value ?? '', 10);
  }
  if (!(signedAt - Math.floor(nowMs / 1000) <= WEBHOOK_TOLERANCE_SECONDS)) {
    throw new Stripe.errors.StripeSignatureVerificationError(signature, String(rawBody), { message: 'Timestamp outside the tolerance zone (in the future)' });
  }
  return event;
}

export function stripeOptions(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return { host: url.hostname, port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)), protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

export function stateOf(account: Stripe.Account): ConnectAccountState {
  const due = [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])];
  return {
    detailsSubmitted: Boolean(account.details_submitted),
    payoutsEnabled: Boolean(account.payouts_enabled),
    identityVerified: Boolean(account.details_submitted) && due.length === 0,
    country: account.country ?? null,
  };
}

/**
 * Stripe unreachable, failing or limiting us is not the person's mistake and no crash of ours: it answers
 * api.payment.provider_unavailable (502), which says to try again, instead of a 500.
 */
export async function fromStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      error instanceof Stripe.errors.StripeAuthenticationError
    ) {
      throw new ApiError('api.payment.provider_unavailable');
    }
    throw error;
  }
}

export function createStripeConnect(secretKey: string, apiBase?: string): StripeConnect {
  const stripe = new Stripe(secretKey, { ...stripeOptions(apiBase), apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 1 });
  return {
    async createAccount({ country, email, idempotencyKey }) {
      const account = await fromStripe(() =>
        stripe.accounts.create(
          {
            controller: {
              fees: { payer: 'application' },
              losses: { payments: 'application' },
              requirement_collection: 'application',
              stripe_dashboard: { type: 'none' },
            },
            country,
            email,
            capabilities: { transfers: { requested: true } },
          },
          { idempotencyKey },
        ),
      );
      return account.id;
    },
    async accountSession(accountId) {
      const session = await fromStripe(() => stripe.accountSessions.create({ account: accountId, components: ACCOUNT_SESSION_COMPONENTS }));
      return session.client_secret;
    },
    async accountState(accountId) {
      return stateOf(await fromStripe(() => stripe.accounts.retrieve(accountId)));
    },
    async transfer({ accountId, amountMinor, currencyCode, description, idempotencyKey, sourceChargeId, transferGroup }) {
      const transfer = await fromStripe(() =>
        stripe.transfers.create(
          {
            amount: amountMinor,
            currency: currencyCode.toLowerCase(),
            destination: accountId,
            description,
            ...(sourceChargeId ? { source_transaction: sourceChargeId } : {}),
            ...(transferGroup ? { transfer_group: transferGroup } : {}),
          },
          { idempotencyKey },
        ),
      );
      return transfer.id;
    },
    async reverseTransfer({ transferId, idempotencyKey, reason }) {
      const reversal = await fromStripe(() => stripe.transfers.createReversal(transferId, { metadata: { reason } }, { idempotencyKey }));
      return reversal.id;
    },
    verifyWebhook(rawBody, signature, secret) {
      return paymentEventOf(constructSignedEvent(stripe, rawBody, signature, secret));
    },
  };
}
