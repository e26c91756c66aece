// Profile routes: who am I, change my names, nickname and phone number, upload a profile picture (re-encoded as a
// square WebP: src/server/adapters/picture.ts).
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../../contract/errors';
import { toAvatarWebp } from '../../adapters/picture';
import { createDiskStorage } from '../../adapters/storage';
import { route } from '../../http/route';
import { createProfileService } from './service';

export const profileModule = fp(
  async (app) => {
    const profiles = createProfileService({ db: app.deps.database.db, config: app.deps.config });
    route(app, 'me', ({ userId }) => profiles.me(userId));
    route(app, 'updateProfile', ({ userId, body }) => profiles.update(userId, body));
    route(app, 'username', ({ userId, body }) => profiles.setUsername(userId, body.username));

    const storage = createDiskStorage(app.deps.config.dataDir);
    route(app, 'uploadPicture', async ({ userId, request }) => {
      if (!request.isMultipart()) throw new ApiError('api.unsupported_media_type');
      const picture = await toAvatarWebp(await readPicture(request));
      if (!picture.ok) throw new ApiError('api.profile.picture_invalid');
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
