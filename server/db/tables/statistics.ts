// Counts and roll-ups: daily video stats and their windows, related tags, staged view batches, the
// console's daily counts and the search terms.
import type { ColumnType, Generated } from 'kysely';
import type { Counter, Id, Timestamp } from './columns.ts';

export interface VideoStatsDailyTable {
  video_id: number;
  day: string;
  views: Counter;
  likes: Counter;
  dislikes: Counter;
}

/** Per-video sums of video_stats_daily over the last `days` (1, 7, 30): see catalog/rollups.ts. */
export interface VideoStatsWindowTable {
  days: number;
  video_id: number;
  gender: string;
  views: Counter;
  likes: Counter;
  dislikes: Counter;
  rating: number;
}

/** How often `related_id` is found on the 500 newest videos of `tag_id`: see catalog/rollups.ts. */
export interface TagRelatedTable {
  tag_id: number;
  related_id: number;
  n: number;
}

export interface SearchKeywordsTable {
  id: Id;
  keyword: string;
  searches: Counter;
  created_at: Generated<Date>;
  /** Migration 0048: distinct visitors (an address once per term per day), found videos, staff's hiding. */
  visitors: Counter;
  results: number | null;
  searched_at: Timestamp | null;
  hidden_at: Timestamp | null;
}

/** Migration 0048: who searched a term on a day, as a keyed hash of the address (today and yesterday). */
export interface SearchKeywordVisitorsTable {
  keyword_id: number;
  day: ColumnType<string, string, string>;
  address_hash: Uint8Array;
}

/** Migration 0034: the console's daily counts (page views by route, goals by name, video views). */
export interface StatsDailyTable {
  day: ColumnType<string, string, string>;
  metric: string;
  name: ColumnType<string, string | undefined, string>;
  count: ColumnType<string, number | string | undefined, number | string>;
}

/** Applied batches of staged views (migration 0030; watch/view-stage.ts): a batch counts once. */
export interface ViewFlushBatchesTable {
  id: string;
  applied_at: Generated<Date>;
}

export interface StatisticsTables {
  video_stats_daily: VideoStatsDailyTable;
  video_stats_window: VideoStatsWindowTable;
  tag_related: TagRelatedTable;
  search_keywords: SearchKeywordsTable;
  search_keyword_visitors: SearchKeywordVisitorsTable;
  view_flush_batches: ViewFlushBatchesTable;
  stats_daily: StatsDailyTable;
}
