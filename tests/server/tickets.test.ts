// My tickets (upcoming and past), the single ticket, and unlocking a digital benefit, on the demo data.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTickets } from '../../src/server/db/schema';
import { call, createDemoApp, type DemoApp, signIn } from './helper';

let t: DemoApp;
let alex: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, sam } = t.tokens);
});
afterAll(() => t.close());

const list = (status: string, token = alex) => call(t.app, { method: 'GET', url: `/v1/list/ticket_listing?status=${status}`, token });
const detail = (id: number | string, token = alex) => call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${id}`, token });
const unlock = (ticketId: number, userTicketBenefitId: unknown, token = alex) =>
  call(t.app, { method: 'POST', url: `/v1/mobile/unlock/${ticketId}`, token, payload: { userTicketBenefitId } });

describe('GET /list/ticket_listing', () => {
  it('lists upcoming tickets soonest first, the live one flagged, with benefit counts', async () => {
    const { status, json } = await list('UPCOMING');
    expect(status).toBe(200);
    expect(json.length).toBeGreaterThanOrEqual(4);
    const starts = json.map((ticket: { eventStartDateTime: string }) => Date.parse(ticket.eventStartDateTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(json[0].isLive).toBe(true);
    // Times are shown in the venue's zone, which travels with the ticket.
    expect(json[0].eventTimeZone).toBe('Australia/Sydney');
    expect(json.slice(1).every((ticket: { isLive: boolean }) => !ticket.isLive)).toBe(true);
    for (const ticket of json) {
      expect(Date.parse(ticket.eventEndDateTime)).toBeGreaterThanOrEqual(t.clock.now.getTime());
      expect(ticket.totalBenefitUsedCount).toBeLessThanOrEqual(ticket.totalBenefitCount);
    }
  });

  it('lists past tickets with their used benefits', async () => {
    const { json } = await list('PAST');
    expect(json).toHaveLength(1);
    expect(json[0].isLive).toBe(false);
    expect(Date.parse(json[0].eventEndDateTime)).toBeLessThan(t.clock.now.getTime());
    expect(json[0].totalBenefitUsedCount).toBeGreaterThanOrEqual(1);
  });

  it('is empty for a user without tickets, refuses other statuses and needs a token', async () => {
    expect((await list('UPCOMING', sam)).json).toEqual([]);
    const bad = await list('SOON');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('api.invalid_request_body');
    expect((await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=PAST' })).status).toBe(401);
  });

  it('moves a ticket from upcoming to past once its event has ended', async () => {
    const before = (await list('UPCOMING')).json.length;
    t.clock.advance(7 * 3600 * 1000);
    try {
      const later = (await signIn(t, 'alex@example.com')).accessToken;
      expect((await list('UPCOMING', later)).json).toHaveLength(before - 1);
      expect((await list('PAST', later)).json).toHaveLength(2);
    } finally {
      t.clock.advance(-7 * 3600 * 1000);
    }
  });
});

describe('GET /list/ticket_listing/:id', () => {
  it('answers the ticket with event access, description and every benefit', async () => {
    const [upcoming] = (await list('UPCOMING')).json.slice(1);
    const { status, json } = await detail(upcoming.userTicketId);
    expect(status).toBe(200);
    expect(json).toMatchObject({ userTicketId: upcoming.userTicketId, eventAccessStatus: false, eventAccessUsedOn: null });
    expect(json.isGiftable && json.isSwappable && json.isResellable).toBe(true);
    expect(json.ticketDescription).toContain('<p>');
    expect(json.benefits.length).toBe(upcoming.totalBenefitCount);
    const digital = json.benefits.find((b: { type: string; isUnlockable: boolean }) => b.type === 'benefits.digital' && b.isUnlockable);
    expect(digital.redeemCode).toBeNull();
  });

  it('offers no gift, swap or resale on a past ticket whose access was used', async () => {
    const [past] = (await list('PAST')).json;
    const { json } = await detail(past.userTicketId);
    expect(json.eventAccessStatus).toBe(true);
    expect(Date.parse(json.eventAccessUsedOn)).not.toBeNaN();
    expect([json.isGiftable, json.isSwappable, json.isResellable]).toEqual([false, false, false]);
    const used = json.benefits.filter((b: { usedAmount: number; purchasedAmount: number }) => b.usedAmount === b.purchasedAmount);
    expect(used.length).toBeGreaterThanOrEqual(1);
  });

  it("answers 404 for another user's ticket, a missing one, and 400 for a malformed id", async () => {
    const [ticket] = (await list('UPCOMING')).json;
    expect((await detail(ticket.userTicketId, sam)).json.code).toBe('api.ticket.not_found');
    expect((await detail(999_999)).status).toBe(404);
    expect((await detail('abc')).json.code).toBe('api.invalid_request_body');
    expect((await detail(-1)).status).toBe(400);
  });

  it('answers 404 for a ticket the user gave away', async () => {
    const [ticket] = (await list('UPCOMING')).json;
    await t.database.db.update(userTickets).set({ status: 'gifted' }).where(eq(userTickets.id, ticket.userTicketId));
    // Written past the services, so no change notice: the kept answers are dropped by hand.
    t.app.hotReads.clear();
    try {
      expect((await detail(ticket.userTicketId)).status).toBe(404);
      expect((await list('UPCOMING')).json.map((x: { userTicketId: number }) => x.userTicketId)).not.toContain(ticket.userTicketId);
    } finally {
      await t.database.db.update(userTickets).set({ status: 'valid' }).where(eq(userTickets.id, ticket.userTicketId));
      t.app.hotReads.clear();
    }
  });
});

describe('POST /mobile/unlock/:id', () => {
  async function digitalBenefit() {
    for (const ticket of (await list('UPCOMING')).json) {
      const { json } = await detail(ticket.userTicketId);
      const benefit = json.benefits.find((b: { type: string; isUnlockable: boolean; redeemCode: string | null }) => b.type === 'benefits.digital' && b.isUnlockable && !b.redeemCode);
      if (benefit) return { ticketId: ticket.userTicketId as number, benefit };
    }
    throw new Error('no lockable digital benefit in the demo data');
  }

  it('reveals a redeem code once; unlocking again shows the same code and the ticket shows it too', async () => {
    const { ticketId, benefit } = await digitalBenefit();
    const first = await unlock(ticketId, benefit.userTicketBenefitId);
    expect(first.status).toBe(200);
    expect(first.json.redeemCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await unlock(ticketId, benefit.userTicketBenefitId)).json.redeemCode).toBe(first.json.redeemCode);
    const shown = (await detail(ticketId)).json.benefits.find((b: { userTicketBenefitId: number }) => b.userTicketBenefitId === benefit.userTicketBenefitId);
    expect(shown.redeemCode).toBe(first.json.redeemCode);
  });

  it('refuses a physical benefit, a benefit of another ticket or user, and a malformed body', async () => {
    const { ticketId } = await digitalBenefit();
    const physical = (await detail(ticketId)).json.benefits.find((b: { type: string }) => b.type === 'benefits.physical');
    const refused = await unlock(ticketId, physical.userTicketBenefitId);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('api.unlock.not_unlockable');
    const { benefit } = await digitalBenefit();
    expect((await unlock(ticketId + 1000, benefit.userTicketBenefitId)).json.code).toBe('api.unlock.invalid_benefit');
    expect((await unlock(ticketId, benefit.userTicketBenefitId, sam)).json.code).toBe('api.unlock.invalid_benefit');
    expect((await unlock(ticketId, 'x')).json.code).toBe('api.invalid_request_body');
  });

  it('gives one code to concurrent unlocks', async () => {
    const { ticketId, benefit } = await digitalBenefit();
    const results = await Promise.all(Array.from({ length: 4 }, () => unlock(ticketId, benefit.userTicketBenefitId)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json.redeemCode)).size).toBe(1);
  });
});
