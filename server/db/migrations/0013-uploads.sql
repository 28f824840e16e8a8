-- Resumable uploads in progress (tus): which member owns each upload id, so that only they can
-- continue, inspect or cancel it and submit it with /api/video_edit.php. The bytes live in
-- DATA_DIR/uploads/{id} (plus {id}.json, the tus store's metadata); a row older than a day is
-- expired and removed together with its files.
CREATE TABLE uploads (
  id              text PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  file_name       text NOT NULL,
  size_bytes      bigint NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL
);
CREATE INDEX uploads_user_idx ON uploads (user_id);
CREATE INDEX uploads_expires_idx ON uploads (expires_at);
