// The local payments provider keeps its charges in the database (its events in payment_events), so two instances on
// one database and a restarted one see the same charges: a charge made through instance A is refunded through
// instance B, a retried charge on B answers A's result without charging again, and a debit still processing when A
// stops is ended by the instance that starts after it. Always on a real Postgres server (two instances cannot share
// PGlite's one process); the money invariant holds after every test.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPayments, LOCAL_TEST_METHODS } from '../../src/server/adapters/payments';
import { openDatabase } from '../../src/server/db/client';
import { listings, paymentEvents, payments, payouts, userTickets } from '../../src/server/db/schema';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createDemoApp, createTestApp, type DemoApp, listFirstResellable, openPostgresTestDatabase, type TestApp, verifyPayouts, TEST_CONNECT_TIMEOUT_MS } from './helper';

const localA = createLocalPayments({ processingMs: null });
const localB = createLocalPayments({ processingMs: null });
let a: DemoApp;
let b: TestApp;
let url: string;
const instanceOn = (payments: typeof localA) =>
  createTestApp({ payments, env: { RATE_LIMIT_PER_MINUTE: '1000000' }, database: () => openDatabase({ kind: 'postgres', url, poolSize: 4, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS }) });

beforeAll(async () => {
  a = await createDemoApp({
    payments: localA,
    env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    database: async () => {
      const handle = await openPostgresTestDatabase();
      url = handle.url;
      return handle;
    },
  });
  b = await instanceOn(localB);
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
});

const buy = (code: string, paymentMethod: string) =>
  call(a.app, { method: 'POST', url: `/v1/resell/purchase/${code}`, token: a.tokens.sam, payload: { quantity: 1, paymentMethod } });
const listingOf = async (code: string) => (await a.database.db.select().from(listings).where(eq(listings.shareCode, code)))[0]!;
const paymentOfListing = async (code: string) => (await a.database.db.select().from(payments).where(eq(payments.id, (await listingOf(code)).paymentId!)))[0]!;

describe('the local provider on one database', () => {
  it('a charge made through instance A is refunded through instance B, and a retry on B is A’s charge, not a second one', async () => {
    const { code, row } = await listFirstResellable(a, a.tokens.alex);
    expect((await buy(code, LOCAL_TEST_METHODS.succeeds)).status).toBe(200);
    const payment = await paymentOfListing(code);
    const charged = localA.charges.find((charge) => charge.id === payment.providerPaymentId)!;
    await localA.idle();

    // B never charged it, yet knows it.
    expect(await localB.ledger.retrieve(payment.providerPaymentId)).toMatchObject({ status: 'succeeded', amountReceivedMinor: payment.amountMinor });
    const again = await localB.charge({ amountMinor: payment.amountMinor, currencyCode: payment.currencyCode, paymentMethod: LOCAL_TEST_METHODS.succeeds, description: 'retry', idempotencyKey: charged.idempotencyKey });
    expect(again).toMatchObject({ status: 'succeeded', providerPaymentId: payment.providerPaymentId });
    expect(localB.charges).toEqual([]);

    // Refunded through B, as staff would in the dashboard: B's event holds the seller's payout.
    expect((await b.app.inject({ method: 'POST', url: `/dev/payments/${payment.providerPaymentId}/refund` })).statusCode).toBe(200);
    await localB.idle();
    expect((await paymentOfListing(code)).refundedMinor).toBe(row.priceMinor + row.serviceFeeMinor);
    const [payout] = await a.database.db.select().from(payouts).where(eq(payouts.listingId, row.id));
    expect(payout).toMatchObject({ status: 'held', holdReason: 'refunded' });
    // A second refund of it, through either instance, is refused: it is refunded once.
    expect((await b.app.inject({ method: 'POST', url: `/dev/payments/${payment.providerPaymentId}/refund` })).statusCode).toBe(502);
  });

  it('a debit still processing when an instance stops is ended by the one that starts after it', async () => {
    const { code } = await listFirstResellable(a, a.tokens.alex);
    const first = await buy(code, LOCAL_TEST_METHODS.processingSucceeds);
    expect(first.json.code).toBe('api.payment.processing');
    const intentId = first.json.paymentIntentId as string;
    await localA.idle();
    // A "restarts": a new provider, which has only what the database holds.
    const restarted = createLocalPayments({ processingMs: null });
    const c = await instanceOn(restarted);
    try {
      expect((await restarted.ledger.retrieve(intentId)).status).toBe('processing');
      await restarted.settleProcessing();
      await restarted.idle();
      expect(await listingOf(code)).toMatchObject({ status: 'sold' });
      expect((await paymentOfListing(code)).providerPaymentId).toBe(intentId);
      const stored = await a.database.db.select({ type: paymentEvents.type }).from(paymentEvents).where(and(eq(paymentEvents.provider, 'local'), eq(paymentEvents.ref, intentId)));
      expect(stored.map((event) => event.type)).toEqual(['payment_intent.created', 'payment_intent.processing', 'payment_intent.succeeded']);
    } finally {
      await c.close();
    }
  });

  it('an instance that holds a charge sees a later change another instance made to it: a refund, a debit settled or failed', async () => {
    // Refunded through B after A read it: A refuses a second refund instead of acting on its stale copy.
    const { code, row } = await listFirstResellable(a, a.tokens.alex);
    // Two more tickets for alex to list below.
    const [held] = await a.database.db.select().from(userTickets).where(eq(userTickets.id, row.userTicketId));
    await a.database.db.insert(userTickets).values(Array.from({ length: 2 }, () => ({ ...held!, id: undefined, status: 'valid' as const, createdAt: a.clock.now })));
    expect((await buy(code, LOCAL_TEST_METHODS.succeeds)).status).toBe(200);
    const paid = (await paymentOfListing(code)).providerPaymentId;
    await localA.idle();
    expect(await localB.ledger.retrieve(paid)).toMatchObject({ status: 'succeeded' });
    expect((await b.app.inject({ method: 'POST', url: `/dev/payments/${paid}/refund` })).statusCode).toBe(200);
    await localB.idle();
    expect((await a.app.inject({ method: 'POST', url: `/dev/payments/${paid}/refund` })).statusCode).toBe(502);
    await localA.idle();
    const refunds = await a.database.db.select().from(paymentEvents).where(and(eq(paymentEvents.ref, paid), eq(paymentEvents.type, 'charge.refunded')));
    expect(refunds).toHaveLength(1);
    expect((await paymentOfListing(code)).refundedMinor).toBe(row.priceMinor + row.serviceFeeMinor);

    // Two debits both instances hold (A charged them, B read them): B ends them; A, when their time comes, ends neither again.
    for (const method of [LOCAL_TEST_METHODS.processingSucceeds, LOCAL_TEST_METHODS.processingFails]) {
      const listed = await listFirstResellable(a, a.tokens.alex);
      const intentId = (await buy(listed.code, method)).json.paymentIntentId as string;
      await localA.idle();
      expect((await localB.ledger.retrieve(intentId)).status).toBe('processing');
      await localB.settleProcessing();
      const ended = method === LOCAL_TEST_METHODS.processingSucceeds ? 'succeeded' : 'requires_payment_method';
      expect((await localA.ledger.retrieve(intentId)).status).toBe(ended);
      const mailsBefore = (a.mailer.outbox ?? []).length;
      await localA.settleProcessing();
      const types = (await a.database.db.select({ type: paymentEvents.type }).from(paymentEvents).where(and(eq(paymentEvents.provider, 'local'), eq(paymentEvents.ref, intentId)))).map(
        (event) => event.type,
      );
      expect(types).toEqual(['payment_intent.created', 'payment_intent.processing', method === LOCAL_TEST_METHODS.processingSucceeds ? 'payment_intent.succeeded' : 'payment_intent.payment_failed']);
      expect((a.mailer.outbox ?? []).length).toBe(mailsBefore);
      expect((await listingOf(listed.code)).status).toBe(method === LOCAL_TEST_METHODS.processingSucceeds ? 'sold' : 'on_sale');
    }
  });
});
