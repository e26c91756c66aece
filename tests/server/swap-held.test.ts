// A swap left behind (the tab closed on the confirmation): its holder learns of it from the ticket and from the swap
// screen's list of swaps in progress (order, held until when), nobody else does; Cancel releases its tickets at once,
// answers the same when sent again or twice at once, refuses someone else's order, and of a cancel and the checkout's
// confirmation (a payment, or a downgrade's confirm) sent together exactly one wins, with nothing half written.
// Runs on PGlite and, with DATABASE_URL, on Postgres, where the requests really overlap.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, swaps, userTickets } from '../../src/server/db/schema';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let alex: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, sam } = t.tokens);
});
afterAll(() => t.close());

type Base = { id: number; name: string; quantity: number; userTicketIds: number[] };
type Target = { id: number; name: string };

const post = (app: DemoApp, url: string, token: string, payload?: object) => call(app.app, { method: 'POST', url, token, ...(payload ? { payload } : {}) });
const get = (app: DemoApp, url: string, token: string) => call(app.app, { method: 'GET', url, token });
const bases = async (app: DemoApp, token = alex) => (await get(app, '/v1/ticket_swap/tickets', token)).json as Base[];
const detail = (app: DemoApp, userTicketId: number, token = alex) => get(app, `/v1/list/ticket_listing/${userTicketId}`, token);
const held = (app: DemoApp, token = alex) => get(app, '/v1/ticket_swap/held', token);
const cancel = (app: DemoApp, id: string, token = alex) => post(app, `/v1/ticket_swap/cancel/${encodeURIComponent(id)}`, token);

/** Starts a swap of one `from` ticket for `to`; answers its order and the ticket it holds. */
async function startSwap(app: DemoApp, from: string, to: string, token = alex) {
  const base = (await bases(app, token)).find((option) => option.name === from)!;
  const target = ((await get(app, `/v1/ticket_swap/tickets/${base.id}`, token)).json as Target[]).find((option) => option.name === to)!;
  const started = await post(app, '/v1/ticket_swap/start_swap', token, { baseTicketId: base.id, swapPairId: target.id, swapQuantity: 1 });
  expect(started.status).toBe(200);
  const id = started.json.orderIdentifier as string;
  const [swap] = await app.database.db.select().from(swaps).where(eq(swaps.orderIdentifier, id));
  const [ticket] = await app.database.db.select().from(userTickets).where(eq(userTickets.reservedBySwapId, swap!.id));
  return { id, ticketId: ticket!.id, swap: swap! };
}

describe('a swap in progress, as its holder sees it', () => {
  it('the held ticket names its swap and until when; the list of swaps in progress has it; Cancel frees it at once', async () => {
    const { id, ticketId } = await startSwap(t, 'General Admission', 'VIP');
    const heldUntil = new Date(t.clock.now.getTime() + 30 * 60 * 1000).toISOString();

    const shown = await detail(t, ticketId);
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({ isGiftable: false, isSwappable: false, isResellable: false });
    expect(shown.json.heldSwap).toEqual({
      orderIdentifier: id,
      swapType: 'UPGRADE',
      eventId: expect.any(Number),
      eventName: shown.json.eventName,
      fromName: 'General Admission',
      toName: 'VIP',
      quantity: 1,
      heldUntil,
      userTicketIds: [ticketId],
    });
    const list = await held(t);
    expect(list.status).toBe(200);
    expect(list.json).toEqual([shown.json.heldSwap]);
    // The other General Admission ticket is not held.
    const other = (await bases(t)).find((base) => base.name === 'General Admission')!;
    expect(other.userTicketIds).not.toContain(ticketId);
    expect((await detail(t, other.userTicketIds[0]!)).json.heldSwap).toBeNull();

    expect((await cancel(t, id)).json).toEqual({ ok: true });
    const freed = await detail(t, ticketId);
    expect(freed.json).toMatchObject({ heldSwap: null, isGiftable: true, isSwappable: true, isResellable: true });
    expect((await held(t)).json).toEqual([]);
    expect((await bases(t)).find((base) => base.name === 'General Admission')!.userTicketIds).toContain(ticketId);
    const resellable = (await get(t, '/v1/resell/tickets/available', alex)).json as Array<{ userTicketId: number }>;
    expect(JSON.stringify(resellable)).toContain(String(ticketId));
  });

  it('is told to nobody else: another person sees no swap in progress and cannot cancel it (404 with its code)', async () => {
    const { id, ticketId } = await startSwap(t, 'General Admission', 'VIP');
    expect((await held(t, sam)).json).toEqual([]);
    expect((await detail(t, ticketId, sam)).status).toBe(404);
    const refused = await cancel(t, id, sam);
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('api.swap.not_found');
    expect((await cancel(t, 'SW-000000000000')).json.code).toBe('api.swap.not_found');
    expect((await call(t.app, { method: 'POST', url: `/v1/ticket_swap/cancel/${id}` })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v1/ticket_swap/held' })).status).toBe(401);
    // Still held for its holder.
    expect((await detail(t, ticketId)).json.heldSwap?.orderIdentifier).toBe(id);
    expect((await cancel(t, id)).json).toEqual({ ok: true });
  });

  it('a swap past its hold is no longer in progress: the ticket is free again without a cancel', async () => {
    const { ticketId, swap } = await startSwap(t, 'General Admission', 'VIP');
    // Its 30 minutes are over (moved back rather than the clock on: the access tokens would lapse too).
    const lapsed = new Date(t.clock.now.getTime() - 1);
    await t.database.db.update(swaps).set({ expiresAt: lapsed }).where(eq(swaps.id, swap.id));
    await t.database.db.update(userTickets).set({ reservedUntil: lapsed }).where(eq(userTickets.reservedBySwapId, swap.id));
    t.app.hotReads.clear();
    expect((await held(t)).json).toEqual([]);
    expect((await detail(t, ticketId)).json).toMatchObject({ heldSwap: null, isGiftable: true });
  });

  it('Cancel is idempotent: sent again it answers ok and changes nothing; twice at once both answer ok, one release', async () => {
    const { id, ticketId, swap } = await startSwap(t, 'General Admission', 'VIP');
    const answers = await Promise.all([cancel(t, id), cancel(t, id)]);
    expect(answers.map((answer) => [answer.status, answer.json])).toEqual([
      [200, { ok: true }],
      [200, { ok: true }],
    ]);
    const [ended] = await t.database.db.select().from(swaps).where(eq(swaps.id, swap.id));
    expect(ended).toMatchObject({ status: 'cancelled' });
    const endedAt = ended!.endedAt;
    expect((await cancel(t, id)).json).toEqual({ ok: true });
    const [again] = await t.database.db.select().from(swaps).where(eq(swaps.id, swap.id));
    expect(again!.endedAt).toEqual(endedAt);
    const [ticket] = await t.database.db.select().from(userTickets).where(eq(userTickets.id, ticketId));
    expect(ticket).toMatchObject({ status: 'valid', reservedBySwapId: null, reservedUntil: null, ownerUserId: swap.userId });
  });
});

/**
 * Cancel and the checkout's confirmation at once, on a fresh wallet each round: either the swap is cancelled (the old
 * ticket held again, no new ticket, no payment) or it is confirmed (the old ticket gone, one new ticket, paid if an
 * upgrade), never a mix; the loser is told why with its code.
 */
describe('Cancel racing the checkout confirmation', () => {
  const rounds = 4;

  async function race(from: string, to: string, confirmation: (app: DemoApp, id: string) => ReturnType<typeof post>, confirmationFirst: boolean) {
    const app = await createDemoApp();
    try {
      const { id, ticketId, swap } = await startSwap(app, from, to, app.tokens.alex);
      // Either sent first: each order of arrival is tried.
      const [cancelled, confirmed] = confirmationFirst
        ? await Promise.all([confirmation(app, id), cancel(app, id, app.tokens.alex)]).then(([one, other]) => [other, one] as const)
        : await Promise.all([cancel(app, id, app.tokens.alex), confirmation(app, id)]);
      const [ended] = await app.database.db.select().from(swaps).where(eq(swaps.id, swap.id));
      const [old] = await app.database.db.select().from(userTickets).where(eq(userTickets.id, ticketId));
      const successors = await app.database.db.select().from(userTickets).where(eq(userTickets.previousUserTicketId, ticketId));
      const paid = await app.database.db.select().from(payments).where(eq(payments.userId, swap.userId));
      const winners = [cancelled.status, confirmed.status].filter((status) => status === 200);
      expect(winners).toHaveLength(1);
      if (cancelled.status === 200) {
        expect(confirmed.status).toBe(409);
        expect(confirmed.json.code).toBe('api.swap.cancelled');
        expect(ended).toMatchObject({ status: 'cancelled', paymentId: null, confirmedAt: null });
        expect(old).toMatchObject({ status: 'valid', reservedBySwapId: null });
        expect(successors).toEqual([]);
        expect(paid).toEqual([]);
      } else {
        expect(cancelled.status).toBe(409);
        expect(cancelled.json.code).toBe('api.swap.already_confirmed');
        expect(ended).toMatchObject({ status: 'confirmed' });
        expect(old!.status).not.toBe('valid');
        expect(old!.reservedBySwapId).toBeNull();
        expect(successors).toHaveLength(1);
        expect(paid).toHaveLength(swap.swapType === 'UPGRADE' ? 1 : 0);
      }
      return cancelled.status === 200 ? 'cancel' : 'confirmation';
    } finally {
      await app.close();
    }
  }

  it('an upgrade paid at checkout while Cancel is sent: exactly one wins, nothing half written', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round++) {
      outcomes.push(await race('General Admission', 'VIP', (app, id) => post(app, `/v1/ticket_swap/pay/${id}`, app.tokens.alex, { paymentMethod: 'pm_card_visa' }), round % 2 === 1));
    }
    console.info(`[swap-held] pay vs cancel on ${t.database.kind}: ${outcomes.join(', ')}`);
  }, 120_000);

  it('a downgrade confirmed at checkout while Cancel is sent: exactly one wins, nothing half written', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round++) {
      outcomes.push(await race('VIP', 'General Admission', (app, id) => post(app, `/v1/ticket_swap/confirm_swap/${id}`, app.tokens.alex), round % 2 === 1));
    }
    console.info(`[swap-held] confirm vs cancel on ${t.database.kind}: ${outcomes.join(', ')}`);
  }, 120_000);
});
