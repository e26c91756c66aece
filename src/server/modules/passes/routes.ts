// Wallet pass routes: the holder's links, the Apple Wallet download, and Apple's PassKit web service (which answers
// with the statuses Apple Wallet expects: 201 on a new registration, 204 when nothing changed, 304 when not modified).
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createGoogleWalletUpdates, noGoogleWalletUpdates } from './google-api';
import { createApnsPush, noPassPush } from './push';
import { createPassesService } from './service';

export const passesModule = fp(
  async (app) => {
    const { database, config, now } = app.deps;
    const { apple, google, apns, googleApi } = config.walletPasses;
    const log = app.log.child({ module: 'wallet-passes' });
    const push =
      apple && apns
        ? createApnsPush({
            url: apns.url,
            // A provider token when an APNs auth key is configured, else the pass signer certificate.
            ...(apns.token
              ? { token: apns.token }
              : { certPem: apple.signerCertPem, keyPem: apple.signerKeyPem, ...(apple.signerKeyPassphrase ? { keyPassphrase: apple.signerKeyPassphrase } : {}) }),
            ...(apns.caPem ? { caPem: apns.caPem } : {}),
            log,
          })
        : noPassPush;
    const googleUpdates = google && googleApi ? createGoogleWalletUpdates({ url: googleApi.url, tokenUrl: googleApi.tokenUrl, signing: google, log }) : noGoogleWalletUpdates;
    const passes = createPassesService({ db: database.db, config, push, googleUpdates, now });
    route(app, 'walletLogo', async ({ params, reply }) => {
      const logo = await passes.logo(params.organisationId);
      // Google fetches it when a pass is saved, and keeps it.
      reply.header('cache-control', 'public, max-age=86400');
      return logo;
    });
    route(app, 'walletLinks', ({ userId, params }) => passes.links(userId, params.userTicketId));
    route(app, 'applePassDownload', async ({ params, reply }) => {
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', 'attachment; filename="ticket.pkpass"');
      return passes.download(params.token);
    });
    route(app, 'appleRegisterDevice', async ({ params, body, request, reply }) => {
      const { created } = await passes.register({
        deviceLibraryId: params.deviceLibraryIdentifier,
        passTypeId: params.passTypeIdentifier,
        serial: params.serialNumber,
        authorization: request.headers.authorization,
        pushToken: body.pushToken,
      });
      reply.code(created ? 201 : 200);
      return { ok: true as const };
    });
    route(app, 'appleUnregisterDevice', async ({ params, request }) => {
      await passes.unregister({
        deviceLibraryId: params.deviceLibraryIdentifier,
        passTypeId: params.passTypeIdentifier,
        serial: params.serialNumber,
        authorization: request.headers.authorization,
      });
      return { ok: true as const };
    });
    route(app, 'appleUpdatedPasses', async ({ params, query, reply }) => {
      reply.header('cache-control', 'no-store');
      const changed = await passes.updatedSince(params.deviceLibraryIdentifier, params.passTypeIdentifier, query.passesUpdatedSince);
      return changed ?? reply.code(204).send();
    });
    route(app, 'appleLatestPass', async ({ params, request, reply }) => {
      const since = request.headers['if-modified-since'];
      const answer = await passes.latest({
        passTypeId: params.passTypeIdentifier,
        serial: params.serialNumber,
        authorization: request.headers.authorization,
        ifModifiedSince: typeof since === 'string' ? since : undefined,
      });
      reply.header('last-modified', answer.lastModified.toUTCString());
      reply.header('cache-control', 'no-cache');
      if (answer.notModified) return reply.code(304).send();
      return answer.pkpass;
    });
    route(app, 'appleLog', async ({ body }) => {
      for (const message of body.logs) app.log.warn({ appleWallet: message }, 'Apple Wallet reported a web service error');
      return { ok: true as const };
    });
    // A change committed on this instance, after its commit (the instance that made it, so once): devices are pushed
    // and a saved Google pass is expired. A failure is logged; the ticket change stands.
    const unsubscribe = app.eventBus.subscribe({
      notice: () => {},
      resync: () => {},
      committedHere: (notice) => {
        if (notice.eventId > 0) passes.afterChange(notice.eventId).catch((error) => log.warn({ err: error }, 'wallet pass update failed'));
      },
    });
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'passes', dependencies: ['auth', 'events'] },
);
