// Discovery in the console (issue 32): the click-through of the related list by source (co-viewed vs the
// category/tag relation), the co-viewing job's last days and the trending order's size. Types only: the
// console page reads them through its loader (server/modules/discovery/discovery.service.ts).
import type { RelatedSource } from './watch-values.ts';

/** The days the comparison adds up, ending today (UTC). */
export const DISCOVERY_COMPARISON_DAYS = [7, 30] as const;

export interface SourceClicks {
  source: RelatedSource;
  impressions: number;
  clicks: number;
  /** clicks / impressions; null without impressions. */
  rate: number | null;
}

export interface RelatedComparison {
  days: number;
  sources: SourceClicks[];
  /**
   * The two-proportion z statistic of the co-viewed rate against the taxonomy's (pooled); null while a
   * source has no impressions. |z| ≥ 1.96: the difference is unlikely to be chance (95 %).
   */
  z: number | null;
}

export interface CoviewDaySummary {
  day: string;
  visits: number;
  pairs: number;
  videos: number;
  ms: number;
}

export interface DiscoveryOverview {
  comparisons: RelatedComparison[];
  coviewDays: CoviewDaySummary[];
  /** Videos in the trending order, per orientation. */
  trending: { gender: string; videos: number }[];
}
