// The site's settings and its revenue: ad zones and ad counts.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './columns.ts';

export interface SiteSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface AdZonesTable {
  key: 'preroll' | 'pause' | 'footer' | 'carousel' | 'aside' | 'promo' | 'partner' | 'live';
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  config: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** Migration 0056 (issue 32): ad events per UTC day, zone, creative and event (modules/ads). */
export interface AdStatsDailyTable {
  day: ColumnType<string, string, string>;
  zone: string;
  creative: string;
  event: string;
  count: ColumnType<string, number | string | undefined, number | string>;
}

export interface SiteTables {
  site_settings: SiteSettingsTable;
  ad_zones: AdZonesTable;
  ad_stats_daily: AdStatsDailyTable;
}
