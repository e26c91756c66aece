// Stripe Connect for payout accounts (docs/product.md §6): a custom connected account per seller, an Account Session whose
// client secret the wallet's embedded onboarding component uses, the account's state read from Stripe each time
// (never cached), and the Connect webhook's signature check. The official SDK; `apiBase` points it elsewhere (tests:
// tests/support/stripe-connect-stub.ts). The payments adapter (charges) is separate: src/server/adapters/payments.ts.
import Stripe from 'stripe';
import { ApiError } from '../../contract/errors';

export interface ConnectAccountState {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** Identity verified: no requirement is past due or currently due. */
  identityVerified: boolean;
  country: string | null;
}

export interface StripeConnect {
  createAccount(input: { country: string; email: string }): Promise<string>;
  accountSession(accountId: string): Promise<string>;
  accountState(accountId: string): Promise<ConnectAccountState>;
  /** Pays a seller: a transfer from the platform's balance to the connected account. Answers the transfer's id. */
  transfer(input: { accountId: string; amountMinor: number; currencyCode: string; description: string; idempotencyKey: string }): Promise<string>;
  /** The event of a signed webhook payload; throws on a bad signature or a signing time outside the tolerance. */
  verifyWebhook(rawBody: Buffer | string, signature: string, secret: string): Stripe.Event;
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
  const stripe = new Stripe(secretKey, { ...stripeOptions(apiBase), maxNetworkRetries: 1 });
  return {
    async createAccount({ country, email }) {
      const account = await fromStripe(() =>
        stripe.accounts.create({
          type: 'custom',
          country,
          email,
          capabilities: { transfers: { requested: true } },
        }),
      );
      return account.id;
    },
    async accountSession(accountId) {
      const session = await fromStripe(() =>
        stripe.accountSessions.create({ account: accountId, components: { account_onboarding: { enabled: true } } }),
      );
      return session.client_secret;
    },
    async accountState(accountId) {
      return stateOf(await fromStripe(() => stripe.accounts.retrieve(accountId)));
    },
    async transfer({ accountId, amountMinor, currencyCode, description, idempotencyKey }) {
      const transfer = await fromStripe(() =>
        stripe.transfers.create({ amount: amountMinor, currency: currencyCode.toLowerCase(), destination: accountId, description }, { idempotencyKey }),
      );
      return transfer.id;
    },
    verifyWebhook(rawBody, signature, secret) {
      return constructSignedEvent(stripe, rawBody, signature, secret);
    },
  };
}
