/**
 * A small in-process cache for read results that may be a little stale (listings, counts). Entries
 * expire after `ttlMs`; the oldest is evicted past `maxEntries`; concurrent misses of one key share a
 * single load, so a burst of requests for a cold page runs its query once.
 */
export class TtlCache<V> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.#now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.#entries.delete(key);

    const value = load();
    this.#entries.set(key, { value, expires: now + this.#ttlMs });
    // A failed load is not remembered: the next request tries again.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
