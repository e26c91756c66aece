// Server configuration from the environment, validated at start. Every setting has a default that works on
// one laptop: PGlite in ./data, mail to the dev outbox, the local payments provider, avatars on local disk.
import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { compile as compileTrust } from '@fastify/proxy-addr';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { PICTURE_LIMIT_BYTES } from '../contract/forms';
import { developmentPassSigner, keptInDataDir, rsaKeyPair } from './dev-credentials';
import { DEFAULT_DEMO_ORGANIZER_KEY, organizerKeyProblem } from './organizer-key';

const intFromEnv = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: intFromEnv(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url().optional(),
  /** How long a request waits for a Postgres connection before it answers 503 (the server is down or the pool full). */
  DATABASE_CONNECT_TIMEOUT_MS: intFromEnv(5_000),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_BASE_URL: z.url().optional(),
  ASSET_BASE_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: intFromEnv(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: intFromEnv(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  OTP_TTL_SECONDS: intFromEnv(10 * 60),
  OTP_MAX_ATTEMPTS: intFromEnv(5),
  OTP_SEND_WINDOW_SECONDS: intFromEnv(15 * 60),
  /** Codes one client (IP) may have sent to one e-mail within the send window. */
  OTP_MAX_SENDS_PER_EMAIL: intFromEnv(5),
  /** Codes one e-mail may be sent within the mailbox window at the request of clients without its device token. */
  OTP_MAX_SENDS_PER_EMAIL_ALL_CLIENTS: intFromEnv(10),
  /** Codes one e-mail may be sent within the mailbox window at the request of its owner's devices (a device token). */
  OTP_MAX_SENDS_PER_EMAIL_OWNER: intFromEnv(10),
  /** The window of the mailbox's two counts. */
  OTP_MAILBOX_WINDOW_SECONDS: intFromEnv(60 * 60),
  /** Codes one sign-in session may be sent: the first and its resends. */
  OTP_MAX_SENDS_PER_SESSION: intFromEnv(3),
  /** How long a device token (answered by a sign-in with a code) names its browser as the owner's. */
  OTP_DEVICE_TOKEN_DAYS: intFromEnv(365),
  OTP_MAX_SENDS_PER_IP: intFromEnv(30),
  USER_SEARCH_PER_MINUTE: intFromEnv(60),
  RATE_LIMIT_PER_MINUTE: intFromEnv(600),
  TRUST_PROXY: z.string().optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  /**
   * Sign-in handed over by the organisation's site (docs/embedding.md, "Signing in from the host"): the public keys its
   * server signs the sign-in tokens with, as a JWKS at a URL (fetched and cached; a token naming an unknown key fetches
   * it again) or in a file (read again when it changes). Neither: the hand-off is off and only e-mail codes sign in.
   */
  HOST_SIGN_IN_JWKS_URL: z.url().optional(),
  HOST_SIGN_IN_JWKS_FILE: z.string().optional(),
  /** The `aud` a handed-over token must carry; PUBLIC_BASE_URL by default (the wallet's own address). */
  HOST_SIGN_IN_AUDIENCE: z.string().min(1).optional(),
  /**
   * The demo site signs its visitor in to the wallet with the hand-off, with a demo-only key made at start
   * (src/server/dev-credentials.ts). Off unless `true` (`npm start` turns it on for a laptop, scripts/start.ts);
   * refused in production: anyone could sign in as anyone with it.
   */
  DEMO_SITE_SIGN_IN: z.enum(['true', 'false']).optional(),
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Ticket Wallet <no-reply@ticketwallet.local>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Signing secret of the Connect webhook (POST /v1/webhooks/stripe-connect): account updates. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  /** Signing secret of the payments webhook (POST /v1/webhooks/stripe): PaymentIntents that succeeded. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends its calls (tests: a local stub, e.g. http://127.0.0.1:12111); Stripe's own by default. */
  STRIPE_API_BASE: z.string().optional(),
  QR_TTL_MS: intFromEnv(15_000),
  /** The organisation's P-256 private key (PKCS #8 PEM) that signs the certificates of device-bound entry codes. */
  DOOR_SIGNING_KEY: z.string().optional(),
  /** The id scanners know that key by (kept in each certificate; a new key takes a new id). */
  DOOR_SIGNING_KEY_ID: z.coerce.number().int().min(0).max(65_535).default(1),
  /** Apple Wallet: the pass type id (pass.com.example.tickets) and the team id of the Apple developer account. */
  APPLE_PASS_TYPE_ID: z.string().regex(/^pass\.[A-Za-z0-9.-]+$/, 'pass.<reverse domain>').optional(),
  APPLE_TEAM_ID: z.string().regex(/^[A-Z0-9]{10}$/, 'ten capital letters or digits').optional(),
  /** Apple Wallet: the pass type's signer certificate and its private key (PEM), and Apple's WWDR intermediate certificate. */
  APPLE_PASS_SIGNER_CERT: z.string().optional(),
  APPLE_PASS_SIGNER_KEY: z.string().optional(),
  APPLE_PASS_SIGNER_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().optional(),
  /** Google Wallet: the issuer id of the Google Pay & Wallet console, and the service account's JSON key that signs save links. */
  GOOGLE_WALLET_ISSUER_ID: z.string().regex(/^\d{1,25}$/, 'the digits of the issuer id').optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().optional(),
  /**
   * Apple Wallet updates: where the empty pushes go (APNs over HTTP/2, the pass signer certificate as TLS client
   * certificate, or a provider token with APNS_KEY_*), `none` for no pushes. Default: Apple's production APNs when the APPLE_* settings are given, none with
   * the development signer (Apple would refuse it).
   */
  APNS_URL: z.union([z.literal('none'), z.string().url()]).optional(),
  /** Certificates (PEM) trusted for APNS_URL's TLS instead of the system's (a local stand-in's own authority). */
  APNS_CA: z.string().optional(),
  /**
   * APNs token-based authentication instead of the certificate: the path of the APNs auth key (the .p8 file Apple
   * hands out once), its key id, and the team id that owns it (default the pass type's team, APPLE_TEAM_ID). Without them the pass signer
   * certificate authenticates the pushes, as before.
   */
  APNS_KEY_FILE: z.string().min(1).optional(),
  APNS_KEY_ID: z.string().regex(/^[A-Z0-9]{10}$/, 'ten capital letters or digits').optional(),
  APNS_TEAM_ID: z.string().regex(/^[A-Z0-9]{10}$/, 'ten capital letters or digits').optional(),
  /**
   * Google Wallet updates: the Wallet REST API's base, `none` for no updates. Default: Google's when the GOOGLE_WALLET_*
   * settings are given, none with the development key (Google does not know it).
   */
  GOOGLE_WALLET_API_URL: z.union([z.literal('none'), z.string().url()]).optional(),
  /** Where the service account trades its signed grant for an access token; default its JSON key's token_uri, else Google's. */
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().optional(),
  /** How often due resale payouts are paid (ms); 0 turns the timer off (tests call the release themselves). */
  PAYOUT_RELEASE_INTERVAL_MS: z.coerce.number().int().nonnegative().default(60_000),
  /** How often reconciliation runs on each instance (ms; once at a time across instances); 0 turns the timer off. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().nonnegative().default(300_000),
  /** How long the local provider's bank debit test methods stay processing before they succeed or fail (ms). */
  LOCAL_PAYMENT_PROCESSING_MS: z.coerce.number().int().nonnegative().default(5_000),
  BODY_LIMIT_BYTES: intFromEnv(1024 * 1024),
  PICTURE_LIMIT_BYTES: intFromEnv(PICTURE_LIMIT_BYTES),
  /** Pictures re-encoded at once per instance, each in its own process on one core (src/server/adapters/picture-pool.ts). */
  PICTURE_CONCURRENCY: intFromEnv(2),
  /** Wall-clock time one picture may take; its process is then killed and the upload refused. */
  PICTURE_TIMEOUT_MS: intFromEnv(2000),
  /** How long an upload waits for a free picture slot before it is answered 503 with Retry-After. */
  PICTURE_QUEUE_WAIT_MS: intFromEnv(10_000),
  /** A picture process's V8 heap limit. */
  PICTURE_MEMORY_MB: intFromEnv(256),
  /** The whole request, headers and body, must arrive within this time (Node's requestTimeout); then 408 and closed. */
  REQUEST_TIMEOUT_MS: intFromEnv(60_000),
  /** The request's headers must arrive within this time (Node's headersTimeout); at most REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: intFromEnv(10_000),
  /** An idle keep-alive connection is closed after this time. */
  KEEP_ALIVE_TIMEOUT_MS: intFromEnv(5000),
  /** A connection on which nothing moves either way for this long is closed. */
  SOCKET_IDLE_TIMEOUT_MS: intFromEnv(60_000),
  /** Open connections from one address at most (0: no cap); not applied behind a proxy named by TRUST_PROXY. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(100),
  /** The LISTEN/NOTIFY or Redis channel of the live events (instances that share a database must share it). */
  EVENTS_CHANNEL: z.string().regex(/^[a-z_][a-z0-9_:.-]{0,62}$/i, 'letters, digits, _ : . - (at most 63)').default('tw_user_events'),
  /** Open event streams (GET /v1/events) one user may hold on one instance; one more is answered 429. */
  EVENTS_MAX_STREAMS_PER_USER: intFromEnv(5),
  /** How long the replay window keeps events for a stream that resumes with Last-Event-ID. */
  EVENTS_REPLAY_WINDOW_MS: intFromEnv(10 * 60_000),
  /** How often an open event stream gets a heartbeat comment. */
  STREAM_HEARTBEAT_MS: intFromEnv(15_000),
  /** Ticket answers (My tickets, one ticket) each instance keeps, all users together (least recently used go first). */
  HOT_READS_MAX_ENTRIES: intFromEnv(20_000),
  /** A kept ticket answer is read again after this long even without a change notice (a safety net). */
  HOT_READS_MAX_AGE_MS: intFromEnv(5 * 60_000),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** The demo organisation's organiser key (at least 128 bits: `npm run organizer-key` makes one); the public demo key by default. */
  DEMO_ORGANIZER_KEY: z.string().optional(),
  /** Lets a production wallet opened with ?inspect=1 publish its states to the statechart visualiser (always allowed outside production). */
  WALLET_INSPECT: z.enum(['true', 'false']).default('false'),
  WEB_DIST_DIR: z.string().default('./dist'),
  /**
   * Redis shared by the instances: the global rate limit counts there, and the live events fan out through its
   * pub/sub instead of Postgres LISTEN/NOTIFY; unset: limits are counted per instance.
   */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL').optional(),
  /** Put before every Redis key of this deployment (several deployments, or test runs, on one Redis). */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/).default('tw:'),
  /** S3-compatible storage of uploaded files (avatars); unset: DATA_DIR/assets on local disk. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** After SIGTERM/SIGINT, how long open requests and streams may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: intFromEnv(10_000),
  /** Overload: event-loop delay past which requests are answered 503 (0: not checked). */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  /** Overload: V8 heap in use past which requests are answered 503 (0: not checked). */
  OVERLOAD_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).default(0),
  /** Overload: the Retry-After of its 503. */
  OVERLOAD_RETRY_AFTER_SECONDS: intFromEnv(5),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  database: { kind: 'postgres'; url: string; connectTimeoutMs: number } | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  publicBaseUrl: string;
  assetBaseUrl: string;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** A rotated refresh token presented again within this many seconds is refused without revoking the family. */
  refreshReuseGraceSeconds: number;
  /** Receiver suggestions (GET /mobile/users/) one signed-in user may ask for per minute. */
  userSearchPerMinute: number;
  otp: {
    ttlSeconds: number;
    maxAttempts: number;
    sendWindowSeconds: number;
    /** Codes sent to one e-mail at the request of one client (IP), within the send window. */
    maxSendsPerEmail: number;
    /** Codes sent to one e-mail within the mailbox window at the request of clients that are not its owner's devices. */
    maxSendsPerEmailAllClients: number;
    /** Codes sent to one e-mail within the mailbox window at the request of its owner's devices: a share no stranger can use. */
    maxSendsPerEmailOwner: number;
    mailboxWindowSeconds: number;
    maxSendsPerIp: number;
    /** Codes one sign-in session is sent: the first and its resends. */
    maxSendsPerSession: number;
    deviceTokenDays: number;
  };
  rateLimitPerMinute: number;
  /** Fastify's trustProxy: false (default), a hop count, or the proxies' addresses. Never `true`. */
  trustProxy: false | number | string[];
  /** Origins other sites may call the API from; undefined outside production means any. */
  allowedOrigins: string[] | undefined;
  /** The sign-in hand-off from the organisation's site: where its public keys are, and the audience; undefined: off. */
  hostSignIn: { keys: { kind: 'url'; url: string } | { kind: 'file'; path: string } | { kind: 'demo' }; audience: string } | undefined;
  /** The demo site's "signed-in site user" (DEMO_SITE_SIGN_IN): the hand-off's keys are then the demo-only one. */
  demoSiteSignIn: boolean;
  payments: { provider: 'local' } | { provider: 'stripe'; secretKey: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe: { secretKey: string; publishableKey: string; connectWebhookSecret?: string; apiBase?: string } | undefined;
  qrTtlMs: number;
  /**
   * The key that signs device-bound entry codes' certificates (src/door/code.ts): DOOR_SIGNING_KEY, else outside
   * production one made once and kept in the data directory; undefined in production without it (the device-bound
   * code is then unavailable, the polling code works as ever).
   */
  doorSigning: { keyId: number; privateKeyPem: string } | undefined;
  /**
   * The wallet passes' signing (src/server/modules/passes): from the APPLE_* and GOOGLE_WALLET_* settings, else
   * outside production made once in the data directory (a self-signed chain, a generated key); undefined in
   * production without them (that wallet's button is then not offered).
   */
  walletPasses: {
    apple: ApplePassSigning | undefined;
    google: GoogleWalletSigning | undefined;
    /**
     * APNs for Apple Wallet's update pushes (src/server/modules/passes/push.ts); undefined: no pushes. `token`: the
     * provider token's signing key (APNS_KEY_*), else the pass signer certificate authenticates.
     */
    apns: { url: string; caPem?: string; token?: ApnsTokenKey } | undefined;
    /** Google's Wallet REST API, to expire a saved pass (src/server/modules/passes/google-api.ts); undefined: no updates. */
    googleApi: { url: string; tokenUrl: string } | undefined;
  };
  /** 0: no payout timer. */
  payoutReleaseIntervalMs: number;
  /** 0: no reconciliation timer (npm run reconcile runs it by hand). */
  reconcileIntervalMs: number;
  /** The local payments provider's processing time (its BECS test methods). */
  localPaymentProcessingMs: number;
  bodyLimitBytes: number;
  pictureLimitBytes: number;
  /** Picture work: processes at once, time and heap limit per picture, wait for a slot. */
  pictures: { concurrency: number; timeoutMs: number; queueWaitMs: number; memoryMb: number };
  /** Slow clients: request, headers, keep-alive and idle timeouts, and the per-address connection cap (0: none). */
  connections: { requestTimeoutMs: number; headersTimeoutMs: number; keepAliveTimeoutMs: number; socketIdleTimeoutMs: number; maxPerIp: number };
  /** Redis when configured (the live events' fan-out). */
  redisUrl: string | undefined;
  /** GET /v1/events: the fan-out channel, streams per user and instance, replay window, heartbeat interval. */
  events: { channel: string; maxStreamsPerUser: number; replayWindowMs: number; heartbeatMs: number };
  /** The hot-read cache of ticket answers (src/server/modules/tickets/hot-reads.ts). */
  hotReads: { maxEntries: number; maxAgeMs: number };
  seedDemo: boolean;
  /** The demo organisation's organiser key: the seed writes its hash (and sets it on an existing demo organisation). */
  demoOrganizerKey: string;
  /** The host page tells the wallet that live inspection (?inspect=1) is allowed: outside production, or WALLET_INSPECT=true. */
  walletInspect: boolean;
  webDistDir: string;
  /** Redis shared by the instances; undefined: per-instance limits. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Where uploaded files go: DATA_DIR/assets, or an S3-compatible bucket. */
  storage: { kind: 'disk'; dir: string } | { kind: 's3'; bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  /** Graceful shutdown: how long the close may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Overload protection (0: that check is off). */
  overload: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; retryAfterSeconds: number };
}

/** APNs provider-token authentication: the APNs auth key (PEM), its key id (the JWT's `kid`), its team (`iss`). */
export interface ApnsTokenKey {
  keyPem: string;
  keyId: string;
  teamId: string;
}

export interface ApplePassSigning {
  passTypeId: string;
  teamId: string;
  signerCertPem: string;
  signerKeyPem: string;
  signerKeyPassphrase?: string;
  wwdrPem: string;
}

export interface GoogleWalletSigning {
  issuerId: string;
  serviceAccountEmail: string;
  privateKeyPem: string;
  /** The service account's `token_uri`, when its JSON key has one. */
  tokenUri?: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as shells and .env files usually intend.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) throw new ConfigError('JWT_SECRET is required in production');
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError('SMTP_URL is required in production: without it sign-in codes would only be written to the log');
  }
  const keyProblem = e.DEMO_ORGANIZER_KEY === undefined ? undefined : organizerKeyProblem(e.DEMO_ORGANIZER_KEY);
  if (keyProblem) throw new ConfigError(`DEMO_ORGANIZER_KEY is refused: ${keyProblem}`);
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) throw new ConfigError('HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS');
  const dataDir = resolve(e.DATA_DIR);
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    dataDir,
    publicBaseUrl,
    assetBaseUrl: (e.ASSET_BASE_URL ?? `${publicBaseUrl}/assets`).replace(/\/$/, ''),
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? developmentSecret(dataDir)),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    otp: {
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      sendWindowSeconds: e.OTP_SEND_WINDOW_SECONDS,
      maxSendsPerEmail: e.OTP_MAX_SENDS_PER_EMAIL,
      maxSendsPerEmailAllClients: e.OTP_MAX_SENDS_PER_EMAIL_ALL_CLIENTS,
      maxSendsPerEmailOwner: e.OTP_MAX_SENDS_PER_EMAIL_OWNER,
      mailboxWindowSeconds: e.OTP_MAILBOX_WINDOW_SECONDS,
      maxSendsPerIp: e.OTP_MAX_SENDS_PER_IP,
      maxSendsPerSession: e.OTP_MAX_SENDS_PER_SESSION,
      deviceTokenDays: e.OTP_DEVICE_TOKEN_DAYS,
    },
    userSearchPerMinute: e.USER_SEARCH_PER_MINUTE,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            ...(e.STRIPE_CONNECT_WEBHOOK_SECRET ? { connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET } : {}),
            ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE } : {}),
          }
        : undefined,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    allowedOrigins: e.ALLOWED_ORIGINS?.split(',').map((origin) => origin.trim().replace(/\/$/, '')).filter(Boolean) ??
      (e.NODE_ENV === 'production' ? [] : undefined),
    hostSignIn: hostSignInFrom(e, publicBaseUrl),
    demoSiteSignIn: demoSiteSignInFrom(e),
    payments: paymentsFrom(e),
    qrTtlMs: e.QR_TTL_MS,
    doorSigning: doorSigningFrom(e, dataDir),
    walletPasses: walletPassesFrom(e, dataDir, publicBaseUrl),
    payoutReleaseIntervalMs: e.PAYOUT_RELEASE_INTERVAL_MS,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    localPaymentProcessingMs: e.LOCAL_PAYMENT_PROCESSING_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    pictureLimitBytes: e.PICTURE_LIMIT_BYTES,
    pictures: {
      concurrency: e.PICTURE_CONCURRENCY,
      timeoutMs: e.PICTURE_TIMEOUT_MS,
      queueWaitMs: e.PICTURE_QUEUE_WAIT_MS,
      memoryMb: e.PICTURE_MEMORY_MB,
    },
    connections: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      socketIdleTimeoutMs: e.SOCKET_IDLE_TIMEOUT_MS,
      maxPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    redisUrl: e.REDIS_URL,
    events: {
      channel: e.EVENTS_CHANNEL,
      maxStreamsPerUser: e.EVENTS_MAX_STREAMS_PER_USER,
      replayWindowMs: e.EVENTS_REPLAY_WINDOW_MS,
      heartbeatMs: e.STREAM_HEARTBEAT_MS,
    },
    hotReads: { maxEntries: e.HOT_READS_MAX_ENTRIES, maxAgeMs: e.HOT_READS_MAX_AGE_MS },
    seedDemo: e.SEED_DEMO === 'true',
    demoOrganizerKey: e.DEMO_ORGANIZER_KEY ?? DEFAULT_DEMO_ORGANIZER_KEY,
    walletInspect: e.NODE_ENV !== 'production' || e.WALLET_INSPECT === 'true',
    webDistDir: resolve(e.WEB_DIST_DIR),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    storage: storageFrom(e, dataDir),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: e.OVERLOAD_MAX_HEAP_USED_MB * 1024 * 1024,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
  };
}

/** The sign-in hand-off: one source of the organisation's keys (a JWKS URL, https in production, or a file), or none. */
function hostSignInFrom(e: z.infer<typeof envSchema>, publicBaseUrl: string): Config['hostSignIn'] {
  if (e.HOST_SIGN_IN_JWKS_URL && e.HOST_SIGN_IN_JWKS_FILE) {
    throw new ConfigError('HOST_SIGN_IN_JWKS_URL and HOST_SIGN_IN_JWKS_FILE: set one of them, not both');
  }
  if (!e.HOST_SIGN_IN_JWKS_URL && !e.HOST_SIGN_IN_JWKS_FILE) {
    if (demoSiteSignInFrom(e)) return { keys: { kind: 'demo' }, audience: e.HOST_SIGN_IN_AUDIENCE ?? publicBaseUrl };
    if (e.HOST_SIGN_IN_AUDIENCE) throw new ConfigError('HOST_SIGN_IN_AUDIENCE needs HOST_SIGN_IN_JWKS_URL or HOST_SIGN_IN_JWKS_FILE');
    return undefined;
  }
  if (e.HOST_SIGN_IN_JWKS_URL && e.NODE_ENV === 'production' && !e.HOST_SIGN_IN_JWKS_URL.startsWith('https://')) {
    throw new ConfigError('HOST_SIGN_IN_JWKS_URL must be an https:// URL in production');
  }
  return {
    keys: e.HOST_SIGN_IN_JWKS_URL ? { kind: 'url', url: e.HOST_SIGN_IN_JWKS_URL } : { kind: 'file', path: resolve(e.HOST_SIGN_IN_JWKS_FILE!) },
    audience: e.HOST_SIGN_IN_AUDIENCE ?? publicBaseUrl,
  };
}

/**
 * Whether the demo site signs its visitor in with the demo-only key: never in production (a key anyone can use to sign
 * in as anyone), and not beside an organisation's own keys (the hand-off has one source of keys).
 */
function demoSiteSignInFrom(e: z.infer<typeof envSchema>): boolean {
  const configuredKeys = Boolean(e.HOST_SIGN_IN_JWKS_URL || e.HOST_SIGN_IN_JWKS_FILE);
  if (e.DEMO_SITE_SIGN_IN === 'true') {
    if (e.NODE_ENV === 'production') throw new ConfigError('DEMO_SITE_SIGN_IN is for development only: its key is not secret, production refuses it');
    if (configuredKeys) throw new ConfigError('DEMO_SITE_SIGN_IN and HOST_SIGN_IN_JWKS_URL/FILE: the hand-off takes one source of keys');
    return true;
  }
  return false;
}

/** S3 when a bucket is named (keys both or neither: without them the SDK's own chain, e.g. an instance role); else disk. */
function storageFrom(e: z.infer<typeof envSchema>, dataDir: string): Config['storage'] {
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID) throw new ConfigError('S3_ENDPOINT and S3_ACCESS_KEY_ID need S3_BUCKET');
    return { kind: 'disk', dir: join(dataDir, 'assets') };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
  };
}

/**
 * TRUST_PROXY: unset or `false` trusts no proxy (the client's address is the connection's); a number trusts that many
 * hops; otherwise a comma-separated list of proxy addresses or CIDR ranges. `true` is refused: it would believe the
 * left-most X-Forwarded-For, which any client writes.
 */
function trustProxyFrom(value: string | undefined): false | number | string[] {
  const text = value?.trim();
  if (!text || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new ConfigError('TRUST_PROXY=true would let any client choose its IP address: give the number of proxies or their addresses');
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length) {
    throw new ConfigError(
      `TRUST_PROXY: ${bad.map((entry) => JSON.stringify(entry)).join(', ')} is not a proxy address: give a hop count, or addresses or CIDR ranges (10.0.0.0/8, ::1), or loopback, linklocal or uniquelocal`,
    );
  }
  return entries;
}

/** Fastify compiles the trust list with proxy-addr, which throws a TypeError at start on an entry it cannot read: asked here, with our message. */
function isProxyAddress(entry: string): boolean {
  try {
    compileTrust([entry]);
    return true;
  } catch {
    return false;
  }
}

/** Stripe when its keys are set (or asked for); the local provider outside production, or in it only when asked for by name. */
function paymentsFrom(e: z.infer<typeof envSchema>): Config['payments'] {
  const provider = e.PAYMENTS_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : undefined);
  if (provider === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) throw new ConfigError('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    return {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      ...(e.STRIPE_PUBLISHABLE_KEY ? { publishableKey: e.STRIPE_PUBLISHABLE_KEY } : {}),
      ...(e.STRIPE_WEBHOOK_SECRET ? { webhookSecret: e.STRIPE_WEBHOOK_SECRET } : {}),
      ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE } : {}),
    };
  }
  if (provider === undefined && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Production needs a payments provider: set STRIPE_SECRET_KEY, or PAYMENTS_PROVIDER=local to run the local test provider on purpose',
    );
  }
  return { provider: 'local' };
}

/** Outside production a signing secret is made once and kept in the data directory, so restarts keep sessions. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Refuses a setting that is not a P-256 private key in PEM, with the setting's own message for each case. */
function requireP256(pem: string, notAKey: string, notP256: string): void {
  let curve: string | undefined;
  try {
    curve = createPrivateKey(pem).asymmetricKeyDetails?.namedCurve;
  } catch {
    throw new ConfigError(notAKey);
  }
  if (curve !== 'prime256v1') throw new ConfigError(notP256);
}

/** A P-256 private key in PKCS #8 PEM from DOOR_SIGNING_KEY; outside production one is made once in the data directory. */
function doorSigningFrom(e: z.infer<typeof envSchema>, dataDir: string): Config['doorSigning'] {
  if (e.DOOR_SIGNING_KEY) {
    const pem = pemOf(e.DOOR_SIGNING_KEY);
    requireP256(pem, 'DOOR_SIGNING_KEY is not a private key in PEM', 'DOOR_SIGNING_KEY must be a P-256 (prime256v1) EC key');
    return { keyId: e.DOOR_SIGNING_KEY_ID, privateKeyPem: pem };
  }
  if (e.NODE_ENV === 'production') return undefined;
  const privateKeyPem = keptInDataDir(dataDir, 'door-signing-key.pem', () =>
    generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  return { keyId: e.DOOR_SIGNING_KEY_ID, privateKeyPem };
}

/** A PEM from the environment: one line with \n escapes, as environment files often hold it, or as it is. */
const pemOf = (value: string) => value.replace(/\\n/g, '\n');

export const APNS_PRODUCTION_URL = 'https://api.push.apple.com';
export const GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com';
export const GOOGLE_OAUTH_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/**
 * The passes' signing and the services that update saved passes: on by default only with real credentials (the
 * development signer and key are unknown to Apple and Google); a URL setting turns them on against a stand-in.
 */
function walletPassesFrom(e: z.infer<typeof envSchema>, dataDir: string, publicBaseUrl: string): Config['walletPasses'] {
  const apple = applePassFrom(e, dataDir);
  // The pass's webServiceURL is PUBLIC_BASE_URL/v1/wallet/apple, and Apple Wallet calls a web service only over https
  // (plain http is accepted by a device only with the developer setting that allows it).
  if (apple && e.NODE_ENV === 'production' && !publicBaseUrl.startsWith('https://')) {
    throw new ConfigError("PUBLIC_BASE_URL must be an https:// URL in production when Apple Wallet passes are on: it is the passes' webServiceURL");
  }
  const google = googleWalletFrom(e, dataDir);
  const apnsUrl = e.APNS_URL ?? (e.APPLE_PASS_TYPE_ID ? APNS_PRODUCTION_URL : 'none');
  const googleUrl = e.GOOGLE_WALLET_API_URL ?? (e.GOOGLE_WALLET_ISSUER_ID ? GOOGLE_WALLET_API_URL : 'none');
  const caPem = e.APNS_CA ? pemOf(e.APNS_CA) : undefined;
  if (caPem) {
    try {
      new X509Certificate(caPem);
    } catch {
      throw new ConfigError('APNS_CA is not a certificate in PEM');
    }
  }
  const token = apnsTokenKeyFrom(e, apple?.teamId);
  return {
    apple,
    google,
    apns: apple && apnsUrl !== 'none' ? { url: apnsUrl.replace(/\/+$/, ''), ...(caPem ? { caPem } : {}), ...(token ? { token } : {}) } : undefined,
    googleApi:
      google && googleUrl !== 'none'
        ? { url: googleUrl.replace(/\/+$/, ''), tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL ?? google.tokenUri ?? GOOGLE_OAUTH_TOKEN_URL }
        : undefined,
  };
}

/** APNs token-based authentication: the .p8 key (a P-256 key in PKCS #8 PEM) with its key id and team id, or none. */
function apnsTokenKeyFrom(e: z.infer<typeof envSchema>, passTeamId: string | undefined): ApnsTokenKey | undefined {
  if (e.APNS_KEY_FILE === undefined && e.APNS_KEY_ID === undefined) return undefined;
  if (e.APNS_KEY_FILE === undefined || e.APNS_KEY_ID === undefined) throw new ConfigError('APNs token authentication needs both APNS_KEY_FILE and APNS_KEY_ID');
  // The key's team is the pass type's team unless said otherwise.
  const teamId = e.APNS_TEAM_ID ?? passTeamId;
  if (!teamId) throw new ConfigError('APNs token authentication needs APNS_TEAM_ID (or APPLE_TEAM_ID): the team that owns the key');
  let keyPem: string;
  try {
    keyPem = readFileSync(e.APNS_KEY_FILE, 'utf8');
  } catch {
    throw new ConfigError(`APNS_KEY_FILE ${e.APNS_KEY_FILE} cannot be read`);
  }
  requireP256(keyPem, 'APNS_KEY_FILE is not a private key in PEM (the .p8 file of an APNs auth key)', 'APNS_KEY_FILE must be a P-256 (ES256) key, as APNs auth keys are');
  return { keyPem, keyId: e.APNS_KEY_ID, teamId };
}

/** Apple Wallet's signing: all five settings or none; outside production a self-signed chain made once. */
function applePassFrom(e: z.infer<typeof envSchema>, dataDir: string): ApplePassSigning | undefined {
  const settings = [e.APPLE_PASS_TYPE_ID, e.APPLE_TEAM_ID, e.APPLE_PASS_SIGNER_CERT, e.APPLE_PASS_SIGNER_KEY, e.APPLE_WWDR_CERT];
  if (settings.every((value) => value === undefined)) {
    if (e.NODE_ENV === 'production') return undefined;
    const passTypeId = 'pass.local.ticketwallet.development';
    const teamId = 'DEVTEAM000';
    const made = keptInDataDir(dataDir, 'apple-pass-signer.json', () => JSON.stringify(developmentPassSigner(passTypeId, teamId)));
    return { passTypeId, teamId, ...(JSON.parse(made) as Pick<ApplePassSigning, 'signerCertPem' | 'signerKeyPem' | 'wwdrPem'>) };
  }
  if (settings.some((value) => value === undefined)) {
    throw new ConfigError('Apple Wallet needs all of APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_SIGNER_CERT, APPLE_PASS_SIGNER_KEY and APPLE_WWDR_CERT');
  }
  const signing: ApplePassSigning = {
    passTypeId: e.APPLE_PASS_TYPE_ID!,
    teamId: e.APPLE_TEAM_ID!,
    signerCertPem: pemOf(e.APPLE_PASS_SIGNER_CERT!),
    signerKeyPem: pemOf(e.APPLE_PASS_SIGNER_KEY!),
    wwdrPem: pemOf(e.APPLE_WWDR_CERT!),
    ...(e.APPLE_PASS_SIGNER_KEY_PASSPHRASE ? { signerKeyPassphrase: e.APPLE_PASS_SIGNER_KEY_PASSPHRASE } : {}),
  };
  for (const [name, pem] of [['APPLE_PASS_SIGNER_CERT', signing.signerCertPem], ['APPLE_WWDR_CERT', signing.wwdrPem]] as const) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new ConfigError(`${name} is not a certificate in PEM`);
    }
  }
  try {
    createPrivateKey({ key: signing.signerKeyPem, passphrase: signing.signerKeyPassphrase });
  } catch {
    throw new ConfigError('APPLE_PASS_SIGNER_KEY is not a private key in PEM (or APPLE_PASS_SIGNER_KEY_PASSPHRASE does not open it)');
  }
  return signing;
}

/** Google Wallet's signing: the issuer id and the service account's JSON key together; outside production a key made once. */
function googleWalletFrom(e: z.infer<typeof envSchema>, dataDir: string): GoogleWalletSigning | undefined {
  if (!e.GOOGLE_WALLET_ISSUER_ID && !e.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    if (e.NODE_ENV === 'production') return undefined;
    const made = keptInDataDir(dataDir, 'google-wallet-service-account.json', () =>
      JSON.stringify({ type: 'service_account', client_email: 'ticket-wallet-development@localhost.invalid', private_key: rsaKeyPair().privateKeyPem }),
    );
    return { issuerId: '3388000000000000000', ...serviceAccountOf(made) };
  }
  if (!e.GOOGLE_WALLET_ISSUER_ID || !e.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    throw new ConfigError('Google Wallet needs both GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT');
  }
  return { issuerId: e.GOOGLE_WALLET_ISSUER_ID, ...serviceAccountOf(e.GOOGLE_WALLET_SERVICE_ACCOUNT) };
}

/** The e-mail and RSA private key of a service account's JSON key, as Google's console hands it out. */
function serviceAccountOf(json: string): Pick<GoogleWalletSigning, 'serviceAccountEmail' | 'privateKeyPem'> {
  let account: { client_email?: unknown; private_key?: unknown; token_uri?: unknown };
  try {
    account = JSON.parse(json);
  } catch {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT is not the JSON key of a service account');
  }
  const { client_email: email, private_key: key } = account;
  if (typeof email !== 'string' || typeof key !== 'string') throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT needs client_email and private_key');
  try {
    if (createPrivateKey(key).asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT private_key is not an RSA private key in PEM');
  }
  return { serviceAccountEmail: email, privateKeyPem: key, ...(typeof account.token_uri === 'string' ? { tokenUri: account.token_uri } : {}) };
}
