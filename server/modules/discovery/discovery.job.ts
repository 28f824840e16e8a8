// The discovery jobs (issue 32), scheduled on the fleet's clock (pg-boss cron, once per tick across the
// workers): 'coview.compute' folds each complete UTC day of visits into the co-view lists (coview.repository.ts;
// hourly, so a day is folded within the hour after midnight, and a missed run catches up), and
// 'trending.refresh' rebuilds the trending order (trending.repository.ts) every hour.
import { z } from 'zod';
import type { DB } from '../../db/database.ts';
import { defineJob } from '../../jobs/job.ts';
import type { JobsLogger } from '../../jobs/jobs.ts';
import type { JobRegistry } from '../../jobs/registry.ts';
import { computeCoviews } from './coview.repository.ts';
import { refreshTrending } from './trending.repository.ts';

const policy = {
  payload: z.object({}),
  // The next tick is the retry.
  retry: { retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false },
  timeoutSeconds: 30 * 60,
};
export const coviewJob = defineJob({ name: 'coview.compute', ...policy });
export const trendingJob = defineJob({ name: 'trending.refresh', ...policy });

export const COVIEW_CRON = '20 * * * *';
export const TRENDING_CRON = '10 * * * *';

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function registerDiscoveryJobs(
  registry: JobRegistry,
  deps: { db: DB; log: JobsLogger; now?: () => number },
): JobRegistry {
  const today = () => dayOf(deps.now?.() ?? Date.now());
  return registry
    .define(coviewJob, trendingJob)
    .handle(coviewJob, async () => {
      for (const day of await computeCoviews(deps.db, today()))
        deps.log.info?.({ ...day }, 'co-views computed');
    })
    .handle(trendingJob, async () => {
      const rows = await refreshTrending(deps.db, today());
      deps.log.info?.({ rows }, 'trending refreshed');
    })
    .schedule(coviewJob, COVIEW_CRON, {})
    .schedule(trendingJob, TRENDING_CRON, {});
}
