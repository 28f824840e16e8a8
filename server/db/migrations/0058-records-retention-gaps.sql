-- Retention of performer records (issue 31), the gaps of migration 0057 (docs/decisions.md "issue 31:
-- records retention"):
--   1. A video deleted with its member's account keeps its row, marked by deleted_at (profile deletion),
--      with its status unchanged: 0057's triggers watched the status and hard deletion only, so such a
--      video's records were never due (never ended while waiting; "still published" while status 1).
--      Now a soft deletion counts as a deletion, in the trigger and in the purge's "published now" test.
--   2. Files of videos hard-deleted before 0057 have no ledger row and no database row at all; only the
--      storage knows them. The `records.purge` job enters them once, from a listing of records/
--      (records-retention.job.ts), not this migration.
-- Safe to run again: the function is replaced, the trigger re-made, the backfill only moves rows that
-- are not yet right.

-- Published now: active and not deleted.
CREATE OR REPLACE FUNCTION records_retention_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_published boolean := OLD.status = 1 AND OLD.deleted_at IS NULL;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE records_retention
       SET last_published_at = CASE WHEN was_published THEN now() ELSE last_published_at END,
           ended_at = CASE WHEN last_published_at IS NULL AND NOT was_published
                           THEN COALESCE(ended_at, now()) ELSE ended_at END
     WHERE video_id = OLD.id AND purged_at IS NULL;
    RETURN NULL;
  END IF;
  UPDATE records_retention
     SET last_published_at = CASE WHEN (NEW.status = 1 AND NEW.deleted_at IS NULL) OR was_published
                                  THEN now() ELSE last_published_at END,
         ended_at = CASE WHEN NEW.status = 1 AND NEW.deleted_at IS NULL THEN NULL
                         WHEN NEW.status = 4 OR NEW.deleted_at IS NOT NULL THEN COALESCE(ended_at, now())
                         ELSE ended_at END
   WHERE video_id = NEW.id AND purged_at IS NULL;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS videos_records_retention ON videos;
CREATE TRIGGER videos_records_retention AFTER UPDATE OF status, deleted_at ON videos
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at)
  EXECUTE FUNCTION records_retention_status();

-- A video with records and no ledger row (none should exist; made as 0057 makes them).
INSERT INTO records_retention (video_id, last_published_at, ended_at)
SELECT r.video_id,
       CASE WHEN v.status = 1 AND v.deleted_at IS NULL THEN now() END,
       CASE WHEN v.deleted_at IS NOT NULL THEN v.deleted_at WHEN v.status = 4 THEN now() END
  FROM video_records r JOIN videos v ON v.id = r.video_id
ON CONFLICT (video_id) DO NOTHING;

-- Videos deleted with their member's account before now: ended when they were deleted. One never
-- published ends then; one published (0057 wrote its publication as "now" at that migration, later
-- than the truth, which only keeps the records longer) keeps that date.
UPDATE records_retention r
   SET ended_at = v.deleted_at
  FROM videos v
 WHERE v.id = r.video_id
   AND v.deleted_at IS NOT NULL
   AND r.purged_at IS NULL
   AND r.last_published_at IS NULL
   AND r.ended_at IS NULL;

-- Videos deleted with their account while published, after 0057: the trigger did not see it, so the
-- ledger's last publication is their approval; they were published until they were deleted.
UPDATE records_retention r
   SET last_published_at = v.deleted_at
  FROM videos v
 WHERE v.id = r.video_id
   AND v.deleted_at IS NOT NULL
   AND v.status = 1
   AND r.purged_at IS NULL
   AND r.last_published_at < v.deleted_at;
