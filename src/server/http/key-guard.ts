// Organiser keys cannot be guessed at full speed (docs/decisions/0105-the-organiser-key-is-counted.md): every request
// that carries `x-organizer-key` and is refused as a wrong key counts against its address. Past a few failures the
// address waits, longer with each further failure (doubling, capped), and is answered 429 with Retry-After before the
// key is even looked at. Only failing addresses wait: a correct key from an address that has not failed keeps
// working, so a stranger cannot lock the door. Failed attempts are logged with the address. Counts are per instance.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../contract/errors';

/** Failures an address may have before it waits (the last of them starts the first wait). */
export const FREE_FAILURES = 5;
/** The first wait, doubled with each failure after it, up to MAX_DELAY_SECONDS. */
export const FIRST_DELAY_SECONDS = 1;
export const MAX_DELAY_SECONDS = 15 * 60;
/** An address's failures are forgotten this long after its last one. */
const FORGET_MS = 60 * 60 * 1000;
const TRACKED_ADDRESSES = 100_000;

interface Failures {
  count: number;
  last: number;
  waitUntil: number;
}

export function delaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - FREE_FAILURES));
}

export const keyGuard = fp(
  async (app: FastifyInstance) => {
    const now = () => app.deps.now().getTime();
    const byAddress = new Map<string, Failures>();
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers['x-organizer-key'] === undefined) return done();
      const entry = byAddress.get(request.ip);
      const at = now();
      if (entry && at - entry.last > FORGET_MS) byAddress.delete(request.ip);
      else if (entry && entry.waitUntil > at) {
        return done(new ApiError('api.too_many_requests', { retryAfterSeconds: Math.ceil((entry.waitUntil - at) / 1000) }));
      }
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.headers['x-organizer-key'] === undefined || reply.statusCode !== 401) return done();
      const at = now();
      const entry = byAddress.get(request.ip) ?? { count: 0, last: at, waitUntil: 0 };
      entry.count += 1;
      entry.last = at;
      entry.waitUntil = at + delaySeconds(entry.count) * 1000;
      byAddress.delete(request.ip);
      byAddress.set(request.ip, entry);
      if (byAddress.size > TRACKED_ADDRESSES) byAddress.delete(byAddress.keys().next().value!);
      request.log.warn({ address: request.ip, failures: entry.count, url: request.url }, 'organiser key refused');
      done();
    });
  },
  { name: 'key-guard' },
);
