// Swap routes: my swappable tickets, their allowed targets, start a swap, see its order, pay (UPGRADE: a payment
// method, or a Stripe PaymentIntent made here and confirmed by Stripe.js) or confirm it, cancel it; and Stripe's
// payments webhook, which settles a swap whose intent succeeded after its page was closed.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { API_PREFIX } from '../../../contract/base';
import { ApiError } from '../../../contract/errors';
import { route } from '../../http/route';
import { createSwapService } from './service';

type SwapService = ReturnType<typeof createSwapService>;

export const swapModule = fp(
  async (app) => {
    const swaps = createSwapService({
      db: app.deps.database.db,
      now: app.deps.now,
      payments: app.deps.payments,
      publishableKey: app.deps.config.stripe?.publishableKey,
    });
    route(app, 'swapTickets', ({ userId }) => swaps.baseTickets(userId));
    route(app, 'swapTargets', ({ params }) => swaps.targets(params.ticketId));
    route(app, 'startSwap', ({ userId, body }) => swaps.start(userId, body));
    route(app, 'swapOrder', ({ userId, params }) => swaps.order(userId, params.swapIdentifier));
    route(app, 'swapPaymentIntent', ({ userId, params }) => swaps.paymentIntent(userId, params.swapIdentifier));
    route(app, 'confirmSwap', ({ userId, params }) => swaps.confirm(userId, params.swapIdentifier));
    route(app, 'paySwap', ({ userId, params, body }) => swaps.pay(userId, params.swapIdentifier, body));
    route(app, 'cancelSwap', ({ userId, params }) => swaps.cancel(userId, params.swapIdentifier));
    await app.register(async (scope) => paymentsWebhook(scope, swaps));
  },
  { name: 'swap', dependencies: ['auth'] },
);

/**
 * POST /v1/webhooks/stripe: Stripe's payment events, signed with STRIPE_WEBHOOK_SECRET. An encapsulated plugin, so
 * its raw-body JSON parser applies to this route only. Without Stripe, or with a bad or missing signature → 400;
 * `payment_intent.succeeded` settles the swap it was made for; other events are acknowledged.
 */
async function paymentsWebhook(app: FastifyInstance, swaps: SwapService): Promise<void> {
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
      const intent = event.data.object;
      // Settled from Stripe's own record of the intent, not from the event's copy.
      await swaps.intentSucceeded(await intents!.retrieve(intent.id));
    }
    return { received: true };
  });
}
