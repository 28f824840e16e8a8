// Set-based SQL shared by the demo and bench seeders: denormalised counters recomputed from the rows,
// and the search vector. Each statement touches every row of its table once. Also the boot's question
// before the first-start seed: is there any video at all.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { listedVideo } from '../db/video-status-sql.ts';
import {
  refreshObjectVideoCounts,
  refreshRelatedTags,
  refreshSearchTier,
  refreshStatsWindows,
} from '../modules/catalog/rollups.ts';

type Db = Kysely<Database>;

const LISTED = listedVideo();

/** True when the videos table has no row (any status, deleted ones included). */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('videos').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** videos.likes, dislikes, rating, comments_count and favourites_count from votes, comments, favourites. */
export async function recountVideoCounters(db: Db): Promise<void> {
  await sql`
    WITH vt AS (
      SELECT object_id AS id, count(*) FILTER (WHERE vote = 1) AS likes, count(*) FILTER (WHERE vote = -1) AS dislikes
      FROM votes WHERE section = 'video' GROUP BY object_id
    ), cm AS (
      SELECT object_id AS id, count(*) AS n FROM comments WHERE section = 'video' AND status = 'active' GROUP BY object_id
    ), fv AS (
      SELECT video_id AS id, count(*) AS n FROM favourites GROUP BY video_id
    ), totals AS (
      SELECT v.id, coalesce(vt.likes, 0) AS likes, coalesce(vt.dislikes, 0) AS dislikes,
             coalesce(cm.n, 0) AS comments, coalesce(fv.n, 0) AS favourites
      FROM videos v LEFT JOIN vt ON vt.id = v.id LEFT JOIN cm ON cm.id = v.id LEFT JOIN fv ON fv.id = v.id
    )
    UPDATE videos v SET
      likes = t.likes, dislikes = t.dislikes,
      rating = CASE WHEN t.likes + t.dislikes > 0 THEN t.likes::real / (t.likes + t.dislikes) ELSE 0 END,
      comments_count = t.comments, favourites_count = t.favourites
    FROM totals t WHERE t.id = v.id`.execute(db);
}

/** playlists.total_videos, likes, dislikes, rating, comments_count. */
export async function recountPlaylistCounters(db: Db): Promise<void> {
  await sql`
    WITH pv AS (SELECT playlist_id AS id, count(*) AS n FROM playlist_videos GROUP BY playlist_id),
    vt AS (
      SELECT object_id AS id, count(*) FILTER (WHERE vote = 1) AS likes, count(*) FILTER (WHERE vote = -1) AS dislikes
      FROM votes WHERE section = 'playlist' GROUP BY object_id
    ), cm AS (
      SELECT object_id AS id, count(*) AS n FROM comments WHERE section = 'playlist' AND status = 'active' GROUP BY object_id
    )
    UPDATE playlists p SET
      total_videos = coalesce(pv.n, 0),
      likes = coalesce(vt.likes, 0), dislikes = coalesce(vt.dislikes, 0),
      rating = CASE WHEN coalesce(vt.likes + vt.dislikes, 0) > 0 THEN vt.likes::real / (vt.likes + vt.dislikes) ELSE 0 END,
      comments_count = coalesce(cm.n, 0)
    FROM playlists p2 LEFT JOIN pv ON pv.id = p2.id LEFT JOIN vt ON vt.id = p2.id LEFT JOIN cm ON cm.id = p2.id
    WHERE p2.id = p.id`.execute(db);
}

/**
 * total_videos (listed videos), viewed (their views) and rating (mean rating of those with votes) of
 * categories, models and channels; tags.total_videos; subscribers of models and channels; the
 * members' videos_count, comments_count and subscribers_count.
 */
export async function recountCatalogueCounters(db: Db): Promise<void> {
  const linked = (table: 'categories' | 'models', link: 'video_categories' | 'video_models', key: string) =>
    sql`
      WITH agg AS (
        SELECT l.${sql.ref(key)} AS id, count(*) AS n, sum(v.views) AS viewed,
               avg(v.rating) FILTER (WHERE v.likes + v.dislikes > 0) AS rating
        FROM ${sql.table(link)} l JOIN videos v ON v.id = l.video_id
        WHERE ${LISTED} GROUP BY 1
      )
      UPDATE ${sql.table(table)} t SET total_videos = coalesce(agg.n, 0), viewed = coalesce(agg.viewed, 0),
        rating = coalesce(agg.rating, 0)
      FROM ${sql.table(table)} t2 LEFT JOIN agg ON agg.id = t2.id WHERE t2.id = t.id`;
  await linked('categories', 'video_categories', 'category_id').execute(db);
  await linked('models', 'video_models', 'model_id').execute(db);
  // A category without its own picture shows the poster of its most viewed video, chosen here once
  // rather than on every page view.
  await sql`
    WITH top AS (
      SELECT DISTINCT ON (l.category_id) l.category_id AS id, f.storage_key
      FROM video_categories l JOIN videos v ON v.id = l.video_id
      JOIN video_files f ON f.video_id = v.id AND f.kind = 'poster' AND f.format = ''
      WHERE ${LISTED}
      ORDER BY l.category_id, v.views DESC, v.id DESC
    )
    UPDATE categories c SET thumb = top.storage_key FROM top WHERE top.id = c.id AND c.thumb IS NULL`.execute(
    db,
  );
  await sql`
    WITH agg AS (
      SELECT l.tag_id AS id, count(*) AS n FROM video_tags l JOIN videos v ON v.id = l.video_id
      WHERE ${LISTED} GROUP BY 1
    )
    UPDATE tags t SET total_videos = coalesce(agg.n, 0)
    FROM tags t2 LEFT JOIN agg ON agg.id = t2.id WHERE t2.id = t.id`.execute(db);
  await sql`
    WITH agg AS (
      SELECT v.channel_id AS id, count(*) AS n, sum(v.views) AS viewed,
             avg(v.rating) FILTER (WHERE v.likes + v.dislikes > 0) AS rating
      FROM videos v WHERE v.channel_id IS NOT NULL AND ${LISTED} GROUP BY 1
    )
    UPDATE channels t SET total_videos = coalesce(agg.n, 0), viewed = coalesce(agg.viewed, 0),
      rating = coalesce(agg.rating, 0)
    FROM channels t2 LEFT JOIN agg ON agg.id = t2.id WHERE t2.id = t.id`.execute(db);
  await sql`
    UPDATE models m SET subscribers = coalesce(
      (SELECT count(*) FROM subscriptions s WHERE s.section = 'model' AND s.object_id = m.id), 0)`.execute(
    db,
  );
  await sql`
    UPDATE channels c SET subscribers = coalesce(
      (SELECT count(*) FROM subscriptions s WHERE s.section = 'channel' AND s.object_id = c.id), 0)`.execute(
    db,
  );
  await sql`
    WITH uploads AS (SELECT v.user_id AS id, count(*) AS n FROM videos v WHERE v.user_id IS NOT NULL AND ${LISTED} GROUP BY 1),
    comments AS (SELECT user_id AS id, count(*) AS n FROM comments WHERE status = 'active' GROUP BY 1),
    subs AS (SELECT object_id AS id, count(*) AS n FROM subscriptions WHERE section = 'member' GROUP BY 1)
    UPDATE users u SET videos_count = coalesce(uploads.n, 0), comments_count = coalesce(comments.n, 0),
      subscribers_count = coalesce(subs.n, 0)
    FROM users u2 LEFT JOIN uploads ON uploads.id = u2.id LEFT JOIN comments ON comments.id = u2.id
      LEFT JOIN subs ON subs.id = u2.id
    WHERE u2.id = u.id`.execute(db);
  await refreshObjectVideoCounts(db);
  await refreshRelatedTags(db);
  await refreshStatsWindows(db);
  await refreshSearchTier(db);
}

/**
 * The words a search matches: title, description, tag and model names, channel title ('simple'
 * configuration: no stemming, the site is multilingual). Only rows without a vector yet.
 */
export async function fillSearchVectors(db: Db, fromId = 0): Promise<void> {
  await sql`
    WITH words AS (
      SELECT v.id, to_tsvector('simple', concat_ws(' ', v.title, v.description,
        (SELECT string_agg(t.title, ' ') FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = v.id),
        (SELECT string_agg(m.title, ' ') FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = v.id),
        (SELECT c.title FROM channels c WHERE c.id = v.channel_id))) AS vector
      FROM videos v WHERE v.id > ${fromId} AND v.search_vector IS NULL
    )
    UPDATE videos v SET search_vector = words.vector FROM words WHERE words.id = v.id`.execute(db);
}

/**
 * The demo's search terms found what their words find (issue 34: only a term whose last search found
 * videos is offered): the listed videos whose search words hold every word of the term. Run after
 * fillSearchVectors.
 */
export async function countKeywordResults(db: Db): Promise<void> {
  await sql`
    UPDATE search_keywords k SET results = (
      SELECT count(*)::int FROM videos v
      WHERE ${LISTED} AND v.search_vector @@ plainto_tsquery('simple', k.keyword))`.execute(db);
}
