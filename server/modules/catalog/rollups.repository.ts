// SQL of the listing roll-ups (migration 0011): each table is emptied, then filled again by one
// set-based INSERT from the rows it sums. Decides nothing: rollups.ts says what is refreshed together.
// Takes the caller's Kysely, often a transaction, so that an emptied table is never seen by readers.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { listedVideo } from '../../db/video-status-sql.ts';

/** A tier change of at least this many rows refreshes the planner's statistics of the flag. */
const SEARCH_TIER_ANALYZE_ROWS = 1000;

export function createRollupsRepository(db: DB) {
  return {
    async clearStatsWindows(): Promise<void> {
      await sql`DELETE FROM video_stats_window`.execute(db);
    },

    /** Per-video sums of video_stats_daily over the last 1, 7 and 30 days (`day > current_date - days`). */
    async fillStatsWindows(): Promise<void> {
      await sql`
      INSERT INTO video_stats_window (days, video_id, gender, views, likes, dislikes, rating)
      SELECT w.days, s.video_id, v.gender, sum(s.views), sum(s.likes), sum(s.dislikes),
        sum(s.likes)::real / greatest(sum(s.likes) + sum(s.dislikes), 1)
      FROM (VALUES (1), (7), (30)) AS w(days)
      JOIN video_stats_daily s ON s.day > current_date - w.days
      JOIN videos v ON v.id = s.video_id
      GROUP BY w.days, s.video_id, v.gender`.execute(db);
    },

    /** object_video_counts from the rows (migration 0042's function: the triggers' definition). */
    async refreshObjectVideoCounts(): Promise<void> {
      await sql`SELECT refresh_object_video_counts()`.execute(db);
    },

    async clearRelatedTags(): Promise<void> {
      await sql`DELETE FROM tag_related`.execute(db);
    },

    /** For every tag, how often each other tag is found on its 500 newest videos. */
    async fillRelatedTags(): Promise<void> {
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
    },

    /**
     * The search tier of each gender: the views of its `tierSize`-th most viewed listed video (a gender
     * with fewer listed videos has none: all its videos are the tier), saved and marked (markSearchTier).
     */
    async saveSearchTier(key: string, tierSize: number): Promise<void> {
      const row = await sql<{ thresholds: Record<string, number> }>`
    SELECT coalesce(jsonb_object_agg(t.gender, t.views), '{}'::jsonb) AS thresholds
    FROM (
      SELECT g.gender, (
        SELECT v.views FROM videos v
        WHERE v.gender = g.gender AND ${listedVideo()}
        ORDER BY v.views DESC, v.id DESC OFFSET ${tierSize - 1} LIMIT 1
      ) AS views
      FROM (SELECT DISTINCT gender FROM videos) g
    ) t WHERE t.views IS NOT NULL`.execute(db);
      await this.markSearchTier(key, row.rows[0]?.thresholds ?? {});
    },

    /**
     * Upserts site_settings[`key`] with the thresholds (`{"str": 211044, …}`) and sets videos.in_search_tier
     * to match (migration 0046): true for the listed videos of a gender at or above its threshold, false
     * for every other row. Only the rows that change are written.
     */
    async markSearchTier(key: string, thresholds: Record<string, number>): Promise<void> {
      const value = JSON.stringify(thresholds);
      await sql`
    INSERT INTO site_settings (key, value, updated_at) VALUES (${key}, ${value}::jsonb, now())
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`.execute(db);
      const left = await sql`
    UPDATE videos SET in_search_tier = false
    WHERE in_search_tier AND NOT (views >= coalesce((${value}::jsonb ->> gender)::bigint, 9223372036854775807)
      AND ${listedVideo(null)})`.execute(db);
      let changed = Number(left.numAffectedRows ?? 0);
      for (const [gender, views] of Object.entries(thresholds)) {
        const joined = await sql`
    UPDATE videos SET in_search_tier = true
    WHERE gender = ${gender} AND views >= ${views} AND NOT in_search_tier
      AND ${listedVideo(null)}`.execute(db);
        changed += Number(joined.numAffectedRows ?? 0);
      }
      // A tier marked in one go (a new catalogue, a large import) is not in the planner's statistics
      // until autovacuum's next analyze, which a few per cent of the table does not trigger: without
      // them the planner does not pick the tier's index (a 1M-video search then takes 300 ms, not 20).
      if (changed >= SEARCH_TIER_ANALYZE_ROWS) await sql`ANALYZE videos (in_search_tier)`.execute(db);
    },
  };
}

export type RollupsRepository = ReturnType<typeof createRollupsRepository>;
