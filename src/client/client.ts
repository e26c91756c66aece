// The typed API client on ofetch, built from src/contract/endpoints.ts: one `call` per endpoint name, typed params,
// query, body and response; cached reads through the query cache. One `ofetch.create` instance does the transport:
// its `onRequest` hook sends the session's bearer token (after any running refresh), its `onResponseError` hook turns
// a 401 into one shared refresh and one retry, its `timeout` option ends a request that gets no answer, and its
// FetchError is mapped to the four transport classes (src/client/errors.ts). The client never redirects. It carries
// no schema and no route table of its own: each module that calls the API brings the routes of its calls
// (`addRoutes`, with the contract's routes from a Parcel macro at build time, src/contract/route-table.ts), and the
// server's answers are checked against the contract by the server tests (docs/decisions/0010-the-browser-carries-no-schemas.md).
import { API_PREFIX, buildPath, type CacheTag, type Route, ROUTE_DEFAULTS } from '../contract/base';
import { FetchError, type FetchOptions, type FetchResponse, ofetch } from 'ofetch';
import type { BodyOf, EndpointName, ParamsOf, QueryOf, ResponseOf } from '../contract/endpoints';
import type { CompactRoute } from '../contract/route-table';
import type { Language } from '../contract/languages';
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
  /**
   * The wallet's language, sent as Accept-Language on every call: what the server makes for the person (a ticket's
   * PDF) is in the language of the wallet that asks for it, not the browser's.
   */
  language?: () => Language | undefined;
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

/** What a call hands its hooks: the endpoint, and the token protocol's state across the one retry. */
interface CallOptions extends FetchOptions<'json'> {
  endpoint: EndpointName;
  /** The caller's signal (a flow left its state); joined with ofetch's timeout by `joinSignals`. */
  callerSignal?: AbortSignal;
  /** The bearer token the last attempt sent. */
  sentToken?: string | null;
  /** Set once the 401 was answered by a refresh: the retry sends this token, and a second 401 is the answer. */
  renewedToken?: string;
  /** Set when a JSON answer did not parse (PARSING_ERROR on a success; the text is the body of an HTTP error). */
  unparsed?: { error: unknown };
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = API_PREFIX, session, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const cache = options.cache ?? createQueryCache();
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  /** The last answer and ETag of each revalidated URL (the entry QR): a 304 reuses the answer. */
  const revalidated = new Map<string, { etag: string; value: unknown }>();

  const $fetch = ofetch.create(
    {
      headers: { accept: 'application/json' },
      timeout: timeoutMs,
      // No automatic retries: the only retry is the one after a refreshed 401 (onResponseError turns it on).
      retry: 0,
      /** The session's token, after any running refresh; public calls send none and never wait. */
      async onRequest(context) {
        const call = context.options as CallOptions;
        if (!session || !routeOf(call.endpoint).auth) return;
        const token = call.renewedToken ?? (await session.accessToken());
        call.sentToken = token;
        if (token) context.options.headers.set('authorization', `Bearer ${token}`);
        else context.options.headers.delete('authorization');
      },
      /** A 401 on a call with a token: one shared refresh, then one retry with the new token; never a second. */
      async onResponseError(context) {
        const call = context.options as CallOptions;
        if (context.response.status !== 401 || !session || call.renewedToken || !routeOf(call.endpoint).auth) return;
        const renewed = await session.refreshAfterUnauthorized(call.sentToken ?? null);
        if (!renewed) return;
        call.renewedToken = renewed;
        // The first attempt's timeout signal is spent: the retry gets a timeout of its own.
        delete call.signal;
        call.retry = 1;
        call.retryStatusCodes = [401];
      },
    },
    { fetch: joinSignals(fetchImpl) },
  );

  async function request(name: EndpointName, args: CallArgs<EndpointName>): Promise<unknown> {
    const route = routeOf(name);
    const headers = new Headers();
    const language = options.language?.();
    if (language) headers.set('accept-language', language);
    if (args.idempotencyKey) headers.set('idempotency-key', args.idempotencyKey);
    const path = buildPath(route.path, (args.params ?? {}) as Record<string, string | number>);
    const url = `${baseUrl.replace(/\/+$/, '')}${path}`;
    const query = presentValues(args.query);
    const revalidateKey = `${url}?${new URLSearchParams(query)}`;
    const last = route.revalidate ? revalidated.get(revalidateKey) : undefined;
    if (last) headers.set('if-none-match', last.etag);

    const call: CallOptions = {
      endpoint: name,
      method: route.method,
      headers,
      query,
      body: route.multipart ? args.formData : (args.body as CallOptions['body']),
      callerSignal: args.signal,
    };
    // JSON answers parse strictly (ofetch's default forgives bad JSON); text and binary answers go by content type.
    if (route.answer === 'json') {
      call.parseResponse = (text: string) => {
        try {
          return text === '' ? undefined : JSON.parse(text);
        } catch (error) {
          call.unparsed = { error };
          return text;
        }
      };
    }

    let response: FetchResponse<unknown>;
    try {
      response = await $fetch.raw(url, call);
    } catch (error) {
      throw transportError(name, error);
    }
    if (call.unparsed) throw new ApiRequestError(name, 'PARSING_ERROR', response._data, { cause: call.unparsed.error });
    args.onHeaders?.(response.headers);
    if (response.status === 304 && last) return last.value;
    const value = response._data;
    const etag = route.revalidate ? response.headers.get('etag') : null;
    if (etag) revalidated.set(revalidateKey, { etag, value });
    return value;
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

/**
 * The four transport classes from ofetch's FetchError: an answer with an HTTP error status (with its body), ofetch's
 * timeout, a request that got no answer (offline, refused, aborted by the caller).
 */
function transportError(name: EndpointName, error: unknown): ApiRequestError {
  if (!(error instanceof FetchError)) return new ApiRequestError(name, 'FETCH_ERROR', undefined, { cause: error });
  if (error.response) return new ApiRequestError(name, error.response.status, error.data, { cause: error });
  const cause = error.cause as { name?: string } | undefined;
  return new ApiRequestError(name, cause?.name === 'TimeoutError' ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', undefined, { cause: error });
}

/**
 * ofetch applies its timeout only to a request without a signal; a call with the caller's signal gets both: the
 * request ends at whichever comes first (ofetch's TimeoutError, or the caller's reason).
 */
function joinSignals(fetchImpl: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const callerSignal = (init as CallOptions | undefined)?.callerSignal;
    if (!callerSignal || !init) return fetchImpl(input, init);
    const signal = init.signal ? AbortSignal.any([init.signal, callerSignal]) : callerSignal;
    return fetchImpl(input, { ...init, signal });
  };
}

/** The call's query without absent values (ofetch writes null as an empty value). */
function presentValues(query: unknown): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) present[key] = String(value);
  }
  return present;
}
