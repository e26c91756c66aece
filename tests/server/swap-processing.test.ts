// A swap's upgrade paid with the local provider's delayed method (Stripe's BECS test accounts), as the share page's
// purchase already could: the checkout is answered processing with the payment to ask about, the swap keeps its
// tickets past its 30 minutes while the debit is on its way (at most PROCESSING_HOLD_MS), and the provider's event
// settles it — confirmed with its receipt, or released with an e-mail saying the payment failed. The money invariant
// holds after every test.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPayments, LOCAL_TEST_METHODS } from '../../src/server/adapters/payments';
import { events, paymentAttempts, payments, swapPairs, swaps, ticketTypes, userTickets } from '../../src/server/db/schema';
import { PROCESSING_HOLD_MS } from '../../src/server/modules/swap/service';
import { translate } from '../../src/server/i18n';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createDemoApp, type DemoApp, signIn } from './helper';

const local = createLocalPayments({ processingMs: null });
let t: DemoApp;
let alex: string;
beforeAll(async () => {
  t = await createDemoApp({ payments: local, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  ({ alex } = t.tokens);
}, 120_000);
afterEach(async () => {
  await local.idle();
  await assertMoneyAddsUp(t.database.db);
});
afterAll(() => t?.close());

type Base = { id: number; name: string; quantity: number };
type Target = { id: number; name: string };
const post = (url: string, payload?: object) => call(t.app, { method: 'POST', url: `/v1${url}`, token: alex, ...(payload ? { payload } : {}) });
const get = (url: string) => call(t.app, { method: 'GET', url: `/v1${url}`, token: alex });
const heldOf = async (name: string) => ((await get('/ticket_swap/tickets')).json as Base[]).find((base) => base.name === name)?.quantity ?? 0;
const swapOf = async (order: string) => (await t.database.db.select().from(swaps).where(eq(swaps.orderIdentifier, order)))[0]!;
const attemptOf = async (intentId: string) => (await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, intentId)))[0];
const mailsTo = (email: string) => (t.mailer.outbox ?? []).filter((message) => message.to === email);

async function startUpgrade() {
  const ga = ((await get('/ticket_swap/tickets')).json as Base[]).find((base) => base.name === 'General Admission')!;
  const vip = ((await get(`/ticket_swap/tickets/${ga.id}`)).json as Target[]).find((target) => target.name === 'VIP')!;
  const started = await post('/ticket_swap/start_swap', { baseTicketId: ga.id, swapPairId: vip.id, swapQuantity: 1 });
  expect(started.status).toBe(200);
  return started.json.orderIdentifier as string;
}

/** The clock moves past the access token's life too: a fresh one. */
async function advance(ms: number) {
  t.clock.advance(ms);
  alex = (await signIn(t, 'alex@example.com')).accessToken;
}

/** Pays with a BECS test account: processing, with the payment's id to ask about. */
async function payByDebit(order: string, method: string) {
  const answer = await post(`/ticket_swap/pay/${order}`, { paymentMethod: method });
  expect(answer.status).toBe(409);
  expect(answer.json).toMatchObject({ code: 'api.payment.processing', paymentIntentId: expect.stringMatching(/^pi_local_/) });
  return answer.json.paymentIntentId as string;
}

describe('an upgrade paid by a processing bank debit', () => {
  it('keeps its tickets past the 30 minutes, takes no second payment meanwhile, and is confirmed with its receipt once the debit succeeds', async () => {
    const gaBefore = await heldOf('General Admission');
    const order = await startUpgrade();
    const swapBefore = await swapOf(order);
    expect((await get(`/ticket_swap/order/${order}`)).json.processingPaymentIntentId).toBeNull();
    const intentId = await payByDebit(order, LOCAL_TEST_METHODS.processingSucceeds);
    await local.idle();
    // A reloaded checkout reads the payment on its way with the order, and shows processing instead of the form.
    expect((await get(`/ticket_swap/order/${order}`)).json).toMatchObject({ status: 'started', processingPaymentIntentId: intentId });
    const held = await swapOf(order);
    expect(held).toMatchObject({ status: 'started', paymentIntentId: intentId, paymentId: null });
    expect(held.expiresAt.getTime()).toBeGreaterThanOrEqual(t.clock.now.getTime() + PROCESSING_HOLD_MS);
    expect(await attemptOf(intentId)).toMatchObject({ provider: 'local', purpose: 'swap', status: 'open', amountMinor: swapBefore.amountDueMinor });
    // Asked again: still processing. Another method now would pay twice: it is told to wait for the debit.
    expect((await post(`/ticket_swap/pay/${order}`, { paymentIntentId: intentId })).json.code).toBe('api.payment.processing');
    expect((await post(`/ticket_swap/pay/${order}`, { paymentMethod: LOCAL_TEST_METHODS.succeeds })).json.code).toBe('api.payment.processing');
    expect(t.charges.filter((charge) => charge.idempotencyKey.startsWith(`swap:${order}:`))).toEqual([]);
    // Its 30 minutes pass: neither reconciliation nor the order's own view lets it lapse.
    await advance(31 * 60 * 1000);
    await t.app.reconcile.run();
    expect((await get(`/ticket_swap/order/${order}`)).json).toMatchObject({ status: 'started', processingPaymentIntentId: intentId });
    expect(await heldOf('General Admission')).toBe(gaBefore - 1);

    await local.settleProcessing();
    const confirmed = await swapOf(order);
    expect(confirmed.status).toBe('confirmed');
    const [payment] = await t.database.db.select().from(payments).where(and(eq(payments.provider, 'local'), eq(payments.providerPaymentId, intentId)));
    expect(payment).toMatchObject({ purpose: 'swap', amountMinor: swapBefore.amountDueMinor, userId: swapBefore.userId });
    expect(confirmed.paymentId).toBe(payment!.id);
    expect((await attemptOf(intentId))!.status).toBe('settled');
    expect(mailsTo('alex@example.com').at(-1)!.subject).toBe(translate('en', 'mail.swap_upgraded.subject', { count: '1', to: 'VIP' }));
    // The page asking again learns it is done; a reload reads it confirmed, with nothing processing.
    expect((await post(`/ticket_swap/pay/${order}`, { paymentIntentId: intentId })).json).toEqual({ ok: true });
    expect((await get(`/ticket_swap/order/${order}`)).json).toMatchObject({ status: 'confirmed', processingPaymentIntentId: null });
  });

  it('a debit that fails releases the swap, gives the tickets back, and e-mails the person once, in their language, with the way back', async () => {
    const gaBefore = await heldOf('General Admission');
    const order = await startUpgrade();
    const intentId = await payByDebit(order, LOCAL_TEST_METHODS.processingFails);
    expect(await heldOf('General Admission')).toBe(gaBefore - 1);
    const mailsBefore = mailsTo('alex@example.com').length;
    await local.settleProcessing();
    expect(await swapOf(order)).toMatchObject({ status: 'cancelled', paymentId: null });
    expect(await heldOf('General Admission')).toBe(gaBefore);
    expect((await attemptOf(intentId))!.status).toBe('cancelled');
    const mails = mailsTo('alex@example.com').slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(translate('en', 'mail.swap_payment_failed.subject', { to: 'VIP' }));
    expect(mails[0]!.text).toContain(order);
    expect(mails[0]!.text).toContain('http://wallet.test/en/?PANEL_TAB=MY_TICKET');
    // The page asking again is told it was declined; the order reads as cancelled.
    expect((await post(`/ticket_swap/pay/${order}`, { paymentIntentId: intentId })).json.code).toBe('api.payment.declined');
    expect((await get(`/ticket_swap/order/${order}`)).json).toMatchObject({ status: 'cancelled', processingPaymentIntentId: null });
  });

  it('past its longest hold the swap expires; a debit that succeeds after that is refunded, and no tickets change', async () => {
    const gaBefore = await heldOf('General Admission');
    const order = await startUpgrade();
    const intentId = await payByDebit(order, LOCAL_TEST_METHODS.processingSucceeds);
    await advance(PROCESSING_HOLD_MS + 60_000);
    const run = await t.app.reconcile.run();
    expect(run!.actions).toContainEqual(expect.objectContaining({ ref: order }));
    expect((await swapOf(order)).status).toBe('expired');
    expect(await heldOf('General Admission')).toBe(gaBefore);
    await local.settleProcessing();
    expect((await swapOf(order)).status).toBe('expired');
    expect((await attemptOf(intentId))!.status).toBe('refunded');
    expect(await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intentId))).toEqual([]);
  });

  // Last in the file: it moves the event's start close.
  it('the hold never outlives the event: it ends at the event’s start, where the swap expires as at the 3-day end', async () => {
    const order = await startUpgrade();
    const swap = await swapOf(order);
    const [{ eventId }] = (await t.database.db
      .select({ eventId: ticketTypes.eventId })
      .from(swapPairs)
      .innerJoin(ticketTypes, eq(ticketTypes.id, swapPairs.baseTicketTypeId))
      .where(eq(swapPairs.id, swap.swapPairId))) as [{ eventId: number }];
    const startsAt = new Date(t.clock.now.getTime() + 2 * 60 * 60 * 1000);
    await t.database.db.update(events).set({ startsAt }).where(eq(events.id, eventId));
    const intentId = await payByDebit(order, LOCAL_TEST_METHODS.processingSucceeds);
    await local.idle();
    // Held for it, until the event starts and not three days.
    expect((await swapOf(order)).expiresAt.getTime()).toBe(startsAt.getTime());
    const reserved = await t.database.db.select().from(userTickets).where(eq(userTickets.reservedBySwapId, swap.id));
    expect(reserved.map((ticket) => [ticket.status, ticket.reservedUntil?.getTime()])).toEqual([['reserved', startsAt.getTime()]]);
    expect((await attemptOf(intentId))!.holdUntil.getTime()).toBe(startsAt.getTime());
    // Just before the start it still holds; at the start it expires, the ticket is released, and a later success is refunded.
    await advance(2 * 60 * 60 * 1000 - 60_000);
    await t.app.reconcile.run();
    expect((await swapOf(order)).status).toBe('started');
    await advance(61_000);
    const run = await t.app.reconcile.run();
    expect(run!.actions).toContainEqual(expect.objectContaining({ ref: order }));
    expect((await swapOf(order)).status).toBe('expired');
    const released = await t.database.db.select().from(userTickets).where(eq(userTickets.id, reserved[0]!.id));
    expect(released[0]!.status).not.toBe('reserved');
    await local.settleProcessing();
    expect((await swapOf(order)).status).toBe('expired');
    expect((await attemptOf(intentId))!.status).toBe('refunded');
    expect(await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intentId))).toEqual([]);
  });
});
