// Where analytics counts wait for the flush (issue 17): never a database write per event. A call's
// events become counts per (UTC day, metric, name), added to a pending batch together with the
// address's budget check, atomically; the flusher (stats-flusher.ts) takes the batch every 5 s and
// writes it in one statement. In process for the embedded site; in Redis when REDIS_URL is set, so that
// every web process adds to one batch (one Lua script per call). The pending half and its crash rules
// are server/lib/pending-counts.ts's, shared with the view stage.
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { createMemoryPending, createRedisPending, type PendingBatch } from '../../lib/pending-counts.ts';
import { redisHealth } from '../../lib/redis-health.ts';

export const STAT_METRICS = ['page_view', 'goal', 'campaign'] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

/** A count of one day's metric and name (stats_daily's key). */
export interface StatCount {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** 'ad': the ad events' own stage (modules/ads/ad-stats.service.ts), written to ad_stats_daily. */
  metric: StatMetric | 'video_view' | 'ad';
  name: string;
  count: number;
}

/** The address's calls in the current minute: at most `max`. */
export interface StatsBudget {
  key: string;
  max: number;
  windowMs: number;
}

/** A batch taken for a flush: written under `id` once, then `done()` forgets it. */
export interface StatsBatch {
  id: string;
  counts: StatCount[];
  done(): Promise<void>;
  /** The write failed: the counts go back into the pending batch (in process) or stay for a later flush. */
  failed(): Promise<void>;
}

export interface StatsStage {
  /** Adds the counts unless the budget is spent (then adds nothing and answers false). Atomic. */
  add(counts: StatCount[], budget: StatsBudget): Promise<boolean>;
  /** The batches to write now: the pending counts, and in Redis any batch a dead flush left behind. */
  take(): Promise<StatsBatch[]>;
  /** Events counted and not yet taken by a flush. */
  pending(): Promise<number>;
}

// Names never hold '|' (contract/analytics-limits.ts patterns), so the field splits back exactly.
const fieldOf = (c: Pick<StatCount, 'day' | 'metric' | 'name'>) => `${c.day}|${c.metric}|${c.name}`;
const parseField = (field: string, count: number): StatCount => {
  const [day = '', metric = '', name = ''] = field.split('|');
  return { day, metric: metric as StatCount['metric'], name, count };
};
const statsBatch = (batch: PendingBatch): StatsBatch => ({
  id: batch.id,
  counts: batch.entries.map(([field, n]) => parseField(field, n)),
  done: batch.done,
  failed: batch.failed,
});
// Campaign counts ride along with page views: they are not events of their own.
const events = (entries: Iterable<[string, number]>) => {
  let n = 0;
  for (const [field, count] of entries) if (!field.includes('|campaign|')) n += count;
  return n;
};

/** In process. Budgets are an LRU of addresses (about 100 bytes each); an address forgotten starts afresh. */
export function createMemoryStatsStage(
  options: { maxAddresses?: number; now?: () => number } = {},
): StatsStage {
  const now = options.now ?? Date.now;
  const budgets = new LRUCache<string, { used: number; until: number }>({
    max: options.maxAddresses ?? 100_000,
  });
  const pending = createMemoryPending('stats:m');
  return {
    // No await between the check and the writes: one turn of the event loop, atomic in the process.
    async add(counts, budget) {
      const at = now();
      let window = budgets.get(budget.key);
      if (!window || window.until <= at) {
        window = { used: 0, until: at + budget.windowMs };
        budgets.set(budget.key, window);
      }
      if (window.used >= budget.max) return false;
      window.used += 1;
      for (const c of counts) pending.add(fieldOf(c), c.count);
      return true;
    },
    async take() {
      return pending.take().map(statsBatch);
    },
    async pending() {
      return events(pending.entries());
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

/**
 * While Redis is away (lib/redis-health.ts) the counts are staged in this process instead (and flushed
 * by it), with the address's budget counted per process; as the view stage does (watch/view-stage.ts).
 */
export function createRedisStatsStage(
  redis: Redis,
  options: { prefix?: string; now?: () => number } = {},
): StatsStage {
  const prefix = options.prefix ?? 'tube:stats:';
  const pending = createRedisPending(redis, { prefix, idPrefix: 'stats:r', now: options.now });
  const health = redisHealth(redis);
  const local = createMemoryStatsStage({ now: options.now });

  return {
    add: (counts, budget) =>
      health.run(
        async () => {
          const pairs = counts.flatMap((c) => [fieldOf(c), c.count]);
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
      // Taken from Redis first: should that fail for another reason, the process's counts stay pending.
      // Applied first: a failed apply puts them back, and Redis's batches wait in Redis for a later flush.
      const shared = await health.run(
        async () => (await pending.take()).map(statsBatch),
        () => [],
      );
      return [...(await local.take()), ...shared];
    },
    async pending() {
      const shared = await health.run(
        async () => events(await pending.entries()),
        () => 0,
      );
      return shared + (await local.pending());
    },
  };
}
