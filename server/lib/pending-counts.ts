// The pending half of a staged counter (the view stage, the analytics stage): counts by field wait here
// until a flush takes them as one batch. In process it is a Map; in Redis it is one hash that every web
// process adds to (each stage's own Lua script adds, atomically with its checks) and that a flush takes by
// RENAME, so that of several processes flushing at once one takes each count.
//
// Crash rules, shared by every stage built on this: in process, SIGTERM flushes and kill -9 loses what
// came in since the last flush (at most one interval). In Redis nothing staged is lost with a process: a
// flush that died between taking its batch and applying it leaves the batch under its own key, which a
// later flush takes again once it counts as abandoned; the batch id, recorded by the flusher in the same
// transaction as the counts (view_flush_batches), makes that apply happen once.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisHealth } from './redis-health.ts';

/** A batch taken for a flush: applied under `id` once, then `done()` forgets it. */
export interface PendingBatch {
  id: string;
  /** Field and count pairs, as the stage wrote them. */
  entries: Array<[field: string, count: number]>;
  done(): Promise<void>;
  /** The apply failed: in process the counts go back to pending; in Redis the batch stays for a later flush. */
  failed(): Promise<void>;
}

export interface MemoryPending {
  add(field: string, count: number): void;
  /** The pending counts as one batch (none when nothing is pending). */
  take(): PendingBatch[];
  entries(): IterableIterator<[string, number]>;
}

/** In process: `idPrefix` names the batches (e.g. 'm', 'stats:m'). */
export function createMemoryPending(idPrefix: string): MemoryPending {
  let pending = new Map<string, number>();
  const add = (field: string, count: number) => {
    pending.set(field, (pending.get(field) ?? 0) + count);
  };
  return {
    add,
    take() {
      if (pending.size === 0) return [];
      const taken = pending;
      pending = new Map();
      return [
        {
          id: `${idPrefix}:${randomUUID()}`,
          entries: [...taken],
          done: async () => {},
          failed: async () => {
            for (const [field, count] of taken) add(field, count);
          },
        },
      ];
    },
    entries: () => pending.entries(),
  };
}

/** A batch whose flush has not said done after this long is taken to be a dead process's. */
export const ABANDONED_AFTER_MS = 60_000;

/**
 * In Redis: the hash at `${prefix}pending` (the stage's scripts write it) is taken by RENAME to
 * `${prefix}batch:{time}:{uuid}`; batches a dead flush left behind are taken again after
 * ABANDONED_AFTER_MS. `idPrefix` names the batches (e.g. 'r', 'stats:r').
 */
export function createRedisPending(
  redis: Redis,
  options: { prefix: string; idPrefix: string; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const pendingKey = `${options.prefix}pending`;
  const batchPrefix = `${options.prefix}batch:`;

  const batchOf = (key: string, fields: Record<string, string>): PendingBatch => ({
    id: `${options.idPrefix}:${key.slice(batchPrefix.length)}`,
    entries: Object.entries(fields).map(([field, n]) => [field, Number(n)]),
    // Redis gone meanwhile: the batch (applied) stays under its key, and a later flush finds it applied.
    done: () =>
      redisHealth(redis).run(
        async () => void (await redis.unlink(key)),
        () => {},
      ),
    // Left where it is: a later flush takes it once it counts as abandoned.
    failed: async () => {},
  });

  return {
    pendingKey,
    async take(): Promise<PendingBatch[]> {
      const batches: PendingBatch[] = [];
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
    /** The pending hash's fields and counts. */
    async entries(): Promise<Array<[string, number]>> {
      return Object.entries(await redis.hgetall(pendingKey)).map(([field, n]) => [field, Number(n)]);
    },
  };
}
