// GET /v1/door/events: what the /scan page offers after the organiser key — the organisation's events that have not
// ended, soonest first, with the organisation's entry code; a wrong or missing key gets the gate's stable 401.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, organisations } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
const list = (key: string | null) => call(t.app, { method: 'GET', url: '/v1/door/events', headers: key === null ? {} : { 'x-organizer-key': key } });

beforeAll(async () => {
  t = await createDemoApp();
});
afterAll(() => t.close());

describe('GET /v1/door/events', () => {
  it('lists the events of the key’s organisation that have not ended, soonest first', async () => {
    const answer = await list(DEMO_ORGANIZER_KEY);
    expect(answer.status).toBe(200);
    expect(answer.response.headers['cache-control']).toBe('no-store');
    const now = t.clock.now;
    const open = (await t.database.db.select().from(events).orderBy(asc(events.startsAt), asc(events.id))).filter((event) => event.endsAt > now);
    // The demo has a live, an upcoming and a past event: the past one is not offered.
    expect(open.length).toBe(2);
    expect(answer.json).toEqual({
      organisation: 'Harbour Lights Festival',
      entryCode: 'polling',
      events: open.map((event) => ({
        eventId: event.id,
        name: event.name,
        venue: event.venue,
        startsAt: event.startsAt.toISOString(),
        endsAt: event.endsAt.toISOString(),
      })),
    });
  });

  it('says which entry code the organisation uses', async () => {
    await t.database.db.update(organisations).set({ entryCode: 'device' });
    expect((await list(DEMO_ORGANIZER_KEY)).json.entryCode).toBe('device');
    await t.database.db.update(organisations).set({ entryCode: 'polling' }).where(eq(organisations.entryCode, 'device'));
  });

  it('refuses a wrong or missing key with the stable code, naming no event', async () => {
    for (const key of [null, 'wrong-key', '']) {
      const refused = await list(key);
      expect(refused.status).toBe(401);
      expect(refused.json.code).toBe('api.access.organizer_key_invalid');
      expect(refused.response.body).not.toContain('Harbour');
    }
  });
});
