// The browser's view of the contract: for each call its method, path, auth, cache tags and kind of answer, without
// any schema. Each module of the wallet that calls the API imports `compactRoutes` as a Parcel macro
// (`with { type: 'macro' }`) and hands the routes of its own calls to the client (`addRoutes`): the macro runs at
// build time over endpoints.ts and only a plain table of those calls reaches that module's chunk, each call written
// with just the fields where it differs from ROUTE_DEFAULTS; under vitest it is an ordinary call. So the first panel
// carries the routes of the sign-in and the session, and every other flow's chunk brings its own (docs/decisions/0058-the-first-panel-each-module-brings-its-routes.md). The schemas stay the server's (and the tests') business: see
// docs/decisions/0010-the-browser-carries-no-schemas.md.
import type * as z from 'zod/mini';
import { type AnswerKind, type BinaryKind, type Route, ROUTE_DEFAULTS } from './base';
import { type EndpointName, endpoints, type Endpoints } from './endpoints';

export type RouteTable = Record<EndpointName, Route>;
/** A route as the bundle carries it: its path and the fields that differ from ROUTE_DEFAULTS. */
export type CompactRoute = Partial<Route> & Pick<Route, 'path'>;

export function answerKind(response: z.ZodMiniType | BinaryKind): AnswerKind {
  if (typeof response === 'string') return response;
  // A schema that accepts a bare string is answered as text/plain by the server.
  return response.safeParse('x').success ? 'text' : 'json';
}

export function routeTable(): RouteTable {
  const entries = Object.entries(endpoints as Endpoints).map(([name, endpoint]) => {
    const route: Route = {
      method: endpoint.method,
      path: endpoint.path,
      auth: endpoint.auth,
      answer: answerKind(endpoint.response),
      provides: 'provides' in endpoint ? endpoint.provides : [],
      invalidates: 'invalidates' in endpoint ? endpoint.invalidates : [],
      noCache: 'noCache' in endpoint ? endpoint.noCache : false,
      multipart: 'multipart' in endpoint ? endpoint.multipart : false,
      revalidate: 'revalidate' in endpoint ? endpoint.revalidate : false,
    };
    return [name, route] as const;
  });
  return Object.fromEntries(entries) as RouteTable;
}

/** The table with each route cut down to its path and the fields that differ from ROUTE_DEFAULTS. */
export function compactRouteTable(): Record<EndpointName, CompactRoute> {
  const entries = Object.entries(routeTable()).map(([name, route]) => {
    const compact: Record<string, unknown> = { path: route.path };
    for (const [field, fallback] of Object.entries(ROUTE_DEFAULTS)) {
      const value = route[field as keyof Route];
      if (JSON.stringify(value) !== JSON.stringify(fallback)) compact[field] = value;
    }
    return [name, compact] as const;
  });
  return Object.fromEntries(entries) as Record<EndpointName, CompactRoute>;
}

/**
 * The compact routes of `names` only: what one module of the wallet calls. A Parcel macro in the browser's bundle
 * (its arguments are the call names, written out), so each chunk carries the routes of its own calls.
 */
export function compactRoutes<const N extends EndpointName>(...names: N[]): Record<N, CompactRoute> {
  const table = compactRouteTable();
  return Object.fromEntries(names.map((name) => [name, table[name]])) as Record<N, CompactRoute>;
}
