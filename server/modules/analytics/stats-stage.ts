// Where analytics counts wait for the flush (issue 17): never a database write per event. A call's
// events become counts per (UTC day, metric, name), added to a pending batch together with the
// address's budget check, atomically; the flusher (stats-flusher.ts) takes the batch every 5 s and
// writes it in one statement. In process for the embedded site; in Redis when REDIS_URL is set. The
// stage itself is lib/count-stage.ts's (shared with the thumbnail trials); this is what it counts.
import type { Redis } from 'ioredis';
import {
  type CountBatch,
  type CountBudget,
  type CountCodec,
  type CountStage,
  createMemoryCountStage,
  createRedisCountStage,
} from '../../lib/count-stage.ts';

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

export type StatsBudget = CountBudget;
export type StatsBatch = CountBatch<StatCount>;
export type StatsStage = CountStage<StatCount>;

// Names never hold '|' (contract/analytics-limits.ts patterns), so the field splits back exactly.
const STATS_CODEC: CountCodec<StatCount> = {
  name: 'stats',
  fields: (c) => [[`${c.day}|${c.metric}|${c.name}`, c.count]],
  counts: (entries) =>
    entries.map(([field, count]) => {
      const [day = '', metric = '', name = ''] = field.split('|');
      return { day, metric: metric as StatCount['metric'], name, count };
    }),
  // Campaign counts ride along with page views: they are not events of their own.
  events(entries) {
    let n = 0;
    for (const [field, count] of entries) if (!field.includes('|campaign|')) n += count;
    return n;
  },
};

/** In process. Budgets are an LRU of addresses (about 100 bytes each); an address forgotten starts afresh. */
export function createMemoryStatsStage(
  options: { maxAddresses?: number; now?: () => number } = {},
): StatsStage {
  return createMemoryCountStage(STATS_CODEC, options);
}

/** In Redis (one batch for every web process); while Redis is away, in this process. */
export function createRedisStatsStage(
  redis: Redis,
  options: { prefix?: string; now?: () => number } = {},
): StatsStage {
  return createRedisCountStage(redis, STATS_CODEC, {
    prefix: options.prefix ?? 'tube:stats:',
    now: options.now,
  });
}
