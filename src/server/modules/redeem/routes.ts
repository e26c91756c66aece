// Ticket PDF with a secret code, and redeeming a code from such a PDF.
import fp from 'fastify-plugin';
import { acceptedLanguage } from '../../../contract/languages';
import { route } from '../../http/route';
import { createRedeemMail } from './mail';
import { createRedeemService } from './service';

export const redeemModule = fp(
  async (app) => {
    const mails = createRedeemMail({ db: app.deps.database.db, mailer: app.deps.mailer, log: (message, error) => app.log.error({ err: error }, message) });
    const redeem = createRedeemService({ db: app.deps.database.db, now: app.deps.now, onRedeemed: (redeemed) => mails.sendRedeemedMail(redeemed) });
    route(app, 'ticketPdf', ({ userId, params, request }) => redeem.ticketPdf(userId, params.id, acceptedLanguage(request.headers['accept-language'])));
    route(app, 'redeem', ({ userId, params }) => redeem.redeem(userId, params.secret));
  },
  { name: 'redeem', dependencies: ['auth'] },
);
