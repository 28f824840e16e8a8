// Where analytics counts wait for the flush (issue 17): never a database write per event. A call's
// events become counts per (UTC day, metric, name), added to a pending batch together with the
// address's budget check, atomically; the flusher (stats-flusher.ts) takes the batch every 5 s and
// writes it in one statement. In process for the embedded site; in Redis when REDIS_URL is set, so that
// every web process adds to one batch (one Lua script per call). Built like the view stage
// (modules/watch/view-stage.ts), whose crash rules it shares:
//
// What a crash costs: in process, SIGTERM flushes (stats-flusher.ts stop); kill -9 loses what came in
// since the last flush (at most one interval). In Redis nothing staged is lost with a process; a flush
// that died between taking its batch and writing it leaves the batch under its own key, which a later
// flush writes, and the batch's id recorded in the same statement as the counts (the ledger of applied
// batches, view_flush_batches) makes that write happen once.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export const STAT_METRICS = ['page_view', 'goal', 'campaign'] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

/** A count of one day's metric and name (stats_daily's key). */
export interface StatCount {
  /** YYYY-MM-DD (UTC). */
  day: string;
  metric: StatMetric | 'video_view';
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

/** In process. Budgets are an LRU of addresses (about 100 bytes each); an address forgotten starts afresh. */
export function createMemoryStatsStage(
  options: { maxAddresses?: number; now?: () => number } = {},
): StatsStage {
  const now = options.now ?? Date.now;
  const budgets = new LRUCache<string, { used: number; until: number }>({
    max: options.maxAddresses ?? 100_000,
  });
  let pending = new Map<string, number>();
  const add = (into: Map<string, number>, field: string, n: number) =>
    into.set(field, (into.get(field) ?? 0) + n);
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
      for (const c of counts) add(pending, fieldOf(c), c.count);
      return true;
    },
    async take() {
      if (pending.size === 0) return [];
      const taken = pending;
      pending = new Map();
      return [
        {
          id: `stats:m:${randomUUID()}`,
          counts: [...taken].map(([field, n]) => parseField(field, n)),
          done: async () => {},
          failed: async () => {
            for (const [field, n] of taken) add(pending, field, n);
          },
        },
      ];
    },
    async pending() {
      let n = 0;
      for (const [field, count] of pending) if (!field.includes('|campaign|')) n += count;
      return n;
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

/** A batch whose flush has not said done after this long is taken to be a dead process's. */
const ABANDONED_AFTER_MS = 60_000;

export function createRedisStatsStage(
  redis: Redis,
  options: { prefix?: string; now?: () => number } = {},
): StatsStage {
  const prefix = options.prefix ?? 'tube:stats:';
  const now = options.now ?? Date.now;
  const pendingKey = `${prefix}pending`;
  const batchPrefix = `${prefix}batch:`;

  const batchOf = (key: string, fields: Record<string, string>): StatsBatch => ({
    id: `stats:r:${key.slice(batchPrefix.length)}`,
    counts: Object.entries(fields).map(([field, n]) => parseField(field, Number(n))),
    done: async () => {
      await redis.unlink(key);
    },
    // Left where it is: a later flush writes it once it counts as abandoned.
    failed: async () => {},
  });

  return {
    async add(counts, budget) {
      const pairs = counts.flatMap((c) => [fieldOf(c), c.count]);
      const result = await redis.eval(
        ADD_SCRIPT,
        2,
        `${prefix}budget:${budget.key}`,
        pendingKey,
        budget.windowMs,
        budget.max,
        ...pairs,
      );
      return Number(result) === 1;
    },
    async take() {
      const batches: StatsBatch[] = [];
      // Batches left by a flush that died (its process killed between taking and writing).
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${batchPrefix}*`, 'COUNT', 100);
        cursor = next;
        for (const key of keys) {
          const takenAt = Number(key.slice(batchPrefix.length).split(':')[0]);
          if (now() - takenAt < ABANDONED_AFTER_MS) continue;
          const fields = await redis.hgetall(key);
          if (Object.keys(fields).length > 0) batches.push(batchOf(key, fields));
        }
      } while (cursor !== '0');
      // RENAME is atomic: of several processes flushing at once, one takes the pending counts.
      const key = `${batchPrefix}${now()}:${randomUUID()}`;
      try {
        await redis.rename(pendingKey, key);
      } catch (error) {
        if (String((error as Error).message).includes('no such key')) return batches;
        throw error;
      }
      batches.push(batchOf(key, await redis.hgetall(key)));
      return batches;
    },
    async pending() {
      const fields = await redis.hgetall(pendingKey);
      return Object.entries(fields)
        .filter(([field]) => !field.includes('|campaign|'))
        .reduce((sum, [, n]) => sum + Number(n), 0);
    },
  };
}
