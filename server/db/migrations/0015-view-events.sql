-- The view counter (issue 6). A view is one row here, written with INSERT ... ON CONFLICT DO NOTHING:
-- the key (video_id, viewer_hash, bucket) makes a repeat from one viewer within one window (a UTC day)
-- a no-op, and no view takes a lock on the video's row. A flusher moves the unflushed rows into
-- videos.views and video_stats_daily in one statement per batch, marking them flushed; rows stay until
-- their window is over (they are the dedup memory), then are deleted. Rows are in the database from
-- the first moment, so a restart before a flush loses nothing.
CREATE TABLE view_events (
  -- No foreign key on purpose: its check would lock the video's row (FOR KEY SHARE) on every view.
  -- The flush joins videos, so views of a deleted video are dropped there.
  video_id        bigint NOT NULL,
  -- 'u:{user id}' for members, else a salted hash of IP and user agent (the salt changes daily).
  viewer_hash     text NOT NULL,
  -- days since 1970-01-01 (UTC): the dedup window.
  bucket          integer NOT NULL,
  day             date NOT NULL,
  home            boolean NOT NULL DEFAULT false,
  flushed         boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (video_id, viewer_hash, bucket)
);
CREATE INDEX view_events_unflushed_idx ON view_events (created_at) WHERE NOT flushed;
CREATE INDEX view_events_bucket_idx ON view_events (bucket);
