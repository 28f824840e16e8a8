// Discovery for the console and the pages (issue 32): the related list's click-through by source (the
// comparison of co-viewing with the category/tag relation), the co-viewing job's last days, and the
// trending order read by rank.
import {
  DISCOVERY_COMPARISON_DAYS,
  type DiscoveryOverview,
  type RelatedComparison,
} from '../../../contract/discovery.ts';
import { RELATED_SOURCES, relatedGoal } from '../../../contract/watch-values.ts';
import type { DB } from '../../db/database.ts';
import { recentCoviewDays } from './coview.repository.ts';
import { createDiscoveryRepository } from './discovery.repository.ts';
import { trendingPage } from './trending.repository.ts';

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Two-proportion z statistic (pooled); null when either side has no trials. */
export function twoProportionZ(c1: number, n1: number, c2: number, n2: number): number | null {
  if (n1 === 0 || n2 === 0) return null;
  const pooled = (c1 + c2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return 0;
  return (c1 / n1 - c2 / n2) / se;
}

export function createDiscoveryService(db: DB, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const repo = createDiscoveryRepository(db);

  async function comparison(days: number): Promise<RelatedComparison> {
    const to = now();
    const goals = await repo.relatedGoals(dayOf(to - (days - 1) * 86_400_000), dayOf(to));
    const sources = RELATED_SOURCES.map((source) => {
      const impressions = goals.get(relatedGoal('impression', source)) ?? 0;
      const clicks = goals.get(relatedGoal('click', source)) ?? 0;
      return { source, impressions, clicks, rate: impressions > 0 ? clicks / impressions : null };
    });
    const [co, tax] = sources;
    const z = co && tax ? twoProportionZ(co.clicks, co.impressions, tax.clicks, tax.impressions) : null;
    return { days, sources, z };
  }

  return {
    /** The console's view: the comparisons over 7 and 30 days, the job's last days, trending sizes. */
    async overview(): Promise<DiscoveryOverview> {
      const comparisons = [];
      for (const days of DISCOVERY_COMPARISON_DAYS) comparisons.push(await comparison(days));
      return { comparisons, coviewDays: await recentCoviewDays(db), trending: await repo.trendingSizes() };
    },
    /** One page of the trending order of an orientation. */
    trending: (gender: string, offset: number, limit: number) => trendingPage(db, gender, offset, limit),
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
