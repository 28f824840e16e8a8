// Brute-force guard of POST /api/login.php: failures counted per key (IP, account) in a fixed window
// that starts at the first failure. In process by default; Redis when REDIS_URL is set, so every web
// process shares the counts.
import type { Redis } from 'ioredis';

export interface LoginLimiter {
  /** True when any key has reached the limit in its window. */
  isBlocked(keys: string[]): Promise<boolean>;
  recordFailure(keys: string[]): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface LimiterOptions {
  maxAttempts: number;
  windowSeconds: number;
  now?: () => number;
}

export function createMemoryLimiter(options: LimiterOptions): LoginLimiter {
  const now = options.now ?? Date.now;
  const counts = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt <= now()) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async isBlocked(keys) {
      return keys.some((key) => (live(key)?.count ?? 0) >= options.maxAttempts);
    },
    async recordFailure(keys) {
      // Drop expired entries now and then so a scan of many usernames cannot grow the map forever.
      if (counts.size > 100_000) for (const key of counts.keys()) live(key);
      for (const key of keys) {
        const entry = live(key);
        if (entry) entry.count += 1;
        else counts.set(key, { count: 1, resetAt: now() + options.windowSeconds * 1000 });
      }
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

export function createRedisLimiter(
  redis: Redis,
  options: LimiterOptions,
  prefix = 'login:fail:',
): LoginLimiter {
  return {
    async isBlocked(keys) {
      const values = await redis.mget(keys.map((key) => prefix + key));
      return values.some((value) => Number(value ?? 0) >= options.maxAttempts);
    },
    async recordFailure(keys) {
      const multi = redis.multi();
      for (const key of keys) {
        multi.incr(prefix + key);
        // NX: the window starts at the first failure and is not pushed back by later ones.
        multi.expire(prefix + key, options.windowSeconds, 'NX');
      }
      await multi.exec();
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
