// Development-only helpers: the mail outbox, so a developer (and the e2e tests) can read sign-in codes; and with the
// local payments provider, what a person does to a charge in Stripe's dashboard (refund it, a dispute opened, won or
// lost), so those branches can be shown without Stripe: POST /dev/payments/{paymentIntentId}/{action}.
import fp from 'fastify-plugin';
import * as z from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isLocalPayments, LOCAL_PAYMENT_ACTIONS } from '../../adapters/payments';

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
    const payments = app.deps.payments;
    if (isLocalPayments(payments)) {
      app.withTypeProvider<ZodTypeProvider>().post(
        '/dev/payments/:paymentIntentId/:action',
        { schema: { hide: true, params: z.object({ paymentIntentId: z.string().max(64), action: z.enum(LOCAL_PAYMENT_ACTIONS) }) } },
        async (request) => {
          // The event is handled (payouts held or reversed, the ticket voided) before the answer.
          await payments.act(request.params.paymentIntentId, request.params.action);
          return { ok: true };
        },
      );
    }
  },
  { name: 'dev' },
);
