// Where thumbnail-trial counts wait for the flush (issue 32 part 1): never a database write per beacon.
// A call's events become counts per (video, still, impression|click), added to the pending batch
// together with the address's budget check, atomically: in process for the embedded site, in Redis (one
// Lua script per call) when REDIS_URL is set, so every web process adds to one batch. The pending half
// and its crash rules are server/lib/pending-counts.ts's, as for the view and analytics stages.
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { createMemoryPending, createRedisPending, type PendingBatch } from '../../lib/pending-counts.ts';
import { redisHealth } from '../../lib/redis-health.ts';

export interface ThumbCount {
  videoId: number;
  still: number;
  impressions: number;
  clicks: number;
}

export interface ThumbBudget {
  key: string;
  max: number;
  windowMs: number;
}

export interface ThumbBatch {
  id: string;
  counts: ThumbCount[];
  done(): Promise<void>;
  failed(): Promise<void>;
}

export interface ThumbStage {
  /** Adds the counts unless the address's budget is spent (then nothing, and false). Atomic. */
  add(counts: ThumbCount[], budget: ThumbBudget): Promise<boolean>;
  /** The batches to write now (in Redis also those a dead flush left behind). */
  take(): Promise<ThumbBatch[]>;
  /** Events staged and not yet taken. */
  pending(): Promise<number>;
}

// Fields `video|still|i` and `video|still|c`.
const fieldsOf = (c: ThumbCount): [string, number][] => [
  ...(c.impressions > 0 ? [[`${c.videoId}|${c.still}|i`, c.impressions] as [string, number]] : []),
  ...(c.clicks > 0 ? [[`${c.videoId}|${c.still}|c`, c.clicks] as [string, number]] : []),
];

function countsOf(entries: Iterable<[string, number]>): ThumbCount[] {
  const byKey = new Map<string, ThumbCount>();
  for (const [field, n] of entries) {
    const [video = '', still = '', kind] = field.split('|');
    const key = `${video}|${still}`;
    let c = byKey.get(key);
    if (!c) {
      c = { videoId: Number(video), still: Number(still), impressions: 0, clicks: 0 };
      byKey.set(key, c);
    }
    if (kind === 'c') c.clicks += n;
    else c.impressions += n;
  }
  return [...byKey.values()];
}

const batchOf = (batch: PendingBatch): ThumbBatch => ({
  id: batch.id,
  counts: countsOf(batch.entries),
  done: batch.done,
  failed: batch.failed,
});

const eventsIn = (entries: Iterable<[string, number]>) => {
  let n = 0;
  for (const [, count] of entries) n += count;
  return n;
};

/** In process. Budgets are an LRU of addresses; an address forgotten starts afresh. */
export function createMemoryThumbStage(options: { now?: () => number } = {}): ThumbStage {
  const now = options.now ?? Date.now;
  const budgets = new LRUCache<string, { used: number; until: number }>({ max: 100_000 });
  const pending = createMemoryPending('thumbs:m');
  return {
    // No await between the check and the writes: atomic in the process.
    async add(counts, budget) {
      const at = now();
      let window = budgets.get(budget.key);
      if (!window || window.until <= at) {
        window = { used: 0, until: at + budget.windowMs };
        budgets.set(budget.key, window);
      }
      if (window.used >= budget.max) return false;
      window.used += 1;
      for (const c of counts) for (const [field, n] of fieldsOf(c)) pending.add(field, n);
      return true;
    },
    async take() {
      return pending.take().map(batchOf);
    },
    async pending() {
      return eventsIn(pending.entries());
    },
  };
}

// KEYS: the budget's counter, the pending hash. ARGV: window (ms), max, then field and count pairs.
const ADD_SCRIPT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if used > tonumber(ARGV[2]) then return 0 end
for i = 3, #ARGV, 2 do redis.call('HINCRBY', KEYS[2], ARGV[i], ARGV[i + 1]) end
return 1`;

/** In Redis; while Redis is away, in this process (budget per process), as the other stages do. */
export function createRedisThumbStage(
  redis: Redis,
  options: { prefix?: string; now?: () => number } = {},
): ThumbStage {
  const prefix = options.prefix ?? 'tube:thumbs:';
  const pending = createRedisPending(redis, { prefix, idPrefix: 'thumbs:r', now: options.now });
  const health = redisHealth(redis);
  const local = createMemoryThumbStage({ now: options.now });
  return {
    add: (counts, budget) =>
      health.run(
        async () => {
          const pairs = counts.flatMap(fieldsOf).flat();
          const result = await redis.eval(
            ADD_SCRIPT,
            2,
            `${prefix}budget:${budget.key}`,
            pending.pendingKey,
            budget.windowMs,
            budget.max,
            ...pairs,
          );
          return Number(result) === 1;
        },
        () => local.add(counts, budget),
      ),
    async take() {
      const shared = await health.run(
        async () => (await pending.take()).map(batchOf),
        () => [],
      );
      return [...(await local.take()), ...shared];
    },
    async pending() {
      const shared = await health.run(
        async () => eventsIn(await pending.entries()),
        () => 0,
      );
      return shared + (await local.pending());
    },
  };
}
