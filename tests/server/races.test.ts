// The concurrency suite (issue 7): always on a real Postgres server (the run's when DATABASE_URL is set, else a fresh
// database on the local server), because PGlite serialises everything and hides races. Workers race gift, listing,
// unlisting, purchase, swap start, pay, confirm and cancel, PDF, redeem and gate scan on overlapping tickets for a
// bounded time. Then the invariants must hold: no 5xx, one holder per ticket, no ticket both listed and reserved,
// swap allowances and money that add up.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redeemSecrets, swapPairs, ticketTypes, userTickets, users } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { normaliseCode } from '../../src/server/modules/redeem/service';
import { assertMoneyAddsUp } from '../support/money-invariant';
import { call, createTestApp, openPostgresTestDatabase, signIn, type TestApp, verifyPayouts } from './helper';
import { seedDemoData } from '../../src/server/db/seed';

const RACE_MS = Number(process.env.RACE_MS ?? 6000);
const WORKERS = 8;
const TICKETS_PER_USER = 4;

let t: TestApp;
const people: Array<{ email: string; token: string; id: number; username: string }> = [];
let gaTypeId: number;
let vipTypeId: number;
let weekenderEventId: number;
const codes: Array<{ code: string; madeBy: number }> = [];
const initial = { heldByType: new Map<number, number>(), allowance: new Map<number, number>(), used: 0 };
const outcomes = { requests: 0, statuses: new Map<string, number>(), serverErrors: [] as string[] };

beforeAll(async () => {
  // The log shows the cause of any 5xx (errors only).
  t = await createTestApp({
    // One connection per worker plus room for the test's own reads: with fewer, the workers' transactions hold the
    // pool while the test waits for a connection (a 5 s connect timeout on a loaded CI machine).
    database: () => openPostgresTestDatabase(WORKERS + 4),
    logger: true,
    env: { LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '1000000', OTP_MAX_SENDS_PER_IP: '100000', OTP_MAX_SENDS_PER_EMAIL_ALL_CLIENTS: '100000', OTP_MAX_SENDS_PER_EMAIL_OWNER: '100000' },
  });
  expect(t.database.kind).toBe('postgres');
  await seedDemoData(t.database.db, { now: t.clock.now });
  const db = t.database.db;
  const types = await db.select().from(ticketTypes);
  gaTypeId = types.find((type) => type.name === 'General Admission' && type.isSwappable)!.id;
  const gaEvent = types.find((type) => type.id === gaTypeId)!.eventId;
  vipTypeId = types.find((type) => type.name === 'VIP' && type.eventId === gaEvent)!.id;
  weekenderEventId = gaEvent;
  await db.update(swapPairs).set({ availableQuantity: 12 });

  for (const email of ['alex@example.com', 'jordan@example.com', 'sam@example.com', 'p1@example.com', 'p2@example.com', 'p3@example.com']) {
    const token = (await signIn(t, email)).accessToken;
    const me = (await call(t.app, { method: 'GET', url: '/v1/auth/me', token })).json;
    const [row] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`);
    people.push({ email, token, id: row!.id, username: me.preferredUsername });
    await verifyPayouts(t.app, token, 'P');
    const tickets = Array.from({ length: TICKETS_PER_USER }, (_, index) => ({
      ticketTypeId: index === 0 ? vipTypeId : gaTypeId,
      ownerUserId: row!.id,
      purchasePriceMinor: 100,
    }));
    const created = await db.insert(userTickets).values(tickets).returning({ id: userTickets.id });
    // Secret codes as a PDF would carry them, for the redeem racers.
    for (const { id } of created.slice(0, 2)) {
      const code = `RACE-${row!.id}-${id}`;
      await db.insert(redeemSecrets).values({ codeHash: createHash('sha256').update(normaliseCode(code)).digest('hex'), userTicketId: id, createdByUserId: row!.id });
      codes.push({ code, madeBy: row!.id });
    }
  }

  for (const row of await query<{ type: number; n: string }>(sql`select ticket_type_id as type, count(*) as n from user_tickets where status in ('valid','reserved','listed','used') group by 1`)) {
    initial.heldByType.set(Number(row.type), Number(row.n));
  }
  for (const pair of await db.select().from(swapPairs)) initial.allowance.set(pair.id, pair.availableQuantity);
  initial.used = Number((await query<{ n: string }>(sql`select count(*) as n from user_tickets where status = 'used'`))[0]!.n);
}, 120_000);
// Issue 21: the money invariant holds after every test that may have sold a ticket on resale.
afterEach(() => assertMoneyAddsUp(t.database.db));
afterAll(() => t?.close());

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function ticketIds(): Promise<number[]> {
  return (await t.database.db.select({ id: userTickets.id }).from(userTickets)).map((row) => row.id);
}

/** Mostly one of the person's own tickets in `statuses` (so operations collide on them), sometimes anybody's. */
async function ticketOf(person: (typeof people)[number], statuses: string[], anyIds: number[]): Promise<number> {
  if (Math.random() < 0.2) return pick(anyIds);
  const rows = await query<{ id: number }>(
    sql`select id from user_tickets where owner_user_id = ${person.id} and status in (${sql.join(statuses.map((status) => sql`${status}`), sql`, `)}) order by random() limit 1`,
  );
  return rows[0]?.id ?? pick(anyIds);
}

async function race() {
  const orderIds = new Map<string, string[]>();
  const shareCodes: string[] = [];
  let ids = await ticketIds();
  const deadline = Date.now() + RACE_MS;
  const send = async (label: string, options: Parameters<typeof call>[1]) => {
    const result = await call(t.app, options);
    outcomes.requests += 1;
    const key = `${label} ${result.status}`;
    outcomes.statuses.set(key, (outcomes.statuses.get(key) ?? 0) + 1);
    if (result.status >= 500) outcomes.serverErrors.push(`${label}: ${JSON.stringify(result.json)}`);
    return result;
  };
  const operations: Array<() => Promise<unknown>> = [
    async () => {
      const from = pick(people);
      const to = pick(people.filter((person) => person !== from));
      const userTicketId = await ticketOf(from, ['valid', 'reserved', 'listed'], ids);
      await send('gift', { method: 'POST', url: '/v1/mobile/giftTicket', token: from.token, payload: { userTicketId, username: to.username } });
    },
    async () => {
      const person = pick(people);
      const result = await send('list', {
        method: 'POST',
        url: '/v1/resell',
        token: person.token,
        payload: { userTicketId: await ticketOf(person, ['valid', 'reserved'], ids), amountCount: pick([1, 2]), price: pick([10, 25.5]), currencyCode: 'AUD', currencySymbol: '$' },
      });
      if (result.status === 200) shareCodes.push((result.json.shareLinkUrl as string).split('/').pop()!);
    },
    async () => {
      const person = pick(people);
      await send('unlist', { method: 'POST', url: '/v1/resell/unlist', token: person.token, payload: { userTicketId: await ticketOf(person, ['listed'], ids) } });
    },
    async () => {
      if (!shareCodes.length) return;
      await send('purchase', {
        method: 'POST',
        url: `/v1/resell/purchase/${pick(shareCodes)}`,
        token: pick(people).token,
        payload: { quantity: 1, paymentMethod: pick(['pm_card_visa', 'pm_card_visa', 'pm_card_chargeDeclined']) },
      });
    },
    async () => {
      const upgrade = Math.random() < 0.6;
      const base = upgrade ? gaTypeId : vipTypeId;
      const pairs = (await send('targets', { method: 'GET', url: `/v1/ticket_swap/tickets/${base}`, token: pick(people).token })).json as Array<{ id: number; name: string }>;
      const pair = pairs.find((target) => (upgrade ? target.name === 'VIP' : true));
      if (!pair) return;
      const person = pick(people);
      const result = await send('swap.start', {
        method: 'POST',
        url: '/v1/ticket_swap/start_swap',
        token: person.token,
        payload: { baseTicketId: base, swapPairId: pair.id, swapQuantity: pick([1, 2]) },
      });
      if (result.status === 200) orderIds.set(person.email, [...(orderIds.get(person.email) ?? []), result.json.orderIdentifier]);
    },
    async () => {
      const person = pick(people);
      // Mostly the person's own swaps, sometimes someone else's.
      const own = orderIds.get(person.email) ?? [];
      const all = [...orderIds.values()].flat();
      if (!all.length) return;
      const id = own.length && Math.random() < 0.8 ? pick(own) : pick(all);
      const token = person.token;
      const action = pick(['pay', 'confirm', 'cancel'] as const);
      if (action === 'pay') await send('swap.pay', { method: 'POST', url: `/v1/ticket_swap/pay/${id}`, token, payload: { paymentMethod: 'pm_card_visa' } });
      else if (action === 'confirm') await send('swap.confirm', { method: 'POST', url: `/v1/ticket_swap/confirm_swap/${id}`, token });
      else await send('swap.cancel', { method: 'POST', url: `/v1/ticket_swap/cancel/${id}`, token });
    },
    async () => {
      const person = pick(people);
      await send('pdf', { method: 'POST', url: `/v1/resell/${await ticketOf(person, ['valid', 'listed', 'reserved'], ids)}`, token: person.token });
    },
    () => send('redeem', { method: 'POST', url: `/v1/resell/redeem/${pick(codes).code}`, token: pick(people).token }),
    async () => {
      const person = pick(people);
      const qr = (await send('qr', { method: 'GET', url: '/v1/auth/access/qr', token: person.token })).response.body;
      await send('scan', { method: 'POST', url: '/v1/access/scan', payload: { token: qr, eventId: weekenderEventId }, headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } });
    },
    async () => {
      ids = await ticketIds();
    },
  ];
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (Date.now() < deadline) await pick(operations)();
    }),
  );
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

describe('racing every ticket operation on overlapping tickets (Postgres)', () => {
  beforeAll(race, RACE_MS + 60_000);

  it('answered every request without a 5xx', () => {
    console.info(
      `[races] ${outcomes.requests} requests in ${RACE_MS} ms by ${WORKERS} workers on ${t.database.kind}: ` +
        JSON.stringify(Object.fromEntries([...outcomes.statuses].sort())),
    );
    expect(outcomes.serverErrors).toEqual([]);
    expect(outcomes.requests).toBeGreaterThan(100);
  });

  it('keeps one holder per ticket: held tickets per type add up, and every ticket that left has exactly one successor', async () => {
    const confirmed = await query<{ base: number; target: number; n: string }>(
      sql`select p.base_ticket_type_id as base, p.target_ticket_type_id as target, sum(s.quantity) as n from swaps s join swap_pairs p on p.id = s.swap_pair_id where s.status = 'confirmed' group by 1, 2`,
    );
    const expected = new Map(initial.heldByType);
    for (const row of confirmed) {
      expected.set(Number(row.base), (expected.get(Number(row.base)) ?? 0) - Number(row.n));
      expected.set(Number(row.target), (expected.get(Number(row.target)) ?? 0) + Number(row.n));
    }
    const held = await query<{ type: number; n: string }>(sql`select ticket_type_id as type, count(*) as n from user_tickets where status in ('valid','reserved','listed','used') group by 1`);
    const actual = new Map(held.map((row) => [Number(row.type), Number(row.n)]));
    for (const [type, count] of expected) expect(actual.get(type) ?? 0, `held tickets of type ${type}`).toBe(count);

    const [ends] = await query<{ gifted: string; transfers: string; sold: string; sold_listings: string; redeemed: string; redeemed_codes: string; swapped: string; swap_items: string }>(sql`
      select
        (select count(*) from user_tickets where status = 'gifted') as gifted,
        (select count(*) from transfers) as transfers,
        (select count(*) from user_tickets where status = 'sold') as sold,
        (select count(*) from listings where status = 'sold') as sold_listings,
        (select count(*) from user_tickets where status = 'redeemed_away') as redeemed,
        (select count(*) from redeem_secrets where redeemed_by_user_id is not null) as redeemed_codes,
        (select count(*) from user_tickets where status = 'swapped') as swapped,
        (select count(*) from swap_tickets st join swaps s on s.id = st.swap_id where s.status = 'confirmed') as swap_items`);
    expect(Number(ends!.gifted)).toBe(Number(ends!.transfers));
    expect(Number(ends!.sold)).toBe(Number(ends!.sold_listings));
    expect(Number(ends!.redeemed)).toBe(Number(ends!.redeemed_codes));
    expect(Number(ends!.swapped)).toBe(Number(ends!.swap_items));
    // A ticket used at the gate stays with its holder: one per accepted scan.
    const [used] = await query<{ used: string; scans: string }>(sql`select (select count(*) from user_tickets where status = 'used') as used, (select count(*) from gate_scans) as scans`);
    expect(Number(used!.used)).toBe(initial.used + Number(used!.scans));
  });

  it('never leaves a ticket both listed and reserved: listed ⇔ one listing on sale, reserved ⇔ its started swap', async () => {
    const listedWrong = await query(sql`
      select t.id from user_tickets t
      where (t.status = 'listed') <> exists (select 1 from listings l where l.user_ticket_id = t.id and l.status = 'on_sale')
         or (select count(*) from listings l where l.user_ticket_id = t.id and l.status = 'on_sale') > 1`);
    expect(listedWrong).toEqual([]);
    const reservedWrong = await query(sql`
      select t.id from user_tickets t
      where (t.status = 'reserved') <> exists (
        select 1 from swaps s join swap_tickets st on st.swap_id = s.id
        where s.id = t.reserved_by_swap_id and st.base_user_ticket_id = t.id and s.status = 'started' and s.user_id = t.owner_user_id)`);
    expect(reservedWrong).toEqual([]);
    const swapsShort = await query(sql`
      select s.id from swaps s where s.status = 'started'
        and (select count(*) from user_tickets t where t.reserved_by_swap_id = s.id and t.status = 'reserved') <> s.quantity`);
    expect(swapsShort).toEqual([]);
  });

  it('keeps swap allowances and money adding up', async () => {
    for (const pair of await t.database.db.select().from(swapPairs)) {
      const [row] = await query<{ n: string }>(sql`select coalesce(sum(quantity), 0) as n from swaps where swap_pair_id = ${pair.id} and status = 'confirmed'`);
      expect(pair.availableQuantity, `allowance of pair ${pair.id}`).toBe(initial.allowance.get(pair.id)! - Number(row!.n));
      expect(pair.availableQuantity).toBeGreaterThanOrEqual(0);
    }
    const [money] = await query<{ payments: string; resale: string; upgrades: string; unpaid_upgrades: string; unpaid_sales: string }>(sql`
      select
        (select coalesce(sum(amount_minor), 0) from payments) as payments,
        (select coalesce(sum(price_minor + service_fee_minor), 0) from listings where status = 'sold') as resale,
        (select coalesce(sum(amount_due_minor), 0) from swaps where status = 'confirmed' and swap_type = 'UPGRADE') as upgrades,
        (select count(*) from swaps where status = 'confirmed' and swap_type = 'UPGRADE' and (paid_at is null or payment_id is null)) as unpaid_upgrades,
        (select count(*) from listings where status = 'sold' and payment_id is null) as unpaid_sales`);
    const charged = t.charges.reduce((sum, charge) => sum + charge.amountMinor, 0);
    expect(Number(money!.unpaid_upgrades)).toBe(0);
    expect(Number(money!.unpaid_sales)).toBe(0);
    expect(Number(money!.payments)).toBe(charged);
    expect(Number(money!.payments)).toBe(Number(money!.resale) + Number(money!.upgrades));
  });
});
