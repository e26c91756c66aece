// Gift routes: can this ticket be gifted, gift it, and receiver suggestions by username.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createGiftService } from './service';

export const giftModule = fp(
  async (app) => {
    const gifts = createGiftService({ db: app.deps.database.db, config: app.deps.config, now: app.deps.now });
    route(app, 'giftVerify', ({ userId, body }) => gifts.verify(userId, body.userTicketId));
    route(app, 'giftTicket', ({ userId, body }) => gifts.gift(userId, body));
    route(app, 'searchUsers', ({ userId, query }) => gifts.suggest(userId, query.username));
  },
  { name: 'gift', dependencies: ['auth'] },
);
