// Profile routes: who am I, change my names, nickname and phone number.
import fp from 'fastify-plugin';
import { route } from '../../http/route';
import { createProfileService } from './service';

export const profileModule = fp(
  async (app) => {
    const profiles = createProfileService({ db: app.deps.database.db, config: app.deps.config });
    route(app, 'me', ({ userId }) => profiles.me(userId));
    route(app, 'updateProfile', ({ userId, body }) => profiles.update(userId, body));
    route(app, 'username', ({ userId, body }) => profiles.setUsername(userId, body.username));
  },
  { name: 'profile', dependencies: ['auth'] },
);
