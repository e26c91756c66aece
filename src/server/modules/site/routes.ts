// The demo ticket site's own pages (src/host/site-pages.ts): the home page at / (in the reader's language) and /{lang}/,
// an event at /{lang}/events/{slug}, the help centre at /{lang}/help (where the wallet's help links lead, docs/embedding.md),
// and the not-found page that app.ts's not-found handler sends for any other page address: in the path's language, or,
// for a language the site does not have (/fr/…), in English with a notice and links to the page in en and es.
// The door scanner at /{lang}/scan (src/host/scan-page.ts; /scan leads to it in the reader's language), its script
// built by Parcel (/scan/scan-client.js, `npm run build:scan`) and its styles at /scan-page.css.
// Assets: /site-theme.js (the theme and logo script every site page loads first) and /site-page.css.
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, type Language, languages } from '../../../contract/languages';
import { siteAccountScript, siteThemeScript } from '../../../host/site-scripts';
import { demoSiteToken } from '../../dev-credentials';
import { siteStylesheet } from '../../../host/site-styles';
import { eventPage, helpPage, homePage, notFoundPage } from '../../../host/site-pages';
import { scanPage } from '../../../host/scan-page';
import { template, translate } from '../../i18n';
import { pageLanguage } from '../share-page/routes';
import { siteEvents, siteOrganisation } from './data';

const themeScript = siteThemeScript();
const styles = siteStylesheet('site-pages.css');
const scanStyles = siteStylesheet('site-pages.css', 'scan-page.css');

/** The event slugs the site makes are short; a longer one is not looked up. */
const MAX_SLUG_LENGTH = 100;

/** A first path segment that reads as a language code (`fr`, `pt-BR`), for the "not in this language" notice. */
const LANGUAGE_LIKE = /^[a-z]{2}(?:-[a-z]{2})?$/i;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the site's not-found page (404) for a page address nothing else answers. */
    siteNotFound: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

/** The demo site's signed-in user: the demo data's Alex (src/server/db/seed.ts). */
const DEMO_SITE_USER = { email: 'alex@example.com', givenName: 'Alex', familyName: 'Rivera' };

export const siteModule = fp(
  async (app) => {
    const { config, database, now } = app.deps;
    const db = database.db;
    const inspect = config.walletInspect;
    const frame = async (lang: Language) => ({
      lang,
      t: (key: string, params?: Record<string, string | number>) => translate(lang, key, params),
      organisation: await siteOrganisation(db),
      inspect,
      demoSignIn: config.demoSiteSignIn,
    });
    /** A page, revalidated on every visit (resale offers change) with an ETag of its content: 304 when unchanged. */
    const html = (request: FastifyRequest, reply: FastifyReply, page: string, status = 200) => {
      const etag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
      if (status === 200 && request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.status(status).send(page);
    };

    app.get('/site-theme.js', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(themeScript),
    );
    if (config.demoSiteSignIn && config.hostSignIn) {
      const audience = config.hostSignIn.audience;
      const accountScript = siteAccountScript();
      app.get('/site-account.js', { schema: { hide: true } }, (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(accountScript),
      );
      // DEMO ONLY: what an organisation's server does for its signed-in user (docs/embedding.md), for the demo person,
      // signed with the demo-only key. Anyone may ask: it exists only where DEMO_SITE_SIGN_IN is on (never production).
      app.post('/demo/site-sign-in', { schema: { hide: true } }, async () => ({
        token: await demoSiteToken(DEMO_SITE_USER, audience),
        name: `${DEMO_SITE_USER.givenName} ${DEMO_SITE_USER.familyName}`,
      }));
    }
    app.get('/site-page.css', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(styles),
    );
    app.get('/scan-page.css', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(scanStyles),
    );
    // The door staff's short address, with or without the slash (/scan/ is also where the scanner's script lives).
    for (const path of ['/scan', '/scan/']) {
      app.get(path, { schema: { hide: true } }, (request, reply) => reply.redirect(`/${pageLanguage(request.query, request.headers['accept-language'])}/scan`));
    }

    const home = async (lang: Language, request: FastifyRequest, reply: FastifyReply) => {
      const site = await frame(lang);
      return html(request, reply, homePage(site, await siteEvents(db, site.organisation.id), now()));
    };
    app.get('/', { schema: { hide: true } }, (request, reply) => home(pageLanguage(request.query, request.headers['accept-language']), request, reply));
    for (const lang of languages) {
      for (const path of [`/${lang}`, `/${lang}/`]) app.get(path, { schema: { hide: true } }, (request, reply) => home(lang, request, reply));
      app.get(`/${lang}/help`, { schema: { hide: true } }, async (request, reply) => html(request, reply, helpPage(await frame(lang))));
      app.get(`/${lang}/scan`, { schema: { hide: true } }, async (request, reply) => html(request, reply, scanPage(await frame(lang), { script: '/scan/scan-client.js', template: (key) => template(lang, key) })));
      app.get<{ Params: { slug: string } }>(`/${lang}/events/:slug`, { schema: { hide: true } }, async (request, reply) => {
        const { slug } = request.params;
        const site = await frame(lang);
        const [event] = slug.length <= MAX_SLUG_LENGTH ? await siteEvents(db, site.organisation.id, slug) : [];
        if (!event) return html(request, reply, notFoundPage(site, { path: request.url.split('?')[0] ?? '/' }), 404);
        return html(request, reply, eventPage(site, event, now()));
      });
    }

    app.decorate('siteNotFound', async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const first = path.split('/')[1] ?? '';
      const unknownLanguage = !isLanguage(first) && LANGUAGE_LIKE.test(first) ? first : undefined;
      const lang = isLanguage(first) ? first : pageLanguage(undefined, request.headers['accept-language']);
      return html(request, reply, notFoundPage(await frame(unknownLanguage ? 'en' : lang), { path, unknownLanguage }), 404);
    });
  },
  { name: 'site' },
);
