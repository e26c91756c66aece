// A local HTTP stub of the Stripe endpoints the payments adapter calls (src/server/adapters/payments.ts): create a
// PaymentIntent (Idempotency-Key honoured by tests/support/stripe-stub-server.ts, as Stripe does), retrieve one, and
// refund one, cancel one; every request recorded. What Stripe.js would do in the browser — confirm the intent with a card — the
// test does with `succeed` (or `setIntent` for other outcomes), since Stripe's servers and Stripe.js cannot be reached
// offline.
import { startStubServer, stripeError, type StubServer } from './stripe-stub-server';

export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  transfer_group: string | null;
  /** What the intent was created with: Stripe.js may not redirect when `never`. */
  automatic_payment_methods: { enabled: boolean; allow_redirects: string | null };
}

export interface StripePaymentsStub extends StubServer {
  intents: Map<string, StubIntent>;
  /** Stripe.js confirmed it with a good card: the whole amount received, by a charge `ch_…` named like the intent. */
  succeed(id: string): StubIntent;
  setIntent(id: string, fields: Partial<StubIntent>): void;
}

export async function startStripePaymentsStub(): Promise<StripePaymentsStub> {
  const intents = new Map<string, StubIntent>();
  let next = 1;
  const missing = stripeError(404, 'No such payment_intent', 'resource_missing');
  const server = await startStubServer(({ method, path, body }) => {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_stub_${next++}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const intent: StubIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        amount_received: 0,
        currency: body.get('currency') ?? 'aud',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_stub`,
        description: body.get('description'),
        metadata,
        latest_charge: null,
        transfer_group: body.get('transfer_group'),
        automatic_payment_methods: {
          enabled: body.get('automatic_payment_methods[enabled]') === 'true',
          allow_redirects: body.get('automatic_payment_methods[allow_redirects]'),
        },
      };
      intents.set(id, intent);
      return [200, intent];
    }
    const retrieve = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent ? [200, intent] : missing;
    }
    const cancel = /^\/v1\/payment_intents\/([\w-]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const intent = intents.get(cancel[1]!);
      if (!intent) return missing;
      // As Stripe: only an intent that has not succeeded, is not processing and was not cancelled may be cancelled.
      if (['succeeded', 'processing', 'canceled'].includes(intent.status)) {
        return stripeError(400, `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, 'payment_intent_unexpected_state');
      }
      intent.status = 'canceled';
      return [200, intent];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent) return missing;
      return [200, { id: `re_stub_${next++}`, object: 'refund', payment_intent: intent.id, amount: intent.amount_received, status: 'succeeded' }];
    }
    return undefined;
  });
  return Object.assign(server, {
    intents,
    succeed(id: string) {
      const intent = intents.get(id)!;
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: intent.id.replace('pi_', 'ch_') });
      return intent;
    },
    setIntent(id: string, fields: Partial<StubIntent>) {
      Object.assign(intents.get(id)!, fields);
    },
  });
}
