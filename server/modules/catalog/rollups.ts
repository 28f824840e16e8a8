// Roll-ups behind listings that would otherwise aggregate per request (migration 0011). Each refresh
// empties its table and fills it again in one set-based INSERT (rollups.repository.ts): run it inside
// a transaction (the seeders' own, or the caller's) so readers never see the table empty. The seeders
// run them all with the counters; the view batcher is meant to run refreshStatsWindows after it writes
// video_stats_daily (and once a day, as the windows move).
import type { DB } from '../../db/database.ts';
import { createRollupsRepository } from './rollups.repository.ts';

/** The windows of the day/week/month sorts, in days (`day > current_date - days`). */
export const WINDOW_DAYS = { day: 1, week: 7, month: 30 } as const;

/** video_stats_window from video_stats_daily: per-video sums over the last 1, 7 and 30 days. */
export async function refreshStatsWindows(db: DB): Promise<void> {
  const rollups = createRollupsRepository(db);
  await rollups.clearStatsWindows();
  await rollups.fillStatsWindows();
}

/** tag_related: for every tag, how often each other tag is found on its 500 newest videos. */
export async function refreshRelatedTags(db: DB): Promise<void> {
  const rollups = createRollupsRepository(db);
  await rollups.clearRelatedTags();
  await rollups.fillRelatedTags();
}

/**
 * object_video_counts (listed videos per object and orientation, migration 0042) rebuilt from the rows.
 * Triggers keep it exact as rows change; this is for loads that run with triggers off (the bench
 * seeder) and for the seeders' recount, which recomputes every counter anyway.
 */
export async function refreshObjectVideoCounts(db: DB): Promise<void> {
  await createRollupsRepository(db).refreshObjectVideoCounts();
}

/** Search ranks the matches among this many most viewed listed videos of a gender first. */
export const SEARCH_TIER_SIZE = 25_000;
export const SEARCH_TIER_KEY = 'catalog.search_tier_views';

/**
 * The views of the SEARCH_TIER_SIZE-th most viewed listed video of each gender, into site_settings
 * (`{"str": 211044, …}`; a gender with fewer videos has no threshold: all its videos are the tier).
 */
export async function refreshSearchTier(db: DB): Promise<void> {
  await createRollupsRepository(db).saveSearchTier(SEARCH_TIER_KEY, SEARCH_TIER_SIZE);
}
