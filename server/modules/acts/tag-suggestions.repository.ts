// Tag suggestions (content.md §4 "category names are added once enough users submit the same one"):
// each member's suggestion is one row (video, tag dir, member); tag_suggestion_totals counts the
// distinct members with an upsert whose row lock orders parallel suggestions, and the suggestion that
// reaches the threshold adds the tag to the video in the same transaction (migration 0019).
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { listedVideo } from '../../db/video-status-sql.ts';
import { type ActingMember, actableVideo } from './acts-sql.ts';

export function createTagSuggestionsRepository(db: DB) {
  return {
    /**
     * Records the member's suggestion and, when `threshold` distinct members have made it, puts the tag
     * on the video (creating the tag if it is new). found: the member may see the video; accepted: the
     * video has the tag now.
     */
    async suggest(
      member: ActingMember,
      videoId: number,
      tag: { dir: string; title: string },
      threshold: number,
    ) {
      return db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ found: number; members: number | null }>`
          WITH target AS (
            SELECT v.id FROM videos v WHERE v.id = ${videoId} AND ${actableVideo(member)}
          ), mine AS (
            INSERT INTO tag_suggestions (video_id, tag_dir, user_id, title)
            SELECT id, ${tag.dir}::text, ${member.userId}::bigint, ${tag.title}::text FROM target
            ON CONFLICT DO NOTHING RETURNING video_id, tag_dir
          ), total AS (
            INSERT INTO tag_suggestion_totals (video_id, tag_dir, members)
            SELECT video_id, tag_dir, 1 FROM mine
            ON CONFLICT (video_id, tag_dir) DO UPDATE SET members = tag_suggestion_totals.members + 1
            RETURNING members
          )
          SELECT (SELECT count(*) FROM target)::int AS found, (SELECT members FROM total) AS members`.execute(
          tx,
        );
        const found = Number(rows[0]?.found) > 0;
        const members = rows[0]?.members == null ? null : Number(rows[0].members);
        if (!found) return { found, accepted: false };
        // A repeat by the same member counts nothing; the answer says whether the tag is on the video.
        if (members === null || members < threshold) {
          const { rows: has } = await sql`
            SELECT 1 FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
            WHERE vt.video_id = ${videoId} AND t.dir = ${tag.dir}`.execute(tx);
          return { found, accepted: has.length > 0 };
        }
        await sql`INSERT INTO tags (dir, title) VALUES (${tag.dir}, ${tag.title}) ON CONFLICT (dir) DO NOTHING`.execute(
          tx,
        );
        // The tag's video count and the video's search words, only when the link is new.
        await sql`
          WITH t AS (SELECT id, title FROM tags WHERE dir = ${tag.dir}), link AS (
            INSERT INTO video_tags (video_id, tag_id) SELECT ${videoId}::bigint, id FROM t
            ON CONFLICT DO NOTHING RETURNING tag_id
          ), counted AS (
            UPDATE tags SET total_videos = total_videos + 1
            WHERE id IN (SELECT tag_id FROM link)
              AND EXISTS (SELECT 1 FROM videos v WHERE v.id = ${videoId} AND ${listedVideo()})
            RETURNING id
          ), words AS (
            UPDATE videos SET search_vector = coalesce(search_vector, ''::tsvector) || to_tsvector('simple', (SELECT title FROM t))
            WHERE id = ${videoId} AND EXISTS (SELECT 1 FROM link) RETURNING id
          )
          UPDATE tag_suggestion_totals SET accepted_at = coalesce(accepted_at, now())
          WHERE video_id = ${videoId} AND tag_dir = ${tag.dir}`.execute(tx);
        return { found, accepted: true };
      });
    },

    /**
     * The Suggest Tag modal's choices: tags whose title contains `q` (case-insensitive, LIKE wildcards
     * taken literally), shortest first; without `q` a random choice.
     */
    async choices(q: string, limit: number) {
      if (!q) {
        return sql<{ id: string; title: string; dir: string }>`
          SELECT id, title, dir FROM tags ORDER BY random() LIMIT ${limit}`
          .execute(db)
          .then((r) => r.rows);
      }
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql<{ id: string; title: string; dir: string }>`
        SELECT id, title, dir FROM tags WHERE title ILIKE ${pattern} ESCAPE '\\'
        ORDER BY length(title), title LIMIT ${limit}`
        .execute(db)
        .then((r) => r.rows);
    },
  };
}

export type TagSuggestionsRepository = ReturnType<typeof createTagSuggestionsRepository>;
