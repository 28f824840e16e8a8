-- Retention of performer records (issue 31; docs/decisions.md "issue 31: records retention"). The sealed
-- ID images and consents lie in storage under records/{video_id}/ and outlive the video's rows (2257
-- wants records kept after the content is gone). This ledger says, per video that had records, when it
-- was last published and when it ended (rejected or deleted), so that the `records.purge` job
-- (modules/records/records-retention.job.ts) can delete the files when their time is up:
--   never published (rejected or deleted): 30 days after it ended;
--   published at some time: 7 years after its last publication, once it is no longer published.
-- Triggers keep it whatever writes the videos (moderation, the console, appeals, DMCA, deletion), in the
-- writer's transaction. No foreign key: the row outlives the video.
CREATE TABLE records_retention (
  video_id           bigint PRIMARY KEY,
  -- The last moment the video was known published: when it became active, or stopped being (null: never).
  last_published_at  timestamptz,
  -- When it was rejected or deleted, never published since (null: waiting, published or taken down).
  ended_at           timestamptz,
  -- When the job deleted its files (the row stays as the trace of it).
  purged_at          timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX records_retention_due_idx ON records_retention (ended_at, last_published_at)
  WHERE purged_at IS NULL;

-- The videos that have records today.
INSERT INTO records_retention (video_id, last_published_at, ended_at)
SELECT r.video_id,
       CASE WHEN v.status = 1 THEN now() END,
       CASE WHEN v.status = 4 THEN now() END
  FROM video_records r JOIN videos v ON v.id = r.video_id;

-- A video gets records: its ledger row.
CREATE FUNCTION records_retention_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO records_retention (video_id, last_published_at, ended_at)
  SELECT v.id, CASE WHEN v.status = 1 THEN now() END, CASE WHEN v.status = 4 THEN now() END
    FROM videos v WHERE v.id = NEW.video_id
  ON CONFLICT (video_id) DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER video_records_retention AFTER INSERT ON video_records
  FOR EACH ROW EXECUTE FUNCTION records_retention_start();

-- A video's status changed, or the video was deleted.
CREATE FUNCTION records_retention_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE records_retention
       SET last_published_at = CASE WHEN OLD.status = 1 THEN now() ELSE last_published_at END,
           ended_at = CASE WHEN last_published_at IS NULL AND OLD.status <> 1
                           THEN COALESCE(ended_at, now()) ELSE ended_at END
     WHERE video_id = OLD.id AND purged_at IS NULL;
    RETURN NULL;
  END IF;
  UPDATE records_retention
     SET last_published_at = CASE WHEN NEW.status = 1 OR OLD.status = 1 THEN now() ELSE last_published_at END,
         ended_at = CASE WHEN NEW.status = 1 THEN NULL
                         WHEN NEW.status = 4 THEN COALESCE(ended_at, now())
                         ELSE ended_at END
   WHERE video_id = NEW.id AND purged_at IS NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER videos_records_retention AFTER UPDATE OF status ON videos
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION records_retention_status();
CREATE TRIGGER videos_records_retention_delete AFTER DELETE ON videos
  FOR EACH ROW EXECUTE FUNCTION records_retention_status();
