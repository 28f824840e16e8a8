-- The moderation queue's audit trail: one row per decision on an uploaded video (issue 4). The video's
-- own row carries the outcome (status 1 or 4, reject_reason); this keeps who decided, when and why.
CREATE TABLE moderation_events (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  moderator_id    bigint REFERENCES users(id) ON DELETE SET NULL,
  action          text NOT NULL CHECK (action IN ('approve', 'reject')),
  reason          text,                            -- a standard reason code, or 'other'
  note            text,                            -- the free text that goes with 'other'
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_events_video_idx ON moderation_events (video_id, created_at DESC);
-- The queue: waiting videos, oldest first.
CREATE INDEX videos_waiting_idx ON videos (created_at, id) WHERE status = 3 AND deleted_at IS NULL;
