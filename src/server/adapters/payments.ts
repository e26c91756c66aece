// Charging the user: a swap's difference and resale purchases. Stripe PaymentIntents when configured; otherwise the
// local provider, which charges nothing real and knows Stripe's test payment methods (pm_card_visa succeeds,
// pm_card_chargeDeclined is declined), so checkout works offline and in tests. The local provider runs only outside
// production or with an explicit PAYMENTS_PROVIDER=local (src/server/config.ts).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { fromStripe } from './payouts';

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

export interface PaymentsProvider {
  kind: 'local' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeResult>;
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

export function createStripePayments(secretKey: string, options: { host?: string; port?: number; protocol?: 'http' | 'https' } = {}): PaymentsProvider {
  const stripe = new Stripe(secretKey, { ...options, maxNetworkRetries: 1 });
  return {
    kind: 'stripe',
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
