// The watching calls' SQL (issue 6): related videos, the view counter's staging table and its flush,
// and the lookups of oEmbed and the download.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Gender } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { listedVideo } from '../../db/video-status-sql.ts';
import type { CardRow } from '../catalog/catalog.mappers.ts';
import { coviewedIds } from '../discovery/coview.repository.ts';

/** Weights of one shared link in the related score. */
export const RELATED_WEIGHTS = { model: 5, channel: 4, tag: 3, category: 2 } as const;
/**
 * Candidates per shared link: the newest this many videos of each shared category, tag, model and the
 * channel (an index range each), so the scoring reads a bounded set however big a category grows.
 */
export const RELATED_CANDIDATES_PER_LINK = 150;

const VIEW_SALT_KEY = 'watch.view_salt';
const WINDOWS_DAY_KEY = 'watch.windows_refreshed_day';

/**
 * Claims the daily full refresh of the windows for `day` (YYYY-MM-DD): true for the one caller per day
 * across processes and restarts. Run it in the refresh's transaction, so a failed refresh frees it.
 */
export async function claimDailyRefresh(db: DB, day: string): Promise<boolean> {
  const { rows } = await sql<{ key: string }>`
    INSERT INTO site_settings (key, value, updated_at) VALUES (${WINDOWS_DAY_KEY}, ${JSON.stringify(day)}::jsonb, now())
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
      WHERE site_settings.value IS DISTINCT FROM excluded.value
    RETURNING key`.execute(db);
  return rows.length > 0;
}

export function createWatchRepository(db: DB) {
  const listed = listedVideo();
  const cap = RELATED_CANDIDATES_PER_LINK;
  const w = RELATED_WEIGHTS;

  return {
    /** The video's gender and whether it is listed; undefined when it does not exist. */
    async findListed(id: number) {
      return db
        .selectFrom('videos as v')
        .select(['v.id', 'v.dir', 'v.title', 'v.gender', 'v.user_id', 'v.width', 'v.height'])
        .select(sql<boolean>`${listed}`.as('listed'))
        .where('v.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The listed videos of `gender` sharing links with `videoId`, best first: score = the weighted sum
     * of shared models, channel, tags and categories; ties by views, then id. Never the video itself.
     */
    async relatedIds(videoId: number, gender: Gender, limit: number): Promise<number[]> {
      const rows = await sql<{ id: number }>`
        WITH cand AS (
          SELECT c.video_id, ${sql.lit(w.category)} AS w FROM video_categories s
            CROSS JOIN LATERAL (SELECT vc.video_id FROM video_categories vc WHERE vc.category_id = s.category_id
              ORDER BY vc.video_id DESC LIMIT ${cap}) c
            WHERE s.video_id = ${videoId}
          UNION ALL
          SELECT t.video_id, ${sql.lit(w.tag)} FROM video_tags s
            CROSS JOIN LATERAL (SELECT vt.video_id FROM video_tags vt WHERE vt.tag_id = s.tag_id
              ORDER BY vt.video_id DESC LIMIT ${cap}) t
            WHERE s.video_id = ${videoId}
          UNION ALL
          SELECT m.video_id, ${sql.lit(w.model)} FROM video_models s
            CROSS JOIN LATERAL (SELECT vm.video_id FROM video_models vm WHERE vm.model_id = s.model_id
              ORDER BY vm.video_id DESC LIMIT ${cap}) m
            WHERE s.video_id = ${videoId}
          UNION ALL
          SELECT ch.id, ${sql.lit(w.channel)} FROM videos src
            CROSS JOIN LATERAL (SELECT c2.id FROM videos c2 WHERE c2.channel_id = src.channel_id
              ORDER BY c2.post_date DESC LIMIT ${cap}) ch
            WHERE src.id = ${videoId} AND src.channel_id IS NOT NULL
        ), scored AS (
          SELECT video_id, sum(w) AS score FROM cand WHERE video_id <> ${videoId} GROUP BY video_id
        )
        SELECT v.id FROM scored s JOIN videos v ON v.id = s.video_id
        WHERE ${listed} AND v.gender = ${gender}
        ORDER BY s.score DESC, v.views DESC, v.id DESC
        LIMIT ${limit}`.execute(db);
      return rows.rows.map((r) => Number(r.id));
    },

    /** The co-viewed videos of `videoId` (listed, of `gender`), best first: the job's precomputed list. */
    coviewedIds: (videoId: number, gender: Gender) => coviewedIds(db, videoId, gender),

    /** The most viewed listed videos of `gender`, skipping `exclude` (the related list's filler). */
    async popularIds(gender: Gender, exclude: number[], limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('videos as v')
        .select('v.id')
        .where(sql<boolean>`${listed}`)
        .where('v.gender', '=', gender)
        .$if(exclude.length > 0, (q) => q.where('v.id', 'not in', exclude))
        .orderBy('v.views', 'desc')
        .orderBy('v.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Card rows of `ids`, in that order. */
    async cards(ids: number[]): Promise<CardRow[]> {
      if (ids.length === 0) return [];
      const list = sql.join(ids.map((id) => sql`${id}::bigint`));
      const rows = await sql<CardRow>`
        SELECT v.id, v.dir, v.title, v.duration, v.height, v.post_date, v.views, v.likes, v.dislikes,
          v.rating, v.comments_count,
          (SELECT f.storage_key FROM video_files f WHERE f.video_id = v.id AND f.kind = 'poster' AND f.format = '' LIMIT 1) AS poster_key
        FROM unnest(ARRAY[${list}]) WITH ORDINALITY AS p(id, pos)
        JOIN videos v ON v.id = p.id
        ORDER BY p.pos`.execute(db);
      return rows.rows.map((r) => ({ ...r, id: Number(r.id), post_date: new Date(r.post_date) }));
    },

    /** The salt of guest viewer hashes: made once per database, so every process and restart agrees. */
    async viewSalt(): Promise<string> {
      await db
        .insertInto('site_settings')
        .values({
          key: VIEW_SALT_KEY,
          value: JSON.stringify(randomBytes(32).toString('hex')),
          updated_at: new Date(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('site_settings')
        .select('value')
        .where('key', '=', VIEW_SALT_KEY)
        .executeTakeFirstOrThrow();
      return String(row.value);
    },

    /** A member's watch history (content.md §6: server history): one row per video, newest time wins. */
    async rememberWatch(userId: number, videoId: number, at: Date): Promise<void> {
      await db
        .insertInto('history')
        .values({ user_id: userId, video_id: videoId, watched_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'video_id']).doUpdateSet({ watched_at: at }))
        .execute();
    },

    /**
     * Applies one batch of staged views (view-stage.ts) to videos.views, video_stats_daily and the
     * windows of video_stats_window, in one statement, once: the batch's id goes into
     * view_flush_batches in the same statement, and a batch already there changes nothing. Views of
     * videos that are gone are dropped. The windows are incremented: a video new to a window had no
     * activity in it, so its likes are 0. The site's views of each day go to stats_daily ('video_view',
     * the console's chart) in the same statement, and the batch's visits (who watched what, by a
     * compact viewer key) to coview_visits, the co-viewing job's input (modules/discovery).
     */
    async applyViews(
      batchId: string,
      views: { videoId: number; day: string; views: number }[],
      visits: { day: string; viewer: number; videoId: number }[] = [],
    ) {
      const rows = JSON.stringify(views.map((v) => ({ video_id: v.videoId, day: v.day, n: v.views })));
      const seen = JSON.stringify(visits.map((v) => ({ d: v.day, w: v.viewer, v: v.videoId })));
      const { rows: result } = await sql<{ applied: number; videos: number }>`
        WITH claim AS (
          INSERT INTO view_flush_batches (id) VALUES (${batchId}) ON CONFLICT DO NOTHING RETURNING id
        ), batch AS (
          SELECT x.video_id, x.day, x.n FROM jsonb_to_recordset(${rows}::jsonb) AS x(video_id bigint, day date, n int)
          WHERE EXISTS (SELECT 1 FROM claim)
        ), per_day AS (
          SELECT b.video_id, b.day, v.gender, sum(b.n)::int AS n
          FROM batch b JOIN videos v ON v.id = b.video_id GROUP BY b.video_id, b.day, v.gender
        ), per_video AS (
          SELECT video_id, sum(n)::int AS n FROM per_day GROUP BY video_id
        ), bump AS (
          UPDATE videos v SET views = v.views + p.n FROM per_video p WHERE v.id = p.video_id RETURNING v.id
        ), daily AS (
          INSERT INTO video_stats_daily (video_id, day, views)
          SELECT video_id, day, n FROM per_day
          ON CONFLICT (video_id, day) DO UPDATE SET views = video_stats_daily.views + excluded.views
          RETURNING video_id
        ), win AS (
          INSERT INTO video_stats_window (days, video_id, gender, views, likes, dislikes, rating)
          SELECT w.days, d.video_id, d.gender, sum(d.n), 0, 0, 0
          FROM per_day d JOIN (VALUES (1), (7), (30)) AS w(days) ON d.day > current_date - w.days
          GROUP BY w.days, d.video_id, d.gender
          ON CONFLICT (days, video_id) DO UPDATE SET views = video_stats_window.views + excluded.views
          RETURNING video_id
        ), site_daily AS (
          INSERT INTO stats_daily (day, metric, name, count)
          SELECT day, 'video_view', '', sum(n) FROM per_day GROUP BY day
          ON CONFLICT (day, metric, name) DO UPDATE SET count = stats_daily.count + excluded.count
          RETURNING day
        ), visit AS (
          INSERT INTO coview_visits (day, viewer, video_id)
          SELECT x.d, x.w, x.v FROM jsonb_to_recordset(${seen}::jsonb) AS x(d date, w bigint, v bigint)
          WHERE EXISTS (SELECT 1 FROM claim)
          ON CONFLICT DO NOTHING
          RETURNING day
        )
        SELECT (SELECT count(*) FROM claim)::int AS applied, (SELECT count(*) FROM bump)::int AS videos`.execute(
        db,
      );
      return { applied: Number(result[0]?.applied ?? 0) > 0, videos: Number(result[0]?.videos ?? 0) };
    },

    /** The record of applied batches is needed only while a left-behind batch may still turn up. */
    async pruneViewBatches(before: Date): Promise<void> {
      await db.deleteFrom('view_flush_batches').where('applied_at', '<', before).execute();
    },

    /** The MP4 rendition `format` of a listed video. */
    async downloadFile(videoId: number, format: string) {
      return db
        .selectFrom('video_files as f')
        .innerJoin('videos as v', 'v.id', 'f.video_id')
        .select(['f.storage_key', 'f.mime', 'v.dir'])
        .where('f.video_id', '=', videoId)
        .where('f.kind', '=', 'mp4')
        .where('f.format', '=', format)
        .where(sql<boolean>`${listed}`)
        .executeTakeFirst();
    },

    /** For oEmbed: the uploader's name and the poster key. */
    async oembedInfo(videoId: number) {
      return db
        .selectFrom('videos as v')
        .leftJoin('users as u', 'u.id', 'v.user_id')
        .select(['u.id as user_id', 'u.username'])
        .select((eb) =>
          eb
            .selectFrom('video_files as f')
            .select('f.storage_key')
            .whereRef('f.video_id', '=', 'v.id')
            .where('f.kind', '=', 'poster')
            .where('f.format', '=', '')
            .limit(1)
            .as('poster_key'),
        )
        .where('v.id', '=', videoId)
        .executeTakeFirst();
    },
  };
}

export type WatchRepository = ReturnType<typeof createWatchRepository>;
