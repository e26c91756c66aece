// Organiser keys cannot be guessed at full speed: wrong keys from 10 addresses are slowed and refused with 429 and
// Retry-After, while the good key from a clean address still scans; the wait grows with each failure and ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { delaySeconds, FREE_FAILURES } from '../../src/server/http/key-guard';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
});
afterAll(() => t.close());

const events = (key: string, ip: string) =>
  call(t.app, { method: 'GET', url: '/v1/door/events', headers: { 'x-organizer-key': key }, remoteAddress: ip });

describe('organiser key guessing', () => {
  it('600 wrong keys from 10 addresses: each address is refused 429 with Retry-After past its free failures, a clean address with the good key works', async () => {
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
    // Each address got its free failures (the last of them set its first wait), then waited: the clock stands still.
    expect(statuses[401]).toBe(10 * FREE_FAILURES);
    expect(statuses[429]).toBe(600 - 10 * FREE_FAILURES);
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
