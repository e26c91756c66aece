// Charging the user: a swap's difference and resale purchases. Stripe PaymentIntents when configured; otherwise the
// local provider, which charges nothing real and knows Stripe's test payment methods (pm_card_visa succeeds,
// pm_card_chargeDeclined is declined), so checkout works offline and in tests. The local provider runs only outside
// production or with an explicit PAYMENTS_PROVIDER=local (src/server/config.ts).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { ApiError } from '../../contract/errors';
import { constructSignedEvent, fromStripe, stripeOptions } from './payouts';

export interface ChargeRequest {
  amountMinor: number;
  /** ISO 4217, upper case. */
  currencyCode: string;
  paymentMethod: string;
  description: string;
  /** The same key never charges twice (a retried request). */
  idempotencyKey: string;
}

export type ChargeResult =
  | { status: 'succeeded'; providerPaymentId: string; amountMinor: number; currencyCode: string }
  | { status: 'declined'; reason: string };

/** A PaymentIntent as the server checks it: what Stripe says was received, never what the page says. */
export interface IntentState {
  id: string;
  status: string;
  /** amount_received: what was actually taken (0 until it succeeded). */
  amountReceivedMinor: number;
  currencyCode: string;
  metadata: Record<string, string>;
}

/**
 * The PaymentIntent path (Stripe only): the server creates an intent, Stripe.js confirms it in the page with the
 * person's card, and the server retrieves it to verify before it confirms anything. Refunds give back a payment whose
 * order ended before it could be settled; the webhook tells of intents that succeeded after the page was closed.
 */
export interface PaymentIntents {
  /** Stripe.js needs it beside an intent's client secret. */
  publishableKey: string;
  create(request: { amountMinor: number; currencyCode: string; description: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<{
    id: string;
    clientSecret: string;
  }>;
  retrieve(id: string): Promise<IntentState>;
  refund(id: string, idempotencyKey: string): Promise<void>;
  /** The event of a signed webhook payload; throws on a bad signature, a signing time outside the tolerance or when no webhook secret is configured. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
}

export interface PaymentsProvider {
  kind: 'local' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Present only for Stripe with a publishable key (without one no page can run Stripe.js). */
  intents?: PaymentIntents;
}

/** The local provider's record of what it charged, for tests that check money adds up. */
export interface LocalCharge {
  id: string;
  amountMinor: number;
  currencyCode: string;
  idempotencyKey: string;
}

export const LOCAL_TEST_METHODS = { succeeds: 'pm_card_visa', declined: 'pm_card_chargeDeclined' } as const;

export function createLocalPayments(): PaymentsProvider & { charges: LocalCharge[] } {
  const charges: LocalCharge[] = [];
  const byKey = new Map<string, ChargeResult>();
  return {
    kind: 'local',
    charges,
    async charge(request) {
      const known = byKey.get(request.idempotencyKey);
      if (known) return known;
      let result: ChargeResult;
      if (request.paymentMethod === LOCAL_TEST_METHODS.succeeds) {
        const id = `pi_local_${randomBytes(8).toString('hex')}`;
        charges.push({ id, amountMinor: request.amountMinor, currencyCode: request.currencyCode, idempotencyKey: request.idempotencyKey });
        result = { status: 'succeeded', providerPaymentId: id, amountMinor: request.amountMinor, currencyCode: request.currencyCode };
      } else {
        result = { status: 'declined', reason: request.paymentMethod === LOCAL_TEST_METHODS.declined ? 'card_declined' : 'unknown_payment_method' };
      }
      byKey.set(request.idempotencyKey, result);
      return result;
    },
  };
}

export function createStripePayments(
  secretKey: string,
  options: { publishableKey?: string | undefined; apiBase?: string | undefined; webhookSecret?: string | undefined } = {},
): PaymentsProvider {
  const stripe = new Stripe(secretKey, { ...stripeOptions(options.apiBase), maxNetworkRetries: 1 });
  return {
    kind: 'stripe',
    ...(options.publishableKey ? { intents: stripeIntents(stripe, options.publishableKey, options.webhookSecret) } : {}),
    async charge(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currencyCode.toLowerCase(),
            payment_method: request.paymentMethod,
            description: request.description,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        // Verified here, not trusted from the client: the intent must have succeeded for the amount asked.
        if (intent.status !== 'succeeded' || intent.amount_received !== request.amountMinor) {
          return { status: 'declined', reason: intent.status };
        }
        return { status: 'succeeded', providerPaymentId: intent.id, amountMinor: intent.amount_received, currencyCode: intent.currency.toUpperCase() };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'declined', reason: error.code ?? 'declined' };
        }
        // Stripe unreachable or failing: api.payment.provider_unavailable (502), not a 500.
        return fromStripe(() => Promise.reject(error));
      }
    },
  };
}

/** The PaymentIntent path of the Stripe provider (see PaymentIntents). */
function stripeIntents(stripe: Stripe, publishableKey: string, webhookSecret: string | undefined): PaymentIntents {
  const stateOfIntent = (intent: Stripe.PaymentIntent): IntentState => ({
    id: intent.id,
    status: intent.status,
    amountReceivedMinor: intent.amount_received ?? 0,
    currencyCode: intent.currency.toUpperCase(),
    metadata: intent.metadata ?? {},
  });
  return {
    publishableKey,
    async create(request) {
      const intent = await fromStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currencyCode.toLowerCase(),
            description: request.description,
            metadata: request.metadata,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new ApiError('api.payment.provider_unavailable');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieve(id) {
      try {
        return stateOfIntent(await fromStripe(() => stripe.paymentIntents.retrieve(id)));
      } catch (error) {
        // An id Stripe does not know (made up by the page) is a payment that did not happen.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new ApiError('api.payment.declined');
        throw error;
      }
    },
    async refund(id, idempotencyKey) {
      await fromStripe(() => stripe.refunds.create({ payment_intent: id }, { idempotencyKey }));
    },
    verifyWebhook(rawBody, signature) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
      return constructSignedEvent(stripe, rawBody, signature, webhookSecret);
    },
  };
}
