// The query cache of cached reads (GET endpoints with `provides`): keyed by endpoint and arguments, identical
// concurrent reads share one request, unused data is dropped 60 s after its last use (docs/product.md §9), and a successful
// mutation drops the entries carrying the tags it invalidates (docs/product.md §4), telling subscribers so they can refetch.
import type { CacheTag } from '../contract/endpoints';

/** docs/product.md §9: the query cache keeps unused data 60 seconds. */
export const CACHE_KEEP_UNUSED_MS = 60_000;

interface Entry {
  readonly tags: readonly CacheTag[];
  /** The running request, while there is one. */
  pending?: Promise<unknown>;
  /** Present once a request succeeded. */
  value?: { data: unknown };
  expiry?: ReturnType<typeof setTimeout>;
}

/**
 * Told the tags of an invalidation that hit it. `resync`: nothing is known to have changed, the live stream reconnected
 * and cannot replay what it missed, so the open screens read again (machines/stream.ts).
 */
export type InvalidationListener = (tags: CacheTag[], info: { resync: boolean }) => void;

export interface QueryCache {
  /**
   * The cached value of `key`, or the running request for it, or a new request made with `load`. `fresh` skips a
   * stored value (a running request is still shared: it is as fresh as a new one).
   */
  read<T>(key: string, tags: readonly CacheTag[], load: () => Promise<T>, options?: { fresh?: boolean }): Promise<T>;
  /** Drops every entry carrying one of the tags and tells the subscribers of those tags. */
  invalidate(tags: readonly CacheTag[], options?: { resync?: boolean }): void;
  /** Calls `listener` when one of `tags` is invalidated; answers the unsubscribe function. */
  onInvalidate(tags: readonly CacheTag[], listener: InvalidationListener): () => void;
  /** Drops everything (sign-out). Running requests finish for their callers but are not stored. */
  clear(): void;
  has(key: string): boolean;
  readonly size: number;
}

export function createQueryCache(keepUnusedMs: number = CACHE_KEEP_UNUSED_MS): QueryCache {
  const entries = new Map<string, Entry>();
  const listeners = new Set<{ tags: readonly CacheTag[]; listener: InvalidationListener }>();

  function drop(key: string, entry: Entry) {
    if (entries.get(key) !== entry) return;
    clearTimeout(entry.expiry);
    entries.delete(key);
  }

  /** Restarts the keep-alive period of a settled entry: "60 s after last use". */
  function touch(key: string, entry: Entry) {
    clearTimeout(entry.expiry);
    entry.expiry = setTimeout(() => drop(key, entry), keepUnusedMs);
  }

  function load<T>(key: string, entry: Entry, loader: () => Promise<T>): Promise<T> {
    clearTimeout(entry.expiry);
    const pending = loader().then(
      (data) => {
        if (entries.get(key) === entry && entry.pending === pending) {
          entry.value = { data };
          entry.pending = undefined;
          touch(key, entry);
        }
        return data;
      },
      (error: unknown) => {
        if (entries.get(key) === entry && entry.pending === pending) {
          entry.pending = undefined;
          if (entry.value) touch(key, entry);
          else drop(key, entry);
        }
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  }

  return {
    read<T>(key: string, tags: readonly CacheTag[], loader: () => Promise<T>, options: { fresh?: boolean } = {}) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { tags };
        entries.set(key, entry);
      }
      if (entry.pending) return entry.pending as Promise<T>;
      if (entry.value && !options.fresh) {
        touch(key, entry);
        return Promise.resolve(entry.value.data as T);
      }
      return load(key, entry, loader);
    },

    invalidate(tags, options) {
      if (tags.length === 0) return;
      const info = { resync: options?.resync === true };
      for (const [key, entry] of entries) {
        if (entry.tags.some((tag) => tags.includes(tag))) drop(key, entry);
      }
      for (const subscription of [...listeners]) {
        const hit = subscription.tags.filter((tag) => tags.includes(tag));
        if (hit.length > 0) subscription.listener(hit, info);
      }
    },

    onInvalidate(tags, listener) {
      const subscription = { tags, listener };
      listeners.add(subscription);
      return () => void listeners.delete(subscription);
    },

    clear() {
      for (const [key, entry] of entries) drop(key, entry);
    },

    has: (key) => entries.has(key),
    get size() {
      return entries.size;
    },
  };
}

/** A key that does not depend on the order of object keys. */
export function cacheKey(name: string, args: unknown): string {
  return `${name} ${stableStringify(args ?? null)}`;
}

function stableStringify(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(record[key])}`).join(',')}}`;
}
