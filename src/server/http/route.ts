// Binds a contract endpoint to a handler: method, path, schemas, auth and the OpenAPI description all come
// from src/contract/endpoints.ts, so a module only says which service function answers the call.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { API_PREFIX, type EndpointName, endpoints, type ParsedBodyOf, type ResponseOf } from '../../contract/endpoints';
import { apiErrorSchema } from '../../contract/errors';
import { idempotencyKeyOf, runIdempotent } from './idempotency';

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

export type RouteHandler<N extends EndpointName> = (input: RouteInput<N>) => Promise<ResponseOf<N> | Buffer>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Contract endpoints that have a route, so the app can answer the rest with 501. */
    contractRoutes: Set<EndpointName>;
  }
}

export interface RouteOptions {
  /** This route's own limit (@fastify/rate-limit's route config) instead of the app's per-IP one. */
  rateLimit?: Record<string, unknown>;
}

export function route<N extends EndpointName>(app: FastifyInstance, name: N, handler: RouteHandler<N>, options: RouteOptions = {}): void {
  const endpoint = endpoints[name];
  app.contractRoutes.add(name);

  const response: Record<string, z.ZodMiniType> = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };
  if (endpoint.response !== 'pdf') response['200'] = endpoint.response;

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
      // The error codes of the call, listed for readers of the OpenAPI document.
      description: endpoint.errors.length ? `Error codes: ${endpoint.errors.join(', ')}` : undefined,
    },
    onRequest: endpoint.auth ? app.authenticate : undefined,
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    handler: async (request, reply) => {
      const run = () =>
        handler({
          body: request.body as ParsedBodyOf<N>,
          params: request.params as ParsedOf<N, 'params'>,
          query: request.query as ParsedOf<N, 'query'>,
          userId: request.userId ?? 0,
          request,
          reply,
        });
      const key = endpoint.method === 'POST' && endpoint.auth && endpoint.response !== 'pdf' ? idempotencyKeyOf(request) : undefined;
      if (key) {
        const answer = await runIdempotent(app.deps.database.db, request, name, key, run);
        return reply.status(answer.statusCode).send(answer.body);
      }
      const result = await run();
      if (Buffer.isBuffer(result)) return reply.type('application/pdf').send(result);
      return result;
    },
  });
}
