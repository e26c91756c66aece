// The browser's view of the contract: for each call its method, path, auth, cache tags and kind of answer, without
// any schema. The web client imports `routeTable` as a Parcel macro (`with { type: 'macro' }`), so it runs at build
// time over endpoints.ts and only this plain table reaches the bundle; under vitest it is an ordinary call. The
// schemas stay the server's (and the tests') business: see docs/decisions.md, "The browser carries no schemas".
import type * as z from 'zod/mini';
import type { CacheTag } from './base';
import { type EndpointName, endpoints, type Endpoints } from './endpoints';

/** How the client reads an answer: JSON, plain text (the QR token and image) or a PDF document. */
export type AnswerKind = 'json' | 'text' | 'pdf';

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
  answer: AnswerKind;
  provides: readonly CacheTag[];
  invalidates: readonly CacheTag[];
  noCache: boolean;
  multipart: boolean;
}

export type RouteTable = Record<EndpointName, Route>;

function answerKind(response: z.ZodMiniType | 'pdf'): AnswerKind {
  if (response === 'pdf') return 'pdf';
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
    };
    return [name, route] as const;
  });
  return Object.fromEntries(entries) as RouteTable;
}
