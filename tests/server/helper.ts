// Builds the app on a fresh copy of the migrated template database (PGlite, or Postgres when DATABASE_URL is
// set), with the dev outbox as mailer and a clock the test can move. One per test file; close() tears it down.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { createOutboxMailer, type Mailer } from '../../src/server/adapters/mail';
import { createLocalPayments, createStripePayments, type LocalCharge, type PaymentsProvider } from '../../src/server/adapters/payments';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { listings } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed';
import { createDatabase, dropDatabases } from '../support/postgres';
import type { StripeConnectStub } from '../support/stripe-connect-stub';
import type { StripePaymentsStub } from '../support/stripe-payments-stub';
import { startStripeStubs } from '../support/stripe-stubs';
import { TEST_TMP } from '../support/test-tmp';

export interface TestClock {
  now: Date;
  advance(ms: number): void;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  mailer: Mailer;
  config: Config;
  clock: TestClock;
  /** What the local payments provider charged. */
  charges: LocalCharge[];
  close(): Promise<void>;
}

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * How long a test's pool waits for a Postgres connection. The suite's files share one Postgres server and create
 * databases from a template all the time; each CREATE DATABASE forces a checkpoint, and on a loaded 2-core machine a
 * new connection then waited more than the production default of 5 s (DATABASE_CONNECT_TIMEOUT_MS), which answered
 * 500 in the door and race suites. Tests of the timeout itself (db-faults, operations) set their own.
 */
export const TEST_CONNECT_TIMEOUT_MS = 30_000;

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: `${TEST_TMP}/data`,
    PUBLIC_BASE_URL: 'http://wallet.test',
    ASSET_BASE_URL: 'https://cdn.wallet.test/assets',
    // Tests pay due payouts themselves (app.payouts.releaseDue), at their clock's time.
    PAYOUT_RELEASE_INTERVAL_MS: '0',
    // Tests run reconciliation themselves (app.reconcile.run).
    RECONCILE_INTERVAL_MS: '0',
    // No overload refusals from a test machine's busy moments; tests/server/operations.test.ts turns it on.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...overrides,
  });
}

/** logQuery: called with every statement the app runs (tests that count queries). */
export async function openTestDatabase(options: { logQuery?: (query: string, params: unknown[]) => void } = {}): Promise<DatabaseHandle> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `${postgres.prefix}_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(postgres.url, name, postgres.template);
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 5, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS, logQuery: options.logQuery });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await dropDatabases(postgres.url, name);
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplatePath'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]), logQuery: options.logQuery });
}

/** The local Postgres server the concurrency suite uses when the run itself is on PGlite. */
export const LOCAL_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh Postgres database whatever the run's database: the run's template when DATABASE_URL is set, otherwise a
 * new database on the local server, migrated on open. For tests that need real concurrency (PGlite serialises).
 */
/**
 * A fresh database on the run's Postgres server. `poolSize` is the connections this handle may hold: 5 by default under
 * the suite's template (many files run at once), 10 otherwise. A file that races more requests than that at once asks
 * for more, or its own reads wait behind the workers' transactions until the connect timeout.
 */
export async function openPostgresTestDatabase(poolSize?: number): Promise<DatabaseHandle & { url: string }> {
  const postgres = inject('postgresTemplate');
  const server = postgres?.url ?? LOCAL_POSTGRES_URL;
  const name = postgres ? `${postgres.prefix}_${randomBytes(4).toString('hex')}` : `tw_races_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(server, name, postgres?.template);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: poolSize ?? (postgres ? 5 : 10), connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });
  return {
    ...handle,
    /** For another process (a CLI under test) to open the same database. */
    url,
    close: async () => {
      await handle.close();
      await dropDatabases(server, name);
    },
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    database?: () => Promise<DatabaseHandle>;
    logger?: boolean;
    /** Where the log lines go when `logger` is on. */
    logStream?: { write(line: string): void };
    /** The payments provider; the local one (whose charges the test can read) unless given. */
    payments?: PaymentsProvider;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await (options.database ?? openTestDatabase)();
  const mailer = options.mailer ?? createOutboxMailer();
  const clock: TestClock = {
    now: new Date(),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const local = createLocalPayments();
  const payments = options.payments ?? local;
  const app = await buildApp({ config, database, mailer, payments, now: () => clock.now, logger: options.logger ?? false, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    mailer,
    config,
    clock,
    charges: local.charges,
    async close() {
      await app.close();
      await mailer.close();
      await database.close();
    },
  };
}

/** The last six-digit code mailed to this address by the dev outbox. */
export function lastCode(mailer: Mailer, email: string): string {
  const message = [...(mailer.outbox ?? [])].reverse().find((entry) => entry.to === email);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export async function call(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  const response = await app.inject({
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  let json: any;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json, response };
}

/** Signs in through the API like a user: request code, read it from the outbox, verify. */
export async function signIn(test: TestApp, email: string) {
  const sent = await call(test.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email } });
  if (sent.status !== 200) throw new Error(`signIn failed: ${JSON.stringify(sent.json)}`);
  const verified = await call(test.app, {
    method: 'POST',
    url: '/v1/auth/verifyLoginRequest',
    payload: { email, otp: lastCode(test.mailer, email), session: sent.json.session },
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.json)}`);
  return verified.json as { accessToken: string; refreshToken: string };
}

export interface DemoApp extends TestApp {
  /** Access tokens of the three demo attendees, signed in through the API. */
  tokens: { alex: string; jordan: string; sam: string };
}

/** The app on a fresh database with the demo data written at the test clock's time, and its attendees signed in. */
export async function createDemoApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<DemoApp> {
  const test = await createTestApp(options);
  await seedDemoData(test.database.db, { now: test.clock.now });
  const tokens = {
    alex: (await signIn(test, 'alex@example.com')).accessToken,
    jordan: (await signIn(test, 'jordan@example.com')).accessToken,
    sam: (await signIn(test, 'sam@example.com')).accessToken,
  };
  return { ...test, tokens };
}

export interface StripeDemoApp extends DemoApp {
  /** The PaymentIntent and refund endpoints (tests/support/stripe-payments-stub.ts). */
  stripe: StripePaymentsStub;
  /** The Connect endpoints (tests/support/stripe-connect-stub.ts). */
  connect: StripeConnectStub;
  /** The one address of both stubs, as STRIPE_API_BASE for another process. */
  stripeApiBase: string;
}

/**
 * The demo app on a real Postgres database, paying through Stripe: PaymentIntents and Connect at local stubs of
 * Stripe's endpoints behind one address (tests/support/stripe-stubs.ts), signed webhooks with `webhookSecret`.
 * Alex, the demo seller, has a payout account Stripe reports verified (`acct_stub_1`). close() also stops the stubs.
 */
export async function createStripeDemoApp({
  webhookSecret,
  env = {},
  database = openPostgresTestDatabase,
}: {
  webhookSecret: string;
  env?: Record<string, string>;
  database?: () => Promise<DatabaseHandle>;
}): Promise<StripeDemoApp> {
  const stubs = await startStripeStubs();
  let demo: DemoApp;
  try {
    demo = await createDemoApp({
      database,
      env: { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_API_BASE: stubs.url, RATE_LIMIT_PER_MINUTE: '1000000', ...env },
      payments: createStripePayments('sk_test_stub', { publishableKey: 'pk_test_stub', apiBase: stubs.url, webhookSecret }),
    });
  } catch (error) {
    await stubs.close();
    throw error;
  }
  const connected = await call(demo.app, {
    method: 'POST',
    url: '/v1/resell/stripe/connect',
    token: demo.tokens.alex,
    payload: { accountType: 'custom', country: 'AU' },
  });
  if (connected.status !== 200) throw new Error(`connect failed: ${JSON.stringify(connected.json)}`);
  stubs.connect.setAccount('acct_stub_1', { details_submitted: true, payouts_enabled: true, requirements: { currently_due: [], past_due: [] } });
  return {
    ...demo,
    stripe: stubs.payments,
    connect: stubs.connect,
    stripeApiBase: stubs.url,
    async close() {
      await demo.close();
      await stubs.close();
    },
  };
}

/**
 * `token`'s first resellable ticket listed at its face price, one at a time: the listing's share code and its row (the
 * start of every resale purchase test).
 */
/** Makes the person a seller: a payout account with the local provider, connected and onboarded (verified). */
export async function verifyPayouts(app: FastifyInstance, token: string, legalName = 'Alex Rivera'): Promise<void> {
  const connected = await call(app, { method: 'POST', url: '/v1/resell/stripe/connect', token, payload: { accountType: 'custom', country: 'AU' } });
  if (connected.status !== 200) throw new Error(`connect answered ${connected.status}`);
  const onboarded = await call(app, {
    method: 'POST',
    url: '/v1/resell/stripe/local/onboard',
    token,
    payload: { clientSecret: connected.json.clientSecret, legalName, bankAccountLast4: '1234' },
  });
  if (onboarded.status !== 200) throw new Error(`onboard answered ${onboarded.status}`);
}

export async function listFirstResellable(test: DemoApp, token: string) {
  const available = await call(test.app, { method: 'GET', url: '/v1/resell/tickets/available', token });
  const [ticket] = available.json as Array<{ userTicketId: number; ticketPrice: number; currencyCode: string; currencySymbol: string }>;
  const listed = await call(test.app, {
    method: 'POST',
    url: '/v1/resell',
    token,
    payload: { userTicketId: ticket!.userTicketId, amountCount: 1, price: ticket!.ticketPrice, currencyCode: ticket!.currencyCode, currencySymbol: ticket!.currencySymbol },
  });
  if (listed.status !== 200) throw new Error(`listing failed: ${listed.status} ${JSON.stringify(listed.json)}`);
  const code = (listed.json.shareLinkUrl as string).split('/resale/')[1]!;
  const [row] = await test.database.db.select().from(listings).where(eq(listings.shareCode, code));
  return { code, row: row! };
}
