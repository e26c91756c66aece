// Entry pass routes: the rotating QR code for the signed-in user, and the organisers' gate scan.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createAccessService } from './service';

export const accessModule = fp(
  async (app) => {
    const { database, config, now } = app.deps;
    const access = createAccessService({ db: database.db, secret: config.jwtSecret, ttlMs: config.qrTtlMs, now });
    route(app, 'qrText', async ({ userId }) => access.entryToken(userId));
    route(app, 'qrCodeData', ({ userId }) => access.entryQrPng(userId));
    route(app, 'gateScan', ({ body, request }) => {
      const key = request.headers['x-organizer-key'];
      return access.scan({ organizerKey: typeof key === 'string' ? key : undefined, eventId: body.eventId, token: body.token });
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
