// Resale routes: resellable tickets, price quote, list, unlist and buy, and the seller's listings on sale and sold.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createResellService } from './service';

export const resellModule = fp(
  async (app) => {
    const resell = createResellService({ db: app.deps.database.db, config: app.deps.config, now: app.deps.now, payouts: app.payouts, payments: app.deps.payments });
    route(app, 'resellableTickets', ({ userId }) => resell.available(userId));
    route(app, 'priceQuote', ({ body }) => resell.quote(body));
    route(app, 'createListing', ({ userId, body }) => resell.list(userId, body));
    route(app, 'unlist', ({ userId, body }) => resell.unlist(userId, body.userTicketId));
    route(app, 'purchaseListing', ({ userId, params, body }) => resell.purchase(userId, params.shareCode, body));
    route(app, 'listings', ({ userId }) => resell.onSale(userId));
    route(app, 'soldTickets', ({ userId }) => resell.sold(userId));
    route(app, 'resellOverview', async ({ userId }) => ({ sale: await resell.onSale(userId), sold: await resell.sold(userId) }));
  },
  { name: 'resell', dependencies: ['auth', 'payouts'] },
);
