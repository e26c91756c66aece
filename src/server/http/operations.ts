// What running many instances behind a proxy needs from each one: a request id that follows a request through the
// proxy and every log line, liveness and readiness probes, 503 with Retry-After under overload, and a readiness that
// turns off as soon as the instance begins to shut down (so the proxy stops sending it new requests).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import underPressure from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ErrorCode, errorCatalogue } from '../../contract/errors';
import type { RedisHandle } from '../adapters/redis';
import { migrationsFolder } from '../db/client';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A client's or proxy's request id is kept when it is short and plain (no spaces, quotes or control characters for the logs). */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** Fastify's genReqId: the caller's x-request-id when it is a plain one, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** How long a readiness check waits for the database or Redis before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Called when the instance begins to shut down: /readyz answers 503 from then on. */
    beginDraining(): void;
  }
  interface FastifyContextConfig {
    pressureHandler?: () => undefined;
  }
}

type Check = 'ok' | 'down' | 'behind' | 'not_configured' | 'draining';

function within<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS)));
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/** The newest migration this build ships: the database is migrated when drizzle's own table has reached it. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function errorBody(code: ErrorCode) {
  const { status, message } = errorCatalogue[code];
  return { statusCode: status, code, message };
}

export const operations = fp(
  async (app: FastifyInstance, { redis }: { redis: RedisHandle | undefined }) => {
    const { config, database } = app.deps;
    // The answer's x-request-id is set with the security headers, in the one hook of src/server/http/security-headers.ts.

    // Overload: past the event-loop delay or heap limit every request but the liveness probe is refused at once with a
    // stable code and Retry-After, instead of queueing until the clients time out.
    const overload = config.overload;
    if (overload.maxEventLoopDelayMs > 0 || overload.maxHeapUsedBytes > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: overload.maxEventLoopDelayMs,
        maxHeapUsedBytes: overload.maxHeapUsedBytes,
        // Its error (FST_UNDER_PRESSURE) becomes api.overloaded in the one error handler (src/server/http/errors.ts).
        retryAfter: overload.retryAfterSeconds,
      });
    }

    // Probes log only their failures (a proxy asks every second).
    // Process alive: nothing else is asked, so a busy or cut-off instance is not restarted for what it cannot help.
    const alive = { pressureHandler: () => undefined, rateLimit: false } as const;
    app.get('/healthz', { schema: { hide: true }, config: alive, logLevel: 'warn' }, async () => ({ status: 'ok' }));

    const newest = newestMigrationMillis();
    let draining = false;
    app.decorate('beginDraining', () => {
      draining = true;
    });
    app.get('/readyz', { schema: { hide: true }, config: alive, logLevel: 'warn' }, async (_request, reply) => {
      const [databaseCheck, redisCheck] = await Promise.all([
        within(
          database.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`).then((result): Check => {
            const rows = (Array.isArray(result) ? result : (result as { rows: { newest: unknown }[] }).rows) as { newest: unknown }[];
            return Number(rows[0]?.newest ?? 0) >= newest ? 'ok' : 'behind';
          }),
          'down' as Check,
        ),
        redis ? within(redis.ping(CHECK_TIMEOUT_MS).then((up): Check => (up ? 'ok' : 'down')), 'down' as Check) : ('not_configured' as Check),
      ]);
      const checks = {
        instance: draining ? 'draining' : 'ok',
        database: databaseCheck === 'behind' ? 'ok' : databaseCheck,
        migrations: databaseCheck === 'down' ? 'down' : databaseCheck,
        redis: redisCheck,
      } satisfies Record<string, Check>;
      const ready = Object.values(checks).every((check) => check === 'ok' || check === 'not_configured');
      if (ready) return { status: 'ready', checks };
      return reply.status(503).header('retry-after', '5').send({ ...errorBody('api.not_ready'), checks });
    });
  },
  { name: 'operations', dependencies: ['error-handling'] },
);
