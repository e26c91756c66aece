// The Postgres bus's fallback while its LISTEN connection is down: the notice goes over the pool, and a pool
// connection the server cut at the same moment (handed out before the pool heard) costs one more try, not the notice.
// The real server's side of this is tests/server/notify-connection.test.ts; here the pool fails on cue.
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import { createPostgresBus } from '../../src/server/modules/events/bus';

function fakeDatabase(poolFailures: number) {
  const sent: unknown[] = [];
  let failuresLeft = poolFailures;
  const handle = {
    kind: 'postgres',
    db: {
      execute: async (query: unknown) => {
        if (failuresLeft > 0) {
          failuresLeft--;
          throw new Error('Connection terminated unexpectedly');
        }
        sent.push(query);
      },
    },
    close: async () => {},
    // The LISTEN connection is down from the start: every notice goes over the pool.
    listen: (_channel: string, _onMessage: unknown, onState: (listening: boolean) => void) => {
      onState(false);
      return { notify: () => Promise.reject(new Error('not listening')), stop: async () => {} };
    },
  } as unknown as DatabaseHandle;
  return { handle, sent };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Postgres bus over the pool', () => {
  it('sends the notice on the second try when the first pool connection is dead', async () => {
    const { handle, sent } = fakeDatabase(1);
    const errors: Error[] = [];
    const bus = createPostgresBus(handle, 'tw_test', (error) => errors.push(error));
    bus.afterCommit([{ userId: 1, eventId: 2 }]);
    await settle();
    expect(sent).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('reports the error, once, when the pool fails twice', async () => {
    const { handle, sent } = fakeDatabase(2);
    const errors: Error[] = [];
    const bus = createPostgresBus(handle, 'tw_test', (error) => errors.push(error));
    bus.afterCommit([{ userId: 1, eventId: 2 }]);
    await settle();
    expect(sent).toHaveLength(0);
    expect(errors.map((error) => error.message)).toEqual(['Connection terminated unexpectedly']);
  });
});
