// Organiser keys cannot be guessed at full speed: wrong keys from 10 addresses are slowed and refused with 429 and
// Retry-After, while the good key from a clean address still scans; the wait grows with each failure and ends. Per
// organisation: past its free failures, many addresses get one quick guess each, a failing address waits at most a
// minute between guesses, and staff (a clean address, or one that showed the correct key) keep working.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events as eventsTable } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { delaySeconds, FREE_FAILURES, ORG_FREE_FAILURES, ORG_MAX_DELAY_SECONDS, orgDelaySeconds } from '../../src/server/http/key-guard';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let eventId: number;
beforeAll(async () => {
  t = await createDemoApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  eventId = (await t.database.db.select({ id: eventsTable.id }).from(eventsTable))[0]!.id;
});
afterAll(() => t.close());
// Each test starts after every count is forgotten (an hour after the last failure).
beforeEach(() => t.clock.advance(61 * 60 * 1000));

const events = (key: string, ip: string) =>
  call(t.app, { method: 'GET', url: '/v1/door/events', headers: { 'x-organizer-key': key }, remoteAddress: ip });

describe('organiser key guessing', () => {
  it('600 wrong keys from 10 addresses: refused 429 with Retry-After once the organisations are slowed, a clean address with the good key works', async () => {
    const statuses: Record<number, number> = {};
    for (let round = 0; round < 60; round++) {
      for (let client = 1; client <= 10; client++) {
        const answer = await events(`wrong-key-${round}-${client}`, `127.0.1.${client}`);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 429) {
          expect(Number(answer.response.headers['retry-after'])).toBeGreaterThan(0);
          expect(answer.json.code).toBe('api.too_many_requests');
        }
      }
    }
    // The door's event list is checked against every organisation's key: together they have ORG_FREE_FAILURES free
    // failures (fewer than the addresses' own 10 × FREE_FAILURES), then every failing address waits. The clock stands still.
    expect(ORG_FREE_FAILURES).toBeLessThan(10 * FREE_FAILURES);
    expect(statuses[401]).toBe(ORG_FREE_FAILURES);
    expect(statuses[429]).toBe(600 - ORG_FREE_FAILURES);
    const good = await events(DEMO_ORGANIZER_KEY, '127.0.1.99');
    expect(good.status).toBe(200);
    // Even the good key waits on an address that has been failing.
    expect((await events(DEMO_ORGANIZER_KEY, '127.0.1.1')).status).toBe(429);
  });

  it('the wait doubles with each failure and ends', async () => {
    expect([4, 5, 6, 7].map(delaySeconds)).toEqual([0, 1, 2, 4]);
    const ip = '127.0.2.1';
    for (let index = 0; index < FREE_FAILURES + 2; index++) {
      const answer = await events('wrong', ip);
      expect(answer.status).toBe(401);
      t.clock.advance(delaySeconds(index + 1) * 1000);
    }
    const waiting = await events('wrong', ip);
    expect(waiting.status).toBe(401);
    const refused = await events(DEMO_ORGANIZER_KEY, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers['retry-after'])).toBe(delaySeconds(FREE_FAILURES + 3));
    t.clock.advance(delaySeconds(FREE_FAILURES + 3) * 1000);
    expect((await events(DEMO_ORGANIZER_KEY, ip)).status).toBe(200);
  });
});

const revocations = (key: string, ip: string) =>
  call(t.app, { method: 'GET', url: `/v1/door/events/${eventId}/revocations`, headers: { 'x-organizer-key': key }, remoteAddress: ip });

describe('organiser key guessing against one organisation', () => {
  it('the wait of a slowed organisation grows from 1 s and stays under a minute', () => {
    expect(orgDelaySeconds(ORG_FREE_FAILURES - 1)).toBe(0);
    expect([0, 1, 2, 3].map((extra) => orgDelaySeconds(ORG_FREE_FAILURES + extra))).toEqual([1, 2, 4, 8]);
    expect(orgDelaySeconds(ORG_FREE_FAILURES + 100)).toBe(ORG_MAX_DELAY_SECONDS);
  });

  it('many addresses: one quick guess each once it is slowed, then at most one a minute; staff keep working', async () => {
    // Staff who scanned before the attack.
    expect((await revocations(DEMO_ORGANIZER_KEY, '10.9.0.1')).status).toBe(200);
    // 200 addresses, two wrong keys each, one after another: the organisation has ORG_FREE_FAILURES free failures,
    // then each address's first guess is still checked (it never failed) and its second waits.
    const statuses: Record<number, number> = {};
    const retryAfter: number[] = [];
    for (let client = 0; client < 200; client++) {
      for (let guess = 0; guess < 2; guess++) {
        const answer = await revocations(`wrong-${client}-${guess}`, `10.1.${client >> 8}.${client & 255}`);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 429) {
          expect(answer.json.code).toBe('api.too_many_requests');
          retryAfter.push(Number(answer.response.headers['retry-after']));
        }
      }
    }
    // Without the count per organisation all 400 would be checked (two each is under an address's free failures).
    expect(2 * 200).toBeLessThan(200 * FREE_FAILURES);
    expect(statuses[401]).toBe(ORG_FREE_FAILURES + (200 - ORG_FREE_FAILURES / 2));
    expect(statuses[429]).toBe(400 - statuses[401]!);
    expect(Math.min(...retryAfter)).toBeGreaterThan(0);
    expect(Math.max(...retryAfter)).toBeLessThanOrEqual(ORG_MAX_DELAY_SECONDS);

    // A correct key from a clean address works, and so does the staff's, however many guesses came meanwhile.
    expect((await revocations(DEMO_ORGANIZER_KEY, '10.9.0.2')).status).toBe(200);
    expect((await revocations(DEMO_ORGANIZER_KEY, '10.9.0.1')).status).toBe(200);

    // A member of staff who mistypes the key waits, at most a minute, counted from their own failure: the attack
    // going on meanwhile does not extend it. Then the correct key works, and keeps working while the attack goes on.
    const staff = '10.9.0.3';
    expect((await revocations('mistyped', staff)).status).toBe(401);
    const waiting = await revocations(DEMO_ORGANIZER_KEY, staff);
    expect(waiting.status).toBe(429);
    const wait = Number(waiting.response.headers['retry-after']);
    expect(wait).toBe(ORG_MAX_DELAY_SECONDS);
    t.clock.advance((wait - 1) * 1000);
    for (let client = 0; client < 20; client++) await revocations(`more-${client}`, `10.2.0.${client}`);
    t.clock.advance(1000);
    expect((await revocations(DEMO_ORGANIZER_KEY, staff)).status).toBe(200);
    for (let client = 20; client < 40; client++) await revocations(`more-${client}`, `10.2.0.${client}`);
    expect((await revocations(DEMO_ORGANIZER_KEY, staff)).status).toBe(200);

    // A failing attacker address, after its wait, gets one more guess, then waits again.
    const attacker = '10.1.0.0';
    expect((await revocations('again', attacker)).status).toBe(401);
    expect((await revocations('and-again', attacker)).status).toBe(429);
  });

  it('staff who showed the correct key after a typo are not slowed again as the wait grows', async () => {
    for (let client = 0; client < ORG_FREE_FAILURES - 1; client++) await revocations(`wrong-${client}`, `10.4.0.${client}`);
    // The typo is the organisation's last free failure: the wait is 1 s.
    const staff = '10.9.1.1';
    expect((await revocations('mistyped', staff)).status).toBe(401);
    expect(Number((await revocations(DEMO_ORGANIZER_KEY, staff)).response.headers['retry-after'])).toBe(1);
    t.clock.advance(1000);
    expect((await revocations(DEMO_ORGANIZER_KEY, staff)).status).toBe(200);
    // The attack goes on, the wait grows to a minute; the staff's typo is 1 s old, their correct key newer.
    for (let client = 0; client < 10; client++) await revocations(`more-${client}`, `10.4.1.${client}`);
    expect(orgDelaySeconds(ORG_FREE_FAILURES + 10)).toBe(ORG_MAX_DELAY_SECONDS);
    expect((await revocations('wrong', '10.4.1.0')).status).toBe(429);
    expect((await revocations(DEMO_ORGANIZER_KEY, staff)).status).toBe(200);
  });

  it('an organisation under attack does not slow keyed calls that target another', async () => {
    for (let client = 0; client < ORG_FREE_FAILURES + 5; client++) await revocations(`wrong-${client}`, `10.3.0.${client}`);
    expect((await revocations('wrong-again', '10.3.0.1')).status).toBe(429);
    // The door's event list (every organisation's key) is not slowed: the same address is checked there.
    expect((await events('wrong-elsewhere', '10.3.0.1')).status).toBe(401);
    expect((await events(DEMO_ORGANIZER_KEY, '10.3.0.2')).status).toBe(200);
  });
});
