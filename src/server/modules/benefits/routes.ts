// Ticket benefits: unlocking a digital benefit reveals its redeem code.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createBenefitService } from './service';

export const benefitsModule = fp(
  async (app) => {
    const benefits = createBenefitService({ db: app.deps.database.db, now: app.deps.now });
    route(app, 'unlockBenefit', ({ userId, params, body }) => benefits.unlock(userId, params.id, body.userTicketBenefitId));
  },
  { name: 'benefits', dependencies: ['auth'] },
);
