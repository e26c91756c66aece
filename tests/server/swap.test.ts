// Swapping tickets for another type: base tickets, targets, start (reserve and price) and confirm (exchange).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swapPairs, users } from '../../src/server/db/schema';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let alex: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, sam } = t.tokens);
});
afterAll(() => t.close());

type Base = { id: number; name: string; price: number; quantity: number; eventId: number };
type Target = { id: number; name: string; price: number; quantity: number };

const bases = async (token = alex) => (await call(t.app, { method: 'GET', url: '/v1/ticket_swap/tickets', token })).json as Base[];
const targets = async (id: number) => (await call(t.app, { method: 'GET', url: `/v1/ticket_swap/tickets/${id}`, token: alex })).json as Target[];
const start = (payload: object, token = alex) => call(t.app, { method: 'POST', url: '/v1/ticket_swap/start_swap', token, payload });
const confirm = (id: string, token = alex) => call(t.app, { method: 'POST', url: `/v1/ticket_swap/confirm_swap/${id}`, token });
const upcomingNames = async () =>
  ((await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token: alex })).json as Array<{ ticketName: string }>).map((x) => x.ticketName);

describe('listing what can be swapped', () => {
  it('groups my swappable tickets by type with how many I hold', async () => {
    const list = await bases();
    const ga = list.find((b) => b.name === 'General Admission');
    expect(ga).toMatchObject({ quantity: 2 });
    expect(await bases(sam)).toEqual([]);
  });

  it('lists the targets the organiser allows, dearer and cheaper, never the base itself', async () => {
    const ga = (await bases()).find((b) => b.name === 'General Admission')!;
    const list = await targets(ga.id);
    expect(list.length).toBeGreaterThanOrEqual(1);
    expect(list.every((target) => target.name !== ga.name)).toBe(true);
    expect(list.some((target) => target.price > ga.price)).toBe(true);
  });
});

describe('a swap', () => {
  it('an upgrade is priced at the difference times quantity (negative on the wire), and paying exchanges the tickets', async () => {
    const ga = (await bases()).find((b) => b.name === 'General Admission')!;
    const vip = (await targets(ga.id)).find((target) => target.name === 'VIP')!;
    const [pairBefore] = await t.database.db.select().from(swapPairs).where(eq(swapPairs.id, vip.id));
    const started = await start({ baseTicketId: ga.id, swapPairId: vip.id, swapQuantity: 2 });
    expect(started.status).toBe(200);
    // docs/product.md §4: amount = (base − target) × quantity, negative for an upgrade the user pays.
    expect(started.json).toMatchObject({ swapType: 'UPGRADE', eventId: ga.eventId, amount: (ga.price - vip.price) * 2 });
    expect(started.json.orderIdentifier).toMatch(/^SW-[0-9A-F]{12}$/);
    // The two tickets are reserved: a second start finds none left.
    expect((await start({ baseTicketId: ga.id, swapPairId: vip.id, swapQuantity: 1 })).json.code).toBe('api.swap.not_enough_tickets');

    const vipBefore = (await upcomingNames()).filter((name) => name === 'VIP').length;
    const paid = await call(t.app, {
      method: 'POST',
      url: `/v1/ticket_swap/pay/${started.json.orderIdentifier}`,
      token: alex,
      payload: { paymentMethod: 'pm_card_visa' },
    });
    expect(paid.json).toEqual({ ok: true });
    expect((await confirm(started.json.orderIdentifier)).json).toEqual({ ok: true });
    const names = await upcomingNames();
    expect(names.filter((name) => name === 'General Admission')).toHaveLength(0);
    expect(names.filter((name) => name === 'VIP')).toHaveLength(vipBefore + 2);
    const [pairAfter] = await t.database.db.select().from(swapPairs).where(eq(swapPairs.id, vip.id));
    expect(pairAfter!.availableQuantity).toBe(pairBefore!.availableQuantity - 2);
    // Confirming again changes nothing.
    expect((await confirm(started.json.orderIdentifier)).json).toEqual({ ok: true });
    expect((await upcomingNames()).filter((name) => name === 'VIP')).toHaveLength(vipBefore + 2);
    // One e-mail receipt, however often it was confirmed: what is held now, instead of what, and what was paid.
    const receipts = t.mailer.outbox!.filter((mail) => mail.to === 'alex@example.com' && mail.subject === 'You now hold 2 × VIP');
    expect(receipts).toHaveLength(1);
    const paidText = `$${((vip.price - ga.price) * 2).toFixed(2)}`;
    expect(receipts[0]!.text).toContain(`you now hold 2 × VIP in place of General Admission. You paid ${paidText} `);
    expect(receipts[0]!.text).toContain(`(order ${started.json.orderIdentifier})`);
    expect(receipts[0]!.text).toMatch(/\/en\/\?PANEL_TAB=MY_TICKET$/);
  });

  it('a confirmed downgrade mails its receipt in the holder’s language', async () => {
    await t.database.db.update(users).set({ locale: 'es' }).where(eq(users.email, 'alex@example.com'));
    try {
      const vip = (await bases()).find((b) => b.name === 'VIP')!;
      const cheaper = (await targets(vip.id)).find((target) => target.price < vip.price)!;
      const started = await start({ baseTicketId: vip.id, swapPairId: cheaper.id, swapQuantity: 1 });
      expect((await confirm(started.json.orderIdentifier)).json).toEqual({ ok: true });
      const receipt = t.mailer.outbox!.find((mail) => mail.to === 'alex@example.com' && mail.subject === `Ahora tienes 1 × ${cheaper.name}`);
      expect(receipt?.text).toContain(`en lugar de VIP`);
      expect(receipt?.text).toContain(`(pedido ${started.json.orderIdentifier})`);
    } finally {
      await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.email, 'alex@example.com'));
    }
  });

  it('a downgrade is a DOWNGRADE with a zero or positive amount (what the user loses)', async () => {
    const vip = (await bases()).find((b) => b.name === 'VIP')!;
    const cheaper = (await targets(vip.id)).find((target) => target.price < vip.price)!;
    const started = await start({ baseTicketId: vip.id, swapPairId: cheaper.id, swapQuantity: 1 });
    expect(started.json.swapType).toBe('DOWNGRADE');
    // base − target: what the user loses, zero or more.
    expect(started.json.amount).toBeGreaterThanOrEqual(0);
  });

  it('refuses pairs of another base, more tickets than held, other users and malformed bodies', async () => {
    const [first, second] = await bases();
    const pairOfSecond = (await targets(second!.id))[0]!;
    expect((await start({ baseTicketId: first!.id, swapPairId: pairOfSecond.id, swapQuantity: 1 })).json.code).toBe('api.swap.not_allowed');
    const own = (await targets(first!.id))[0]!;
    expect((await start({ baseTicketId: first!.id, swapPairId: own.id, swapQuantity: 50 })).json.code).toMatch(/api\.swap\.(not_enough_tickets|not_allowed)/);
    expect((await start({ baseTicketId: first!.id, swapPairId: own.id, swapQuantity: 1 }, sam)).json.code).toBe('api.swap.not_enough_tickets');
    expect((await start({ baseTicketId: first!.id, swapPairId: own.id, swapQuantity: 0 })).json.code).toBe('api.invalid_request_body');
    expect((await confirm('SW-NOPE')).json.code).toBe('api.swap.not_found');
  });
});
