// Public settings the web app reads before it polls: the entry QR code's time to live. The same for everyone and
// rarely changed, so browsers keep it for a few minutes instead of asking on every visit to the QR panel.
import fp from 'fastify-plugin';
import { route } from '../../http/route';

/** How long a browser may reuse the QR settings (a changed ttl reaches everyone within this time). */
export const QR_SETTINGS_MAX_AGE_S = 300;

export const settingsModule = fp(
  async (app) => {
    route(app, 'qrSettings', async ({ reply }) => {
      reply.header('cache-control', `public, max-age=${QR_SETTINGS_MAX_AGE_S}`);
      return { ttl: app.deps.config.qrTtlMs };
    });
  },
  { name: 'settings' },
);
