// Swap routes: my swappable tickets, my swaps in progress, their allowed targets, start a swap, see its order, pay (UPGRADE: a payment
// method, or a Stripe PaymentIntent made here and confirmed by Stripe.js) or confirm it, cancel it.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createSwapMail } from './mail';
import { createSwapService, type SwapService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** For the payments webhook (src/server/modules/payments-webhook). */
    swaps: SwapService;
  }
}

export const swapModule = fp(
  async (app) => {
    const mails = createSwapMail({ db: app.deps.database.db, mailer: app.deps.mailer, config: app.deps.config, log: (message, error) => app.log.error({ err: error }, message) });
    const swaps = createSwapService({
      db: app.deps.database.db,
      now: app.deps.now,
      payments: app.deps.payments,
      onConfirmed: (swapId) => mails.sendSwapReceipt(swapId),
      onPaymentFailed: (swapId) => mails.sendPaymentFailed(swapId),
      onPaymentRefunded: (swapId) => mails.sendPaymentRefunded(swapId),
    });
    route(app, 'swapTickets', ({ userId }) => swaps.baseTickets(userId));
    route(app, 'heldSwaps', ({ userId }) => swaps.held(userId));
    route(app, 'swapTargets', ({ params }) => swaps.targets(params.ticketId));
    route(app, 'startSwap', ({ userId, body }) => swaps.start(userId, body));
    route(app, 'swapOrder', ({ userId, params }) => swaps.order(userId, params.swapIdentifier));
    route(app, 'swapPaymentIntent', ({ userId, params }) => swaps.paymentIntent(userId, params.swapIdentifier));
    route(app, 'confirmSwap', ({ userId, params }) => swaps.confirm(userId, params.swapIdentifier));
    route(app, 'paySwap', ({ userId, params, body }) => swaps.pay(userId, params.swapIdentifier, body));
    route(app, 'cancelSwap', ({ userId, params }) => swaps.cancel(userId, params.swapIdentifier));
    app.decorate('swaps', swaps);
  },
  { name: 'swap', dependencies: ['auth'] },
);
