// A budgeted count stage (issues 17 and 32): a call's counts are added to a pending batch together with
// the calling address's budget check, atomically, and a flush takes the batch later and writes it in one
// statement: never a database write per event. In process for the embedded site; in Redis when REDIS_URL
// is set, so that every web process adds to one batch (one Lua script per call). While Redis is away
// (lib/redis-health.ts) the counts are staged in the process instead, with the budget counted per
// process. The pending half and its crash rules are pending-counts.ts's.
//
// What is counted is the caller's: a codec turns its counts into `field → number` pairs and back
// (the analytics stage: day|metric|name; the thumbnail trials: video|still|kind).
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { createMemoryPending, createRedisPending, type PendingBatch } from './pending-counts.ts';
import { redisHealth } from './redis-health.ts';

/** The address's calls in the current window: at most `max`. */
export interface CountBudget {
  key: string;
  max: number;
  windowMs: number;
}

/** A batch taken for a flush: written under `id` once, then `done()` forgets it. */
export interface CountBatch<C> {
  id: string;
  counts: C[];
  done(): Promise<void>;
  /** The write failed: the counts go back into the pending batch (in process) or stay for a later flush. */
  failed(): Promise<void>;
}

export interface CountStage<C> {
  /** Adds the counts unless the budget is spent (then adds nothing and answers false). Atomic. */
  add(counts: C[], budget: CountBudget): Promise<boolean>;
  /** The batches to write now: the pending counts, and in Redis any batch a dead flush left behind. */
  take(): Promise<CountBatch<C>[]>;
  /** Events counted and not yet taken by a flush. */
  pending(): Promise<number>;
}

/** How a stage's counts are kept as hash fields. Fields never hold a character the codec splits on. */
export interface CountCodec<C> {
  /** Names the batches: `<name>:m:<uuid>` in process, `<name>:r:…` in Redis. */
  name: string;
  fields(count: C): Array<[field: string, n: number]>;
  /** The counts of a batch's fields. */
  counts(entries: Array<[string, number]>): C[];
  /** How many events the pending fields stand for (by default their sum). */
  events?(entries: Iterable<[string, number]>): number;
}

const sum = (entries: Iterable<[string, number]>) => {
  let n = 0;
  for (const [, count] of entries) n += count;
  return n;
};

function batchOf<C>(codec: CountCodec<C>, batch: PendingBatch): CountBatch<C> {
  return { id: batch.id, counts: codec.counts(batch.entries), done: batch.done, failed: batch.failed };
}

/** In process. Budgets are an LRU of addresses (about 100 bytes each); an address forgotten starts afresh. */
export function createMemoryCountStage<C>(
  codec: CountCodec<C>,
  options: { maxAddresses?: number; now?: () => number } = {},
): CountStage<C> {
  const now = options.now ?? Date.now;
  const events = codec.events ?? sum;
  const budgets = new LRUCache<string, { used: number; until: number }>({
    max: options.maxAddresses ?? 100_000,
  });
  const pending = createMemoryPending(`${codec.name}:m`);
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
      for (const c of counts) for (const [field, n] of codec.fields(c)) pending.add(field, n);
      return true;
    },
    async take() {
      return pending.take().map((batch) => batchOf(codec, batch));
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

/** In Redis under `prefix`; while Redis is away, in this process (budget per process). */
export function createRedisCountStage<C>(
  redis: Redis,
  codec: CountCodec<C>,
  options: { prefix: string; now?: () => number },
): CountStage<C> {
  const { prefix } = options;
  const events = codec.events ?? sum;
  const pending = createRedisPending(redis, { prefix, idPrefix: `${codec.name}:r`, now: options.now });
  const health = redisHealth(redis);
  const local = createMemoryCountStage(codec, { now: options.now });
  return {
    add: (counts, budget) =>
      health.run(
        async () => {
          const pairs = counts.flatMap((c) => codec.fields(c).flat());
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
        async () => (await pending.take()).map((batch) => batchOf(codec, batch)),
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
