// The payments provider's webhooks, signed: POST /v1/webhooks/stripe (payments, STRIPE_WEBHOOK_SECRET) and
// POST /v1/webhooks/stripe-connect (Connect, STRIPE_CONNECT_WEBHOOK_SECRET, its own). The adapter checks the signature
// and turns Stripe's event into a provider-neutral PaymentEvent; the event service (./service.ts) stores it by id and
// handles it — settling intents that succeeded after the page was closed, holding or reversing payouts of refunded or
// disputed sales, recording reversed transfers and account updates. Encapsulated plugins, so their raw-body JSON parser
// applies to these routes only. Without Stripe, or with a bad or missing signature → 400 api.invalid_request_body;
// events of other types are acknowledged.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../contract/base';
import { ApiError } from '../../../contract/errors';
import type { PaymentEvent } from '../../adapters/payments';
import { createReconciler, type Reconciler } from '../reconcile/service';
import { createPaymentEventService, type PaymentEventHandlers, type PaymentEventService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    paymentEvents: PaymentEventService;
    reconcile: Reconciler;
  }
}

export const paymentsWebhookModule = fp(
  async (app) => {
    const handlers: PaymentEventHandlers = {
      intentSucceeded: [(intent) => app.swaps.intentSucceeded(intent), (intent) => app.resell.intentSucceeded(intent)],
      intentFailed: [(intent) => app.swaps.intentFailed(intent), (intent) => app.resell.intentFailed(intent)],
      intentProcessing: [(intent) => app.swaps.intentProcessing(intent)],
    };
    const { db } = app.deps.database;
    const service = createPaymentEventService({ db, payments: app.deps.payments, payouts: app.payouts, now: app.deps.now, handlers });
    app.decorate('paymentEvents', service);
    const reconciler = createReconciler({ db, payments: app.deps.payments, payouts: app.payouts, swaps: app.swaps, handlers, now: app.deps.now });
    app.decorate('reconcile', reconciler);
    // Reconciliation on a timer on every instance; the lease lets one run at a time across them.
    const every = app.deps.config.reconcileIntervalMs;
    if (every > 0) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        reconciler
          .run({ log: ({ requestId, action, message, err }) => (err ? app.log.error({ requestId, err }, message) : app.log.info({ requestId, action }, message)) })
          .catch((err: unknown) => app.log.error({ err }, 'reconciliation failed'))
          .finally(() => (running = false));
      }, every);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
    // A provider without webhooks (the local one) hands its events over directly; they are stored and handled the same way.
    const stopListening = app.deps.payments.listen?.(async (event) => {
      try {
        const outcome = await service.receive(app.deps.payments.kind, event);
        app.log.info({ eventId: event.id, type: event.type, outcome }, 'payments provider event');
      } catch (err) {
        app.log.error({ err, eventId: event.id, type: event.type }, 'payments provider event failed');
      }
    });
    if (stopListening) app.addHook('onClose', async () => stopListening());
    await app.register(async (scope) => webhook(scope, 'stripe', (body, signature) => app.deps.payments.intents?.verifyWebhook(body, signature)));
    await app.register(async (scope) => webhook(scope, 'stripe-connect', (body, signature) => app.payouts.verifyWebhook(body, signature)));
  },
  { name: 'payments-webhook', dependencies: ['swap', 'resell', 'payouts'] },
);

/** `verify` throws on a bad signature, answers undefined without Stripe and null for an event type we do not handle. */
async function webhook(
  app: FastifyInstance,
  path: 'stripe' | 'stripe-connect',
  verify: (body: Buffer, signature: string) => PaymentEvent | null | undefined,
): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(`${API_PREFIX}/webhooks/${path}`, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const signature = request.headers['stripe-signature'];
    let event: PaymentEvent | null | undefined;
    try {
      event = typeof signature === 'string' && Buffer.isBuffer(request.body) ? verify(request.body, signature) : undefined;
    } catch {
      event = undefined;
    }
    if (event === undefined) return reply.status(400).send(new ApiError('api.invalid_request_body').toBody());
    if (event) {
      const outcome = await app.paymentEvents.receive('stripe', event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'payments webhook event');
    }
    return { received: true };
  });
}
