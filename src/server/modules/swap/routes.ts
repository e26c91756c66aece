// Swap routes: my swappable tickets, their allowed targets, start a swap, pay (UPGRADE) or confirm it, cancel it.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createSwapService } from './service';

export const swapModule = fp(
  async (app) => {
    const swaps = createSwapService({ db: app.deps.database.db, now: app.deps.now, payments: app.deps.payments });
    route(app, 'swapTickets', ({ userId }) => swaps.baseTickets(userId));
    route(app, 'swapTargets', ({ params }) => swaps.targets(params.ticketId));
    route(app, 'startSwap', ({ userId, body }) => swaps.start(userId, body));
    route(app, 'confirmSwap', ({ userId, params }) => swaps.confirm(userId, params.swapIdentifier));
    route(app, 'paySwap', ({ userId, params, body }) => swaps.pay(userId, params.swapIdentifier, body.paymentMethod));
    route(app, 'cancelSwap', ({ userId, params }) => swaps.cancel(userId, params.swapIdentifier));
  },
  { name: 'swap', dependencies: ['auth'] },
);
