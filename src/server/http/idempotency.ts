// Idempotency-Key support for authenticated mutations: a retried request with the same key and the same payload
// gets the stored answer instead of running twice, also when the two arrive at once; the same key with another
// payload is refused.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../contract/errors';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** What an Idempotency-Key may be (also the OpenAPI document's pattern for it). */
export const KEY_PATTERN = /^[\w.:-]{1,200}$/;

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new ApiError('api.invalid_request_body', { issues: [{ path: 'headers.idempotency-key', message: 'form.invalid_type' }] });
  }
  return header;
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.params, request.query, request.body]))
    .digest('base64url');
}

/**
 * A claim holds for this long after its last renewal; the process running the first request renews it every
 * RENEW_MS. A request that died with its process (a crash, SIGKILL) leaves a claim nobody renews: the next request with
 * the key takes it over within LEASE_MS, instead of being told "in progress" for minutes (docs/decisions/0039-database-faults-and-crashed-requests.md).
 */
export const IDEMPOTENCY_LEASE_MS = 5_000;
const RENEW_MS = 1_000;
/**
 * How long a request waits for another with the same key to answer before it is told the key is in progress; longer
 * than the lease, so that a retry right after a crash gets the key (and runs) rather than 409.
 */
const WAIT_FOR_FIRST_MS = IDEMPOTENCY_LEASE_MS + 3_000;
const POLL_MS = 25;
const lease = sql`now() + make_interval(secs => ${IDEMPOTENCY_LEASE_MS / 1000})`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` once per (user, key); a repeat answers what the first run answered. The first request claims the key
 * with a row before it runs (the unique index decides between concurrent ones), so requests racing with one key do
 * not all run: the others wait for its answer, or get 409 api.idempotency_in_progress if it takes too long. The claim
 * is a lease the running process keeps renewing; one whose lease ran out (its process died) is taken over by the next
 * request with the key. A run that fails releases the key, so the client may retry.
 */
export async function runIdempotent(
  db: Database,
  request: FastifyRequest,
  route: string,
  key: string,
  work: () => Promise<unknown>,
): Promise<StoredAnswer> {
  const userId = request.userId!;
  const hash = requestHash(request);
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const started = Date.now();
  for (;;) {
    const [claim] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash: hash, statusCode: 0, responseBody: null, leaseUntil: lease })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claim) return runClaimed(db, claim.id, work);

    const [stored] = await db.select().from(idempotencyKeys).where(mine);
    if (!stored) continue; // released by a failed first run a moment ago: claim it
    if (stored.route !== route || stored.requestHash !== hash) throw new ApiError('api.idempotency_conflict');
    if (stored.completedAt) return { statusCode: stored.statusCode, body: stored.responseBody };
    // Nobody renewed the claim: its request died with its process. Freed here (only if still expired, so one of
    // several waiting retries frees it), then claimed by the insert above.
    const abandoned = await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.id, stored.id), isNull(idempotencyKeys.completedAt), lt(idempotencyKeys.leaseUntil, sql`now()`)))
      .returning({ id: idempotencyKeys.id });
    if (abandoned.length) continue;
    if (Date.now() - started >= WAIT_FOR_FIRST_MS) throw new ApiError('api.idempotency_in_progress');
    await sleep(POLL_MS);
  }
}

async function runClaimed(db: Database, claimId: number, work: () => Promise<unknown>): Promise<StoredAnswer> {
  const running = and(eq(idempotencyKeys.id, claimId), isNull(idempotencyKeys.completedAt));
  // A renewal that fails (the database is away for a moment) is simply tried again at the next tick.
  const renewal = setInterval(() => {
    db.update(idempotencyKeys)
      .set({ leaseUntil: lease })
      .where(running)
      .then(
        () => undefined,
        () => undefined,
      );
  }, RENEW_MS);
  renewal.unref();
  let body: unknown;
  try {
    body = await work();
  } catch (error) {
    clearInterval(renewal);
    // Should the release fail too (the database is down), the claim's lease runs out and frees the key.
    await db
      .delete(idempotencyKeys)
      .where(running)
      .catch(() => undefined);
    throw error;
  }
  clearInterval(renewal);
  await db
    .update(idempotencyKeys)
    .set({ statusCode: 200, responseBody: body as object, completedAt: sql`now()` })
    .where(eq(idempotencyKeys.id, claimId));
  return { statusCode: 200, body };
}
