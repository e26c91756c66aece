// Resale routes: resellable tickets, price quote, list, unlist and buy (a payment method, or a Stripe PaymentIntent made
// here and confirmed by Stripe.js), and the seller's listings on sale and sold.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createResaleMail } from './mail';
import type { IntentState } from '../../adapters/payments';
import { createResellService, type ResellService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What other modules use: the share page reads a listing, the payments webhook settles a paid purchase or tells of a failed one. */
    resell: Pick<ResellService, 'publicListing'> & { intentSucceeded(intent: IntentState): Promise<void>; intentFailed(intent: IntentState): Promise<void> };
  }
}

export const resellModule = fp(
  async (app) => {
    const mails = createResaleMail({ db: app.deps.database.db, mailer: app.deps.mailer, config: app.deps.config, log: (message, error) => app.log.error({ err: error }, message) });
    const resell = createResellService({
      db: app.deps.database.db,
      config: app.deps.config,
      now: app.deps.now,
      payouts: app.payouts,
      payments: app.deps.payments,
      // A processing payment that succeeded when the listings were gone was refunded: the buyer is told, once.
      onPaymentRefunded: (purpose) => mails.sendPaymentRefunded(purpose),
    });
    route(app, 'resellableTickets', ({ userId }) => resell.available(userId));
    route(app, 'priceQuote', ({ body }) => resell.quote(body));
    route(app, 'createListing', ({ userId, body }) => resell.list(userId, body));
    route(app, 'unlist', ({ userId, body }) => resell.unlist(userId, body.userTicketId));
    route(app, 'resalePaymentIntent', ({ userId, params, body }) => resell.purchaseIntent(userId, params.shareCode, body.quantity));
    /** After the commit: the mails never undo the sale. A purchase reported again has nothing new to mail. */
    const mailed = async (sale: { userTicketIds: number[]; listingIds: number[] } | null) => {
      if (sale?.listingIds.length) await mails.sendResaleMails(sale.listingIds, sale.userTicketIds);
    };
    route(app, 'purchaseListing', async ({ userId, params, body }) => {
      const sale = await resell.purchase(userId, params.shareCode, body);
      await mailed(sale);
      return { userTicketIds: sale.userTicketIds };
    });
    route(app, 'processingPurchase', ({ userId, params }) => resell.processingPurchase(userId, params.shareCode));
    route(app, 'publicListing', ({ params }) => resell.publicListing(params.shareCode));
    route(app, 'listings', ({ userId }) => resell.onSale(userId));
    route(app, 'soldTickets', ({ userId }) => resell.sold(userId));
    app.decorate('resell', {
      publicListing: resell.publicListing,
      // A purchase the webhook settled is mailed like one the page reported.
      intentSucceeded: async (intent: IntentState) => mailed(await resell.intentSucceeded(intent)),
      // A processing payment that failed bought nothing: the buyer is told, with the share page to try again.
      // Sent by the one caller that claimed it (see ResellService.intentFailed).
      intentFailed: async (intent: IntentState) => {
        const claimed = await resell.intentFailed(intent);
        if (claimed) await mails.sendPaymentFailed(claimed);
      },
    });
    route(app, 'resellOverview', async ({ userId }) => ({ sale: await resell.onSale(userId), sold: await resell.sold(userId) }));
  },
  { name: 'resell', dependencies: ['auth', 'payouts'] },
);
