// Builds the Fastify app: security plugins, the contract's routes under /v1, the OpenAPI document, the dev
// outbox, and the built web app. `main.ts` listens; tests call buildApp with their own database and mailer.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { keyGuard } from './http/key-guard';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, ENTRY_CODE_HEADER, type EndpointName, endpoints, QR_SECONDS_LEFT_HEADER } from '../contract/endpoints';
import { ApiError } from '../contract/errors';
import type { Mailer } from './adapters/mail';
import { openRedis, type RedisHandle } from './adapters/redis';
import { createStorage, type FileStorage } from './adapters/storage';
import { createLocalPayments, createStripePayments, isLocalPayments, type PaymentsProvider } from './adapters/payments';
import { createLocalLedgerStore } from './adapters/local-ledger-store';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { capConnectionsPerAddress, connectionOptions } from './http/connections';
import { errorHandling, notFoundBody } from './http/errors';
import { operations, requestIdOf } from './http/operations';
import { lazyChildLogger } from './http/request-logger';
import { openApiOptions } from './http/openapi';
import { addSecurityHeaders, inlineScriptPolicy, uploadContentSecurityPolicy } from './http/security-headers';
import { authModule } from './modules/auth/routes';
import { devModule } from './modules/dev/routes';
import { settingsModule } from './modules/settings/routes';
import { ticketsModule } from './modules/tickets/routes';
import { benefitsModule } from './modules/benefits/routes';
import { accessModule } from './modules/access/routes';
import { doorModule } from './modules/door/routes';
import { passesModule } from './modules/passes/routes';
import { giftModule } from './modules/gift/routes';
import { swapModule } from './modules/swap/routes';
import { redeemModule } from './modules/redeem/routes';
import { payoutsModule } from './modules/payouts/routes';
import { resellModule } from './modules/resell/routes';
import { pageLanguage, sharePageModule } from './modules/share-page/routes';
import { visualizerPreparingPage } from './visualizer-preparing';
import { checkoutPageModule } from './modules/checkout-page/routes';
import { paymentsWebhookModule } from './modules/payments-webhook/routes';
import { eventsModule } from './modules/events/routes';
import { siteModule } from './modules/site/routes';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Defaults to the provider the config names; tests pass the local one to read what it charged. */
  payments?: PaymentsProvider;
  /** The clock; tests move it to expire codes and tokens. */
  now?: () => Date;
  logger?: boolean;
  /** Where the log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
  /** Where uploaded files go; by default the one the config names (disk, or S3). */
  storage?: FileStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Pick<AppDeps, 'config' | 'database' | 'mailer' | 'now' | 'payments' | 'storage'>> & {
      /** Redis shared by the instances, when REDIS_URL is set. */
      redis: RedisHandle | undefined;
    };
  }
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The request headers a page of another origin may send (the preflight's Access-Control-Allow-Headers): every header
 * the wallet's client and its live stream send that is not CORS-safelisted. The event stream sends Cache-Control and,
 * when it resumes, Last-Event-ID; without them in this list Chromium refuses its preflight and nothing updates live on
 * a host page. tests/server/cors.test.ts drives the real client and fails when it sends a header missing here.
 */
export const corsAllowedHeaders = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'If-None-Match',
  'Cache-Control',
  'Last-Event-ID',
  'X-Organizer-Key',
] as const;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // Each request's pino child (its reqId on every line) is made at its first line, not for every request.
    ...(deps.logger === false ? {} : { childLoggerFactory: lazyChildLogger }),
    // A request id the proxy or client sent (x-request-id, when plain and short) is kept, else one is made; it is in
    // every log line of the request (reqId) and sent back in the answer's x-request-id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: config.bodyLimitBytes,
    // Off unless TRUST_PROXY names the proxies: otherwise any client picks its own IP with X-Forwarded-For.
    // (A hop count is supported at run time; Fastify's types only list the other forms.)
    trustProxy: config.trustProxy as boolean | string[],
    // Slow clients are cut off (request, headers, keep-alive and idle timeouts): src/server/http/connections.ts.
    ...connectionOptions(config),
  });
  capConnectionsPerAddress(app.server, config);
  const payments =
    deps.payments ??
    (config.payments.provider === 'stripe'
      ? createStripePayments(config.payments.secretKey, config.payments)
      : createLocalPayments({ processingMs: config.localPaymentProcessingMs }));
  // The local provider's charges in the database, so a restart and the other instances see them too.
  if (isLocalPayments(payments)) await payments.attach(createLocalLedgerStore(deps.database));
  const redis = config.redis
    ? await openRedis(config.redis.url, { onError: (error) => app.log.warn({ err: error }, 'redis connection error') })
    : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  const storage = deps.storage ?? createStorage(config.storage);
  app.decorate('deps', { config, database: deps.database, mailer: deps.mailer, now: deps.now ?? (() => new Date()), payments, storage, redis });
  app.decorate('contractRoutes', new Set<EndpointName>());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandling);
  const securityHeaders = addSecurityHeaders(app, {
    // The wallet is embedded on other sites: its script and assets must load cross-origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://connect-js.stripe.com', 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://connect-js.stripe.com', 'https://js.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'https://api.stripe.com'],
      },
    },
  });
  // Tokens travel in the Authorization header, never in cookies. Host pages on other sites may call the API when
  // ALLOWED_ORIGINS names them; the demo site (PUBLIC_BASE_URL) always may. Outside production, without a list, any may.
  const ownOrigin = new URL(config.publicBaseUrl).origin;
  const allowedOrigins = config.allowedOrigins && new Set([...config.allowedOrigins, ownOrigin]);
  await app.register(cors, {
    origin: allowedOrigins ? (origin, callback) => callback(null, origin === undefined || allowedOrigins.has(origin)) : true,
    allowedHeaders: [...corsAllowedHeaders],
    // The entry QR's validator, countdown and entry code must be readable by the wallet on a host page of another origin.
    exposedHeaders: ['ETag', QR_SECONDS_LEFT_HEADER, ENTRY_CODE_HEADER],
  });
  await app.register(operations, { redis });
  // With REDIS_URL the counters are in Redis, so the limit holds across all instances; without it each instance
  // counts on its own (README, docs/deploy.md). Should Redis fail, requests pass: the limit guards against floods,
  // and /readyz reports Redis down.
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    ...(redis ? { redis: redis.client, nameSpace: `${config.redis!.keyPrefix}rate-limit:`, skipOnError: true } : {}),
    timeWindow: '1 minute',
    // The x-ratelimit-* headers only on a refusal (with retry-after): three headers fewer on every answer, and no
    // client of ours reads them before it is refused.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: () => new ApiError('api.too_many_requests').toBody(),
  });
  await app.register(multipart, { limits: { fileSize: config.pictureLimitBytes, files: 1, fields: 5, parts: 6 } });
  await app.register(swagger, openApiOptions(config));
  // The interactive reference of the document (Swagger UI); it also serves the document at /v1/docs/json.
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, uiConfig: { deepLinking: true, tryItOutEnabled: false } });

  // Before the routes: a request with an organiser key from an address that keeps failing waits (./http/key-guard.ts).
  await app.register(keyGuard);
  await app.register(authModule);
  // The event bus first: the ticket reads' cache listens to it.
  await app.register(eventsModule);
  await app.register(settingsModule);
  await app.register(ticketsModule);
  await app.register(benefitsModule);
  await app.register(accessModule);
  await app.register(doorModule);
  await app.register(passesModule);
  await app.register(giftModule);
  await app.register(swapModule);
  await app.register(redeemModule);
  await app.register(payoutsModule);
  await app.register(resellModule);
  await app.register(paymentsWebhookModule);
  await app.register(siteModule);
  await app.register(sharePageModule);
  await app.register(checkoutPageModule);
  if (config.env !== 'production') await app.register(devModule);

  // Every call of the contract must have its route: a missing one is a programming error, found at start.
  const missing = (Object.keys(endpoints) as EndpointName[]).filter((name) => !app.contractRoutes.has(name));
  if (missing.length) throw new Error(`contract calls without a route: ${missing.join(', ')}`);

  await registerWeb(app, config, storage, securityHeaders);
  return app;
}

/** A content-hashed file (`name.1a2b3c4d.js`) never changes: browsers keep it for a year without asking again. */
const HASHED_FILE = /\.[0-9a-f]{8}\.[a-z]+(?:\.map)?(?:\.(?:br|gz))?$/;
const FOREVER = 'public, max-age=31536000, immutable';
/** The loader: host pages include it by a stable name, so it is short-lived and revalidated with its ETag. */
const LOADER = 'public, max-age=300, must-revalidate';
/** The loader under the embed API's major version: host pages that pin it keep the API they were written for. */
const VERSIONED_LOADER = `${API_PREFIX}/embed.js`;
/**
 * The loader pinned to a release, /v1/embed/<version>/embed.js (scripts/finalize-dist.mjs copies it there): it never
 * changes under its address, so it is cached for good, and a page may check it with Subresource Integrity.
 */
const PINNED_LOADER = /[\\/]v1[\\/]embed[\\/][^\\/]+[\\/]embed\.js(?:\.map)?(?:\.(?:br|gz))?$/;
/** An HTML page of the build: always revalidated (ETag), so a new build shows at once. */
const PAGE = 'no-cache';
/** A first path segment that reads as a language code: /en/…, /es/…, /fr/…, /pt-BR/…. */
const LANGUAGE_PATH = /^\/[a-z]{2}(?:-[a-z]{2})?(?:\/|$)/i;

/** The Cache-Control of a file of the built web app. */
export function webCacheControl(path: string): string {
  if (HASHED_FILE.test(path) || PINNED_LOADER.test(path)) return FOREVER;
  return /\.html(?:\.(?:br|gz))?$/.test(path) ? PAGE : LOADER;
}

/**
 * Serves the built web app (dist/: brotli or gzip copies written at build time, chosen by Accept-Encoding), avatars
 * and demo images (/assets). The demo site's pages (/, /en/, /es/…) are src/server/modules/site.
 */
async function registerWeb(app: FastifyInstance, config: Config, storage: FileStorage, securityHeaders: [string, string][]): Promise<void> {
  const uploadPolicy = uploadContentSecurityPolicy(securityHeaders);
  // Uploaded files through the storage port, so any instance serves what another stored. A key is never rewritten
  // (a new picture gets a new one), so the file may be kept for good.
  app.get<{ Params: { name: string } }>('/assets/avatars/:name', { schema: { hide: true } }, async (request, reply) => {
    const file = await storage.read(`avatars/${request.params.name}`);
    if (!file) return reply.status(404).send(notFoundBody());
    // Avatars are uploads: an SVG opened directly must not run anything on our origin.
    reply.header('content-security-policy', uploadPolicy).header('cache-control', FOREVER).header('etag', file.etag);
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.type(file.contentType).send(file.bytes);
  });
  const demoAssets = join(repoRoot, 'assets');
  if (existsSync(demoAssets)) {
    await app.register(fastifyStatic, { root: demoAssets, prefix: '/assets/', decorateReply: false, index: false });
  }
  const hasWeb = existsSync(join(config.webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', webCacheControl(path)),
    });
    // The web app's answers depend on Accept-Encoding (the precompressed copies) as well as on Origin (CORS).
    // A callback hook, not an async one: it runs on every answer, and an API answer leaves it at the first test.
    app.addHook('onSend', (request, reply, payload, done) => {
      if ((!request.url.startsWith(API_PREFIX) || request.url.startsWith(`${API_PREFIX}/embed`)) && !request.url.startsWith('/assets/')) {
        const vary = String(reply.getHeader('vary') ?? '');
        if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      done(null, payload);
    });
    // The versioned loader path: the same file as /embed.js (docs/embedding.md, "Versions"), precompressed copies
    // and cache headers included.
    app.get(VERSIONED_LOADER, { schema: { hide: true } }, (_request, reply) => reply.sendFile('embed.js', config.webDistDir));
    // The statechart visualiser (src/visualizer/, its own build in dist/visualizer/), once its build wrote `ready`
    // (after the test paths). Until then — `npm start` builds it after the server listens — a "being prepared" page
    // in the reader's language (503, Retry-After) that reloads itself once the visualiser answers.
    const visualizerPage = join(config.webDistDir, 'visualizer', 'index.html');
    const visualizerReady = join(config.webDistDir, 'visualizer', 'ready');
    let visualizerPolicy: { built: number; policy: string } | undefined;
    const preparingPolicy = (lang: 'en' | 'es') => inlineScriptPolicy(securityHeaders, visualizerPreparingPage(lang));
    for (const path of ['/visualizer', '/visualizer/']) {
      app.get<{ Querystring: { lang?: string } }>(path, { schema: { hide: true } }, (request, reply) => {
        if (!existsSync(visualizerReady) || !existsSync(visualizerPage)) {
          const lang = pageLanguage(request.query, request.headers['accept-language']);
          return reply
            .status(503)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('retry-after', '3')
            .header('content-language', lang)
            .header('vary', 'Accept-Language')
            .header('content-security-policy', preparingPolicy(lang))
            .send(visualizerPreparingPage(lang));
        }
        // Its build writes the chunks' import map inline: allowed by its hash, or the browser ignores it (read again
        // when a new build replaced the page).
        const built = statSync(visualizerPage).mtimeMs;
        if (visualizerPolicy?.built !== built) visualizerPolicy = { built, policy: inlineScriptPolicy(securityHeaders, readFileSync(visualizerPage, 'utf8')) };
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', PAGE)
          .header('content-security-policy', visualizerPolicy.policy)
          .sendFile('visualizer/index.html', config.webDistDir);
      });
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !path.startsWith(API_PREFIX) && !path.startsWith('/assets/');
    // A page address (a language-like first segment, or a browser asking for HTML) gets the demo site's not-found
    // page, in its language, or in English with a notice for a language the site does not have (/fr/…).
    if (wantsPage && (LANGUAGE_PATH.test(path) || /\btext\/html\b/.test(String(request.headers.accept ?? '')))) {
      return app.siteNotFound(request, reply);
    }
    return reply.status(404).send(notFoundBody());
  });
}
