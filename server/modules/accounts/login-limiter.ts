// Attempt counters per key (IP, account, mail address) in a fixed window that starts at the first
// count: the brute-force guard of POST /api/login.php and the send limits of signup and restore mails.
// In process by default; Redis when REDIS_URL is set, so every web process shares the counts (in process
// again while Redis is away).
//
// An attempt is reserved (checked and counted in one atomic step) before the work it guards: a check
// followed later by a count lets parallel requests all pass the check before any of them counts
// (issue 11 F2). A reservation that turns out not to be a failure is given back with release().
import type { Redis } from 'ioredis';
import { redisHealth } from '../../lib/redis-health.ts';

/** A key with its own limit, for reservations that mix limits (e.g. 5 per IP and 3 per address). */
export interface Quota {
  key: string;
  max: number;
  windowSeconds: number;
}

export interface LoginLimiter {
  /** True when any key has reached the limit in its window. */
  isBlocked(keys: string[]): Promise<boolean>;
  recordFailure(keys: string[]): Promise<void>;
  /**
   * All or nothing: when every key is under its limit, counts one attempt on each and returns true;
   * otherwise counts nothing and returns false. A plain key has the limiter's own limit.
   */
  reserve(keys: Array<string | Quota>): Promise<boolean>;
  /** Gives back one reserved attempt on each key (the attempt was not a failure). */
  release(keys: string[]): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface LimiterOptions {
  maxAttempts: number;
  windowSeconds: number;
  now?: () => number;
}

const quotaOf =
  (options: LimiterOptions) =>
  (key: string | Quota): Quota =>
    typeof key === 'string' ? { key, max: options.maxAttempts, windowSeconds: options.windowSeconds } : key;

export function createMemoryLimiter(options: LimiterOptions): LoginLimiter {
  const now = options.now ?? Date.now;
  const quota = quotaOf(options);
  const counts = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt <= now()) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  const count = (key: string, windowSeconds: number) => {
    const entry = live(key);
    if (entry) entry.count += 1;
    else counts.set(key, { count: 1, resetAt: now() + windowSeconds * 1000 });
  };
  // Drop expired entries now and then so a scan of many usernames cannot grow the map forever.
  const sweep = () => {
    if (counts.size > 100_000) for (const key of counts.keys()) live(key);
  };
  return {
    async isBlocked(keys) {
      return keys.some((key) => (live(key)?.count ?? 0) >= options.maxAttempts);
    },
    async recordFailure(keys) {
      sweep();
      for (const key of keys) count(key, options.windowSeconds);
    },
    // No await between the check and the count: one event-loop turn, so atomic within the process.
    async reserve(keys) {
      sweep();
      const quotas = keys.map(quota);
      if (quotas.some((q) => (live(q.key)?.count ?? 0) >= q.max)) return false;
      for (const q of quotas) count(q.key, q.windowSeconds);
      return true;
    },
    async release(keys) {
      for (const key of keys) {
        const entry = live(key);
        if (entry && entry.count > 0) entry.count -= 1;
      }
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

// KEYS: the counters; ARGV: max and window (seconds) of each key in turn. The script runs atomically,
// so parallel requests from any number of processes cannot all pass the check.
const RESERVE_SCRIPT = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[2 * i - 1]) then return 0 end
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  -- The window starts at the first count and is not pushed back by later ones.
  if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[2 * i]) end
end
return 1`;

const RELEASE_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 1`;

/**
 * While Redis is away (lib/redis-health.ts) the counts are kept in this process instead, from zero: each
 * process then allows the limit on its own (the bound is limit × processes for that time), and the
 * counts of the outage are not carried over when Redis is back.
 */
export function createRedisLimiter(
  redis: Redis,
  options: LimiterOptions,
  prefix = 'login:fail:',
): LoginLimiter {
  const quota = quotaOf(options);
  const health = redisHealth(redis);
  const local = createMemoryLimiter(options);
  return {
    isBlocked: (keys) =>
      health.run(
        async () => {
          const values = await redis.mget(keys.map((key) => prefix + key));
          return values.some((value) => Number(value ?? 0) >= options.maxAttempts);
        },
        () => local.isBlocked(keys),
      ),
    recordFailure: (keys) =>
      health.run(
        async () => {
          const multi = redis.multi();
          for (const key of keys) {
            multi.incr(prefix + key);
            // NX: the window starts at the first failure and is not pushed back by later ones.
            multi.expire(prefix + key, options.windowSeconds, 'NX');
          }
          await multi.exec();
        },
        () => local.recordFailure(keys),
      ),
    async reserve(keys) {
      if (keys.length === 0) return true;
      const quotas = keys.map(quota);
      return health.run(
        async () => {
          const result = await redis.eval(
            RESERVE_SCRIPT,
            quotas.length,
            ...quotas.map((q) => prefix + q.key),
            ...quotas.flatMap((q) => [q.max, q.windowSeconds]),
          );
          return Number(result) === 1;
        },
        () => local.reserve(keys),
      );
    },
    async release(keys) {
      if (keys.length === 0) return;
      // Given back where it may have been taken: a count the other side lacks stays at zero.
      await local.release(keys);
      await health.run(
        async () => {
          await redis.eval(RELEASE_SCRIPT, keys.length, ...keys.map((key) => prefix + key));
        },
        () => {},
      );
    },
    async reset(key) {
      await local.reset(key);
      await health.run(
        async () => {
          await redis.del(prefix + key);
        },
        () => {},
      );
    },
  };
}
