// `npm run reconcile` (src/server/reconcile-cli.ts) as an operator runs it: its own process, configured only by its
// environment, against a database where a payment drifted — Stripe took a buyer's money and neither the page nor the
// webhook reported it, so the listing is still on sale. The run settles it (the buyer gets the ticket, the seller's
// payout is recorded), logs the action with its request id and exits 0; a second run finds nothing to do. On a real
// Postgres database (another process must open it), with the Stripe stubs behind one address.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, paymentAttempts, payments, payouts, users } from '../../src/server/db/schema';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createStripeDemoApp, openPostgresTestDatabase, TEST_SECRET, type StripeDemoApp } from './helper';

let t: StripeDemoApp;
let databaseUrl: string;
const dataDir = mkdtempSync(join(tmpdir(), 'tw-reconcile-cli-'));

beforeAll(async () => {
  t = await createStripeDemoApp({
    webhookSecret: 'whsec_test_reconcile_cli',
    database: async () => {
      const handle = await openPostgresTestDatabase(4);
      databaseUrl = handle.url;
      return handle;
    },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One `npm run reconcile` (the script's command), with only the environment an operator would give it. */
function runReconcile(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/reconcile-cli.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_SECRET,
      DATABASE_URL: databaseUrl,
      STRIPE_SECRET_KEY: 'sk_test_stub',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stub',
      STRIPE_API_BASE: t.stripeApiBase,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** The log lines of a run that name an action, as JSON. */
const actionLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { requestId?: string; action?: { kind: string; ref: string } })
    .filter((line) => line.action);

describe('npm run reconcile', () => {
  it('settles a charge that settled nothing, logs it with its request id, exits 0; a second run does nothing', async () => {
    const { alex, sam } = t.tokens;
    const [ticket] = (await call(t.app, { method: 'GET', url: '/v1/resell/tickets/available', token: alex })).json as {
      userTicketId: number;
      ticketPrice: number;
      currencyCode: string;
      currencySymbol: string;
    }[];
    const listed = await call(t.app, {
      method: 'POST',
      url: '/v1/resell',
      token: alex,
      payload: { userTicketId: ticket!.userTicketId, amountCount: 1, price: ticket!.ticketPrice, currencyCode: ticket!.currencyCode, currencySymbol: ticket!.currencySymbol },
    });
    expect(listed.status).toBe(200);
    const code = (listed.json.shareLinkUrl as string).split('/resale/')[1]!;
    const made = await call(t.app, { method: 'POST', url: `/v1/resell/payment_intent/${code}`, token: sam, payload: { quantity: 1 } });
    expect(made.status).toBe(200);
    const intentId = made.json.paymentIntentId as string;
    // Stripe took the money; the page was closed and the webhook never came: the drift.
    t.stripe.succeed(intentId);
    const [before] = await t.database.db.select().from(listings).where(eq(listings.shareCode, code));
    expect(before!.status).toBe('on_sale');

    const run = await runReconcile();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [summary] = run.stdout.match(/Reconciled \((reconcile-[0-9a-f]+)\): \d+ action\(s\)\./) ?? [];
    expect(summary).toBeDefined();
    const requestId = /\((reconcile-[0-9a-f]+)\)/.exec(summary!)![1];
    const settled = actionLines(run.stdout).filter((line) => line.action!.kind === 'charge_settled' && line.action!.ref === intentId);
    expect(settled).toHaveLength(1);
    expect(settled[0]!.requestId).toBe(requestId);

    const [sam_] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'sam@example.com'));
    const [after] = await t.database.db.select().from(listings).where(eq(listings.shareCode, code));
    expect(after).toMatchObject({ status: 'sold', buyerUserId: sam_!.id });
    const [payment] = await t.database.db.select().from(payments).where(and(eq(payments.provider, 'stripe'), eq(payments.providerPaymentId, intentId)));
    expect(payment!.amountMinor).toBe(before!.priceMinor + before!.serviceFeeMinor);
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.listingId, before!.id));
    expect(payout).toMatchObject({ paymentId: payment!.id, amountMinor: before!.priceMinor, status: 'held' });
    const [attempt] = await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, intentId));
    expect(attempt!.status).toBe('settled');
    await assertMoneyAddsUp(t.database.db, t.connect);

    // Nothing left to put right: no action, still 0.
    const again = await runReconcile();
    expect(again.code).toBe(0);
    expect(actionLines(again.stdout).filter((line) => line.action!.ref === intentId)).toEqual([]);
    expect(await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intentId))).toHaveLength(1);
  }, 120_000);
});
