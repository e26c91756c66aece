// The resale share page on the demo ticket site: GET /resale/{shareCode} renders src/host/share-page.ts in the
// reader's language (?lang=en|es, else Accept-Language), with its script and styles at /resale-page.js and
// /resale-page.css. The listing is read with the same service as the public call GET /v1/resell/listing/{shareCode}.
import { siteScript } from '../../../host/site-scripts';
import { siteStylesheet } from '../../../host/site-styles';
import fp from 'fastify-plugin';
import { ApiError } from '../../../contract/errors';
import { sharePageHtml, shareNotFoundHtml } from '../../../host/share-page';
import { asLocale, template, translate } from '../../i18n';
import { siteOrganisation } from '../site/data';

const script = siteScript('share-page.client.js');
const styles = siteStylesheet('share-page.css');

/** ?lang first, else the first language of Accept-Language we have. */
export function pageLanguage(query: unknown, acceptLanguage: string | undefined): 'en' | 'es' {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  if (lang === 'es' || lang === 'en') return lang;
  return /^\s*es\b/i.test(acceptLanguage ?? '') ? 'es' : asLocale('en');
}

export const sharePageModule = fp(
  async (app) => {
    // Stripe.js confirms a PaymentIntent when payments go through Stripe; the local provider takes test cards.
    const stripeKey = app.deps.payments.intents?.publishableKey;
    app.get('/resale-page.js', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
    );
    app.get('/resale-page.css', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(styles),
    );
    app.get<{ Params: { shareCode: string } }>('/resale/:shareCode', { schema: { hide: true } }, async (request, reply) => {
      const lang = pageLanguage(request.query, request.headers['accept-language']);
      const t = (key: string, params?: Record<string, string | number>) => translate(lang, key, params);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const code = request.params.shareCode;
      // The page is part of the demo site: its header (with the demo's sign-in control where it is on) and the embed tag
      // name the organisation.
      const site = {
        organisation: await siteOrganisation(app.deps.database.db),
        inspect: app.deps.config.walletInspect,
        demoSignIn: app.deps.config.demoSiteSignIn,
      };
      if (code.length > 64) return reply.status(404).send(shareNotFoundHtml(lang, t, site));
      try {
        return sharePageHtml(await app.resell.publicListing(code), lang, t, { stripeKey, template: (key) => template(lang, key), site });
      } catch (error) {
        if (error instanceof ApiError) return reply.status(404).send(shareNotFoundHtml(lang, t, site));
        throw error;
      }
    });
  },
  { name: 'share-page', dependencies: ['resell'] },
);
