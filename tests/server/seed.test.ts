// The demo data keeps the promises the README and the other tests rely on: which events, tickets, swaps and
// benefits exist relative to "now", and that seeding a second time writes nothing.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableName, gt, is, lt, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseHandle } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed';
import { openTestDatabase } from './helper';

const now = new Date('2030-06-15T09:30:00Z');
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

let handle: DatabaseHandle;

beforeAll(async () => {
  // A copy of the migrated template: PGlite, or Postgres when DATABASE_URL is set.
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(table);
    counts[getTableName(table)] = row!.count;
  }
  return counts;
}

async function userByEmail(email: string) {
  const [user] = await handle.db.select().from(schema.users).where(eq(schema.users.email, email));
  if (!user) throw new Error(`no demo user ${email}`);
  return user;
}

describe('seedDemoData', () => {
  it('seeds an empty database once', async () => {
    expect(await seedDemoData(handle.db, { now })).toEqual({ seeded: true });
  });

  it('writes one AU organisation with the demo resale fee and organizer key', async () => {
    const organisations = await handle.db.select().from(schema.organisations);
    expect(organisations).toHaveLength(1);
    expect(organisations[0]).toMatchObject({
      slug: 'demo-fest',
      country: 'AU',
      resaleFeeBasisPoints: 1000,
      resaleFeeFixedMinor: 50,
      organizerKeyHash: createHash('sha256').update('tw_ok_D6zugq-tikdCqBIZAYarPiXqhaRIG8wj').digest('hex'),
    });
    expect(organisations[0]!.siteBaseUrl).toMatch(/\/site$/);
    expect(organisations[0]!.logoUrl).toMatch(/\/assets\/demo\/.+\.svg$/);
  });

  it('has a live, an upcoming and a past event relative to now', async () => {
    const events = await handle.db.select().from(schema.events);
    expect(events.length).toBeGreaterThanOrEqual(3);
    const live = events.filter((event) => event.startsAt <= now && event.endsAt > now);
    const upcoming = events.filter((event) => event.startsAt > now);
    const past = events.filter((event) => event.endsAt < now);
    expect(live).toHaveLength(1);
    expect(live[0]!.startsAt.getTime()).toBe(now.getTime() - 2 * 3_600_000);
    expect(upcoming.length).toBeGreaterThanOrEqual(1);
    expect(past.length).toBeGreaterThanOrEqual(1);
    for (const event of events) {
      expect(event.featureImageUrl).toMatch(/\.svg$/);
      expect(event.logoUrl).toMatch(/\.svg$/);
      expect(event.latitude).not.toBeNull();
    }
  });

  it('prices ticket types in AUD with a resale cap above the price', async () => {
    const types = await handle.db.select().from(schema.ticketTypes);
    for (const type of types) {
      expect(type).toMatchObject({ currencyCode: 'AUD', currencySymbol: '$' });
      expect(type.maxResalePriceMinor).toBeGreaterThan(type.priceMinor);
    }
    const names = types.map((type) => type.name);
    expect(names).toEqual(expect.arrayContaining(['General Admission', 'VIP', 'Early Entry']));
  });

  it('gives alex two or more upcoming giftable, swappable and resellable tickets and one past ticket', async () => {
    const alex = await userByEmail('alex@example.com');
    expect(alex).toMatchObject({ givenName: 'Alex', familyName: 'Rivera', nickname: 'alex', uniqueSuffix: '4821' });
    const tickets = await handle.db
      .select({ ticket: schema.userTickets, type: schema.ticketTypes, event: schema.events })
      .from(schema.userTickets)
      .innerJoin(schema.ticketTypes, eq(schema.userTickets.ticketTypeId, schema.ticketTypes.id))
      .innerJoin(schema.events, eq(schema.ticketTypes.eventId, schema.events.id))
      .where(eq(schema.userTickets.ownerUserId, alex.id));
    const upcomingTransferable = tickets.filter(
      ({ type, event }) => event.startsAt > now && type.isGiftable && type.isSwappable && type.isResellable,
    );
    expect(upcomingTransferable.length).toBeGreaterThanOrEqual(2);
    expect(tickets.filter(({ event }) => event.startsAt <= now && event.endsAt > now)).toHaveLength(1);
    const past = tickets.filter(({ event }) => event.endsAt < now);
    expect(past).toHaveLength(1);
    expect(past[0]!.ticket.eventAccessUsedAt).toBeInstanceOf(Date);
    for (const { ticket, type } of tickets) {
      expect(ticket.purchasePriceMinor).toBe(type.priceMinor);
      // Admitted at the gate: the lifecycle's `used`; every other ticket is held.
      expect(ticket.status).toBe(ticket.eventAccessUsedAt ? 'used' : 'valid');
    }
  });

  it('has jordan with tickets and sam without names or tickets', async () => {
    const jordan = await userByEmail('jordan@example.com');
    expect(jordan).toMatchObject({ nickname: 'jordan', uniqueSuffix: '7310', givenName: expect.any(String) });
    const jordanTickets = await handle.db.select().from(schema.userTickets).where(eq(schema.userTickets.ownerUserId, jordan.id));
    expect(jordanTickets.length).toBeGreaterThanOrEqual(1);

    const sam = await userByEmail('sam@example.com');
    expect(sam).toMatchObject({ nickname: 'sam', uniqueSuffix: '1150', givenName: null, familyName: null });
    const samTickets = await handle.db.select().from(schema.userTickets).where(eq(schema.userTickets.ownerUserId, sam.id));
    expect(samTickets).toHaveLength(0);
  });

  it('offers an upgrade and a downgrade swap pair by price', async () => {
    const pairs = await handle.db.select().from(schema.swapPairs);
    const types = new Map((await handle.db.select().from(schema.ticketTypes)).map((type) => [type.id, type]));
    const priceDifference = (pair: (typeof pairs)[number]) =>
      types.get(pair.targetTicketTypeId)!.priceMinor - types.get(pair.baseTicketTypeId)!.priceMinor;
    expect(pairs.some((pair) => priceDifference(pair) > 0 && pair.availableQuantity > 0)).toBe(true);
    expect(pairs.some((pair) => priceDifference(pair) < 0 && pair.availableQuantity > 0)).toBe(true);
    for (const pair of pairs) {
      expect(types.get(pair.targetTicketTypeId)!.eventId).toBe(types.get(pair.baseTicketTypeId)!.eventId);
    }
  });

  it('has a digital unlockable benefit without a code and a physical one', async () => {
    const unlockable = await handle.db
      .select()
      .from(schema.benefits)
      .where(and(eq(schema.benefits.kind, 'digital'), eq(schema.benefits.isUnlockable, true)));
    expect(unlockable.length).toBeGreaterThanOrEqual(1);
    const unlockableCodes = await handle.db
      .select({ redeemCode: schema.userTicketBenefits.redeemCode })
      .from(schema.userTicketBenefits)
      .innerJoin(schema.benefits, eq(schema.userTicketBenefits.benefitId, schema.benefits.id))
      .where(eq(schema.benefits.isUnlockable, true));
    expect(unlockableCodes.length).toBeGreaterThanOrEqual(1);
    expect(unlockableCodes.every((row) => row.redeemCode === null)).toBe(true);

    const physical = await handle.db.select().from(schema.benefits).where(eq(schema.benefits.kind, 'physical'));
    expect(physical.some((benefit) => benefit.amountPerTicket > 1)).toBe(true);
  });

  it('gives every ticket a row per benefit of its type, and alex one fully used benefit', async () => {
    const expected = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.userTickets)
      .innerJoin(schema.benefits, eq(schema.benefits.ticketTypeId, schema.userTickets.ticketTypeId));
    const rows = await handle.db
      .select({ benefit: schema.userTicketBenefits, amountPerTicket: schema.benefits.amountPerTicket, owner: schema.userTickets.ownerUserId })
      .from(schema.userTicketBenefits)
      .innerJoin(schema.benefits, eq(schema.userTicketBenefits.benefitId, schema.benefits.id))
      .innerJoin(schema.userTickets, eq(schema.userTicketBenefits.userTicketId, schema.userTickets.id));
    expect(rows).toHaveLength(expected[0]!.count);
    for (const row of rows) expect(row.benefit.purchasedAmount).toBe(row.amountPerTicket);

    const alex = await userByEmail('alex@example.com');
    const usedUp = rows.filter(
      ({ benefit, owner }) => owner === alex.id && benefit.usedAmount === benefit.purchasedAmount && benefit.usedAmount > 0,
    );
    expect(usedUp.length).toBeGreaterThanOrEqual(1);
    expect(usedUp[0]!.benefit.lastUsedAt).toBeInstanceOf(Date);
  });

  it('has benefits valid until after their event started', async () => {
    const rows = await handle.db
      .select({ validUntil: schema.benefits.validUntil, startsAt: schema.events.startsAt })
      .from(schema.benefits)
      .innerJoin(schema.ticketTypes, eq(schema.benefits.ticketTypeId, schema.ticketTypes.id))
      .innerJoin(schema.events, eq(schema.ticketTypes.eventId, schema.events.id))
      .where(lt(schema.benefits.validUntil, schema.events.startsAt));
    expect(rows).toHaveLength(0);
    const upcomingBenefits = await handle.db.select().from(schema.benefits).where(gt(schema.benefits.validUntil, now));
    expect(upcomingBenefits.length).toBeGreaterThan(0);
  });

  it('writes nothing on a second call', async () => {
    const before = await rowCounts();
    expect(await seedDemoData(handle.db, { now: new Date() })).toEqual({ seeded: false });
    expect(await rowCounts()).toEqual(before);
    expect(before.organisations).toBe(1);
  });
});
