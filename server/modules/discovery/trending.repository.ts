// Trending (issue 32; docs/decisions.md "Trending"): the videos whose recent views rise fastest against
// their own baseline, not the most viewed. Per video, from video_stats_daily:
//   rise = (views of today and yesterday / 2) / (average daily views of the 14 days before + PRIOR)
// with at least TRENDING_MIN_VIEWS recent views; PRIOR keeps a new or idle video's first few views from
// ranking it above a steadily rising one. The trending.refresh job rebuilds the order per orientation
// (trending_videos) every TRENDING_CRON; the listing and the home block read it by rank.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { listedVideo } from '../../db/video-status-sql.ts';

export const TRENDING_RECENT_DAYS = 2;
export const TRENDING_BASELINE_DAYS = 14;
/** Daily views added to every baseline (a prior): a video from 0 to 3 views is not "rising fastest". */
export const TRENDING_PRIOR = 3;
export const TRENDING_MIN_VIEWS = 5;
/** Ranks kept per orientation: the listing's 20 pages of 60. */
export const TRENDING_MAX = 1200;

/** Rebuilds the trending order of every orientation as of `today` (YYYY-MM-DD); returns the rows written. */
export async function refreshTrending(db: DB, today: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`DELETE FROM trending_videos`.execute(trx);
    const { rows } = await sql<{ n: number }>`
      WITH recent AS (
        SELECT d.video_id,
          sum(d.views) FILTER (WHERE d.day > ${today}::date - ${TRENDING_RECENT_DAYS}::int) AS recent,
          sum(d.views) FILTER (WHERE d.day <= ${today}::date - ${TRENDING_RECENT_DAYS}::int) AS base
        FROM video_stats_daily d
        WHERE d.day > ${today}::date - ${TRENDING_RECENT_DAYS + TRENDING_BASELINE_DAYS}::int
          AND d.day <= ${today}::date
        GROUP BY d.video_id
      ), scored AS (
        SELECT v.gender, r.video_id,
          (r.recent::real / ${TRENDING_RECENT_DAYS}) /
            (coalesce(r.base, 0)::real / ${TRENDING_BASELINE_DAYS} + ${TRENDING_PRIOR}) AS score,
          row_number() OVER (PARTITION BY v.gender ORDER BY
            (r.recent::real / ${TRENDING_RECENT_DAYS}) /
              (coalesce(r.base, 0)::real / ${TRENDING_BASELINE_DAYS} + ${TRENDING_PRIOR}) DESC,
            r.recent DESC, r.video_id DESC) AS rank
        FROM recent r JOIN videos v ON v.id = r.video_id
        WHERE r.recent >= ${TRENDING_MIN_VIEWS}
          AND ${listedVideo()}
      ), written AS (
        INSERT INTO trending_videos (gender, rank, video_id, score)
        SELECT gender, rank, video_id, score FROM scored WHERE rank <= ${TRENDING_MAX}
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM written`.execute(trx);
    return Number(rows[0]?.n ?? 0);
  });
}

/** One page of the trending order of `gender` (listed videos only), and how many it holds. */
export async function trendingPage(
  db: DB,
  gender: string,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const listed = listedVideo();
  const [{ rows }, { rows: counted }] = await Promise.all([
    sql<{ id: number }>`
      SELECT t.video_id AS id FROM trending_videos t JOIN videos v ON v.id = t.video_id
      WHERE t.gender = ${gender} AND ${listed}
      ORDER BY t.rank LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ n: number }>`
      SELECT count(*)::int AS n FROM trending_videos t JOIN videos v ON v.id = t.video_id
      WHERE t.gender = ${gender} AND ${listed}`.execute(db),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(counted[0]?.n ?? 0) };
}
