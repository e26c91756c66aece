// Payout account routes: connect (create or resume onboarding), state, and the local provider's onboarding.
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
  },
  { name: 'payouts', dependencies: ['auth'] },
);
