-- Issue 18: a version per video card, so that each process can keep the stable part of a listing's cards
-- (title, dir, duration, height, date, orientation, poster and preview keys, category and model ids) and
-- read only the page's ids, counters and versions on a cache miss (video-cards.repository.ts). The cache
-- is exact, never stale: a card is used only while its version is the row's.
--
-- The triggers below raise the version in the writer's transaction whatever writes the rows: an UPDATE of
-- a video's own card columns, a poster or preview file added, replaced or removed, a category or model
-- linked or unlinked. The counters (views, votes, comments: the flushers' UPDATEs) are not part of the
-- cached card and do not raise it. Category and model names, dirs and portraits are read per page (a few
-- rows by id), so renaming one rewrites no video row. The bench seeder loads with triggers off: its rows
-- keep version 0, which is right for rows no process has read yet.
ALTER TABLE videos ADD COLUMN card_version integer NOT NULL DEFAULT 0;

CREATE FUNCTION videos_card_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.dir, NEW.title, NEW.duration, NEW.height, NEW.post_date, NEW.gender)
     IS DISTINCT FROM (OLD.dir, OLD.title, OLD.duration, OLD.height, OLD.post_date, OLD.gender) THEN
    NEW.card_version := OLD.card_version + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER videos_card_version BEFORE UPDATE ON videos
  FOR EACH ROW EXECUTE FUNCTION videos_card_version();

-- A row of video_files, video_categories or video_models changed: the cards of its video (old and new).
CREATE FUNCTION bump_video_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE videos SET card_version = card_version + 1 WHERE id = OLD.video_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.video_id IS DISTINCT FROM OLD.video_id) THEN
    UPDATE videos SET card_version = card_version + 1 WHERE id = NEW.video_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER video_files_card_insert AFTER INSERT ON video_files
  FOR EACH ROW WHEN (NEW.kind IN ('poster', 'preview')) EXECUTE FUNCTION bump_video_card();
CREATE TRIGGER video_files_card_update AFTER UPDATE ON video_files
  FOR EACH ROW WHEN (OLD.kind IN ('poster', 'preview') OR NEW.kind IN ('poster', 'preview'))
  EXECUTE FUNCTION bump_video_card();
CREATE TRIGGER video_files_card_delete AFTER DELETE ON video_files
  FOR EACH ROW WHEN (OLD.kind IN ('poster', 'preview')) EXECUTE FUNCTION bump_video_card();

CREATE TRIGGER video_categories_card AFTER INSERT OR UPDATE OR DELETE ON video_categories
  FOR EACH ROW EXECUTE FUNCTION bump_video_card();
CREATE TRIGGER video_models_card AFTER INSERT OR UPDATE OR DELETE ON video_models
  FOR EACH ROW EXECUTE FUNCTION bump_video_card();
