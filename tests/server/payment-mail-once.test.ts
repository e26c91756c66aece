// Each e-mail of a processing payment's outcome goes out once, however many callers reach that outcome at the same
// moment: a failed bank debit (the swap's "did not go through", the resale buyer's "did not go through") and a debit
// that succeeded (the swap's receipt, the resale's bought and sold mails), and one that succeeded too late, when what it
// paid for was gone (the swap's and the resale buyer's "is being refunded", in their language). Two app instances on one database, each
// with its own local provider and pool, handle the same stored events at once — as when Stripe redelivers an event
// while its first delivery is still being handled on another instance, or the processing and failed events arrive on
// two instances together. On Postgres the overlap is made certain: a third connection holds the lock both callers
// need (the swap or listing row they settle, or — a resale failure changes no row — the e-mail's claim key) until both
// are seen waiting for it in pg_stat_activity, then lets go. On PGlite (one process's database, which serialises) the two callers are one instance called twice at
// once. The providers here have no listener, so no event is handled but by the test; the money invariant holds after
// every test.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLocalPayments, LOCAL_TEST_METHODS, type LocalPayments, type PaymentEvent } from '../../src/server/adapters/payments';
import { type Database, type DatabaseHandle, openDatabase, type Transaction } from '../../src/server/db/client';
import { listings, mailClaims, paymentAttempts, paymentEvents, swaps, users } from '../../src/server/db/schema';
import { paymentFailedMailKey, paymentRefundedMailKey } from '../../src/server/modules/flow-mail';
import { translate } from '../../src/server/i18n';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { createDatabase, dropDatabases } from '../support/postgres';
import { call, createDemoApp, createTestApp, type DemoApp, listFirstResellable, openTestDatabase, type TestApp, verifyPayouts, TEST_CONNECT_TIMEOUT_MS } from './helper';

const postgres = inject('postgresTemplate');
const onPostgres = postgres !== null;

/** A local provider whose events nobody listens to: the test hands them to the instances itself. */
function unheard(): Omit<LocalPayments, 'listen'> {
  const { listen: _unheard, ...provider } = createLocalPayments({ processingMs: null });
  return provider;
}
const localA = unheard();
const localB = unheard();
let a: DemoApp;
let b: TestApp | null = null;
let drop: () => Promise<void> = async () => undefined;
/** The second caller: the other instance on Postgres, the same one on PGlite. */
const second = () => b ?? a;

beforeAll(async () => {
  let shared: () => Promise<DatabaseHandle>;
  if (postgres) {
    const name = `${postgres.prefix}_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(postgres.url, name, postgres.template);
    shared = () => openDatabase({ kind: 'postgres', url, poolSize: 5, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });
    drop = () => dropDatabases(postgres.url, name);
  } else {
    shared = openTestDatabase;
  }
  a = await createDemoApp({ payments: localA, env: { RATE_LIMIT_PER_MINUTE: '1000000' }, database: shared });
  // One outbox for both instances: every mail either sends is counted.
  if (onPostgres) b = await createTestApp({ payments: localB, mailer: a.mailer, env: { RATE_LIMIT_PER_MINUTE: '1000000' }, database: shared });
  await verifyPayouts(a.app, a.tokens.alex);
}, 120_000);
afterEach(async () => {
  await localA.idle();
  await localB.idle();
  await assertMoneyAddsUp(a.database.db);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await drop();
});

const mailsTo = (email: string, subject: string) => (a.mailer.outbox ?? []).filter((message) => message.to === email && message.subject === subject);

/** The intent's stored events (written by the provider's ledger, none handled yet), by type. */
async function storedEvents(intentId: string): Promise<Map<string, PaymentEvent>> {
  const rows = await a.database.db
    .select({ type: paymentEvents.type, body: paymentEvents.body, processedAt: paymentEvents.processedAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, 'local'), eq(paymentEvents.ref, intentId)));
  return new Map(rows.filter((row) => row.processedAt === null).map((row) => [row.type, row.body as PaymentEvent]));
}

/** How the payment attempt of `intentId` ended (or 'open'). */
async function attemptStatus(intentId: string): Promise<string | undefined> {
  const [row] = await a.database.db.select({ status: paymentAttempts.status }).from(paymentAttempts).where(eq(paymentAttempts.intentId, intentId));
  return row?.status;
}

/**
 * Runs `both` (the two callers) while a third connection holds what `hold` takes, until both callers wait for it (on
 * Postgres; on PGlite it just runs them). Answers what `both` answers.
 */
async function overlapping<T>(hold: (tx: Transaction) => Promise<unknown>, both: () => Promise<T>): Promise<T> {
  if (!onPostgres) return both();
  const db: Database = a.database.db;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const holder = db
    .transaction(async (tx) => {
      await hold(tx);
      held();
      await released;
      tx.rollback();
    })
    .catch(() => undefined);
  await holding;
  const running = both();
  // Both callers are inside, each waiting for the held lock: they overlap for certain.
  for (;;) {
    const waiting = (await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
      rows: { n: number }[];
    };
    const row = waiting.rows[0];
    if (row!.n >= 2) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  release();
  await holder;
  return running;
}

async function startUpgrade(token: string) {
  const ga = ((await call(a.app, { method: 'GET', url: '/v1/ticket_swap/tickets', token })).json as { id: number; name: string }[]).find(
    (base) => base.name === 'General Admission',
  )!;
  const vip = ((await call(a.app, { method: 'GET', url: `/v1/ticket_swap/tickets/${ga.id}`, token })).json as { id: number; name: string }[]).find(
    (target) => target.name === 'VIP',
  )!;
  const started = await call(a.app, { method: 'POST', url: '/v1/ticket_swap/start_swap', token, payload: { baseTicketId: ga.id, swapPairId: vip.id, swapQuantity: 1 } });
  expect(started.status).toBe(200);
  return started.json.orderIdentifier as string;
}

/** Pays with a BECS test account through instance A, and lets the debit end (unheard): the intent's id. */
async function debit(url: string, token: string, payload: object) {
  const answer = await call(a.app, { method: 'POST', url, token, payload });
  expect(answer.json).toMatchObject({ code: 'api.payment.processing' });
  const intentId = answer.json.paymentIntentId as string;
  await localA.settleProcessing();
  return intentId;
}

describe('a processing payment’s outcome, handled by two callers at once, is e-mailed once', () => {
  it('a failed swap debit: the same event on both instances releases the swap once and sends one "did not go through"', async () => {
    const order = await startUpgrade(a.tokens.alex);
    const intentId = await debit(`/v1/ticket_swap/pay/${order}`, a.tokens.alex, { paymentMethod: LOCAL_TEST_METHODS.processingFails });
    const failed = (await storedEvents(intentId)).get('payment_intent.payment_failed')!;
    expect(failed).toBeDefined();
    const subject = translate('en', 'mail.swap_payment_failed.subject', { to: 'VIP' });
    const before = mailsTo('alex@example.com', subject).length;

    const key = paymentFailedMailKey('local', await localA.ledger.retrieve(intentId));
    const outcomes = await overlapping(
      (tx) => tx.select().from(swaps).where(eq(swaps.orderIdentifier, order)).for('update'),
      () => Promise.all([a.app.paymentEvents.receive('local', failed), second().app.paymentEvents.receive('local', failed)]),
    );
    // On Postgres both were past the "already handled" check when they met: both handled it, and one told it.
    if (onPostgres) expect(outcomes).toEqual(['handled', 'handled']);
    expect(mailsTo('alex@example.com', subject).length - before).toBe(1);
    expect((await a.database.db.select().from(swaps).where(eq(swaps.orderIdentifier, order)))[0]).toMatchObject({ status: 'cancelled' });
    expect(await a.database.db.select().from(mailClaims).where(eq(mailClaims.key, key))).toHaveLength(1);
  });

  it('a swap debit that succeeded after the swap was cancelled: both instances refund it, and one "is being refunded" goes out', async () => {
    const order = await startUpgrade(a.tokens.alex);
    const intentId = await debit(`/v1/ticket_swap/pay/${order}`, a.tokens.alex, { paymentMethod: LOCAL_TEST_METHODS.processingSucceeds });
    const succeeded = (await storedEvents(intentId)).get('payment_intent.succeeded')!;
    // The person gave up waiting: the swap ends before its debit's success is handled.
    expect((await call(a.app, { method: 'POST', url: `/v1/ticket_swap/cancel/${order}`, token: a.tokens.alex })).status).toBe(200);
    const subject = translate('en', 'mail.swap_payment_refunded.subject', { to: 'VIP' });
    const before = mailsTo('alex@example.com', subject).length;

    await overlapping(
      (tx) => tx.select().from(swaps).where(eq(swaps.orderIdentifier, order)).for('update'),
      () => Promise.all([a.app.paymentEvents.receive('local', succeeded), second().app.paymentEvents.receive('local', succeeded)]),
    );
    const sent = mailsTo('alex@example.com', subject).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(order);
    expect((await a.database.db.select().from(swaps).where(eq(swaps.orderIdentifier, order)))[0]).toMatchObject({ status: 'cancelled', paymentId: null });
    expect(await attemptStatus(intentId)).toBe('refunded');
    expect(await a.database.db.select().from(mailClaims).where(eq(mailClaims.key, paymentRefundedMailKey('local', { id: intentId })))).toHaveLength(1);
    // Handled again later (a redelivery): nothing more.
    await second().app.paymentEvents.receive('local', { ...succeeded, id: `${succeeded.id}_again` });
    expect(mailsTo('alex@example.com', subject).length - before).toBe(1);
  });

  it('a failed resale debit: its processing and failed events, on two instances at once, send the buyer one "did not go through"', async () => {
    const { code } = await listFirstResellable(a, a.tokens.alex);
    const intentId = await debit(`/v1/resell/purchase/${code}`, a.tokens.sam, { quantity: 1, paymentMethod: LOCAL_TEST_METHODS.processingFails });
    const stored = await storedEvents(intentId);
    const processing = stored.get('payment_intent.processing')!;
    const failed = stored.get('payment_intent.payment_failed')!;
    expect([processing?.type, failed?.type]).toEqual(['payment_intent.processing', 'payment_intent.payment_failed']);
    const sent = () => (a.mailer.outbox ?? []).filter((message) => message.to === 'sam@example.com' && message.text.includes(`/resale/${code}`)).length;
    const before = sent();

    const key = paymentFailedMailKey('local', await localA.ledger.retrieve(intentId));
    await overlapping(
      (tx) => tx.insert(mailClaims).values({ key, claimedAt: new Date() }),
      () => Promise.all([a.app.paymentEvents.receive('local', processing), second().app.paymentEvents.receive('local', failed)]),
    );
    expect(sent() - before).toBe(1);
    expect((await a.database.db.select().from(listings).where(eq(listings.shareCode, code)))[0]).toMatchObject({ status: 'on_sale' });
    // Handled again later (a redelivery of either): nothing more.
    await second().app.paymentEvents.receive('local', { ...failed, id: `${failed.id}_again` });
    expect(sent() - before).toBe(1);
  });

  it('a swap debit that succeeded: the same event on both instances confirms it once, with one receipt', async () => {
    const order = await startUpgrade(a.tokens.alex);
    const intentId = await debit(`/v1/ticket_swap/pay/${order}`, a.tokens.alex, { paymentMethod: LOCAL_TEST_METHODS.processingSucceeds });
    const succeeded = (await storedEvents(intentId)).get('payment_intent.succeeded')!;
    const subject = translate('en', 'mail.swap_upgraded.subject', { count: '1', to: 'VIP' });
    const before = mailsTo('alex@example.com', subject).length;

    await overlapping(
      (tx) => tx.select().from(swaps).where(eq(swaps.orderIdentifier, order)).for('update'),
      () => Promise.all([a.app.paymentEvents.receive('local', succeeded), second().app.paymentEvents.receive('local', succeeded)]),
    );
    expect(mailsTo('alex@example.com', subject).length - before).toBe(1);
    expect((await a.database.db.select().from(swaps).where(eq(swaps.orderIdentifier, order)))[0]).toMatchObject({ status: 'confirmed' });
  });

  it('a resale debit that succeeded: the same event on both instances sells it once, with one bought and one sold mail', async () => {
    const { code, row } = await listFirstResellable(a, a.tokens.alex);
    const intentId = await debit(`/v1/resell/purchase/${code}`, a.tokens.sam, { quantity: 1, paymentMethod: LOCAL_TEST_METHODS.processingSucceeds });
    const succeeded = (await storedEvents(intentId)).get('payment_intent.succeeded')!;
    const before = { all: (a.mailer.outbox ?? []).length };

    await overlapping(
      (tx) => tx.select().from(listings).where(eq(listings.id, row.id)).for('update'),
      () => Promise.all([a.app.paymentEvents.receive('local', succeeded), second().app.paymentEvents.receive('local', succeeded)]),
    );
    // Two mails in all: the buyer's and the seller's.
    expect((a.mailer.outbox ?? []).length - before.all).toBe(2);
    expect(new Set((a.mailer.outbox ?? []).slice(before.all).map((message) => message.to))).toEqual(new Set(['sam@example.com', 'alex@example.com']));
    expect((await a.database.db.select().from(listings).where(eq(listings.id, row.id)))[0]).toMatchObject({ status: 'sold' });
  });

  it('a resale debit that succeeded after the seller unlisted: both instances refund it, and the buyer gets one "is being refunded" in Spanish', async () => {
    const { code, row } = await listFirstResellable(a, a.tokens.alex);
    const intentId = await debit(`/v1/resell/purchase/${code}`, a.tokens.sam, { quantity: 1, paymentMethod: LOCAL_TEST_METHODS.processingSucceeds });
    const succeeded = (await storedEvents(intentId)).get('payment_intent.succeeded')!;
    expect((await call(a.app, { method: 'POST', url: '/v1/resell/unlist', token: a.tokens.alex, payload: { userTicketId: row.userTicketId } })).status).toBe(200);
    await a.database.db.update(users).set({ locale: 'es' }).where(eq(users.email, 'sam@example.com'));
    try {
      const refunds = () => (a.mailer.outbox ?? []).filter((message) => message.to === 'sam@example.com' && message.text.includes(`/resale/${code}`));
      const before = refunds().length;

      await overlapping(
        (tx) => tx.select().from(listings).where(eq(listings.id, row.id)).for('update'),
        () => Promise.all([a.app.paymentEvents.receive('local', succeeded), second().app.paymentEvents.receive('local', succeeded)]),
      );
      const sent = refunds().slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe(translate('es', 'mail.resale_payment_refunded.subject', { count: '1', ticket: 'Night Market Entry' }));
      expect(sent[0]!.text).toContain('lang=es');
      expect((await a.database.db.select().from(listings).where(eq(listings.id, row.id)))[0]).toMatchObject({ status: 'unlisted', paymentId: null });
      expect(await attemptStatus(intentId)).toBe('refunded');
      expect(await a.database.db.select().from(mailClaims).where(eq(mailClaims.key, paymentRefundedMailKey('local', { id: intentId })))).toHaveLength(1);
    } finally {
      await a.database.db.update(users).set({ locale: 'en' }).where(eq(users.email, 'sam@example.com'));
    }
  });
});
