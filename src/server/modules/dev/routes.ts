// Development-only helpers: the mail outbox, so a developer (and the e2e tests) can read sign-in codes.
import fp from 'fastify-plugin';
import * as z from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export const devModule = fp(
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/dev/outbox',
      { schema: { hide: true, querystring: z.object({ to: z.string().trim().toLowerCase().optional() }) } },
      async (request) => {
        const outbox = app.deps.mailer.outbox ?? [];
        const to = request.query.to;
        return to ? outbox.filter((message) => message.to === to) : outbox;
      },
    );
  },
  { name: 'dev' },
);
