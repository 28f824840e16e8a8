-- Catalogue roll-ups (issue 5): what a listing used to aggregate per request, kept in tables that are
-- refreshed by one set-based statement each (seeders now; the view batcher later), so the listings
-- read them in index order.

-- Per-video sums over the last 1, 7 and 30 days of video_stats_daily (the day/week/month windows of
-- most-popular and top-rated). Only videos with activity in the window have a row. gender is copied
-- so that the sort indexes lead with it; rating = likes / max(likes + dislikes, 1).
CREATE TABLE video_stats_window (
  days            smallint NOT NULL CHECK (days IN (1, 7, 30)),
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  gender          text NOT NULL,
  views           bigint NOT NULL,
  likes           bigint NOT NULL,
  dislikes        bigint NOT NULL,
  rating          real NOT NULL,
  PRIMARY KEY (days, video_id)
);
CREATE INDEX video_stats_window_viewed_idx ON video_stats_window (days, gender, views DESC, likes DESC, video_id DESC);
CREATE INDEX video_stats_window_rated_idx ON video_stats_window (days, gender, rating DESC, likes DESC, video_id DESC);

-- The tags most often found with a tag on its 500 newest videos (the tag page's mvp links).
CREATE TABLE tag_related (
  tag_id          bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  related_id      bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  n               integer NOT NULL,
  PRIMARY KEY (tag_id, related_id)
);

-- The listed videos of a gender in id order: the capped counts of a section (a tag's video_tags rows
-- merged with it) read two narrow indexes instead of the videos' rows.
CREATE INDEX videos_listed_idx ON videos (gender, id) WHERE status = 1 AND NOT is_private AND deleted_at IS NULL;
