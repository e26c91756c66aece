// Device-bound entry code routes: a device registers its key for a ticket (bearer), scanners copy the public keys
// and the revocation list and sync their admissions (organiser key), and the organiser picks the entry code.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { createDoorService } from './service';

const organizerKeyOf = (request: FastifyRequest) => {
  const key = request.headers['x-organizer-key'];
  return typeof key === 'string' ? key : undefined;
};

export const doorModule = fp(
  async (app) => {
    const { database, config, now } = app.deps;
    const door = createDoorService({ db: database.db, signing: config.doorSigning, ttlMs: config.qrTtlMs, now });
    route(app, 'doorRegisterDevice', ({ userId, body }) => door.register(userId, body));
    route(app, 'doorDevice', ({ userId, params }) => door.device(userId, params.userTicketId));
    route(app, 'doorKeys', async ({ reply }) => {
      // Public and rarely changed: scanners and caches may keep it for a minute.
      reply.header('cache-control', 'public, max-age=60');
      return door.keys();
    });
    route(app, 'doorEntryCode', ({ request, body }) => door.setEntryCode(organizerKeyOf(request), body.entryCode));
    route(app, 'doorEvents', async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      return door.events(organizerKeyOf(request));
    });
    route(app, 'doorRevocations', async ({ request, params, reply }) => {
      reply.header('cache-control', 'no-store');
      return door.revocations(organizerKeyOf(request), params.eventId);
    });
    route(app, 'doorSync', ({ request, params, body }) => door.sync(organizerKeyOf(request), params.eventId, body));
  },
  { name: 'door', dependencies: ['auth'] },
);
