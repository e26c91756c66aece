// Resale routes: resellable tickets, price quote, list, unlist and buy (a payment method, or a Stripe PaymentIntent made
// here and confirmed by Stripe.js), and the seller's listings on sale and sold.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createResaleMail } from './mail';
import { createResellService, type ResellService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** For the payments webhook (src/server/modules/payments-webhook). */
    resell: ResellService;
  }
}

export const resellModule = fp(
  async (app) => {
    const resell = createResellService({ db: app.deps.database.db, config: app.deps.config, now: app.deps.now, payouts: app.payouts, payments: app.deps.payments });
    route(app, 'resellableTickets', ({ userId }) => resell.available(userId));
    route(app, 'priceQuote', ({ body }) => resell.quote(body));
    route(app, 'createListing', ({ userId, body }) => resell.list(userId, body));
    route(app, 'unlist', ({ userId, body }) => resell.unlist(userId, body.userTicketId));
    const mails = createResaleMail({ db: app.deps.database.db, mailer: app.deps.mailer, config: app.deps.config, log: (message, error) => app.log.error({ err: error }, message) });
    route(app, 'resalePaymentIntent', ({ userId, params, body }) => resell.purchaseIntent(userId, params.shareCode, body.quantity));
    route(app, 'purchaseListing', async ({ userId, params, body }) => {
      const { userTicketIds, listingIds } = await resell.purchase(userId, params.shareCode, body);
      // After the commit: the mails never undo the sale. A purchase reported again has nothing new to mail.
      if (listingIds.length) await mails.sendResaleMails(listingIds, userTicketIds);
      return { userTicketIds };
    });
    route(app, 'publicListing', ({ params }) => resell.publicListing(params.shareCode));
    route(app, 'listings', ({ userId }) => resell.onSale(userId));
    route(app, 'soldTickets', ({ userId }) => resell.sold(userId));
    app.decorate('resell', {
      ...resell,
      // A purchase the webhook settled is mailed like one the page reported.
      async intentSucceeded(intent) {
        const settled = await resell.intentSucceeded(intent);
        if (settled?.listingIds.length) await mails.sendResaleMails(settled.listingIds, settled.userTicketIds);
        return settled;
      },
    });
    route(app, 'resellOverview', async ({ userId }) => ({ sale: await resell.onSale(userId), sold: await resell.sold(userId) }));
  },
  { name: 'resell', dependencies: ['auth', 'payouts'] },
);
