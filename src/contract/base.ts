// The parts of the contract that carry no schema, shared by the server, the browser's client and the loader:
// the API prefix, the cache tags of SPEC §4 and how a path's :params are filled.

export const API_PREFIX = '/v1';

export const cacheTags = [
  'USER',
  'TICKETS',
  'TICKETS_SWAP',
  'SWAPPABLE_TICKETS',
  'LISTED_TICKETS',
  'TICKETS_AVAILABLE_FOR_LISTING',
  'SINGLE_TICKET',
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
