// The comment limits (content.md §5, §9): 5 per 10 minutes per member and 20 per 10 minutes per IP, in
// any 10 minutes (a sliding log of times, not a window that starts afresh, which would let 10 through
// around its edge). A comment is reserved on every quota at once, all or nothing, before it is written:
// a check followed later by a count would let parallel requests all pass the check. In process by
// default; in Redis when REDIS_URL is set, so every web process shares the counts (one Lua script:
// atomic; in process again while Redis is away). A reservation whose comment was not written (unknown video) is given back with release().
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisHealth } from '../../lib/redis-health.ts';

export interface RateQuota {
  key: string;
  max: number;
  windowMs: number;
}

export type Reservation = { ok: true; token: string } | { ok: false; blocked: RateQuota };

export interface SlidingLimiter {
  /** Records one event on every quota when each has fewer than `max` in its last `windowMs`. */
  reserve(quotas: RateQuota[]): Promise<Reservation>;
  /** Forgets the events of one reservation. */
  release(keys: string[], token: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemorySlidingLimiter(now: () => number = Date.now): SlidingLimiter {
  const logs = new Map<string, { at: number; token: string }[]>();
  const live = (key: string, windowMs: number) => {
    const since = now() - windowMs;
    const log = (logs.get(key) ?? []).filter((e) => e.at > since);
    if (log.length > 0) logs.set(key, log);
    else logs.delete(key);
    return log;
  };
  // Keys of idle members and addresses are dropped now and then, so the map does not grow for ever.
  let reservations = 0;
  const sweep = (windowMs: number) => {
    if (++reservations % 1000 === 0) for (const key of [...logs.keys()]) live(key, windowMs);
  };
  return {
    // No await between the checks and the writes: one turn of the event loop, atomic in the process.
    async reserve(quotas) {
      const longest = Math.max(0, ...quotas.map((q) => q.windowMs));
      sweep(longest);
      const blocked = quotas.find((q) => live(q.key, q.windowMs).length >= q.max);
      if (blocked) return { ok: false, blocked };
      const token = randomUUID();
      for (const q of quotas) logs.set(q.key, [...(logs.get(q.key) ?? []), { at: now(), token }]);
      return { ok: true, token };
    },
    async release(keys, token) {
      for (const key of keys) {
        const log = (logs.get(key) ?? []).filter((e) => e.token !== token);
        if (log.length > 0) logs.set(key, log);
        else logs.delete(key);
      }
    },
    async close() {},
  };
}

// KEYS: one sorted set per quota (score: time in ms, member: the reservation's token).
// ARGV: now (ms; '' for the Redis server's clock, one clock for every process), token, then max and
// window (ms) of each key in turn. Returns 0 when reserved, else the (1-based) quota that is full.
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - tonumber(ARGV[2 + 2 * i]))
  if redis.call('ZCARD', key) >= tonumber(ARGV[1 + 2 * i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, ARGV[2 + 2 * i])
end
return 0`;

/**
 * While Redis is away (lib/redis-health.ts) the events are logged in this process instead, from none:
 * each process then allows the limit on its own (limit × processes for that time).
 */
export function createRedisSlidingLimiter(
  redis: Redis,
  options: { prefix?: string; now?: () => number; ownsConnection?: boolean } = {},
): SlidingLimiter {
  const prefix = options.prefix ?? 'limit:comment:';
  const health = redisHealth(redis);
  const local = createMemorySlidingLimiter(options.now);
  return {
    async reserve(quotas) {
      if (quotas.length === 0) return { ok: true, token: randomUUID() };
      const token = randomUUID();
      return health.run(
        async (): Promise<Reservation> => {
          const result = Number(
            await redis.eval(
              RESERVE_SCRIPT,
              quotas.length,
              ...quotas.map((q) => prefix + q.key),
              options.now ? String(options.now()) : '',
              token,
              ...quotas.flatMap((q) => [q.max, q.windowMs]),
            ),
          );
          if (result === 0) return { ok: true, token };
          return { ok: false, blocked: quotas[result - 1] as RateQuota };
        },
        () => local.reserve(quotas),
      );
    },
    async release(keys, token) {
      if (keys.length === 0) return;
      await local.release(keys, token);
      await health.run(
        async () => {
          const multi = redis.multi();
          for (const key of keys) multi.zrem(prefix + key, token);
          await multi.exec();
        },
        () => {},
      );
    },
    async close() {
      if (options.ownsConnection) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
