-- Views without a database write per view (issue 18): a view is claimed and counted in process or in
-- Redis (server/modules/watch/view-stage.ts) and reaches the database only in the flush's batches. The
-- staging rows of migration 0015 and the per-address counters of 0018 go; views still staged in them
-- are applied first, as a flush would have. What remains is the record of applied batches, which makes
-- a batch left behind by a dead flush count once.
WITH batch AS (
  UPDATE view_events SET flushed = true WHERE NOT flushed RETURNING video_id, day
), per_day AS (
  SELECT b.video_id, b.day, v.gender, count(*)::int AS n
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
)
SELECT (SELECT count(*) FROM bump), (SELECT count(*) FROM daily);

DROP TABLE view_events;
DROP TABLE view_ip_counts;

CREATE TABLE view_flush_batches (
  id              text PRIMARY KEY,
  applied_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX view_flush_batches_applied_idx ON view_flush_batches (applied_at);
