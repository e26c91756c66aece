// My tickets: the upcoming and past lists and the single-ticket view, answered from the hot-read cache
// (./hot-reads.ts) with an ETag; a matching If-None-Match gets 304.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { endpoints } from '../../../contract/endpoints';
import { contractSerializer, route } from '../../http/route';
import { type HotAnswer, HotReadCache, matchesEtag } from './hot-reads';
import { createHistoryService } from './history';
import { createTicketService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's cache of ticket answers (tests and the bench read its counters). */
    hotReads: HotReadCache;
  }
}

/** The answer, or 304 when the client already holds it. */
function send(request: FastifyRequest, reply: FastifyReply, answer: HotAnswer): FastifyReply {
  reply.header('etag', answer.etag);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

export const ticketsModule = fp(
  async (app) => {
    const { config, now } = app.deps;
    const tickets = createTicketService({ db: app.deps.database.db, now });
    const cache = new HotReadCache({ ...config.hotReads, now, live: () => app.eventBus.live });
    app.decorate('hotReads', cache);
    const unsubscribe = app.eventBus.subscribe(cache);
    app.addHook('onClose', async () => unsubscribe());
    const history = createHistoryService({ db: app.deps.database.db });
    const serializeList = contractSerializer(endpoints.myTickets.response);
    const serializeDetail = contractSerializer(endpoints.ticketDetail.response);

    /** A kept answer is sent at once (no promise); a miss reads, keeps and sends. */
    function sendHot(request: FastifyRequest, reply: FastifyReply, userId: number, key: string, read: () => Promise<{ body: string; validUntil: number }>) {
      const hit = cache.hit(key);
      return hit ? send(request, reply, hit) : cache.get(userId, key, read).then((answer) => send(request, reply, answer));
    }

    route(app, 'myTickets', ({ userId, query, request, reply }) =>
      sendHot(request, reply, userId, `list:${userId}:${query.status}`, async () => {
        const { answer, validUntil } = await tickets.listUntil(userId, query.status);
        return { body: serializeList(answer), validUntil };
      }),
    );
    route(app, 'ticketDetail', ({ userId, params, request, reply }) =>
      sendHot(request, reply, userId, `detail:${userId}:${params.ticketUserId}`, async () => {
        const { answer, validUntil } = await tickets.detailUntil(userId, params.ticketUserId);
        return { body: serializeDetail(answer), validUntil };
      }),
    );
    // Not kept in the hot-read cache: read when the history panel opens, never on a list's hot path.
    route(app, 'ticketHistory', ({ userId, params }) => history.historyOf(userId, params.ticketUserId));
  },
  { name: 'tickets', dependencies: ['auth', 'events'] },
);
