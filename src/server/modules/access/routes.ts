// Entry pass routes: the rotating QR code for the signed-in user, and the organisers' gate scan.
import fp from 'fastify-plugin';
import { ENTRY_CODE_HEADER, QR_SECONDS_LEFT_HEADER } from '../../../contract/endpoints';
import { route } from '../../http/route';
import { createNextEventEntryCode } from '../door/service';
import { createAccessService } from './service';

export const accessModule = fp(
  async (app) => {
    const { database, config, now } = app.deps;
    const access = createAccessService({
      db: database.db,
      secret: config.jwtSecret,
      ttlMs: config.qrTtlMs,
      now,
      entryCodeOf: createNextEventEntryCode(database.db),
    });
    route(app, 'qrText', async ({ userId }) => access.entryToken(userId));
    // Drawn once per user and window (a shared cache); the browser may keep it to the end of its window, and a client
    // that sends the ETag back within the window gets 304 without the image.
    route(app, 'qrCodeData', async ({ userId, request, reply }) => {
      const qr = await access.entryQr(userId);
      reply.header('etag', qr.etag);
      // Sent with a 304 too: a wallet that reopens the pass within the window learns the setting from it.
      if (qr.entryCode === 'device') reply.header(ENTRY_CODE_HEADER, qr.entryCode);
      reply.header('cache-control', `private, max-age=${qr.secondsLeft}`);
      reply.header(QR_SECONDS_LEFT_HEADER, String(qr.secondsLeft));
      if (request.headers['if-none-match'] === qr.etag) return reply.code(304).send();
      return qr.png;
    });
    route(app, 'gateScan', ({ body, request }) => {
      const key = request.headers['x-organizer-key'];
      return access.scan({ organizerKey: typeof key === 'string' ? key : undefined, eventId: body.eventId, token: body.token });
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
