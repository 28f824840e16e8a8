// Where thumbnail-trial counts wait for the flush (issue 32 part 1): never a database write per beacon.
// A call's events become counts per (video, still, impression|click), added to the pending batch
// together with the address's budget check, atomically: in process for the embedded site, in Redis when
// REDIS_URL is set. The stage itself is lib/count-stage.ts's (shared with analytics); this is what it
// counts.
import type { Redis } from 'ioredis';
import {
  type CountBatch,
  type CountBudget,
  type CountCodec,
  type CountStage,
  createMemoryCountStage,
  createRedisCountStage,
} from '../../lib/count-stage.ts';

export interface ThumbCount {
  videoId: number;
  still: number;
  impressions: number;
  clicks: number;
}

export type ThumbBudget = CountBudget;
export type ThumbBatch = CountBatch<ThumbCount>;
export type ThumbStage = CountStage<ThumbCount>;

// Fields `video|still|i` and `video|still|c`.
const THUMBS_CODEC: CountCodec<ThumbCount> = {
  name: 'thumbs',
  fields: (c) => [
    ...(c.impressions > 0 ? [[`${c.videoId}|${c.still}|i`, c.impressions] as [string, number]] : []),
    ...(c.clicks > 0 ? [[`${c.videoId}|${c.still}|c`, c.clicks] as [string, number]] : []),
  ],
  counts(entries) {
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
  },
};

/** In process. Budgets are an LRU of addresses; an address forgotten starts afresh. */
export function createMemoryThumbStage(options: { now?: () => number } = {}): ThumbStage {
  return createMemoryCountStage(THUMBS_CODEC, options);
}

/** In Redis; while Redis is away, in this process (budget per process), as the other stages do. */
export function createRedisThumbStage(
  redis: Redis,
  options: { prefix?: string; now?: () => number } = {},
): ThumbStage {
  return createRedisCountStage(redis, THUMBS_CODEC, {
    prefix: options.prefix ?? 'tube:thumbs:',
    now: options.now,
  });
}
