// The query cache: 60 s after last use, dedupe of concurrent identical reads, tag invalidation, clear.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_KEEP_UNUSED_MS, cacheKey, createQueryCache } from '../../src/client/cache';

describe('query cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps data 60 s after its last use', async () => {
    expect(CACHE_KEEP_UNUSED_MS).toBe(60_000);
    const cache = createQueryCache();
    const load = vi.fn(async () => 'tickets');
    await cache.read('k', ['TICKETS'], load);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(await cache.read('k', ['TICKETS'], load)).toBe('tickets');
    expect(load).toHaveBeenCalledTimes(1);
    // The read above was a use: 59 s later it is still there, 60 s after it it is gone.
    await vi.advanceTimersByTimeAsync(59_999);
    expect(cache.has('k')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(cache.has('k')).toBe(false);
    await cache.read('k', ['TICKETS'], load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent identical reads', async () => {
    const cache = createQueryCache();
    let release!: (value: string) => void;
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const first = cache.read('k', ['USER'], load);
    const second = cache.read('k', ['USER'], load);
    const fresh = cache.read('k', ['USER'], load, { fresh: true });
    release('ada');
    expect(await Promise.all([first, second, fresh])).toEqual(['ada', 'ada', 'ada']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fresh skips a stored value', async () => {
    const cache = createQueryCache();
    let version = 0;
    const load = async () => ++version;
    await cache.read('k', ['USER'], load);
    expect(await cache.read('k', ['USER'], load)).toBe(1);
    expect(await cache.read('k', ['USER'], load, { fresh: true })).toBe(2);
    expect(await cache.read('k', ['USER'], load)).toBe(2);
  });

  it('does not keep failures', async () => {
    const cache = createQueryCache();
    await expect(cache.read('k', ['USER'], async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.has('k')).toBe(false);
  });

  it('drops entries by tag and tells subscribers of those tags', async () => {
    const cache = createQueryCache();
    await cache.read('tickets', ['TICKETS'], async () => 1);
    await cache.read('detail', ['SINGLE_TICKET', 'TICKETS'], async () => 2);
    await cache.read('user', ['USER'], async () => 3);
    const onTickets = vi.fn();
    const onUser = vi.fn();
    cache.onInvalidate(['TICKETS', 'SWAPPABLE_TICKETS'], onTickets);
    const unsubscribe = cache.onInvalidate(['USER'], onUser);

    cache.invalidate(['TICKETS', 'SWAPPABLE_TICKETS']);
    expect([cache.has('tickets'), cache.has('detail'), cache.has('user')]).toEqual([false, false, true]);
    expect(onTickets).toHaveBeenCalledWith(['TICKETS', 'SWAPPABLE_TICKETS'], { resync: false });
    expect(onUser).not.toHaveBeenCalled();
    // A resync (the live stream reconnected) says so: nothing is known to have changed.
    cache.invalidate(['TICKETS'], { resync: true });
    expect(onTickets).toHaveBeenLastCalledWith(['TICKETS'], { resync: true });

    unsubscribe();
    cache.invalidate(['USER']);
    expect(onUser).not.toHaveBeenCalled();
    expect(cache.size).toBe(0);
  });

  it('does not store an answer that was invalidated while it was on its way', async () => {
    const cache = createQueryCache();
    let release!: (value: string) => void;
    const pending = cache.read('k', ['TICKETS'], () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate(['TICKETS']);
    release('stale');
    expect(await pending).toBe('stale');
    expect(cache.has('k')).toBe(false);
  });

  it('clear drops everything', async () => {
    const cache = createQueryCache();
    await cache.read('a', ['USER'], async () => 1);
    await cache.read('b', ['TICKETS'], async () => 2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keys do not depend on the order of arguments', () => {
    expect(cacheKey('myTickets', { query: { status: 'PAST' }, params: undefined })).toBe(
      cacheKey('myTickets', { query: { status: 'PAST' } }),
    );
    expect(cacheKey('x', { a: 1, b: 2 })).toBe(cacheKey('x', { b: 2, a: 1 }));
    expect(cacheKey('x', { a: 1 })).not.toBe(cacheKey('y', { a: 1 }));
  });
});
