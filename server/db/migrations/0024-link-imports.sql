-- Link imports (issue 11, F12). A link sent with /api/video_edit.php becomes at once a video row at
-- status 2 (processing, so it is never listed and its owner sees it on their uploads page) with no
-- source yet, and one row here; the `link.import` job (server/modules/upload/link-import.job.ts)
-- downloads it, checks it like a tus upload, stores the source and hands the video over to
-- `video.process`, or rejects the video (status 4) with the failure's code as its reason.
-- While a video's import is 'importing', the processing sweep leaves it alone (it has no source).
CREATE TABLE link_imports (
  video_id        bigint PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  link            text NOT NULL,
  state           text NOT NULL DEFAULT 'importing' CHECK (state IN ('importing', 'done', 'failed')),
  -- link_failed, link_not_allowed, file_too_large, or a check of the file (video_too_short...).
  error_code      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz
);
-- One import at a time per member, in every process: a second insert while one runs is a unique
-- violation (answered 429 import_in_progress).
CREATE UNIQUE INDEX link_imports_one_per_member ON link_imports (user_id) WHERE state = 'importing';
