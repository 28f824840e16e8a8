-- Members act on videos (issue 13): votes, favourites, watch later, playlists, subscriptions, comments
-- and tag suggestions. 0001 already has their tables, each with the primary key that makes a repeat a
-- no-op (votes, favourites, watch_later, subscriptions: one row per member and object; playlist_videos:
-- one row per playlist and video), so every act is one INSERT ... ON CONFLICT DO NOTHING or one DELETE
-- ... RETURNING, and parallel repeats never count twice.

-- The counters an act changes on someone else's row (a video's likes, dislikes, favourites and
-- comments; a playlist's likes, dislikes and comments; subscribers of models, channels and members; a
-- member's comments) are not updated by the act: it stages one row here, in the same statement as its
-- own write, and a flusher (server/modules/acts/counters.repository.ts) moves batches of them into the
-- rows, as the view counter does with view_events. So a popular video's row is never locked per vote.
-- No foreign key on object_id on purpose (its check would lock the row); the flush joins the tables,
-- so events of a deleted object are dropped there. A flushed row is deleted in the same statement.
CREATE TABLE counter_events (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  target          text NOT NULL CHECK (target IN ('video', 'playlist', 'model', 'channel', 'user')),
  object_id       bigint NOT NULL,
  counter         text NOT NULL CHECK (counter IN ('likes', 'dislikes', 'favourites', 'comments', 'subscribers')),
  delta           integer NOT NULL,
  -- The day of a video's likes and dislikes in video_stats_daily (the top-rated windows).
  day             date NOT NULL DEFAULT current_date,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Tag suggestions (content.md §4): one row per member, video and normalised tag (its dir), so a member
-- counts once however often they send it.
CREATE TABLE tag_suggestions (
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  tag_dir         text NOT NULL,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title           text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (video_id, tag_dir, user_id)
);
CREATE INDEX tag_suggestions_user_idx ON tag_suggestions (user_id);

-- How many distinct members suggested a tag for a video. Raised by an upsert in the statement that
-- adds the member's row; its row lock orders parallel suggestions (each sees the count before it), so
-- exactly one crosses the threshold, in the transaction that then adds the tag to the video.
CREATE TABLE tag_suggestion_totals (
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  tag_dir         text NOT NULL,
  members         integer NOT NULL,
  accepted_at     timestamptz,
  PRIMARY KEY (video_id, tag_dir)
);

-- A member's subscriptions page, newest first.
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at DESC);
-- Deleting a video cascades to these rows: without an index on video_id each delete scans the table.
CREATE INDEX favourites_video_idx ON favourites (video_id);
CREATE INDEX watch_later_video_idx ON watch_later (video_id);
CREATE INDEX playlist_videos_video_idx ON playlist_videos (video_id);
-- A video's comments newest first with a stable order for equal times (the page of N).
DROP INDEX comments_object_idx;
CREATE INDEX comments_object_idx ON comments (section, object_id, added_date DESC, id DESC) WHERE status = 'active';
