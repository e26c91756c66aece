// The swap checkout page on the demo ticket site: GET /{locale}/{slug}/checkout/{orderIdentifier}?redirectDomain=…
// (docs/product.md §7) renders src/host/checkout.ts in the path's language, with its script and styles at /checkout-page.js and
// /checkout-page.css. The slug is the wallet's readable part of the address and is not looked up. redirectDomain is
// checked here (./redirect.ts): the page only ever receives an address it may follow.
import { siteScript } from '../../../host/site-scripts';
import { siteStylesheet } from '../../../host/site-styles';
import fp from 'fastify-plugin';
import { checkoutHtml } from '../../../host/checkout';
import { isLanguage } from '../../../contract/languages';
import { notFoundBody } from '../../http/errors';
import { template, translate } from '../../i18n';
import { acceptedRedirect, defaultRedirect } from './redirect';
import { siteOrganisation } from '../site/data';

const script = siteScript('checkout.client.js');
const styles = siteStylesheet('checkout.css');

/** The swap service's limit on an order identifier (src/contract/endpoints.ts). */
const MAX_ORDER_LENGTH = 100;

export const checkoutPageModule = fp(
  async (app) => {
    const { config } = app.deps;
    const siteOrigin = new URL(config.publicBaseUrl).origin;
    // Stripe.js confirms a PaymentIntent when payments go through Stripe; the local provider takes test cards.
    const stripePublishableKey = app.deps.payments.intents?.publishableKey;

    app.get('/checkout-page.js', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
    );
    app.get('/checkout-page.css', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(styles),
    );
    app.get<{ Params: { locale: string; slug: string; orderIdentifier: string }; Querystring: { redirectDomain?: unknown; origin?: unknown } }>(
      '/:locale/:slug/checkout/:orderIdentifier',
      { schema: { hide: true } },
      async (request, reply) => {
        const { locale, slug, orderIdentifier } = request.params;
        // An unknown language is a page address too: the site's not-found page, which says so.
        if (!isLanguage(locale)) return app.siteNotFound(request, reply);
        if (orderIdentifier.length > MAX_ORDER_LENGTH) return reply.status(404).send(notFoundBody());
        const rules = { siteOrigin, allowedOrigins: config.allowedOrigins, locale };
        const accepted = acceptedRedirect(request.query.redirectDomain, rules);
        const redirect = accepted ?? defaultRedirect(rules);
        // The language switch keeps the way home: the accepted address (never a refused one, which would be written
        // out unchecked) and the caller's origin (docs/product.md §7: origin=ticket_swap).
        const kept = new URLSearchParams();
        if (accepted) kept.set('redirectDomain', accepted);
        if (request.query.origin === 'ticket_swap') kept.set('origin', 'ticket_swap');
        const query = kept.size > 0 ? `?${kept}` : '';
        const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(
            checkoutHtml(
              {
                orderIdentifier,
                redirect,
                lang: locale,
                stripePublishableKey,
                organisation: await siteOrganisation(app.deps.database.db),
                inspect: config.walletInspect,
                demoSignIn: config.demoSiteSignIn,
                languageHref: (lang) => `/${lang}/${encodeURIComponent(slug)}/checkout/${encodeURIComponent(orderIdentifier)}${query}`,
              },
              t,
              (key) => template(locale, key),
            ),
          );
      },
    );
  },
  { name: 'checkout-page', dependencies: ['site'] },
);
