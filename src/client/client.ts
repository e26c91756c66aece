// The typed API client on the browser's fetch, built from src/contract/endpoints.ts: one `call` per endpoint name,
// typed params, query, body and response; cached reads through the query cache; the bearer token and the 401 →
// refresh → one retry protocol delegated to the session (the client never redirects). It carries no schema and no route
// table of its own: each module that calls the API brings the routes of its calls (`addRoutes`, with the contract's
// routes from a Parcel macro at build time, src/contract/route-table.ts), and the server's answers are checked
// against the contract by the server tests (docs/decisions.md, "The browser carries no schemas").
import { API_PREFIX, buildPath, type CacheTag, isBinary, type Route, ROUTE_DEFAULTS } from '../contract/base';
import type { BodyOf, EndpointName, ParamsOf, QueryOf, ResponseOf } from '../contract/endpoints';
import type { CompactRoute } from '../contract/route-table';
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
    /** Reads the headers of a successful answer (a 304's too): what the contract's `responseHeaders` say. */
    onHeaders?: (headers: Headers) => void;
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
  /** Where the API lives (the live events stream is opened there too). */
  readonly baseUrl: string;
}

export interface ApiClientOptions {
  /** Where the API lives, e.g. '/v1' or 'https://wallet.example/v1'. */
  baseUrl?: string;
  session?: SessionPort;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  cache?: QueryCache;
}

/** The routes of the calls this page has code for: each module that calls the API added its own (`addRoutes`). */
const routes: Partial<Record<EndpointName, Route>> = {};

/**
 * Makes the calls of `table` known to every client: a module that calls the API adds the routes of its calls when it
 * loads, `addRoutes(compactRoutes('signIn', …))`, with `compactRoutes` imported as a macro from the contract.
 */
export function addRoutes(table: Partial<Record<EndpointName, CompactRoute>>): void {
  for (const [name, route] of Object.entries(table)) routes[name as EndpointName] = { ...ROUTE_DEFAULTS, ...route };
}

/** A call's method, path, auth, tags and kind of answer; a call whose module did not add its route is a bug. */
export function routeOf(name: EndpointName): Route {
  const route = routes[name];
  if (!route) throw new Error(`api: no route for '${name}' (the module that calls it adds it with addRoutes)`);
  return route;
}

/** Whether `call` reads this endpoint through the cache. */
export function isCachedRead(route: Route): boolean {
  return route.method === 'GET' && route.provides.length > 0 && !route.noCache;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = API_PREFIX, session, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const cache = options.cache ?? createQueryCache();
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  /** The last answer and ETag of each revalidated URL (the entry QR): a 304 reuses the answer. */
  const revalidated = new Map<string, { etag: string; value: unknown }>();

  async function send(name: EndpointName, args: CallArgs<EndpointName>, token: string | null): Promise<unknown> {
    const route = routeOf(name);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (args.idempotencyKey) headers['idempotency-key'] = args.idempotencyKey;
    let body: BodyInit | undefined;
    if (route.multipart) body = args.formData;
    else if (args.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(args.body);
    }
    const path = buildPath(route.path, (args.params ?? {}) as Record<string, string | number>);
    const url = `${baseUrl.replace(/\/+$/, '')}${path}${queryString(args.query)}`;
    const last = route.revalidate ? revalidated.get(url) : undefined;
    if (last) headers['if-none-match'] = last.etag;

    // The request is abandoned after timeoutMs, or when the caller's signal aborts (a flow left its state).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abort = () => controller.abort(args.signal?.reason);
    if (args.signal?.aborted) abort();
    args.signal?.addEventListener('abort', abort);

    let response: Response;
    let raw: Blob | string;
    try {
      response = await fetchImpl(url, { method: route.method, headers, body, signal: controller.signal });
      // Binary endpoints (a PDF) answer a blob; their error bodies are JSON all the same.
      raw = isBinary(route.answer) && response.ok ? await response.blob() : await response.text();
    } catch (error) {
      throw new ApiRequestError(name, timedOut ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', undefined, { cause: error });
    } finally {
      clearTimeout(timer);
      args.signal?.removeEventListener('abort', abort);
    }

    if (response.status === 304 && last) {
      args.onHeaders?.(response.headers);
      return last.value;
    }
    if (!response.ok) throw new ApiRequestError(name, response.status, parseJsonOr(raw as string, raw));
    args.onHeaders?.(response.headers);
    if (isBinary(route.answer)) return raw;
    const value = parseAnswer(name, route, response, raw as string);
    const etag = route.revalidate ? response.headers.get('etag') : null;
    if (etag) revalidated.set(url, { etag, value });
    return value;
  }

  /** JSON as JSON; a text answer as its text unless the server labelled it JSON. Unparseable JSON is PARSING_ERROR. */
  function parseAnswer(name: EndpointName, route: Route, response: Response, text: string): unknown {
    const isJson = /json/i.test(response.headers.get('content-type') ?? '');
    if (route.answer === 'text' && !isJson) return text;
    try {
      return text === '' ? undefined : JSON.parse(text);
    } catch (error) {
      throw new ApiRequestError(name, 'PARSING_ERROR', text, { cause: error });
    }
  }

  /** One request with the session's token; a 401 gets one refresh and one retry, never more. */
  async function request(name: EndpointName, args: CallArgs<EndpointName>): Promise<unknown> {
    // Public calls send no token, so they never wait for a refresh (the refresh call itself is one of them).
    const token = session && routeOf(name).auth ? await session.accessToken() : null;
    try {
      return await send(name, args, token);
    } catch (error) {
      if (!session || !(error instanceof ApiRequestError) || error.status !== 401 || !routeOf(name).auth) throw error;
      const renewed = await session.refreshAfterUnauthorized(token);
      if (!renewed) throw error;
      return send(name, args, renewed);
    }
  }

  async function call(name: EndpointName, args: CallArgs<EndpointName> = {}): Promise<unknown> {
    const route = routeOf(name);
    if (isCachedRead(route)) {
      const key = cacheKey(name, { params: args.params, query: args.query });
      return cache.read(key, route.provides, () => request(name, args), { fresh: args.fresh });
    }
    const data = await request(name, args);
    if (route.invalidates.length) cache.invalidate(route.invalidates);
    return data;
  }

  return {
    call: call as ApiClient['call'],
    onInvalidate: (tags, listener) => cache.onInvalidate(tags, listener),
    cache,
    baseUrl,
  };
}

/** `?a=1&b=2` from the call's query (absent values left out), or nothing. */
function queryString(query: unknown): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parseJsonOr(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
