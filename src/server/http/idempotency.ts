// Idempotency-Key support for authenticated mutations: a retried request with the same key and the same payload
// gets the stored answer instead of running twice; the same key with another payload is refused.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../contract/errors';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

const KEY_PATTERN = /^[\w.:-]{1,200}$/;

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

/** Runs `work` once per (user, key); a repeat answers what the first run answered. */
export async function runIdempotent(
  db: Database,
  request: FastifyRequest,
  route: string,
  key: string,
  work: () => Promise<unknown>,
): Promise<StoredAnswer> {
  const userId = request.userId!;
  const hash = requestHash(request);
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (stored) {
    if (stored.route !== route || stored.requestHash !== hash) throw new ApiError('api.idempotency_conflict');
    return { statusCode: stored.statusCode, body: stored.responseBody };
  }
  const body = await work();
  await db
    .insert(idempotencyKeys)
    .values({ userId, key, route, requestHash: hash, statusCode: 200, responseBody: body as object })
    .onConflictDoNothing();
  return { statusCode: 200, body };
}
