// The ticket PDF and its redeem code go through the lifecycle as a gift does (issue 19): a PDF is a gift by code, so
// making one and redeeming its code each lock the ticket and ask the machine. One test per rule: the type not
// giftable, the event over, listed, reserved by a swap, used at the gate, the code already redeemed, and the state
// changed between the PDF and the redeem; plus the path that still works.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefits, events, ticketTypes, userTicketBenefits, userTickets, users } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { pdfTexts, SECRET_CODE_PATTERN } from '../support/pdf-text';
import { call, createDemoApp, type DemoApp, verifyPayouts } from './helper';

let t: DemoApp;
let alex: string;
let jordan: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, jordan, sam } = t.tokens);
});
afterAll(() => t.close());

const get = (url: string, token: string) => call(t.app, { method: 'GET', url: `/v1${url}`, token });
const post = (url: string, token: string, payload?: object) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const pdfOf = (id: number, token: string) => post(`/resell/${id}`, token);
const redeem = (code: string, token: string) => post(`/resell/redeem/${encodeURIComponent(code)}`, token);

async function pdfCode(id: number, token: string): Promise<string> {
  const { status, response } = await pdfOf(id, token);
  expect(status).toBe(200);
  const code = pdfTexts(response.rawPayload).find((text) => SECRET_CODE_PATTERN.test(text));
  expect(code).toBeDefined();
  return code!;
}

async function typeOf(eventSlug: string, name: string) {
  const [row] = await t.database.db
    .select({ type: ticketTypes, eventId: events.id })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(events.slug, eventSlug), eq(ticketTypes.name, name)));
  return row!;
}

/** A new held ticket of the type for the user, with its type's benefits, as a purchase writes it. */
async function newTicket(email: string, eventSlug: string, typeName: string): Promise<number> {
  const { type } = await typeOf(eventSlug, typeName);
  const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [ticket] = await t.database.db
    .insert(userTickets)
    .values({ ticketTypeId: type.id, ownerUserId: owner!.id, purchasePriceMinor: type.priceMinor, createdAt: t.clock.now })
    .returning({ id: userTickets.id });
  const typeBenefits = await t.database.db.select().from(benefits).where(eq(benefits.ticketTypeId, type.id));
  if (typeBenefits.length) {
    await t.database.db
      .insert(userTicketBenefits)
      .values(typeBenefits.map((benefit) => ({ userTicketId: ticket!.id, benefitId: benefit.id, purchasedAmount: benefit.amountPerTicket })));
  }
  return ticket!.id;
}

const statusOf = async (id: number) => (await t.database.db.select({ status: userTickets.status }).from(userTickets).where(eq(userTickets.id, id)))[0]!.status;
const holds = async (token: string, id: number) => (await get(`/list/ticket_listing/${id}`, token)).status === 200;

/** Sets the type's flags for the length of `body`, then puts them back. */
async function withFlags(typeId: number, flags: { isGiftable: boolean; isResellable: boolean; isSwappable?: boolean }, body: () => Promise<void>) {
  const [before] = await t.database.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId));
  await t.database.db.update(ticketTypes).set(flags).where(eq(ticketTypes.id, typeId));
  try {
    await body();
  } finally {
    const { isGiftable, isResellable, isSwappable } = before!;
    await t.database.db.update(ticketTypes).set({ isGiftable, isResellable, isSwappable }).where(eq(ticketTypes.id, typeId));
  }
}

function expectRefused(answer: { status: number; json: { code?: string } }, code: string) {
  expect(answer.status).toBe(409);
  expect(answer.json.code).toBe(code);
}

describe('the PDF and redeem path asks the lifecycle', () => {
  it('works for a held, giftable ticket of an event that has not ended: the ticket moves once', async () => {
    const id = await newTicket('alex@example.com', 'weekender-melbourne', 'General Admission');
    const code = await pdfCode(id, alex);
    const redeemed = await redeem(code, sam);
    expect(redeemed.status).toBe(200);
    expect(await holds(sam, redeemed.json.userTicketId)).toBe(true);
    expect(await holds(alex, id)).toBe(false);
    expect(await statusOf(id)).toBe('redeemed_away');
  });

  it('a type that is not giftable refuses the PDF, resellable or not, and the redeem of a code made before', async () => {
    const { type } = await typeOf('weekender-melbourne', 'Early Entry');
    const id = await newTicket('alex@example.com', 'weekender-melbourne', 'Early Entry');
    const early = await pdfCode(id, alex);
    // Only resellable: the PDF would pass the ticket on outside the capped resale.
    await withFlags(type.id, { isGiftable: false, isResellable: true }, async () => {
      expectRefused(await pdfOf(id, alex), 'api.ticket.not_transferable');
      expectRefused(await redeem(early, sam), 'api.ticket.not_transferable');
    });
    await withFlags(type.id, { isGiftable: false, isResellable: false, isSwappable: false }, async () => {
      expectRefused(await pdfOf(id, alex), 'api.ticket.not_transferable');
      expectRefused(await redeem(early, sam), 'api.ticket.not_transferable');
      expect((await get(`/list/ticket_listing/${id}`, alex)).json).toMatchObject({ isGiftable: false, isResellable: false });
    });
    expect(await statusOf(id)).toBe('valid');
    expect(await holds(alex, id)).toBe(true);
    // Giftable but not resellable: a PDF is a gift by code, so it goes.
    await withFlags(type.id, { isGiftable: true, isResellable: false }, async () => {
      expect((await redeem(early, sam)).status).toBe(200);
    });
    expect(await holds(alex, id)).toBe(false);
  });

  it('a ticket of an event that is over makes no PDF, and a code made before the end is refused after it', async () => {
    const past = await newTicket('alex@example.com', 'southern-lights-auckland', 'General Admission');
    expectRefused(await pdfOf(past, alex), 'api.ticket.event_over');

    const id = await newTicket('alex@example.com', 'night-market-sydney', 'Night Market Entry');
    const code = await pdfCode(id, alex);
    const { eventId } = await typeOf('night-market-sydney', 'Night Market Entry');
    const [event] = await t.database.db.select().from(events).where(eq(events.id, eventId));
    await t.database.db.update(events).set({ endsAt: new Date(t.clock.now.getTime() - 1000) }).where(eq(events.id, eventId));
    try {
      expectRefused(await redeem(code, sam), 'api.ticket.event_over');
      expectRefused(await pdfOf(id, alex), 'api.ticket.event_over');
    } finally {
      await t.database.db.update(events).set({ endsAt: event!.endsAt }).where(eq(events.id, eventId));
    }
    expect(await statusOf(id)).toBe('valid');
    expect(await statusOf(past)).toBe('valid');
  });

  it('a listed ticket makes no PDF, and a code made before listing is refused while it is on sale', async () => {
    await verifyPayouts(t.app, alex);
    const id = await newTicket('alex@example.com', 'weekender-melbourne', 'VIP');
    const code = await pdfCode(id, alex);
    const listed = await post('/resell', alex, { userTicketId: id, amountCount: 1, price: 100, currencyCode: 'AUD', currencySymbol: '$' });
    expect(listed.status).toBe(200);
    expect(await statusOf(id)).toBe('listed');
    expectRefused(await pdfOf(id, alex), 'api.ticket.listed');
    expectRefused(await redeem(code, sam), 'api.ticket.listed');
    expect(await statusOf(id)).toBe('listed');
    expect((await post('/resell/unlist', alex, { userTicketId: id })).status).toBe(200);
  });

  it('a ticket reserved by a swap makes no PDF, and a code made before the swap started is refused', async () => {
    const id = await newTicket('sam@example.com', 'night-market-sydney', 'Night Market Entry');
    const code = await pdfCode(id, sam);
    const base = ((await get('/ticket_swap/tickets', sam)).json as Array<{ id: number; name: string }>).find((row) => row.name === 'Night Market Entry')!;
    const [target] = (await get(`/ticket_swap/tickets/${base.id}`, sam)).json as Array<{ id: number }>;
    const started = await post('/ticket_swap/start_swap', sam, { baseTicketId: base.id, swapPairId: target!.id, swapQuantity: 1 });
    expect(started.status).toBe(200);
    expect(await statusOf(id)).toBe('reserved');
    expectRefused(await pdfOf(id, sam), 'api.ticket.reserved');
    expectRefused(await redeem(code, jordan), 'api.ticket.reserved');
    expect(await statusOf(id)).toBe('reserved');
    await post(`/ticket_swap/cancel/${started.json.orderIdentifier}`, sam);
  });

  it('a ticket used at the gate makes no PDF, and a code made before the scan is refused', async () => {
    const id = await newTicket('jordan@example.com', 'night-market-sydney', 'Night Market Entry');
    const code = await pdfCode(id, jordan);
    const { eventId } = await typeOf('night-market-sydney', 'Night Market Entry');
    const qr = (await get('/auth/access/qr', jordan)).response.body;
    const scan = await call(t.app, { method: 'POST', url: '/v1/access/scan', payload: { token: qr, eventId }, headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } });
    expect(scan.status).toBe(200);
    expect(scan.json.userTicketId).toBe(id);
    expectRefused(await pdfOf(id, jordan), 'api.ticket.used');
    expectRefused(await redeem(code, sam), 'api.ticket.used');
    expect(await statusOf(id)).toBe('used');
  });

  it('a redeemed code works once: a second redeem says it was already redeemed, the old holder makes no more PDFs of it', async () => {
    const id = await newTicket('alex@example.com', 'weekender-melbourne', 'General Admission');
    const code = await pdfCode(id, alex);
    const first = await redeem(code, sam);
    expect(first.status).toBe(200);
    const again = await redeem(code, jordan);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('api.redeem.already_redeemed');
    expect((await pdfOf(id, alex)).status).toBe(404);
    // The new holder can pass it on in turn.
    expect((await redeem(await pdfCode(first.json.userTicketId, sam), jordan)).status).toBe(200);
  });

  it('the state changed between PDF and redeem: gifted meanwhile the code is invalid; listed and unlisted it works again', async () => {
    const gifted = await newTicket('alex@example.com', 'weekender-melbourne', 'General Admission');
    const giftedCode = await pdfCode(gifted, alex);
    expect((await post('/mobile/giftTicket', alex, { userTicketId: gifted, username: 'jordan#7310' })).status).toBe(200);
    const late = await redeem(giftedCode, sam);
    expect(late.status).toBe(400);
    expect(late.json.code).toBe('api.redeem.invalid_code');
    expect(await statusOf(gifted)).toBe('gifted');

    const id = await newTicket('alex@example.com', 'weekender-melbourne', 'General Admission');
    const code = await pdfCode(id, alex);
    const listed = await post('/resell', alex, { userTicketId: id, amountCount: 1, price: 100, currencyCode: 'AUD', currencySymbol: '$' });
    expect(listed.status).toBe(200);
    expectRefused(await redeem(code, sam), 'api.ticket.listed');
    expect((await post('/resell/unlist', alex, { userTicketId: id })).status).toBe(200);
    expect((await redeem(code, sam)).status).toBe(200);
    expect(await statusOf(id)).toBe('redeemed_away');
  });
});
