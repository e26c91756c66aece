// The parts of the contract that carry no schema, shared by the server, the browser's client and the loader:
// the API prefix, the cache tags of docs/product.md §4 and how a path's :params are filled.

export const API_PREFIX = '/v1';

/** Response header of the entry QR code: whole seconds until its window ends and a new code is drawn. */
export const QR_SECONDS_LEFT_HEADER = 'x-qr-seconds-left';
/**
 * Response header of the entry QR code, sent only when the organiser of the holder's next event chose the device-bound
 * code (`device`): the wallet learns the setting from the answer it loads anyway (docs/decisions/0070-the-entry-code-comes-with-the-qr-image-the-qr-screens-hot.md).
 */
export const ENTRY_CODE_HEADER = 'x-entry-code';

export const cacheTags = [
  'USER',
  'TICKETS',
  'TICKETS_SWAP',
  'SWAPPABLE_TICKETS',
  'LISTED_TICKETS',
  'TICKETS_AVAILABLE_FOR_LISTING',
  'SINGLE_TICKET',
  /** Nothing is cached under it: the entry QR pass listens to it to learn that the gate admitted the holder. */
  'ENTRY',
] as const;
export type CacheTag = (typeof cacheTags)[number];

/** Fill :params of a path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** How the client reads an answer: JSON, plain text (the QR token and image), a PDF document, an Apple Wallet pass or a PNG picture. */
export type AnswerKind = 'json' | 'text' | 'pdf' | 'pkpass' | 'png';

/** The binary answers and their content types (the client reads them as a Blob). */
export const binaryTypes = { pdf: 'application/pdf', pkpass: 'application/vnd.apple.pkpass', png: 'image/png' } as const;
export type BinaryKind = keyof typeof binaryTypes;
export const isBinary = (kind: AnswerKind): kind is BinaryKind => kind in binaryTypes;

/** The browser's view of one call: method, path, auth, cache tags and kind of answer (src/contract/route-table.ts). */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  auth: boolean;
  answer: AnswerKind;
  provides: readonly CacheTag[];
  invalidates: readonly CacheTag[];
  noCache: boolean;
  multipart: boolean;
  /** Send the last ETag as If-None-Match and reuse the last answer on 304. */
  revalidate: boolean;
}

/** What most calls are: the route table ships only the fields where a call differs from this. */
export const ROUTE_DEFAULTS: Omit<Route, 'path'> = {
  method: 'GET',
  auth: true,
  answer: 'json',
  provides: [],
  invalidates: [],
  noCache: false,
  multipart: false,
  revalidate: false,
};
