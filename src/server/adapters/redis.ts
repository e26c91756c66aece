// The Redis connection shared by the instances when REDIS_URL is set (the global rate limit's counters). A command
// never waits for a lost connection: it fails at once, the rate limit then lets the request through (it is a guard
// against floods, not a rule of the product), and /readyz reports Redis down until the connection is back.
import { Redis } from 'ioredis';

export interface RedisHandle {
  client: Redis;
  /** Whether Redis answers a PING within `timeoutMs`. */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Connects before answering, so the first requests already count in Redis; a Redis that cannot be reached fails the start. */
export async function openRedis(url: string, options: { connectTimeoutMs?: number; onError?: (error: Error) => void } = {}): Promise<RedisHandle> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 5_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnects for ever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  // Without a listener ioredis prints every failed reconnect; the owner decides what to log.
  client.on('error', options.onError ?? (() => undefined));
  await client.connect();
  return {
    client,
    async ping(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      try {
        return await Promise.race([client.ping().then((answer) => answer === 'PONG', () => false), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
