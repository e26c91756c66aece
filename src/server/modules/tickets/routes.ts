// My tickets: the upcoming and past lists and the single-ticket view.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createTicketService } from './service';

export const ticketsModule = fp(
  async (app) => {
    const tickets = createTicketService({ db: app.deps.database.db, now: app.deps.now });
    route(app, 'myTickets', ({ userId, query }) => tickets.list(userId, query.status));
    route(app, 'ticketDetail', ({ userId, params }) => tickets.detail(userId, params.ticketUserId));
  },
  { name: 'tickets', dependencies: ['auth'] },
);
