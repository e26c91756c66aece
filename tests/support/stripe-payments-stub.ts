// A local HTTP stub of the Stripe endpoints the payments adapter calls (src/server/adapters/payments.ts): create a
// PaymentIntent (Idempotency-Key honoured by tests/support/stripe-stub-server.ts, as Stripe does), retrieve one, and
// refund one; every request recorded. What Stripe.js would do in the browser — confirm the intent with a card — the
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
}

export interface StripePaymentsStub extends StubServer {
  intents: Map<string, StubIntent>;
  /** Stripe.js confirmed it with a good card: the whole amount received. */
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
      };
      intents.set(id, intent);
      return [200, intent];
    }
    const retrieve = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent ? [200, intent] : missing;
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
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      return intent;
    },
    setIntent(id: string, fields: Partial<StubIntent>) {
      Object.assign(intents.get(id)!, fields);
    },
  });
}
