// A notice carries its event's row and the user's event before it, so a stream that has sent that one writes the
// row as it comes, with no read of the table (the path from commit to the wallet, docs/decisions/0067-many-instances-fresh-answers-on-every-instance-the-event.md); any other
// stream reads after its cursor as before. On the run's database: the writer's previous ids are exact, also for
// several rows of one user in one transaction; then the hub on a counting store and the in-process bus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/server/db/transaction';
import { createMemoryBus, decodeNotice, encodeNotice } from '../../src/server/modules/events/bus';
import { type EventNotice, recordEvent, setEventAnnouncer } from '../../src/server/modules/events/record';
import { createEventStore, type EventRow } from '../../src/server/modules/events/store';
import { StreamHub } from '../../src/server/modules/events/streams';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

/** Records `types` for the users in one transaction of the app's database; answers the notices announced. */
async function write(events: { userId: number; type: 'profile.changed' | 'ticket.received'; userTicketId?: number }[]): Promise<EventNotice[]> {
  const announced: EventNotice[] = [];
  const db = t.database.db;
  setEventAnnouncer(db, { afterCommit: (notices) => announced.push(...notices) });
  try {
    await inTransaction(db, async (tx) => {
      for (const event of events) recordEvent(tx, event);
    });
  } finally {
    // The app's own bus announces again for the rest of the file.
    setEventAnnouncer(db, t.app.eventBus);
  }
  return announced;
}

describe('the writer', () => {
  it("gives each notice the user's event before it: none, the last one written, and the one before in the same statement", async () => {
    const [first] = await write([{ userId: 900_001, type: 'profile.changed' }]);
    expect(first).toMatchObject({ userId: 900_001, previousId: 0, row: { id: first!.eventId, type: 'profile.changed', userTicketId: null } });
    const [second, other, third] = await write([
      { userId: 900_001, type: 'ticket.received', userTicketId: 7 },
      { userId: 900_002, type: 'profile.changed' },
      { userId: 900_001, type: 'profile.changed' },
    ]);
    expect(second).toMatchObject({ userId: 900_001, previousId: first!.eventId, row: { userTicketId: 7 } });
    expect(other).toMatchObject({ userId: 900_002, previousId: 0 });
    expect(third).toMatchObject({ userId: 900_001, previousId: second!.eventId });
    // The rows in the notices are the rows in the table.
    const stored = await createEventStore(t.database.db).after(900_001, 0);
    expect(stored).toEqual([first!.row, second!.row, third!.row]);
  });

  it('carries the row through the wire form, and still reads the short form of a touch or an older instance', () => {
    const row: EventRow = { id: 12, userId: 3, type: 'session.revoked', userTicketId: null, sessionFamily: 'f-1', createdAt: new Date(1_700_000_000_123) };
    expect(decodeNotice(encodeNotice({ userId: 3, eventId: 12, previousId: 9, row }))).toEqual({ userId: 3, eventId: 12, previousId: 9, row });
    expect(decodeNotice('3:12')).toEqual({ userId: 3, eventId: 12 });
    expect(decodeNotice('3:12:9:bad type:::1')).toBeUndefined();
  });
});

describe('a stream hearing notices', () => {
  const rowOf = (id: number): EventRow => ({ id, userId: 1, type: 'profile.changed', userTicketId: null, sessionFamily: null, createdAt: new Date(0) });
  function hubWith(table: EventRow[]) {
    const reads: number[] = [];
    const store = {
      ...createEventStore(t.database.db),
      async after(_userId: number, afterId: number) {
        reads.push(afterId);
        return table.filter((row) => row.id > afterId);
      },
    };
    const bus = createMemoryBus();
    const hub = new StreamHub(store, bus, { maxStreamsPerUser: 5, heartbeatMs: 60_000 }, t.app.log);
    const stream = hub.admit(1, 'family');
    let sent = '';
    stream.body.on('data', (chunk: Buffer) => {
      sent += chunk.toString();
    });
    const ids = () => [...sent.matchAll(/^id: (\d+)\nevent: wallet/gm)].map((match) => Number(match[1]));
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    return { hub, bus, stream, reads, ids, settle };
  }

  it('writes the next event from its notice without reading, and reads when it missed one', async () => {
    const table = [rowOf(5)];
    const { hub, bus, stream, reads, ids, settle } = hubWith(table);
    stream.start(4, false);
    await settle();
    expect(ids()).toEqual([5]);
    expect(reads).toEqual([4]);
    // The next event of the user: straight from the notice.
    table.push(rowOf(8));
    bus.afterCommit([{ userId: 1, eventId: 8, previousId: 5, row: rowOf(8) }]);
    await settle();
    expect(ids()).toEqual([5, 8]);
    expect(reads).toEqual([4]);
    // Event 11's notice says 10 came before it, which this stream never heard of: it reads, and gets both once.
    table.push(rowOf(10), rowOf(11));
    bus.afterCommit([{ userId: 1, eventId: 11, previousId: 10, row: rowOf(11) }]);
    await settle();
    expect(ids()).toEqual([5, 8, 10, 11]);
    expect(reads).toEqual([4, 8]);
    // 10's notice arriving late changes nothing.
    bus.afterCommit([{ userId: 1, eventId: 10, previousId: 8, row: rowOf(10) }]);
    await settle();
    expect(ids()).toEqual([5, 8, 10, 11]);
    // A notice without its row (an older instance): a read.
    table.push(rowOf(12));
    bus.afterCommit([{ userId: 1, eventId: 12 }]);
    await settle();
    expect(ids()).toEqual([5, 8, 10, 11, 12]);
    expect(reads).toEqual([4, 8, 11]);
    hub.close(1_000);
  });
});
