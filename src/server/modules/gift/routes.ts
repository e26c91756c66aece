// Gift routes: can this ticket be gifted, gift it (then mail both sides), and receiver suggestions by username,
// limited per signed-in user.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createGiftMail } from './mail';
import { createGiftService } from './service';

export const giftModule = fp(
  async (app) => {
    const { database, config, mailer, now } = app.deps;
    const gifts = createGiftService({ db: database.db, config, now });
    const mails = createGiftMail({ db: database.db, mailer, config, log: (message, error) => app.log.error({ err: error }, message) });
    route(app, 'giftVerify', ({ userId, body }) => gifts.verify(userId, body.userTicketId));
    route(app, 'giftTicket', async ({ userId, body }) => {
      const gifted = await gifts.gift(userId, body);
      await mails.sendGiftMails(gifted.userTicketId);
      return gifted;
    });
    // Every keystroke pause is a search: limited per user (after authentication), not per address, so people behind
    // one address do not share a budget and one person cannot walk the user list from many addresses.
    route(app, 'searchUsers', ({ userId, query }) => gifts.suggest(userId, query.username), {
      rateLimit: {
        max: config.userSearchPerMinute,
        timeWindow: '1 minute',
        hook: 'preHandler',
        groupId: 'searchUsers',
        keyGenerator: (request: { userId?: number; ip: string }) => (request.userId ? `user:${request.userId}` : `ip:${request.ip}`),
      },
    });
  },
  { name: 'gift', dependencies: ['auth'] },
);
