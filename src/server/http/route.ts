// Binds a contract endpoint to a handler: method, path, schemas, auth and the OpenAPI description all come
// from src/contract/endpoints.ts, so a module only says which service function answers the call.
import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { API_PREFIX, type Endpoint, type EndpointName, endpoints, type ParsedBodyOf, type ResponseOf } from '../../contract/endpoints';
import { binaryTypes } from '../../contract/base';
import { apiErrorSchema } from '../../contract/errors';
import { idempotencyKeyOf, runIdempotent } from './idempotency';
import { acceptsIdempotencyKey } from './openapi';

type ParsedOf<N extends EndpointName, K extends 'params' | 'query'> = (typeof endpoints)[N] extends Record<K, infer S>
  ? S extends z.ZodMiniType
    ? z.output<S>
    : undefined
  : undefined;

export interface RouteInput<N extends EndpointName> {
  body: ParsedBodyOf<N>;
  params: ParsedOf<N, 'params'>;
  query: ParsedOf<N, 'query'>;
  /** The signed-in user's id; set on every endpoint with auth: true. */
  userId: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler answers the value to send, a binary document (PDF, pass), or the reply itself once it has sent the answer
 * (cached bytes, 304); at once or through a promise.
 */
export type RouteHandler<N extends EndpointName> = (
  input: RouteInput<N>,
) => Promise<ResponseOf<N> | Buffer | FastifyReply> | ResponseOf<N> | Buffer | FastifyReply;

declare module 'fastify' {
  interface FastifyInstance {
    /** Contract endpoints that have a route, so the app can answer the rest with 501. */
    contractRoutes: Set<EndpointName>;
  }
}

export interface RouteOptions {
  /** This route's own limit (@fastify/rate-limit's route config) instead of the app's per-IP one. */
  rateLimit?: Record<string, unknown>;
  /** The answer carries a secret (tokens, a login session): `Cache-Control: no-store` although the call needs no token. */
  noStore?: boolean;
}

/**
 * Every answer to a signed-in user, and every answer that carries a secret, says no-store: no browser, proxy or CDN
 * may keep a profile, a token, an entry code, a ticket PDF (its redeem code) or the payments account. A handler may
 * still set its own (the entry QR image is private to the end of its window).
 */
const NO_STORE = 'no-store';

/** One compiled serializer per response schema, shared by every route (and every app built in a test process). */
const compiledSerializers = new WeakMap<z.ZodMiniType, (data: unknown) => string>();

/**
 * Responses are written by a serializer compiled once from the contract's JSON schema (fast-json-stringify, what
 * Fastify itself uses for JSON-schema routes) instead of parsing every answer with zod and then JSON.stringify.
 * It writes only the schema's properties (as zod's strip did) and throws on a missing required one (a 500, as
 * before); it does not re-check formats and ranges of values the server itself produced (docs/decisions/0033-hot-paths-at-the-gate.md).
 */
export function contractSerializer(schema: z.ZodMiniType): (data: unknown) => string {
  let serialize = compiledSerializers.get(schema);
  if (!serialize) {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-07' }) as Record<string, unknown>;
    delete jsonSchema.$schema;
    serialize = fastJsonStringify(jsonSchema as never) as (data: unknown) => string;
    compiledSerializers.set(schema, serialize);
  }
  return serialize;
}

const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => contractSerializer(schema as z.ZodMiniType);

/** The error codes of the call, listed for readers of the OpenAPI document (its headers: src/server/http/openapi.ts). */
function describe(endpoint: Endpoint): string | undefined {
  return endpoint.errors.length ? `Error codes: ${endpoint.errors.join(', ')}` : undefined;
}

export function route<N extends EndpointName>(app: FastifyInstance, name: N, handler: RouteHandler<N>, options: RouteOptions = {}): void {
  const endpoint = endpoints[name];
  app.contractRoutes.add(name);

  // Worked out once per route, not on every request.
  const noStore = endpoint.auth || options.noStore === true;
  const idempotent = acceptsIdempotencyKey(endpoint);
  const response: Record<string, z.ZodMiniType> = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };
  if (typeof endpoint.response !== 'string') response['200'] = endpoint.response;

  // What the handler answered, as Fastify sends it: a Buffer with the endpoint's binary type. Made once per route.
  const binaryType = typeof endpoint.response === 'string' ? binaryTypes[endpoint.response] : 'application/octet-stream';
  const finish = (result: Awaited<ReturnType<RouteHandler<N>>>, reply: FastifyReply) => {
    if (result === reply) return reply;
    if (Buffer.isBuffer(result)) return reply.type(binaryType).send(result);
    return result;
  };

  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: API_PREFIX + endpoint.path,
    schema: {
      summary: endpoint.summary,
      operationId: name,
      tags: [endpoint.path.split('/')[1] ?? 'api'],
      ...('params' in endpoint ? { params: endpoint.params } : {}),
      ...('query' in endpoint ? { querystring: endpoint.query } : {}),
      ...('body' in endpoint ? { body: endpoint.body } : {}),
      ...(endpoint.auth ? { security: [{ bearer: [] }] } : {}),
      response,
      description: describe(endpoint),
    },
    serializerCompiler,
    onRequest: endpoint.auth ? app.authenticate : undefined,
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    handler: (request, reply) => {
      if (noStore) reply.header('cache-control', NO_STORE);
      const input: RouteInput<N> = {
        body: request.body as ParsedBodyOf<N>,
        params: request.params as ParsedOf<N, 'params'>,
        query: request.query as ParsedOf<N, 'query'>,
        userId: request.userId ?? 0,
        request,
        reply,
      };
      const key = idempotent ? idempotencyKeyOf(request) : undefined;
      if (key) {
        return runIdempotent(app.deps.database.db, request, name, key, async () => handler(input)).then((answer) =>
          reply.status(answer.statusCode).send(answer.body),
        );
      }
      const result = handler(input);
      if (result instanceof Promise) return result.then((value) => finish(value, reply));
      // An answer known at once (a hot read from the cache) is sent without a promise, and without a closure made
      // for it. Fastify sends what a synchronous handler returns, so one that has sent its answer itself returns nothing.
      const answer = finish(result, reply);
      return answer === reply ? undefined : answer;
    },
  });
}
