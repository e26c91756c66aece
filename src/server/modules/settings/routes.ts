// Public settings the web app reads before it polls: the entry QR code's time to live.
import fp from 'fastify-plugin';
import { route } from '../../http/route';

export const settingsModule = fp(
  async (app) => {
    route(app, 'qrSettings', async () => ({ ttl: app.deps.config.qrTtlMs }));
  },
  { name: 'settings' },
);
