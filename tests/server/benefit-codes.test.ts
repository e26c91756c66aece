// A digital benefit's code stays with the holder who saw it (issue 19): a ticket that changes hands by gift, resale
// purchase or a redeemed PDF reaches its new holder with the benefit locked again (unlocking makes a different code),
// a code handed out with the ticket is made anew, usage of physical benefits travels, and the old holder no longer
// sees the ticket or its code.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { benefits, events, ticketTypes, userTicketBenefits, userTickets, users } from '../../src/server/db/schema';
import { pdfTexts, SECRET_CODE_PATTERN } from '../support/pdf-text';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createDemoApp, type DemoApp, verifyPayouts } from './helper';

let t: DemoApp;
let alex: string;
let jordan: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, jordan, sam } = t.tokens);
  await verifyPayouts(t.app, alex);
});
// Issue 21: the money invariant holds after every test that may have sold a ticket on resale.
afterEach(() => assertMoneyAddsUp(t.database.db));
afterAll(() => t.close());

type Benefit = { userTicketBenefitId: number; name: string; type: string; isUnlockable: boolean; redeemCode: string | null; usedAmount: number };

const get = (url: string, token: string) => call(t.app, { method: 'GET', url: `/v1${url}`, token });
const post = (url: string, token: string, payload?: object) => call(t.app, { method: 'POST', url: `/v1${url}`, token, payload });
const detail = (id: number, token: string) => get(`/list/ticket_listing/${id}`, token);
const merchOf = async (id: number, token: string) =>
  ((await detail(id, token)).json.benefits as Benefit[]).find((benefit) => benefit.name === 'Festival app 20% merch discount')!;

/** A new held Weekender ticket of alex's, with its type's benefits, as a purchase writes it. */
async function newTicket(typeName = 'General Admission'): Promise<number> {
  const [type] = await t.database.db
    .select({ id: ticketTypes.id, priceMinor: ticketTypes.priceMinor })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(events.slug, 'weekender-melbourne'), eq(ticketTypes.name, typeName)));
  const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'alex@example.com'));
  const [ticket] = await t.database.db
    .insert(userTickets)
    .values({ ticketTypeId: type!.id, ownerUserId: owner!.id, purchasePriceMinor: type!.priceMinor, createdAt: t.clock.now })
    .returning({ id: userTickets.id });
  const typeBenefits = await t.database.db.select().from(benefits).where(eq(benefits.ticketTypeId, type!.id));
  await t.database.db
    .insert(userTicketBenefits)
    .values(typeBenefits.map((benefit) => ({ userTicketId: ticket!.id, benefitId: benefit.id, purchasedAmount: benefit.amountPerTicket })));
  return ticket!.id;
}

/** Alex unlocks the ticket's merch discount: its code. */
async function unlockMerch(id: number): Promise<string> {
  const merch = await merchOf(id, alex);
  expect(merch.redeemCode).toBeNull();
  const unlocked = await post(`/mobile/unlock/${id}`, alex, { userTicketBenefitId: merch.userTicketBenefitId });
  expect(unlocked.status).toBe(200);
  expect((await merchOf(id, alex)).redeemCode).toBe(unlocked.json.redeemCode);
  return unlocked.json.redeemCode as string;
}

/** What the new holder sees: the benefit locked; unlocking it makes a code unlike the old holder's. */
async function expectFreshForNewHolder(receivedId: number, token: string, oldCode: string) {
  const merch = await merchOf(receivedId, token);
  expect(merch).toMatchObject({ type: 'benefits.digital', isUnlockable: true, redeemCode: null });
  const unlocked = await post(`/mobile/unlock/${receivedId}`, token, { userTicketBenefitId: merch.userTicketBenefitId });
  expect(unlocked.status).toBe(200);
  expect(unlocked.json.redeemCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  expect(unlocked.json.redeemCode).not.toBe(oldCode);
}

/** The old holder no longer sees the ticket, nor its code anywhere in their tickets. */
async function expectGoneFromOldHolder(id: number, oldCode: string) {
  expect((await detail(id, alex)).status).toBe(404);
  const listed = (await get('/list/ticket_listing?status=UPCOMING', alex)).json as Array<{ userTicketId: number }>;
  expect(listed.map((ticket) => ticket.userTicketId)).not.toContain(id);
  for (const ticket of listed) {
    expect(((await detail(ticket.userTicketId, alex)).json.benefits as Benefit[]).map((benefit) => benefit.redeemCode)).not.toContain(oldCode);
  }
}

describe('a digital benefit code does not travel with the ticket', () => {
  it('gift: the receiver gets the benefit locked and unlocks a different code', async () => {
    const id = await newTicket();
    const code = await unlockMerch(id);
    const gifted = await post('/mobile/giftTicket', alex, { userTicketId: id, username: 'jordan#7310' });
    expect(gifted.status).toBe(200);
    const [received] = await t.database.db.select({ id: userTickets.id }).from(userTickets).where(and(eq(userTickets.source, 'gift'), eq(userTickets.status, 'valid')));
    await expectFreshForNewHolder(received!.id, jordan, code);
    await expectGoneFromOldHolder(id, code);
  });

  it('resale purchase: the buyer gets the benefit locked and unlocks a different code', async () => {
    const id = await newTicket();
    const code = await unlockMerch(id);
    const listed = await post('/resell', alex, { userTicketId: id, amountCount: 1, price: 100, currencyCode: 'AUD', currencySymbol: '$' });
    expect(listed.status).toBe(200);
    const shareCode = (listed.json.shareLinkUrl as string).split('/').pop()!;
    const bought = await post(`/resell/purchase/${shareCode}`, sam, { quantity: 1, paymentMethod: 'pm_card_visa' });
    expect(bought.status).toBe(200);
    await expectFreshForNewHolder(bought.json.userTicketIds[0], sam, code);
    await expectGoneFromOldHolder(id, code);
  });

  it('redeemed PDF: the redeemer gets the benefit locked and unlocks a different code', async () => {
    const id = await newTicket();
    const code = await unlockMerch(id);
    const pdf = await post(`/resell/${id}`, alex);
    const secret = pdfTexts(pdf.response.rawPayload).find((text) => SECRET_CODE_PATTERN.test(text))!;
    const redeemed = await post(`/resell/redeem/${encodeURIComponent(secret)}`, sam);
    expect(redeemed.status).toBe(200);
    await expectFreshForNewHolder(redeemed.json.userTicketId, sam, code);
    await expectGoneFromOldHolder(id, code);
  });

  it('a code handed out with the ticket is made anew for the new holder; used physical benefits stay used', async () => {
    const id = await newTicket('VIP');
    const merch = await merchOf(id, alex);
    const drink = ((await detail(id, alex)).json.benefits as Benefit[]).find((benefit) => benefit.name === 'Free drink')!;
    await t.database.db.update(userTicketBenefits).set({ redeemCode: 'WITH-THE-TICKET' }).where(eq(userTicketBenefits.id, merch.userTicketBenefitId));
    await t.database.db.update(userTicketBenefits).set({ usedAmount: 3 }).where(eq(userTicketBenefits.id, drink.userTicketBenefitId));
    const [benefit] = await t.database.db.select().from(userTicketBenefits).where(eq(userTicketBenefits.id, merch.userTicketBenefitId));
    // For this test the discount is a code given with the ticket, not one to unlock.
    await t.database.db.update(benefits).set({ isUnlockable: false }).where(eq(benefits.id, benefit!.benefitId));
    try {
      expect((await post('/mobile/giftTicket', alex, { userTicketId: id, username: 'sam#1150' })).status).toBe(200);
      const [received] = await t.database.db
        .select({ id: userTickets.id })
        .from(userTickets)
        .innerJoin(users, eq(users.id, userTickets.ownerUserId))
        .where(and(eq(users.email, 'sam@example.com'), eq(userTickets.source, 'gift')));
      const after = (await detail(received!.id, sam)).json.benefits as Benefit[];
      const newCode = after.find((row) => row.name === 'Festival app 20% merch discount')!.redeemCode;
      expect(newCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(newCode).not.toBe('WITH-THE-TICKET');
      expect(after.find((row) => row.name === 'Free drink')!.usedAmount).toBe(3);
      await expectGoneFromOldHolder(id, 'WITH-THE-TICKET');
    } finally {
      await t.database.db.update(benefits).set({ isUnlockable: true }).where(eq(benefits.id, benefit!.benefitId));
    }
  });
});
