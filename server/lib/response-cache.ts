// Cache of serialized response bodies (NOTES.md: serializing per request costs 5× the throughput, so
// the bytes are kept, not the objects). In process by default; Redis when REDIS_URL is set so that every
// web process shares one copy. Concurrent misses of one key share one load in either case.
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { redisHealth } from './redis-health.ts';

export interface ResponseCache {
  /** The cached body, or the loaded one (stored for `ttlSeconds`, capped by the cache's maximum). */
  getOrLoad(key: string, ttlSeconds: number, load: () => Promise<Buffer>): Promise<Buffer>;
  /** A live entry without waiting (in-process caches only; others answer undefined). */
  peek(key: string): Buffer | undefined;
  /** Drops one answer (a member's profile right after they changed it); later asks load it anew. */
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export interface MemoryCacheOptions {
  /** Longest time an entry is kept, whatever the lifetime asked for (default one day). */
  maxTtlSeconds?: number;
  /** Total size of kept bodies; the least recently used go first past it (default 256 MiB). */
  maxBytes?: number;
  /** Entries kept at most, whatever their size (default 100 000). */
  maxEntries?: number;
  now?: () => number;
}

export interface MemoryResponseCache extends ResponseCache {
  /** What is held now: entries and the bytes of their bodies. */
  stats(): { entries: number; bytes: number };
}

interface MemoryEntry {
  body: Buffer;
  expires: number;
}

/**
 * In process, on lru-cache: bounded by bytes and entries, and an entry is dropped when its lifetime
 * ends whether or not it is asked for again (audit F18: expired bodies stayed in memory for good).
 */
export function createMemoryResponseCache(options: MemoryCacheOptions = {}): MemoryResponseCache {
  const maxTtl = options.maxTtlSeconds ?? 86_400;
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, MemoryEntry>({
    max: options.maxEntries ?? 100_000,
    maxSize: maxBytes,
    // An empty body still takes an entry: lru-cache wants a positive size.
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
    ttlAutopurge: true,
    // A test's clock is read as is (lru-cache otherwise reuses a reading for 1 ms).
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  const loading = new Map<string, Promise<Buffer>>();

  // The exact expiry is checked here: lru-cache keeps an entry through the millisecond it expires.
  const live = (key: string) => {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return hit;
    if (hit) entries.delete(key);
    return undefined;
  };

  return {
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
    peek(key) {
      return live(key)?.body;
    },
    getOrLoad(key, ttlSeconds, load) {
      const hit = live(key);
      if (hit) return Promise.resolve(hit.body);
      const inFlight = loading.get(key);
      if (inFlight) return inFlight;
      const promise = load().then(
        (body) => {
          loading.delete(key);
          const ttl = Math.min(ttlSeconds, maxTtl);
          // A body larger than the whole cache is not kept (lru-cache refuses it too).
          if (ttl > 0 && body.length <= maxBytes) {
            const ttlMs = Math.ceil(ttl * 1000);
            entries.set(key, { body, expires: now() + ttlMs }, { ttl: ttlMs });
          }
          return body;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    async delete(key) {
      entries.delete(key);
    },
    async clear() {
      entries.clear();
    },
    async close() {
      entries.clear();
    },
  };
}

/**
 * Redis-backed: bodies under `prefix` + key with an expiry; a Redis failure falls back to loading. While
 * Redis is away (lib/redis-health.ts) it is not asked at all: every answer is loaded from the database
 * and nothing is stored. A purge that could not reach Redis is done once it is back, so that a Redis that
 * kept its data (a network cut rather than a restart) does not serve what was purged meanwhile.
 */
export function createRedisResponseCache(
  redis: Redis,
  options: { prefix?: string; maxTtlSeconds?: number; onError?: (error: unknown) => void } = {},
): ResponseCache {
  const prefix = options.prefix ?? 'rc:';
  const maxTtl = options.maxTtlSeconds ?? 30 * 86_400;
  const loading = new Map<string, Promise<Buffer>>();
  const health = redisHealth(redis);
  let purgeWhenBack = false;
  const purgeNow = () =>
    purgePrefix(redis, prefix).catch((error: unknown) => {
      purgeWhenBack = true;
      options.onError?.(error);
    });
  const stopWatching = health.onChange((up) => {
    if (!up || !purgeWhenBack) return;
    purgeWhenBack = false;
    void purgeNow();
  });
  const failed = (error: unknown) => {
    health.failed(error);
    options.onError?.(error);
  };
  /** Runs a purge, or remembers it for when Redis is back. */
  const purge = async (work: () => Promise<unknown>) => {
    if (!health.up()) {
      purgeWhenBack = true;
      return;
    }
    try {
      await work();
    } catch (error) {
      if (!health.failed(error)) throw error;
      purgeWhenBack = true;
    }
  };

  async function loadAndStore(key: string, ttlSeconds: number, load: () => Promise<Buffer>) {
    let cachedBody: Buffer | null = null;
    if (health.up()) {
      try {
        cachedBody = await redis.getBuffer(prefix + key);
      } catch (error) {
        failed(error);
      }
    }
    if (cachedBody) return cachedBody;
    const body = await load();
    const ttl = Math.min(ttlSeconds, maxTtl);
    if (ttl > 0 && health.up()) {
      redis.set(prefix + key, body, 'EX', ttl).catch(failed);
    }
    return body;
  }

  return {
    peek: () => undefined,
    getOrLoad(key, ttlSeconds, load) {
      const inFlight = loading.get(key);
      if (inFlight) return inFlight;
      const promise = loadAndStore(key, ttlSeconds, load).finally(() => loading.delete(key));
      loading.set(key, promise);
      return promise;
    },
    delete: (key) => purge(() => redis.unlink(prefix + key)),
    clear: () => purge(() => purgePrefix(redis, prefix)),
    async close() {
      // The connection is the process's (server/app-services.ts), closed there.
      stopWatching();
    },
  };
}

const PURGE_BATCH = 500;

/**
 * Removes every key under `prefix`. KEYS would block Redis for the whole keyspace at once; SCAN walks
 * it in steps and UNLINK frees the values off the main thread, a bounded batch per call. The prefix's
 * glob characters are escaped so that a prefix like `rc:[a]` matches only itself.
 */
export async function purgePrefix(redis: Redis, prefix: string): Promise<number> {
  const match = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  let removed = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', PURGE_BATCH);
    cursor = next;
    for (let i = 0; i < keys.length; i += PURGE_BATCH) {
      removed += await redis.unlink(...keys.slice(i, i + PURGE_BATCH));
    }
  } while (cursor !== '0');
  return removed;
}

/** A cache that stores nothing (CATALOG_CACHE=off: the bench's uncached figure). */
export function createNoResponseCache(): ResponseCache {
  return {
    getOrLoad: (_key, _ttl, load) => load(),
    peek: () => undefined,
    delete: async () => {},
    clear: async () => {},
    close: async () => {},
  };
}
