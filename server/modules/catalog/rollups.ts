// Roll-ups behind listings that would otherwise aggregate per request (migration 0011). Each refresh is
// a DELETE and one set-based INSERT: run it inside a transaction (the seeders' own, or the caller's) so
// readers never see the table empty. The seeders run both with the counters; the view batcher is meant
// to run refreshStatsWindows after it writes video_stats_daily (and once a day, as the windows move).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The windows of the day/week/month sorts, in days (`day > current_date - days`). */
export const WINDOW_DAYS = { day: 1, week: 7, month: 30 } as const;

/** video_stats_window from video_stats_daily: per-video sums over the last 1, 7 and 30 days. */
export async function refreshStatsWindows(db: Kysely<Database>): Promise<void> {
  await sql`DELETE FROM video_stats_window`.execute(db);
  await sql`
      INSERT INTO video_stats_window (days, video_id, gender, views, likes, dislikes, rating)
      SELECT w.days, s.video_id, v.gender, sum(s.views), sum(s.likes), sum(s.dislikes),
        sum(s.likes)::real / greatest(sum(s.likes) + sum(s.dislikes), 1)
      FROM (VALUES (1), (7), (30)) AS w(days)
      JOIN video_stats_daily s ON s.day > current_date - w.days
      JOIN videos v ON v.id = s.video_id
      GROUP BY w.days, s.video_id, v.gender`.execute(db);
}

/** tag_related: for every tag, how often each other tag is found on its 500 newest videos. */
export async function refreshRelatedTags(db: Kysely<Database>): Promise<void> {
  await sql`DELETE FROM tag_related`.execute(db);
  await sql`
      INSERT INTO tag_related (tag_id, related_id, n)
      SELECT r.tag_id, vt.tag_id, count(*)
      FROM (
        SELECT tag_id, video_id, row_number() OVER (PARTITION BY tag_id ORDER BY video_id DESC) AS k
        FROM video_tags
      ) r
      JOIN video_tags vt ON vt.video_id = r.video_id AND vt.tag_id <> r.tag_id
      WHERE r.k <= 500
      GROUP BY r.tag_id, vt.tag_id`.execute(db);
}

/** Search ranks the matches among this many most viewed listed videos of a gender first. */
export const SEARCH_TIER_SIZE = 25_000;
export const SEARCH_TIER_KEY = 'catalog.search_tier_views';

/**
 * The views of the SEARCH_TIER_SIZE-th most viewed listed video of each gender, into site_settings
 * (`{"str": 211044, …}`; a gender with fewer videos has no threshold: all its videos are the tier).
 */
export async function refreshSearchTier(db: Kysely<Database>): Promise<void> {
  await sql`
    INSERT INTO site_settings (key, value, updated_at)
    SELECT ${SEARCH_TIER_KEY}, coalesce(jsonb_object_agg(t.gender, t.views), '{}'::jsonb), now()
    FROM (
      SELECT g.gender, (
        SELECT v.views FROM videos v
        WHERE v.gender = g.gender AND v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL
        ORDER BY v.views DESC, v.id DESC OFFSET ${SEARCH_TIER_SIZE - 1} LIMIT 1
      ) AS views
      FROM (SELECT DISTINCT gender FROM videos) g
    ) t WHERE t.views IS NOT NULL
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`.execute(db);
}
