// Payout account routes: connect (create or resume onboarding), state, and the local provider's onboarding. The
// Connect webhook is in ../payments-webhook/routes.ts, with the payments one.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
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
