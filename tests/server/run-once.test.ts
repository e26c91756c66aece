// Work that must be done once although every instance runs the timer for it: the payout release. Two instances on one
// Postgres database, their own pools and their own timers firing every few milliseconds, race for the same due
// payouts; each payout must reach Stripe (here its local stub) exactly once. And the migrations, which every instance
// applies when it opens the database. Always on Postgres: PGlite serialises.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createOutboxMailer } from '../../src/server/adapters/mail';
import { migrationsFolder, openDatabase } from '../../src/server/db/client';
import { listings, payoutAccounts, payouts, userTickets, users } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed';
import { createDatabase, dropDatabases } from '../support/postgres';
import { startStripeConnectStub, type StripeConnectStub } from '../support/stripe-connect-stub';
import { createTestApp, LOCAL_POSTGRES_URL, type TestApp, TEST_CONNECT_TIMEOUT_MS } from './helper';

const template = inject('postgresTemplate');
const serverUrl = template?.url ?? LOCAL_POSTGRES_URL;
const name = `${template?.prefix ?? 'tw_run_once'}_${process.pid}_${randomBytes(4).toString('hex')}`;
let url: string;
let connect: StripeConnectStub;
const instances: TestApp[] = [];
let payoutIds: number[] = [];

beforeAll(async () => {
  url = await createDatabase(serverUrl, name, template?.template);
  connect = await startStripeConnectStub();
  // Due payouts of alex's sold listings, to a Connect account the stub knows.
  const setup = await openDatabase({ kind: 'postgres', url, poolSize: 2, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });
  try {
    const past = new Date(Date.now() - 60_000);
    await seedDemoData(setup.db, { now: past });
    const [alex] = await setup.db.select().from(users).where(eq(users.email, 'alex@example.com'));
    connect.setAccount('acct_run_once', { details_submitted: true, payouts_enabled: true });
    await setup.db.insert(payoutAccounts).values({ userId: alex!.id, provider: 'stripe', providerAccountId: 'acct_run_once', country: 'US', detailsSubmitted: true, payoutsEnabled: true });
    const tickets = await setup.db.select().from(userTickets).where(eq(userTickets.ownerUserId, alex!.id));
    const sold = await setup.db
      .insert(listings)
      .values(
        tickets.map((ticket, index) => ({
          userTicketId: ticket.id,
          sellerUserId: alex!.id,
          shareCode: `run-once-${index}`,
          priceMinor: 1000 + index,
          serviceFeeMinor: 100,
          currencyCode: 'USD',
          currencySymbol: '$',
          status: 'sold' as const,
        })),
      )
      .returning({ id: listings.id, priceMinor: listings.priceMinor });
    const due = await setup.db
      .insert(payouts)
      .values(sold.map((listing) => ({ listingId: listing.id, sellerUserId: alex!.id, amountMinor: listing.priceMinor, currencyCode: 'USD', releaseAfter: past })))
      .returning({ id: payouts.id });
    payoutIds = due.map((payout) => payout.id);
  } finally {
    await setup.close();
  }
  const env = { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_API_BASE: connect.url, PAYOUT_RELEASE_INTERVAL_MS: '5' };
  for (let index = 0; index < 2; index += 1) {
    instances.push(await createTestApp({ env, mailer: createOutboxMailer(), database: () => openDatabase({ kind: 'postgres', url, poolSize: 4, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS }) }));
  }
});

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await connect?.close();
  await dropDatabases(serverUrl, name);
});

it('two instances whose payout timers race pay each due payout once', async () => {
  expect(payoutIds.length).toBeGreaterThan(1);
  const { db } = instances[0]!.database;
  for (let tries = 0; tries < 200; tries += 1) {
    const held = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.status, 'held'));
    if (held.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // A few more rounds of both timers over payouts that are already paid.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const rows = await db.select().from(payouts);
  expect(rows.every((row) => row.status === 'paid' && row.provider === 'stripe')).toBe(true);
  const transfers = connect.requests.filter((request) => request.method === 'POST' && request.path === '/v1/transfers');
  expect(transfers.map((request) => request.idempotencyKey).sort()).toEqual(payoutIds.map((id) => `payout:${id}`).sort());
});

it('instances opening one empty database at once apply each migration once', async () => {
  const empty = `${name}_empty`;
  const emptyUrl = await createDatabase(serverUrl, empty);
  try {
    const handles = await Promise.all([0, 1, 2].map(() => openDatabase({ kind: 'postgres', url: emptyUrl, poolSize: 2, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS })));
    const rows = await handles[0]!.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect((rows as unknown as { rows: { applied: number }[] }).rows[0]!.applied).toBe(journal.entries.length);
    for (const handle of handles) await handle.close();
  } finally {
    await dropDatabases(serverUrl, empty);
  }
});
