// Organiser keys cannot be guessed at full speed (docs/decisions/0105-the-organiser-key-is-counted.md): every request
// that carries `x-organizer-key` and is refused as a wrong key counts against its address. Past a few failures the
// address waits, longer with each further failure (doubling, capped), and is answered 429 with Retry-After before the
// key is even looked at. Only failing addresses wait: a correct key from an address that has not failed keeps
// working, so a stranger cannot lock the door. Failed attempts are logged with the address. Counts are per instance.
//
// Failures are also counted per target organisation (docs/decisions/0111-the-organiser-key-is-counted-per-organisation.md),
// so many addresses cannot share unlimited quick guesses at one organisation's key. The target is the organisation of
// the event a request names (the gate scan's body, a door call's path); a request that names none (the door's event
// list, the entry-code choice) is checked against every organisation's key, so it counts against them all together.
// Past ORG_FREE_FAILURES the target is slowed: an address that has failed before, and has not shown that target a
// correct key since, may try it again only once per the target's wait (growing, capped at a minute), counted from
// its own last failure. Addresses that never failed and addresses of working staff are not slowed, and no failure of
// anyone else extends an address's wait: an attacker slows itself, never the door.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../contract/errors';
import { events } from '../db/schema';

/** Failures an address may have before it waits (the last of them starts the first wait). */
export const FREE_FAILURES = 5;
/** The first wait, doubled with each failure after it, up to MAX_DELAY_SECONDS. */
export const FIRST_DELAY_SECONDS = 1;
export const MAX_DELAY_SECONDS = 15 * 60;
/** An address's failures are forgotten this long after its last one. */
const FORGET_MS = 60 * 60 * 1000;
const TRACKED_ADDRESSES = 100_000;

/** Failures against one target (from any addresses) before the target is slowed. */
export const ORG_FREE_FAILURES = 20;
/** A slowed target's wait: 1 s at ORG_FREE_FAILURES, doubled with each further failure, up to a minute. */
export const ORG_MAX_DELAY_SECONDS = 60;
/** The target of a request that names no event: every organisation's key is a possible match. */
export const ANY_ORGANISATION = 'any';
/** Events whose organisation is remembered (an event never changes organisation). */
const REMEMBERED_EVENTS = 10_000;

interface Failures {
  count: number;
  last: number;
  waitUntil: number;
}

export function delaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - FREE_FAILURES));
}

export function orgDelaySeconds(failures: number): number {
  if (failures < ORG_FREE_FAILURES) return 0;
  return Math.min(ORG_MAX_DELAY_SECONDS, 2 ** (failures - ORG_FREE_FAILURES));
}

/** Keeps a map to `limit` entries, dropping the oldest (maps iterate in insertion order). */
function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value!);
}

/** The event a keyed request names: the gate scan's body `eventId` or a door call's `:eventId`. */
function eventIdOf(request: FastifyRequest): number | undefined {
  const fromParams = (request.params as { eventId?: unknown } | undefined)?.eventId;
  const fromBody = (request.body as { eventId?: unknown } | undefined)?.eventId;
  const id = Number(fromParams ?? fromBody);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export const keyGuard = fp(
  async (app: FastifyInstance) => {
    const now = () => app.deps.now().getTime();
    const byAddress = new Map<string, Failures>();
    /** Failures per target (`org:<id>` or ANY_ORGANISATION), from every address. */
    const byTarget = new Map<string, { count: number; last: number }>();
    /** `<address> <target>` → when that address last showed that target a correct key (staff at work). */
    const working = new Map<string, number>();
    const organisationOfEvent = new Map<number, number | null>();

    /** The target a request's key is checked against; an unknown event's request fails whatever the key. */
    async function targetOf(request: FastifyRequest): Promise<string> {
      const eventId = eventIdOf(request);
      if (eventId === undefined) return ANY_ORGANISATION;
      let organisationId = organisationOfEvent.get(eventId);
      if (organisationId === undefined) {
        const [row] = await app.deps.database.db.select({ organisationId: events.organisationId }).from(events).where(eq(events.id, eventId));
        organisationId = row?.organisationId ?? null;
        // Only found ones: an event created later must not stay unknown.
        if (organisationId !== null) remember(organisationOfEvent, eventId, organisationId, REMEMBERED_EVENTS);
      }
      return organisationId === null ? ANY_ORGANISATION : `org:${organisationId}`;
    }
    /** The target's failures, forgotten an hour after its last one. */
    function targetFailures(target: string, at: number): number {
      const entry = byTarget.get(target);
      if (entry && at - entry.last > FORGET_MS) {
        byTarget.delete(target);
        return 0;
      }
      return entry?.count ?? 0;
    }

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
    /** Each keyed request's target, found before its key is checked (the answer's hook then counts at once). */
    const targets = new WeakMap<FastifyRequest, string>();
    // After validation, when the body (the gate scan's event) can be read. An event's organisation is looked up once.
    app.addHook('preHandler', async (request) => {
      if (request.headers['x-organizer-key'] === undefined) return;
      const target = await targetOf(request);
      targets.set(request, target);
      // Only an address with failures on record waits here, and only while its target is slowed.
      const failing = byAddress.get(request.ip);
      if (!failing) return;
      const at = now();
      const delay = orgDelaySeconds(targetFailures(target, at));
      if (delay === 0) return;
      const shown = working.get(`${request.ip} ${target}`);
      if (shown !== undefined && shown > failing.last && at - shown <= FORGET_MS) return;
      const until = failing.last + delay * 1000;
      if (until > at) throw new ApiError('api.too_many_requests', { retryAfterSeconds: Math.ceil((until - at) / 1000) });
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.headers['x-organizer-key'] === undefined) return done();
      const target = targets.get(request) ?? ANY_ORGANISATION;
      // A correct key (a refused key answers 401, a slowed one 429): this address is staff of that target.
      if (reply.statusCode < 300) remember(working, `${request.ip} ${target}`, now(), TRACKED_ADDRESSES);
      else if (reply.statusCode === 401) countFailure(request, target);
      done();
    });
    function countFailure(request: FastifyRequest, target: string): void {
      const at = now();
      const entry = byAddress.get(request.ip) ?? { count: 0, last: at, waitUntil: 0 };
      entry.count += 1;
      entry.last = at;
      entry.waitUntil = at + delaySeconds(entry.count) * 1000;
      remember(byAddress, request.ip, entry, TRACKED_ADDRESSES);
      const targetCount = targetFailures(target, at) + 1;
      remember(byTarget, target, { count: targetCount, last: at }, TRACKED_ADDRESSES);
      request.log.warn({ address: request.ip, failures: entry.count, target, targetFailures: targetCount, url: request.url }, 'organiser key refused');
      if (targetCount === ORG_FREE_FAILURES) request.log.error({ target }, 'organiser key guessing against one organisation: its failing addresses are slowed');
    }
  },
  { name: 'key-guard' },
);
