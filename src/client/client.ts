// The typed API client, built from src/contract/endpoints.ts: one `call` per endpoint name, typed params, query,
// body and response; responses validated with the contract's schemas; cached reads through the query cache; the
// bearer token and the 401 → refresh → one retry protocol delegated to the session (the client never redirects).
import { ofetch } from 'ofetch';
import type * as z from 'zod';
import {
  API_PREFIX,
  buildPath,
  endpoints,
  type BodyOf,
  type CacheTag,
  type Endpoint,
  type EndpointName,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '../contract/endpoints';
import { cacheKey, createQueryCache, type InvalidationListener, type QueryCache } from './cache';
import { ApiRequestError } from './errors';

/** A request that gets no answer within this time fails with TIMEOUT_ERROR. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** What the client needs from the session actor (machines/session.ts implements it in sessionPort). */
export interface SessionPort {
  /** The access token to send, after any running refresh has finished; null when signed out. */
  accessToken(): Promise<string | null>;
  /**
   * A request sent with `staleToken` was answered 401. Starts one refresh unless another request already did (or
   * is doing) it, waits for it, and answers the new access token, or null when there is none (refresh failed).
   */
  refreshAfterUnauthorized(staleToken: string | null): Promise<string | null>;
}

type Field<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

export type CallArgs<N extends EndpointName> = Field<'params', ParamsOf<N>> &
  Field<'query', QueryOf<N>> &
  Field<'body', BodyOf<N>> & {
    /** Multipart endpoints (uploadPicture) send this instead of a JSON body. */
    formData?: FormData;
    /** Sent as the Idempotency-Key header (mutations; the server replays the first answer). */
    idempotencyKey?: string;
    /** Cached reads: skip a stored value and ask the server. */
    fresh?: boolean;
    signal?: AbortSignal;
  };

type HasRequiredArgs<N extends EndpointName> = [ParamsOf<N>, QueryOf<N>, BodyOf<N>] extends [undefined, undefined, undefined]
  ? false
  : true;

export type CallParameters<N extends EndpointName> = HasRequiredArgs<N> extends true
  ? [args: CallArgs<N>]
  : [args?: CallArgs<N>];

export interface ApiClient {
  call<N extends EndpointName>(name: N, ...args: CallParameters<N>): Promise<ResponseOf<N>>;
  /** Calls `listener` after one of `tags` was invalidated (a mutation succeeded); answers the unsubscribe function. */
  onInvalidate(tags: readonly CacheTag[], listener: InvalidationListener): () => void;
  readonly cache: QueryCache;
}

export interface ApiClientOptions {
  /** Where the API lives, e.g. '/v1' or 'https://wallet.example/v1'. */
  baseUrl?: string;
  session?: SessionPort;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Check answers against the contract's response schemas (a mismatch is PARSING_ERROR). Default true. */
  validateResponses?: boolean;
  cache?: QueryCache;
}

/** Whether `call` reads this endpoint through the cache. */
export function isCachedRead(endpoint: Endpoint): boolean {
  return endpoint.method === 'GET' && (endpoint.provides?.length ?? 0) > 0 && !endpoint.noCache;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = API_PREFIX, session, timeoutMs = REQUEST_TIMEOUT_MS, validateResponses = true } = options;
  const cache = options.cache ?? createQueryCache();
  const $fetch = ofetch.create({
    baseURL: baseUrl,
    retry: 0,
    timeout: timeoutMs,
    ignoreResponseError: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function send(name: EndpointName, args: CallArgs<EndpointName>, token: string | null): Promise<unknown> {
    const endpoint: Endpoint = endpoints[name];
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (args.idempotencyKey) headers['idempotency-key'] = args.idempotencyKey;
    const path = buildPath(endpoint.path, (args.params ?? {}) as Record<string, string | number>);
    const body = endpoint.multipart ? args.formData : args.body;

    let response: Response;
    try {
      response = await $fetch.raw(path, {
        method: endpoint.method,
        headers,
        query: args.query as Record<string, string> | undefined,
        body: body as BodyInit | Record<string, unknown> | undefined,
        responseType: endpoint.response === 'pdf' ? 'blob' : 'text',
        signal: args.signal,
      });
    } catch (error) {
      throw new ApiRequestError(name, isTimeout(error) ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', undefined, { cause: error });
    }

    const raw: unknown = (response as Response & { _data?: unknown })._data;
    if (!response.ok) {
      // PDF endpoints read the answer as a blob; their error bodies are JSON all the same.
      const text = raw instanceof Blob ? await raw.text() : raw;
      throw new ApiRequestError(name, response.status, typeof text === 'string' ? parseJsonOr(text, text) : text);
    }
    if (endpoint.response === 'pdf') return raw;
    return parseAnswer(name, endpoint.response, response, typeof raw === 'string' ? raw : '');
  }

  function parseAnswer(name: EndpointName, schema: z.ZodType, response: Response, text: string): unknown {
    const isJson = /json/i.test(response.headers.get('content-type') ?? '');
    let data: unknown;
    if (isJson || !schemaAcceptsText(schema)) {
      try {
        data = text === '' ? undefined : JSON.parse(text);
      } catch (error) {
        throw new ApiRequestError(name, 'PARSING_ERROR', text, { cause: error });
      }
    } else {
      data = text;
    }
    if (!validateResponses) return data;
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ApiRequestError(name, 'PARSING_ERROR', data, { cause: parsed.error });
    return parsed.data;
  }

  /** One request with the session's token; a 401 gets one refresh and one retry, never more. */
  async function request(name: EndpointName, args: CallArgs<EndpointName>): Promise<unknown> {
    const token = session ? await session.accessToken() : null;
    try {
      return await send(name, args, token);
    } catch (error) {
      if (!session || !(error instanceof ApiRequestError) || error.status !== 401 || !endpoints[name].auth) throw error;
      const renewed = await session.refreshAfterUnauthorized(token);
      if (!renewed) throw error;
      return send(name, args, renewed);
    }
  }

  async function call(name: EndpointName, args: CallArgs<EndpointName> = {}): Promise<unknown> {
    const endpoint: Endpoint = endpoints[name];
    if (isCachedRead(endpoint)) {
      const key = cacheKey(name, { params: args.params, query: args.query });
      return cache.read(key, endpoint.provides ?? [], () => request(name, args), { fresh: args.fresh });
    }
    const data = await request(name, args);
    if (endpoint.invalidates?.length) cache.invalidate(endpoint.invalidates);
    return data;
  }

  return {
    call: call as ApiClient['call'],
    onInvalidate: (tags, listener) => cache.onInvalidate(tags, listener),
    cache,
  };
}

function isTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'TimeoutError') return true;
  }
  return false;
}

function parseJsonOr(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** Text endpoints (the QR token, the base64 QR image) may answer text/plain. */
function schemaAcceptsText(schema: z.ZodType): boolean {
  return schema.safeParse('').success || schema.safeParse('x').success;
}
