-- Listed videos per object and orientation (issue 20). A listing shows the visitor's orientation only
-- (video-filter-sql.ts: v.gender = the visitor's), so every count a visitor sees of a category, tag,
-- model, channel, playlist or member is this table's row for (kind, id, the visitor's gender), not the
-- objects' own total_videos (every orientation: the console's figure).
--
-- Kept exact by the triggers below, in the writer's transaction, whatever writes the rows (moderation,
-- DMCA, the console, uploads, tag suggestions, playlists, deletes): a video counts on its channel,
-- uploader, categories, tags, models and playlists while it is listed (status 1, public, not deleted),
-- under its gender. Writes that never change what is listed (views, votes, comments: the flushers'
-- UPDATEs of videos) do not fire them. Each statement applies its changes as one upsert in key order
-- (its row locks taken in one order, as the console's edits lock their objects), held until the
-- writer commits, like the objects' own counters. refresh_object_video_counts()
-- rebuilds the table from the rows (the seeders' recount; the bench seeder loads with triggers off).
-- A row of an object that is gone is removed with it; zero rows stay (a later +1 finds them).
CREATE TABLE object_video_counts (
  kind            text NOT NULL CHECK (kind IN ('category', 'tag', 'model', 'channel', 'playlist', 'member')),
  object_id       bigint NOT NULL,
  gender          text NOT NULL,
  videos          integer NOT NULL,
  PRIMARY KEY (kind, object_id, gender)
);

CREATE FUNCTION refresh_object_video_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM object_video_counts;
  INSERT INTO object_video_counts (kind, object_id, gender, videos)
  SELECT x.kind, x.object_id, x.gender, count(*)
  FROM (
    SELECT 'channel' AS kind, v.channel_id AS object_id, v.gender FROM videos v
      WHERE v.channel_id IS NOT NULL AND v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL
    UNION ALL
    SELECT 'member', v.user_id, v.gender FROM videos v
      WHERE v.user_id IS NOT NULL AND v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL
    UNION ALL
    SELECT 'category', l.category_id, v.gender FROM video_categories l JOIN videos v ON v.id = l.video_id
      WHERE v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL
    UNION ALL
    SELECT 'tag', l.tag_id, v.gender FROM video_tags l JOIN videos v ON v.id = l.video_id
      WHERE v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL
    UNION ALL
    SELECT 'model', l.model_id, v.gender FROM video_models l JOIN videos v ON v.id = l.video_id
      WHERE v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL
    UNION ALL
    SELECT 'playlist', l.playlist_id, v.gender FROM playlist_videos l JOIN videos v ON v.id = l.video_id
      WHERE v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL
  ) x
  GROUP BY 1, 2, 3;
$$;

-- Inserted videos: their channel and uploader (links come later, by their own triggers).
CREATE FUNCTION count_inserted_videos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO object_video_counts AS c (kind, object_id, gender, videos)
  SELECT o.kind, o.object_id, a.gender, count(*)
  FROM added a CROSS JOIN LATERAL (VALUES ('channel', a.channel_id), ('member', a.user_id)) AS o(kind, object_id)
  WHERE o.object_id IS NOT NULL AND a.status = 1 AND NOT a.is_private AND a.deleted_at IS NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (kind, object_id, gender) DO UPDATE SET videos = c.videos + excluded.videos;
  RETURN NULL;
END $$;

-- One video whose listing, gender, channel or uploader changed (or that is about to be deleted, while
-- its links still exist): its old contribution out, its new one in.
CREATE FUNCTION count_changed_video() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO object_video_counts AS c (kind, object_id, gender, videos)
  SELECT l.kind, l.object_id, s.gender, sum(s.step)
  FROM (VALUES (OLD.id, OLD.gender, OLD.channel_id, OLD.user_id, -1,
                OLD.status = 1 AND NOT OLD.is_private AND OLD.deleted_at IS NULL),
               (NEW.id, NEW.gender, NEW.channel_id, NEW.user_id, 1,
                TG_OP = 'UPDATE' AND NEW.status = 1 AND NOT NEW.is_private AND NEW.deleted_at IS NULL))
    AS s(id, gender, channel_id, user_id, step, listed)
  CROSS JOIN LATERAL (
    -- A channel or member being deleted (their SET NULL is this UPDATE) is not counted on any more.
    SELECT 'channel' AS kind, s.channel_id AS object_id
      WHERE EXISTS (SELECT 1 FROM channels WHERE id = s.channel_id)
    UNION ALL SELECT 'member', s.user_id WHERE EXISTS (SELECT 1 FROM users WHERE id = s.user_id)
    UNION ALL SELECT 'category', category_id FROM video_categories WHERE video_id = s.id
    UNION ALL SELECT 'tag', tag_id FROM video_tags WHERE video_id = s.id
    UNION ALL SELECT 'model', model_id FROM video_models WHERE video_id = s.id
    UNION ALL SELECT 'playlist', playlist_id FROM playlist_videos WHERE video_id = s.id
  ) AS l
  WHERE s.listed
  GROUP BY 1, 2, 3 HAVING sum(s.step) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (kind, object_id, gender) DO UPDATE SET videos = c.videos + excluded.videos;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;

-- Links added or removed (TG_ARGV: the kind, the link's object column, the objects' table), for listed
-- videos only. A link removed because its video is being deleted finds no video: the video's own
-- trigger counted it; one removed because its object is being deleted finds no object.
CREATE FUNCTION count_video_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO object_video_counts AS c (kind, object_id, gender, videos)
     SELECT %1$L, l.%2$I, v.gender, %4$s * count(*) FROM links l
     JOIN videos v ON v.id = l.video_id JOIN %3$I o ON o.id = l.%2$I
     WHERE v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL
     GROUP BY 2, 3 ORDER BY 2, 3
     ON CONFLICT (kind, object_id, gender) DO UPDATE SET videos = c.videos + excluded.videos',
    TG_ARGV[0], TG_ARGV[1], TG_ARGV[2], CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END $$;

-- An object deleted: its rows go. The triggers that the delete's cascades fire (links removed, videos'
-- channel or uploader set to NULL) skip objects that no longer exist, whichever runs first.
CREATE FUNCTION forget_object_video_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM object_video_counts WHERE kind = TG_ARGV[0] AND object_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;

CREATE TRIGGER videos_count_inserted AFTER INSERT ON videos
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_videos();
CREATE TRIGGER videos_count_changed AFTER UPDATE OF status, is_private, deleted_at, gender, channel_id, user_id
  ON videos FOR EACH ROW
  WHEN ((OLD.status = 1 AND NOT OLD.is_private AND OLD.deleted_at IS NULL)
          IS DISTINCT FROM (NEW.status = 1 AND NOT NEW.is_private AND NEW.deleted_at IS NULL)
        OR (NEW.status = 1 AND NOT NEW.is_private AND NEW.deleted_at IS NULL
          AND (OLD.gender, OLD.channel_id, OLD.user_id) IS DISTINCT FROM (NEW.gender, NEW.channel_id, NEW.user_id)))
  EXECUTE FUNCTION count_changed_video();
CREATE TRIGGER videos_count_deleted BEFORE DELETE ON videos FOR EACH ROW
  WHEN (OLD.status = 1 AND NOT OLD.is_private AND OLD.deleted_at IS NULL)
  EXECUTE FUNCTION count_changed_video();

CREATE TRIGGER video_categories_count_added AFTER INSERT ON video_categories
  REFERENCING NEW TABLE AS links FOR EACH STATEMENT EXECUTE FUNCTION count_video_links('category', 'category_id', 'categories');
CREATE TRIGGER video_categories_count_removed AFTER DELETE ON video_categories
  REFERENCING OLD TABLE AS links FOR EACH STATEMENT EXECUTE FUNCTION count_video_links('category', 'category_id', 'categories');
CREATE TRIGGER video_tags_count_added AFTER INSERT ON video_tags
  REFERENCING NEW TABLE AS links FOR EACH STATEMENT EXECUTE FUNCTION count_video_links('tag', 'tag_id', 'tags');
CREATE TRIGGER video_tags_count_removed AFTER DELETE ON video_tags
  REFERENCING OLD TABLE AS links FOR EACH STATEMENT EXECUTE FUNCTION count_video_links('tag', 'tag_id', 'tags');
CREATE TRIGGER video_models_count_added AFTER INSERT ON video_models
  REFERENCING NEW TABLE AS links FOR EACH STATEMENT EXECUTE FUNCTION count_video_links('model', 'model_id', 'models');
CREATE TRIGGER video_models_count_removed AFTER DELETE ON video_models
  REFERENCING OLD TABLE AS links FOR EACH STATEMENT EXECUTE FUNCTION count_video_links('model', 'model_id', 'models');
CREATE TRIGGER playlist_videos_count_added AFTER INSERT ON playlist_videos
  REFERENCING NEW TABLE AS links FOR EACH STATEMENT EXECUTE FUNCTION count_video_links('playlist', 'playlist_id', 'playlists');
CREATE TRIGGER playlist_videos_count_removed AFTER DELETE ON playlist_videos
  REFERENCING OLD TABLE AS links FOR EACH STATEMENT EXECUTE FUNCTION count_video_links('playlist', 'playlist_id', 'playlists');

CREATE TRIGGER categories_forget_counts AFTER DELETE ON categories
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION forget_object_video_counts('category');
CREATE TRIGGER tags_forget_counts AFTER DELETE ON tags
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION forget_object_video_counts('tag');
CREATE TRIGGER models_forget_counts AFTER DELETE ON models
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION forget_object_video_counts('model');
CREATE TRIGGER channels_forget_counts AFTER DELETE ON channels
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION forget_object_video_counts('channel');
CREATE TRIGGER playlists_forget_counts AFTER DELETE ON playlists
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION forget_object_video_counts('playlist');
CREATE TRIGGER users_forget_counts AFTER DELETE ON users
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION forget_object_video_counts('member');

SELECT refresh_object_video_counts();
