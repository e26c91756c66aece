// Resale routes: resellable tickets, price quote, list, unlist and buy, and the seller's listings on sale and sold.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createResaleMail } from './mail';
import { createResellService } from './service';

export const resellModule = fp(
  async (app) => {
    const resell = createResellService({ db: app.deps.database.db, config: app.deps.config, now: app.deps.now, payouts: app.payouts, payments: app.deps.payments });
    route(app, 'resellableTickets', ({ userId }) => resell.available(userId));
    route(app, 'priceQuote', ({ body }) => resell.quote(body));
    route(app, 'createListing', ({ userId, body }) => resell.list(userId, body));
    route(app, 'unlist', ({ userId, body }) => resell.unlist(userId, body.userTicketId));
    const mails = createResaleMail({ db: app.deps.database.db, mailer: app.deps.mailer, config: app.deps.config, log: (message, error) => app.log.error({ err: error }, message) });
    route(app, 'purchaseListing', async ({ userId, params, body }) => {
      const { userTicketIds, listingIds } = await resell.purchase(userId, params.shareCode, body);
      // After the commit: the mails never undo the sale.
      await mails.sendResaleMails(listingIds, userTicketIds);
      return { userTicketIds };
    });
    route(app, 'publicListing', ({ params }) => resell.publicListing(params.shareCode));
    route(app, 'listings', ({ userId }) => resell.onSale(userId));
    route(app, 'soldTickets', ({ userId }) => resell.sold(userId));
    route(app, 'resellOverview', async ({ userId }) => ({ sale: await resell.onSale(userId), sold: await resell.sold(userId) }));
  },
  { name: 'resell', dependencies: ['auth', 'payouts'] },
);
