// Payout account routes: connect (create or resume onboarding), state, and the local provider's onboarding.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { ApiError } from '../../../contract/errors';
import { API_PREFIX } from '../../../contract/base';
import { stateOf } from '../../adapters/payouts';
import { createPayoutService, type PayoutService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    payouts: PayoutService;
  }
}

export const payoutsModule = fp(
  async (app) => {
    const payouts = createPayoutService({ db: app.deps.database.db, config: app.deps.config });
    app.decorate('payouts', payouts);
    route(app, 'paymentsConnect', ({ userId, body }) => payouts.connect(userId, body.country));
    route(app, 'paymentsAccount', ({ userId }) => payouts.status(userId));
    route(app, 'paymentsLocalOnboarding', ({ userId, body }) => payouts.completeLocalOnboarding(userId, body.clientSecret));
    await app.register(connectWebhook);
    // Due payouts are paid by a timer on every instance (safe: each payout is locked and paid once).
    const every = app.deps.config.payoutReleaseIntervalMs;
    if (every > 0) {
      const log = (message: string, error: unknown) => app.log.error({ err: error }, message);
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        payouts
          .releaseDue(app.deps.now(), { log })
          .catch((error: unknown) => log('paying due payouts failed', error))
          .finally(() => (running = false));
      }, every);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'payouts', dependencies: ['auth'] },
);

/**
 * POST /v1/webhooks/stripe-connect: Stripe's Connect events, signed with STRIPE_CONNECT_WEBHOOK_SECRET (its own, not
 * the payments webhook's). An encapsulated plugin, so its raw-body JSON parser applies to this route only. A bad or
 * missing signature → 400; `account.updated` writes the account's state; other events are acknowledged.
 */
async function connectWebhook(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(`${API_PREFIX}/webhooks/stripe-connect`, { schema: { hide: true } }, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event | null;
    try {
      event = typeof signature === 'string' && Buffer.isBuffer(request.body) ? app.payouts.verifyWebhook(request.body, signature) : null;
    } catch {
      event = null;
    }
    if (!event) return reply.status(400).send(new ApiError('api.invalid_request_body').toBody());
    if (event.type === 'account.updated') {
      const account = event.data.object as Stripe.Account;
      await app.payouts.accountUpdated(account.id, stateOf(account));
    }
    return { received: true };
  });
}
