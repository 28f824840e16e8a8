-- The media pipeline (issue 4): what ffprobe found in the source, for the moderation page, and the last
-- processing error (technical detail for operators; a rejection's reason for people is reject_reason).
-- video_files already has UNIQUE (video_id, kind, format) since 0001: the pipeline upserts on it, so a
-- step that runs again overwrites its row instead of adding one.
ALTER TABLE videos ADD COLUMN probe jsonb;
ALTER TABLE videos ADD COLUMN processing_error text;
