// The hot reads of a wallet (My tickets and one ticket) kept per user in a bounded LRU, answered with an ETag and
// 304 to a matching If-None-Match, so a read that was answered before runs no SQL. What keeps them fresh is the
// event bus every instance listens to (src/server/modules/events/bus.ts): every change of a user's tickets sends a
// notice for that user once it commits (an event of their wallet, or a touch without one), and each instance drops
// that user's answers when it arrives. Time changes answers too (a ticket's event starts or ends, a swap's
// reservation lapses): each answer says until when it holds, and is not served after that.
//
// Two races are closed here. A read that began before a change committed may finish after its notice arrived: the
// notice marks the reads of that user in flight, and their answers are not kept. And while the bus connection is
// down, notices may be missed: nothing is served or kept from the cache until the bus is back and has resynced.
import { createHash } from 'node:crypto';
import type { BusSubscriber } from '../events/bus';

export interface HotAnswer {
  /** The serialized JSON body. */
  body: string;
  /** A strong ETag of the body, quoted. */
  etag: string;
}

interface Entry extends HotAnswer {
  userId: number;
  /** App-clock milliseconds: the answer holds from `filledAt` until before `validUntil`. */
  filledAt: number;
  validUntil: number;
}

/** A read in flight for a user: a notice for that user meanwhile makes its answer not worth keeping. */
interface Fill {
  userId: number;
  stale: boolean;
}

export interface HotReadOptions {
  /** Answers kept at most (all users together); the least recently used goes first. */
  maxEntries: number;
  /** An answer is read again after this long even without a notice (a safety net for writes outside the services). */
  maxAgeMs: number;
  now: () => Date;
  /** Whether notices are arriving (the bus's `live`). */
  live: () => boolean;
}

export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const values = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch).split(',');
  return values.some((value) => {
    const tag = value.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export class HotReadCache implements BusSubscriber {
  /** Map order is the LRU order: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly keysByUser = new Map<number, Set<string>>();
  private readonly fills = new Set<Fill>();
  /** Counters for the tests and the bench. */
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(private readonly options: HotReadOptions) {}

  get size(): number {
    return this.entries.size;
  }

  /** The kept answer when it may be used, without waiting (a hot read then runs no promise); else undefined. */
  hit(key: string): HotAnswer | undefined {
    const cached = this.entries.get(key);
    if (!cached) return undefined;
    const now = this.options.now().getTime();
    if (this.options.live() && cached.filledAt <= now && now < cached.validUntil && now - cached.filledAt < this.options.maxAgeMs) {
      // Most recently used: to the end of the order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      this.stats.hits += 1;
      return cached;
    }
    return undefined;
  }

  /**
   * The answer for `key` of `userId`: from the cache when it holds, else from `read` (kept when no notice for the
   * user came meanwhile and the bus is live). `read` answers the body and until when it holds (app-clock ms).
   */
  async get(userId: number, key: string, read: () => Promise<{ body: string; validUntil: number }>): Promise<HotAnswer> {
    const hit = this.hit(key);
    if (hit) return hit;
    const now = this.options.now().getTime();
    if (this.entries.has(key)) this.remove(key);
    this.stats.misses += 1;
    const fill: Fill = { userId, stale: !this.options.live() };
    this.fills.add(fill);
    try {
      const { body, validUntil } = await read();
      const answer = { body, etag: etagOf(body) };
      if (!fill.stale && this.options.live()) this.keep(key, { ...answer, userId, filledAt: now, validUntil });
      return answer;
    } finally {
      this.fills.delete(fill);
    }
  }

  /** A change of the user's tickets committed: their answers go, and reads of theirs in flight are not kept. */
  invalidateUser(userId: number): void {
    this.stats.invalidations += 1;
    for (const fill of this.fills) if (fill.userId === userId) fill.stale = true;
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  /** Notices may have been missed: nothing cached so far is trusted. */
  clear(): void {
    for (const fill of this.fills) fill.stale = true;
    this.entries.clear();
    this.keysByUser.clear();
  }

  // The bus's subscriber: every notice of a user, and the connection's comings and goings.
  notice({ userId }: { userId: number }): void {
    this.invalidateUser(userId);
  }

  committedHere({ userId }: { userId: number }): void {
    this.invalidateUser(userId);
  }

  resync(): void {
    this.clear();
  }

  lost(): void {
    this.clear();
  }

  private keep(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    const keys = this.keysByUser.get(entry.userId) ?? new Set<string>();
    keys.add(key);
    this.keysByUser.set(entry.userId, keys);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
  }
}
