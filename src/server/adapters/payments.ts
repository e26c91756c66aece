// Charging the user: a swap's difference and resale purchases. Stripe PaymentIntents when configured; otherwise the
// local provider, which charges nothing real and knows Stripe's test payment methods (pm_card_visa succeeds,
// pm_card_chargeDeclined is declined), so checkout works offline and in tests. The local provider runs only outside
// production or with an explicit PAYMENTS_PROVIDER=local (src/server/config.ts).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { ApiError } from '../../contract/errors';
import { purposeFromMetadata, purposeToMetadata, type PaymentPurpose } from '../../contract/payment-purpose';
import { constructSignedEvent, fromStripe, STRIPE_API_VERSION, stripeOptions } from './payouts';

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
  | { status: 'succeeded'; providerPaymentId: string; providerChargeId: string | null; amountMinor: number; currencyCode: string }
  | { status: 'declined'; reason: string };

/** A PaymentIntent as the server checks it: what Stripe says was received, never what the page says. */
export interface IntentState {
  id: string;
  status: string;
  /** amount_received: what was actually taken (0 until it succeeded). */
  amountReceivedMinor: number;
  currencyCode: string;
  /** What the intent pays for, from its metadata; null for an intent that is not ours. */
  purpose: PaymentPurpose | null;
  /** The charge that took the money (a separate transfer names it as its source); null until one exists. */
  chargeId: string | null;
}

/**
 * A payments provider's webhook event, as the services see it: what happened and to which object, never the
 * provider's own event type. Handlers read the object's state again from the provider (or derive it from every stored
 * event of that object), so events that arrive twice or out of order end in the same state.
 */
export type PaymentEvent = { id: string } & (
  | { type: 'payment_intent.succeeded' | 'payment_intent.processing' | 'payment_intent.payment_failed'; intentId: string }
  | { type: 'charge.refunded'; intentId: string; chargeId: string; amountRefundedMinor: number }
  | { type: 'charge.dispute.created'; intentId: string; chargeId: string; disputeId: string }
  | { type: 'charge.dispute.closed'; intentId: string; chargeId: string; disputeId: string; outcome: 'won' | 'lost' | 'other' }
  | { type: 'transfer.reversed'; transferId: string }
  | { type: 'account.updated'; accountId: string }
);
export type PaymentEventType = PaymentEvent['type'];
export const PAYMENT_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  'transfer.reversed',
  'account.updated',
] as const satisfies readonly PaymentEventType[];

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? ''));

/** The provider-neutral event of a Stripe event; null for the types we do not handle. Stripe.Event stays here. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const id = event.id;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.processing':
    case 'payment_intent.payment_failed':
      return { id, type: event.type, intentId: event.data.object.id };
    case 'charge.refunded': {
      const charge = event.data.object;
      return { id, type: event.type, intentId: idOf(charge.payment_intent), chargeId: charge.id, amountRefundedMinor: charge.amount_refunded ?? 0 };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const base = { id, intentId: idOf(dispute.payment_intent), chargeId: idOf(dispute.charge), disputeId: dispute.id };
      if (event.type === 'charge.dispute.created') return { ...base, type: event.type };
      const outcome = dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : 'other';
      return { ...base, type: event.type, outcome };
    }
    case 'transfer.reversed':
      return { id, type: event.type, transferId: event.data.object.id };
    case 'account.updated':
      return { id, type: event.type, accountId: event.data.object.id };
    default:
      return null;
  }
}

/**
 * The PaymentIntent path (Stripe only): the server creates an intent, Stripe.js confirms it in the page with the
 * person's card, and the server retrieves it to verify before it confirms anything. Refunds give back a payment whose
 * order ended before it could be settled; the webhook tells of intents that succeeded after the page was closed.
 */
export interface PaymentIntents {
  /** Stripe.js needs it beside an intent's client secret. */
  publishableKey: string;
  create(request: {
    amountMinor: number;
    currencyCode: string;
    description: string;
    idempotencyKey: string;
    purpose: PaymentPurpose;
    /** Groups the charge with the transfers that later pay sellers from it. */
    transferGroup?: string;
  }): Promise<{
    id: string;
    clientSecret: string;
  }>;
  retrieve(id: string): Promise<IntentState>;
  refund(id: string, idempotencyKey: string): Promise<void>;
  /**
   * Cancels an intent nobody paid (its swap expired, its purchase hold ended). Answers false for one the provider would
   * not cancel (it succeeded, is processing, or was cancelled before): it is left as it is.
   */
  cancel(id: string): Promise<boolean>;
  /** The event of a signed webhook payload; throws on a bad signature, a signing time outside the tolerance or when no webhook secret is configured. Null for event types we do not handle. */
  verifyWebhook(rawBody: Buffer, signature: string): PaymentEvent | null;
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
        result = {
          status: 'succeeded',
          providerPaymentId: id,
          providerChargeId: id.replace('pi_local_', 'ch_local_'),
          amountMinor: request.amountMinor,
          currencyCode: request.currencyCode,
        };
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
  const stripe = new Stripe(secretKey, { ...stripeOptions(options.apiBase), apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 1 });
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
        return {
          status: 'succeeded',
          providerPaymentId: intent.id,
          providerChargeId: intent.latest_charge ? idOf(intent.latest_charge) : null,
          amountMinor: intent.amount_received,
          currencyCode: intent.currency.toUpperCase(),
        };
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
    purpose: purposeFromMetadata(intent.metadata),
    chargeId: intent.latest_charge ? idOf(intent.latest_charge) : null,
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
            metadata: purposeToMetadata(request.purpose),
            ...(request.transferGroup ? { transfer_group: request.transferGroup } : {}),
            // Confirmed in the page without leaving it (docs/decisions.md): no redirect-based methods.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
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
    async cancel(id) {
      try {
        await fromStripe(() => stripe.paymentIntents.cancel(id));
        return true;
      } catch (error) {
        // Already succeeded, processing or cancelled: Stripe refuses, and there is nothing to cancel.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
      return paymentEventOf(constructSignedEvent(stripe, rawBody, signature, webhookSecret));
    },
  };
}
