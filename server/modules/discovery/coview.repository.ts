// Related by co-viewing (issue 32; docs/decisions.md "Co-viewing"): "members who watched this also
// watched". The view flush writes one visit per counted view (coview_visits: day, compact viewer key,
// video). Once a UTC day is over, computeCoviews folds it in: each viewer-day's videos (at most
// COVIEW_MAX_PER_VIEWER_DAY of them, so that pairs stay linear in the visits) make pairs, counted per
// pair and added to coview_pairs, whose scores halve every COVIEW_HALF_LIFE_DAYS; then each video the day
// touched gets its best COVIEW_TOP neighbours rewritten in coview_related, the one row the video page
// reads. A video the day did not touch keeps its list: all its scores decay by the same factor, so the
// order holds. The work is the day's visits and the touched videos' pairs, not the catalogue's size.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { listedVideo } from '../../db/video-status-sql.ts';

export const COVIEW_HALF_LIFE_DAYS = 14;
/** Videos per viewer-day that make pairs (the first by id): 30 makes at most 870 ordered pairs. */
export const COVIEW_MAX_PER_VIEWER_DAY = 30;
/** Neighbours kept per video. */
export const COVIEW_TOP = 24;
/** A neighbour needs this decayed score (two viewer-days, fresh) to be listed: one viewer is chance. */
export const COVIEW_MIN_SCORE = 2;
/** Pairs not touched for this long (5 half-lives, 1/32 of their score) and below 32 are deleted. */
export const COVIEW_PRUNE_DAYS = 70;

export interface CoviewDayResult {
  day: string;
  visits: number;
  pairs: number;
  videos: number;
  ms: number;
}

const decay = (day: string) =>
  sql`power(0.5, (${day}::date - p.day)::real / ${sql.lit(COVIEW_HALF_LIFE_DAYS)})`;

/** Folds one complete day's visits into the pairs and the touched videos' lists. Run in a transaction. */
async function foldDay(trx: DB, day: string): Promise<Omit<CoviewDayResult, 'ms'>> {
  const claimed = await sql`
    INSERT INTO coview_days (day, visits, pairs, videos, ms) VALUES (${day}, 0, 0, 0, 0)
    ON CONFLICT DO NOTHING RETURNING day`.execute(trx);
  if (claimed.rows.length === 0) return { day, visits: 0, pairs: 0, videos: 0 };
  const { rows: paired } = await sql<{ visits: number; pairs: number }>`
    WITH capped AS (
      SELECT viewer, video_id FROM (
        SELECT c.viewer, c.video_id, row_number() OVER (PARTITION BY c.viewer ORDER BY c.video_id) AS n
        FROM coview_visits c JOIN videos v ON v.id = c.video_id
        WHERE c.day = ${day}
      ) s WHERE n <= ${COVIEW_MAX_PER_VIEWER_DAY}
    ), counted AS (
      SELECT a.video_id, b.video_id AS other_id, count(*)::real AS n
      FROM capped a JOIN capped b ON b.viewer = a.viewer AND b.video_id <> a.video_id
      GROUP BY a.video_id, b.video_id
    ), added AS (
      INSERT INTO coview_pairs AS p (video_id, other_id, score, day)
      SELECT video_id, other_id, n, ${day}::date FROM counted
      ON CONFLICT (video_id, other_id) DO UPDATE
        SET score = p.score * ${decay(day)} + excluded.score, day = excluded.day
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM coview_visits WHERE day = ${day})::int AS visits,
      (SELECT count(*) FROM added)::int AS pairs`.execute(trx);
  const { rows: listed } = await sql<{ videos: number }>`
    WITH touched AS (SELECT DISTINCT video_id FROM coview_pairs WHERE day = ${day}),
    lists AS (
      INSERT INTO coview_related (video_id, other_ids, computed_day)
      SELECT t.video_id, ARRAY(
          SELECT p.other_id FROM coview_pairs p
          WHERE p.video_id = t.video_id AND p.score * ${decay(day)} >= ${COVIEW_MIN_SCORE}
          ORDER BY p.score * ${decay(day)} DESC, p.other_id DESC
          LIMIT ${COVIEW_TOP}), ${day}::date
      FROM touched t
      ON CONFLICT (video_id) DO UPDATE SET other_ids = excluded.other_ids, computed_day = excluded.computed_day
      RETURNING 1
    )
    SELECT count(*)::int AS videos FROM lists`.execute(trx);
  await sql`DELETE FROM coview_visits WHERE day = ${day}`.execute(trx);
  await sql`DELETE FROM coview_pairs WHERE day < ${day}::date - ${COVIEW_PRUNE_DAYS}::int AND score < 32`.execute(
    trx,
  );
  return {
    day,
    visits: Number(paired[0]?.visits ?? 0),
    pairs: Number(paired[0]?.pairs ?? 0),
    videos: Number(listed[0]?.videos ?? 0),
  };
}

/**
 * Folds in every complete day (before `today`, YYYY-MM-DD) that has visits and was not folded in yet,
 * oldest first, one transaction per day (claimed in coview_days: one worker per day; a retry after a
 * crash finds the day's visits still there). Returns what each day did.
 */
export async function computeCoviews(
  db: DB,
  today: string,
  clock: () => number = performance.now.bind(performance),
): Promise<CoviewDayResult[]> {
  const { rows } = await sql<{ day: string }>`
    SELECT DISTINCT c.day::text AS day FROM coview_visits c
    WHERE c.day < ${today}::date AND NOT EXISTS (SELECT 1 FROM coview_days d WHERE d.day = c.day)
    ORDER BY day`.execute(db);
  const results: CoviewDayResult[] = [];
  for (const { day } of rows) {
    const started = clock();
    const result = await db.transaction().execute(async (trx) => {
      const folded = await foldDay(trx, day);
      const ms = Math.round(clock() - started);
      await sql`UPDATE coview_days SET visits = ${folded.visits}, pairs = ${folded.pairs},
        videos = ${folded.videos}, ms = ${ms} WHERE day = ${day}`.execute(trx);
      return { ...folded, ms };
    });
    results.push(result);
  }
  return results;
}

/** The co-viewed videos of `videoId` that are listed and of `gender`, best first. */
export async function coviewedIds(db: DB, videoId: number, gender: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT v.id FROM coview_related r
    CROSS JOIN LATERAL unnest(r.other_ids) WITH ORDINALITY AS u(id, pos)
    JOIN videos v ON v.id = u.id
    WHERE r.video_id = ${videoId} AND ${listedVideo()}
      AND v.gender = ${gender}
    ORDER BY u.pos`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** The last folded days, newest first (the console). */
export async function recentCoviewDays(db: DB, limit = 7): Promise<CoviewDayResult[]> {
  const rows = await db
    .selectFrom('coview_days')
    .select(['day', 'visits', 'pairs', 'videos', 'ms'])
    .orderBy('day', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, day: String(r.day).slice(0, 10) }));
}
