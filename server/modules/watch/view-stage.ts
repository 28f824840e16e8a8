// Where counted views wait for the flush (issue 18): never a database write per view. A view is first
// claimed — once per viewer per video per window, and at most `ipCap` per address per video per window
// (audit F15) — then added to a pending batch that the flusher takes every few seconds and applies in one
// statement. In process for the embedded site; in Redis when REDIS_URL is set, so that every web process
// shares the claims and the batch (one Lua script per view: atomic).
//
// What a crash costs: see server/lib/pending-counts.ts (SIGTERM flushes; kill -9 in process loses at
// most one interval, 5 s; in Redis nothing staged is lost with a process, and a batch is applied once).
// While Redis is away the views are staged in the process (createRedisViewStage).
//
// Each counted view also stages a visit (issue 32): the day, a compact viewer key and the video, which
// the flush writes to coview_visits for the co-viewing job (modules/discovery). The viewer key is 48
// bits of a SHA-256 of the viewer hash, itself a member's id or a salted per-day hash: no address.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { createMemoryPending, createRedisPending, type PendingBatch } from '../../lib/pending-counts.ts';
import { redisHealth } from '../../lib/redis-health.ts';

export interface ViewClaim {
  videoId: number;
  /** 'u:{id}' for a member, else a salted hash of address and user agent. */
  viewerHash: string;
  /** A salted hash of the address (IPv6 by its /64). */
  ipHash: string;
  /** The window: days since the epoch (UTC). */
  bucket: number;
  /** The window's date, YYYY-MM-DD: the day the view counts on. */
  day: string;
  ipCap: number;
}

/** Counted views of one video on one day. */
export interface PendingViews {
  videoId: number;
  day: string;
  views: number;
}

/** One counted view as the co-viewing job reads it: who (a compact key), which video, which day. */
export interface PendingVisit {
  day: string;
  viewer: number;
  videoId: number;
}

/** A batch taken for a flush: applied under `id` once, then `done()` forgets it. */
export interface ViewBatch {
  id: string;
  views: PendingViews[];
  visits: PendingVisit[];
  done(): Promise<void>;
  /** The apply failed: the views go back into the pending batch (in process) or stay for a later flush. */
  failed(): Promise<void>;
}

export interface ViewStage {
  /** Counts the view if the viewer is new in the window and the address is under its cap. Atomic. */
  claim(view: ViewClaim): Promise<boolean>;
  /** The batches to apply now: the pending views, and in Redis any batch a dead flush left behind. */
  take(): Promise<ViewBatch[]>;
  /** Views claimed and not yet taken by a flush. */
  pending(): Promise<number>;
}

/** 48 bits of the viewer hash's SHA-256: a safe integer; two viewers of one day collide about 1 in 2^48 / n. */
export const coviewKeyOf = (viewerHash: string): number =>
  createHash('sha256').update(viewerHash).digest().readUIntBE(0, 6);

const fieldOf = (videoId: number, day: string) => `${videoId}:${day}`;
const VISIT = 'c:';
const visitFieldOf = (view: ViewClaim) =>
  `${VISIT}${view.day}:${coviewKeyOf(view.viewerHash)}:${view.videoId}`;
const parseField = (field: string, views: number): PendingViews => {
  const [id, day] = field.split(':');
  return { videoId: Number(id), day: day ?? '', views };
};
const parseVisit = (field: string): PendingVisit => {
  const [day = '', viewer, id] = field.slice(VISIT.length).split(':');
  return { day, viewer: Number(viewer), videoId: Number(id) };
};
const viewBatch = (batch: PendingBatch): ViewBatch => ({
  id: batch.id,
  views: batch.entries
    .filter(([field]) => !field.startsWith(VISIT))
    .map(([field, n]) => parseField(field, n)),
  visits: batch.entries.filter(([field]) => field.startsWith(VISIT)).map(([field]) => parseVisit(field)),
  done: batch.done,
  failed: batch.failed,
});
/** The views among a pending hash's fields (the visits are the same views again). */
const viewsOf = (entries: Iterable<[string, number]>) => {
  let n = 0;
  for (const [field, views] of entries) if (!field.startsWith(VISIT)) n += views;
  return n;
};

/**
 * In process. The claims are an LRU of keys of the current windows (`maxClaims`, about 100 bytes
 * each): on a site with more viewers a day than that, the oldest claims are forgotten and such a viewer
 * could count again the same day. A restart forgets them too.
 */
export function createMemoryViewStage(options: { maxClaims?: number } = {}): ViewStage {
  const claims = new LRUCache<string, number>({ max: options.maxClaims ?? 500_000 });
  const pending = createMemoryPending('m');
  return {
    // No await between the checks and the writes: one turn of the event loop, atomic in the process.
    async claim(view) {
      const viewerKey = `v:${view.bucket}:${view.videoId}:${view.viewerHash}`;
      if (claims.has(viewerKey)) return false;
      claims.set(viewerKey, 1);
      const ipKey = `i:${view.bucket}:${view.videoId}:${view.ipHash}`;
      const used = claims.get(ipKey) ?? 0;
      if (used >= view.ipCap) return false;
      claims.set(ipKey, used + 1);
      pending.add(fieldOf(view.videoId, view.day), 1);
      pending.add(visitFieldOf(view), 1);
      return true;
    },
    async take() {
      return pending.take().map(viewBatch);
    },
    async pending() {
      return viewsOf(pending.entries());
    },
  };
}

// KEYS: the viewer's claim, the address's count, the pending hash. ARGV: claim lifetime (s), the cap,
// the pending field, the visit's field. A viewer's claim is taken even past the cap, as a repeat would be refused anyway.
const CLAIM_SCRIPT = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return 0 end
local used = redis.call('INCR', KEYS[2])
if used == 1 then redis.call('EXPIRE', KEYS[2], ARGV[1]) end
if used > tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
redis.call('HSET', KEYS[3], ARGV[4], 1)
return 1`;

/** Claims live past their window's end, so a view just before midnight UTC is still remembered. */
const CLAIM_SECONDS = 2 * 86_400;

/**
 * While Redis is away (lib/redis-health.ts) views are claimed and counted in this process instead (an
 * in-process stage, flushed by this process like the embedded site's), so none is refused or lost. What
 * that costs: claims are then per process, so a viewer may count once more on each process, and once
 * more when Redis is back. What was staged in Redis since the last flush is lost only when Redis comes
 * back empty (at most one flush interval, 5 s).
 */
export function createRedisViewStage(
  redis: Redis,
  options: { prefix?: string; now?: () => number } = {},
): ViewStage {
  const prefix = options.prefix ?? 'tube:views:';
  const pending = createRedisPending(redis, { prefix, idPrefix: 'r', now: options.now });
  const health = redisHealth(redis);
  const local = createMemoryViewStage();

  return {
    claim: (view) =>
      health.run(
        async () => {
          const result = await redis.eval(
            CLAIM_SCRIPT,
            3,
            `${prefix}v:${view.bucket}:${view.videoId}:${view.viewerHash}`,
            `${prefix}i:${view.bucket}:${view.videoId}:${view.ipHash}`,
            pending.pendingKey,
            CLAIM_SECONDS,
            view.ipCap,
            fieldOf(view.videoId, view.day),
            visitFieldOf(view),
          );
          return Number(result) === 1;
        },
        () => local.claim(view),
      ),
    async take() {
      // Taken from Redis first: should that fail for another reason, the process's counts stay pending.
      // Applied first: a failed apply puts them back, and Redis's batches wait in Redis for a later flush.
      const shared = await health.run(
        async () => (await pending.take()).map(viewBatch),
        () => [],
      );
      return [...(await local.take()), ...shared];
    },
    async pending() {
      const shared = await health.run(
        async () => viewsOf(await pending.entries()),
        () => 0,
      );
      return shared + (await local.pending());
    },
  };
}
