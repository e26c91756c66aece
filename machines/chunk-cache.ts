// A chunk loaded once, by key: the flows' machines here (machines/flows.ts), the panels' screens in the view layer
// (src/web/panels.ts). A failed download may be tried again (Parcel's loader forgets failures).
export interface ChunkCache<K, V> {
  /** The chunk, once it is here. */
  get(key: K): V | undefined;
  /** Downloads the chunk once; a call while it downloads waits for the same download. */
  load(key: K): Promise<V>;
}

export function chunkCache<K, V>(load: (key: K) => Promise<V>): ChunkCache<K, V> {
  const loaded = new Map<K, V>();
  const pending = new Map<K, Promise<V>>();
  return {
    get: (key: K) => loaded.get(key),
    load(key: K): Promise<V> {
      if (loaded.has(key)) return Promise.resolve(loaded.get(key)!);
      let running = pending.get(key);
      if (!running) {
        running = load(key).then(
          (value) => {
            loaded.set(key, value);
            pending.delete(key);
            return value;
          },
          (error: unknown) => {
            pending.delete(key);
            throw error;
          },
        );
        pending.set(key, running);
      }
      return running;
    },
  };
}
