// Discovery (issue 32): co-viewing, trending and thumbnail trials.
import type { ColumnType, Generated } from 'kysely';

/** Migration 0055 (issue 32): co-viewing and trending (modules/discovery). */
export interface CoviewVisitsTable {
  day: string;
  viewer: number;
  video_id: number;
}

export interface CoviewPairsTable {
  video_id: number;
  other_id: number;
  score: number;
  day: string;
}

export interface CoviewRelatedTable {
  video_id: number;
  other_ids: number[];
  computed_day: string;
}

export interface CoviewDaysTable {
  day: string;
  visits: number;
  pairs: number;
  videos: number;
  ms: number;
  computed_at: Generated<Date>;
}

export interface TrendingVideosTable {
  gender: string;
  rank: number;
  video_id: number;
  score: number;
}

/** Migration 0054 (issue 32): thumbnail trials and their counts per still (modules/thumbs). */
export interface ThumbTrialsTable {
  video_id: number;
  stills: number[];
  live: number[];
  state: 'trial' | 'settled' | 'pinned';
  chosen: number | null;
  started_at: Generated<Date>;
  decided_at: Date | null;
  decided_by: number | null;
}

export interface ThumbCountsTable {
  video_id: number;
  still: number;
  impressions: ColumnType<string, number | string | undefined, number | string>;
  clicks: ColumnType<string, number | string | undefined, number | string>;
}

export interface DiscoveryTables {
  coview_visits: CoviewVisitsTable;
  coview_pairs: CoviewPairsTable;
  coview_related: CoviewRelatedTable;
  coview_days: CoviewDaysTable;
  trending_videos: TrendingVideosTable;
  thumb_trials: ThumbTrialsTable;
  thumb_counts: ThumbCountsTable;
}
