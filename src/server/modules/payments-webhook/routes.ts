// POST /v1/webhooks/stripe: Stripe's payment events, signed with STRIPE_WEBHOOK_SECRET. `payment_intent.succeeded`
// settles what the intent paid for — a swap's difference or a resale purchase, named in its metadata — for a person
// who paid and closed the page before it reported back. The intent is read again from Stripe, never taken from the
// event body. An encapsulated plugin, so its raw-body JSON parser applies to this route only. Without Stripe, or with a
// bad or missing signature → 400 api.invalid_request_body; other events are acknowledged.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { API_PREFIX } from '../../../contract/base';
import { ApiError } from '../../../contract/errors';
import type { IntentState } from '../../adapters/payments';

export const paymentsWebhookModule = fp(
  async (app) => {
    await app.register(paymentsWebhook);
  },
  { name: 'payments-webhook', dependencies: ['swap', 'resell'] },
);

async function paymentsWebhook(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(`${API_PREFIX}/webhooks/stripe`, { schema: { hide: true } }, async (request, reply) => {
    const intents = app.deps.payments.intents;
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event | null;
    try {
      event = intents && typeof signature === 'string' && Buffer.isBuffer(request.body) ? intents.verifyWebhook(request.body, signature) : null;
    } catch {
      event = null;
    }
    if (!event) return reply.status(400).send(new ApiError('api.invalid_request_body').toBody());
    if (event.type === 'payment_intent.succeeded') {
      let intent: IntentState;
      try {
        intent = await intents!.retrieve(event.data.object.id);
      } catch (error) {
        // An intent Stripe does not know to this account is none of ours: acknowledged. Stripe unreachable (502) is
        // answered as an error, so Stripe delivers the event again later.
        if (error instanceof ApiError && error.code === 'api.payment.declined') return { received: true };
        throw error;
      }
      await app.swaps.intentSucceeded(intent);
      await app.resell.intentSucceeded(intent);
    }
    return { received: true };
  });
}
