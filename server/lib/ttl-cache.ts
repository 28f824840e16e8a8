import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache for read results that may be a little stale (listings, counts). Entries
 * expire after `ttlMs` and are dropped then, read or not (audit F18: expired entries stayed in memory);
 * the least recently used is evicted past `maxEntries`; concurrent misses of one key share a single
 * load, so a burst of requests for a cold page runs its query once.
 */
export class TtlCache<V> {
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries: LRUCache<string, { value: Promise<V>; expires: number }> | null;

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
    // A lifetime of 0 keeps nothing (lru-cache would read it as "forever").
    this.#entries =
      options.ttlMs > 0
        ? new LRUCache({
            max: Math.max(1, options.maxEntries),
            ttl: Math.max(1, Math.ceil(options.ttlMs)),
            ttlAutopurge: true,
            // A test's clock is read as is (lru-cache otherwise reuses a reading for 1 ms).
            ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
          })
        : null;
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }

  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const entries = this.#entries;
    if (!entries) return load();
    const now = this.#now();
    // The exact expiry is checked here: lru-cache keeps an entry through the millisecond it expires.
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) entries.delete(key);

    const value = load();
    entries.set(key, { value, expires: now + this.#ttlMs });
    // A failed load is not remembered: the next request tries again.
    value.catch(() => {
      if (entries.peek(key)?.value === value) entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#entries?.clear();
  }
}
