// Cache of serialized response bodies (NOTES.md: serializing per request costs 5× the throughput, so
// the bytes are kept, not the objects). In process by default; Redis when REDIS_URL is set so that every
// web process shares one copy. Concurrent misses of one key share one load in either case.
import type { Redis } from 'ioredis';

export interface ResponseCache {
  /** The cached body, or the loaded one (stored for `ttlSeconds`, capped by the cache's maximum). */
  getOrLoad(key: string, ttlSeconds: number, load: () => Promise<Buffer>): Promise<Buffer>;
  /** A live entry without waiting (in-process caches only; others answer undefined). */
  peek(key: string): Buffer | undefined;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export interface MemoryCacheOptions {
  /** Longest time an entry is kept, whatever the lifetime asked for (default one day). */
  maxTtlSeconds?: number;
  /** Total size of kept bodies; the oldest entries go first past it (default 256 MiB). */
  maxBytes?: number;
  now?: () => number;
}

export function createMemoryResponseCache(options: MemoryCacheOptions = {}): ResponseCache {
  const maxTtl = options.maxTtlSeconds ?? 86_400;
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { body: Buffer; expires: number }>();
  const loading = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (entry) {
      bytes -= entry.body.length;
      entries.delete(key);
    }
  };

  return {
    peek(key) {
      const hit = entries.get(key);
      return hit && hit.expires > now() ? hit.body : undefined;
    },
    getOrLoad(key, ttlSeconds, load) {
      const hit = entries.get(key);
      if (hit) {
        if (hit.expires > now()) return Promise.resolve(hit.body);
        drop(key);
      }
      const inFlight = loading.get(key);
      if (inFlight) return inFlight;
      const promise = load().then(
        (body) => {
          loading.delete(key);
          const ttl = Math.min(ttlSeconds, maxTtl);
          if (ttl > 0 && body.length <= maxBytes) {
            entries.set(key, { body, expires: now() + ttl * 1000 });
            bytes += body.length;
            for (const oldest of entries.keys()) {
              if (bytes <= maxBytes) break;
              drop(oldest);
            }
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
    async clear() {
      entries.clear();
      bytes = 0;
    },
    async close() {
      entries.clear();
    },
  };
}

/** Redis-backed: bodies under `prefix` + key with an expiry; a Redis failure falls back to loading. */
export function createRedisResponseCache(
  redis: Redis,
  options: { prefix?: string; maxTtlSeconds?: number; onError?: (error: unknown) => void } = {},
): ResponseCache {
  const prefix = options.prefix ?? 'rc:';
  const maxTtl = options.maxTtlSeconds ?? 30 * 86_400;
  const loading = new Map<string, Promise<Buffer>>();

  async function loadAndStore(key: string, ttlSeconds: number, load: () => Promise<Buffer>) {
    let cachedBody: Buffer | null = null;
    try {
      cachedBody = await redis.getBuffer(prefix + key);
    } catch (error) {
      options.onError?.(error);
    }
    if (cachedBody) return cachedBody;
    const body = await load();
    const ttl = Math.min(ttlSeconds, maxTtl);
    if (ttl > 0) {
      redis.set(prefix + key, body, 'EX', ttl).catch((error: unknown) => options.onError?.(error));
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
    async clear() {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** A cache that stores nothing (CATALOG_CACHE=off: the bench's uncached figure). */
export function createNoResponseCache(): ResponseCache {
  return {
    getOrLoad: (_key, _ttl, load) => load(),
    peek: () => undefined,
    clear: async () => {},
    close: async () => {},
  };
}
