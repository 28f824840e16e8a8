// The flush of staged counter changes (migration 0019 counter_events) into the rows they count on, in
// batches, like the view counter (watch.repository.ts flushViews): one statement takes a batch with
// FOR UPDATE SKIP LOCKED (so several processes never apply an event twice), deletes it and adds it up
// per object. A crash leaves the batch staged, never half applied.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export function createCountersRepository(db: DB) {
  return {
    /**
     * Applies up to `batch` staged events. Videos: likes, dislikes, rating (likes / (likes + dislikes)),
     * favourites_count, comments_count, and likes/dislikes of video_stats_daily and the windows of
     * video_stats_window (top-rated by day, week, month). Playlists: likes, dislikes, rating,
     * comments_count. Models and channels: subscribers. Members: subscribers_count, comments_count.
     * Counters never go below 0; events of objects that are gone are dropped.
     */
    async flush(batch: number): Promise<{ events: number; objects: number }> {
      const { rows } = await sql<{ events: number; objects: number }>`
        WITH picked AS (
          SELECT id FROM counter_events ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED
        ), batch AS (
          DELETE FROM counter_events e USING picked p WHERE e.id = p.id
          RETURNING e.target, e.object_id, e.counter, e.delta, e.day
        ), per_object AS (
          SELECT target, object_id,
            coalesce(sum(delta) FILTER (WHERE counter = 'likes'), 0)::int AS likes,
            coalesce(sum(delta) FILTER (WHERE counter = 'dislikes'), 0)::int AS dislikes,
            coalesce(sum(delta) FILTER (WHERE counter = 'favourites'), 0)::int AS favourites,
            coalesce(sum(delta) FILTER (WHERE counter = 'comments'), 0)::int AS comments,
            coalesce(sum(delta) FILTER (WHERE counter = 'subscribers'), 0)::int AS subscribers
          FROM batch GROUP BY target, object_id
        ), vid AS (
          UPDATE videos v SET
            likes = greatest(v.likes + p.likes, 0),
            dislikes = greatest(v.dislikes + p.dislikes, 0),
            rating = greatest(v.likes + p.likes, 0)::real
              / greatest(greatest(v.likes + p.likes, 0) + greatest(v.dislikes + p.dislikes, 0), 1),
            favourites_count = greatest(v.favourites_count + p.favourites, 0),
            comments_count = greatest(v.comments_count + p.comments, 0)
          FROM per_object p WHERE p.target = 'video' AND v.id = p.object_id
          RETURNING v.id
        ), pls AS (
          UPDATE playlists t SET
            likes = greatest(t.likes + p.likes, 0),
            dislikes = greatest(t.dislikes + p.dislikes, 0),
            rating = greatest(t.likes + p.likes, 0)::real
              / greatest(greatest(t.likes + p.likes, 0) + greatest(t.dislikes + p.dislikes, 0), 1),
            comments_count = greatest(t.comments_count + p.comments, 0)
          FROM per_object p WHERE p.target = 'playlist' AND t.id = p.object_id
          RETURNING t.id
        ), mdl AS (
          UPDATE models t SET subscribers = greatest(t.subscribers + p.subscribers, 0)
          FROM per_object p WHERE p.target = 'model' AND t.id = p.object_id
          RETURNING t.id
        ), chn AS (
          UPDATE channels t SET subscribers = greatest(t.subscribers + p.subscribers, 0)
          FROM per_object p WHERE p.target = 'channel' AND t.id = p.object_id
          RETURNING t.id
        ), usr AS (
          UPDATE users t SET
            subscribers_count = greatest(t.subscribers_count + p.subscribers, 0),
            comments_count = greatest(t.comments_count + p.comments, 0)
          FROM per_object p WHERE p.target = 'user' AND t.id = p.object_id
          RETURNING t.id
        ), per_day AS (
          SELECT b.object_id AS video_id, b.day, v.gender,
            coalesce(sum(b.delta) FILTER (WHERE b.counter = 'likes'), 0)::int AS likes,
            coalesce(sum(b.delta) FILTER (WHERE b.counter = 'dislikes'), 0)::int AS dislikes
          FROM batch b JOIN videos v ON v.id = b.object_id
          WHERE b.target = 'video' AND b.counter IN ('likes', 'dislikes')
          GROUP BY b.object_id, b.day, v.gender
        ), daily AS (
          INSERT INTO video_stats_daily (video_id, day, likes, dislikes)
          SELECT video_id, day, likes, dislikes FROM per_day
          ON CONFLICT (video_id, day) DO UPDATE SET
            likes = greatest(video_stats_daily.likes + excluded.likes, 0),
            dislikes = greatest(video_stats_daily.dislikes + excluded.dislikes, 0)
          RETURNING video_id
        ), win AS (
          INSERT INTO video_stats_window (days, video_id, gender, views, likes, dislikes, rating)
          SELECT w.days, d.video_id, d.gender, 0, greatest(sum(d.likes), 0), greatest(sum(d.dislikes), 0),
            greatest(sum(d.likes), 0)::real / greatest(greatest(sum(d.likes), 0) + greatest(sum(d.dislikes), 0), 1)
          FROM per_day d JOIN (VALUES (1), (7), (30)) AS w(days) ON d.day > current_date - w.days
          GROUP BY w.days, d.video_id, d.gender
          ON CONFLICT (days, video_id) DO UPDATE SET
            likes = greatest(video_stats_window.likes + excluded.likes, 0),
            dislikes = greatest(video_stats_window.dislikes + excluded.dislikes, 0),
            rating = greatest(video_stats_window.likes + excluded.likes, 0)::real
              / greatest(greatest(video_stats_window.likes + excluded.likes, 0)
                + greatest(video_stats_window.dislikes + excluded.dislikes, 0), 1)
          RETURNING video_id
        )
        SELECT (SELECT count(*) FROM batch)::int AS events,
          ((SELECT count(*) FROM vid) + (SELECT count(*) FROM pls) + (SELECT count(*) FROM mdl)
            + (SELECT count(*) FROM chn) + (SELECT count(*) FROM usr))::int AS objects`.execute(db);
      return { events: Number(rows[0]?.events ?? 0), objects: Number(rows[0]?.objects ?? 0) };
    },

    async pending(): Promise<number> {
      const row = await db
        .selectFrom('counter_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type CountersRepository = ReturnType<typeof createCountersRepository>;
