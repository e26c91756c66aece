// Profile routes: who am I, change my names, nickname and phone number, upload a profile picture (re-encoded as a
// square WebP: src/server/adapters/picture.ts, in a picture process of src/server/adapters/picture-pool.ts).
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../../contract/errors';
import { createPicturePool, type PictureOutcome } from '../../adapters/picture-pool';
import { route } from '../../http/route';
import { createProfileService } from './service';

export const profileModule = fp(
  async (app) => {
    const profiles = createProfileService({ db: app.deps.database.db, config: app.deps.config });
    route(app, 'me', ({ userId }) => profiles.me(userId));
    route(app, 'updateProfile', ({ userId, body }) => profiles.update(userId, body));
    route(app, 'username', ({ userId, body }) => profiles.setUsername(userId, body.username));

    const { storage } = app.deps;
    const pictures = createPicturePool(app.deps.config.pictures);
    app.addHook('onClose', () => pictures.close());
    route(app, 'uploadPicture', async ({ userId, request, reply }) => {
      if (!request.isMultipart()) throw new ApiError('api.unsupported_media_type');
      const picture = await pictures.render(await readPicture(request));
      if (!picture.ok) {
        if (picture.reason === 'busy') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new ApiError(refusals[picture.reason]);
      }
      const key = await storage.save(userId, picture.webp, 'webp');
      const { profile, previousKey } = await profiles.setPictureKey(userId, key);
      if (previousKey) await storage.remove(previousKey);
      return profile;
    });
    route(app, 'removePicture', async ({ userId }) => {
      const { profile, previousKey } = await profiles.setPictureKey(userId, null);
      if (previousKey) await storage.remove(previousKey);
      return profile;
    });
  },
  { name: 'profile', dependencies: ['auth'] },
);

/** A busy server's advice: pictures take well under a second each. */
const RETRY_AFTER_SECONDS = 5;

const refusals = {
  invalid: 'api.profile.picture_invalid',
  too_large: 'api.profile.picture_too_large',
  too_complex: 'api.profile.picture_too_complex',
  busy: 'api.profile.picture_busy',
} as const satisfies Record<Extract<PictureOutcome, { ok: false }>['reason'], string>;

/**
 * The uploaded picture's bytes, whole. A body the multipart parser cannot read (no boundary, cut short) is a 400;
 * a file over the limit is a 413, also when the parser marks it truncated only after handing over its last piece
 * (then toBuffer answers the first PICTURE_LIMIT_BYTES without an error).
 */
async function readPicture(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'picture') throw new ApiError('api.profile.picture_invalid');
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw new ApiError('api.payload_too_large');
    return bytes;
  } catch (error) {
    if (error instanceof ApiError || (error as { statusCode?: number }).statusCode === 413) throw error;
    throw new ApiError('api.invalid_request_body', { issues: [{ path: 'body', message: 'form.invalid_type' }] });
  }
}
