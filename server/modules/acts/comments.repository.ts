// Comments on videos (content.md §7 act=comm): the row and, in the same statement, the staged changes of
// the video's and the author's comment counts (counters.repository.ts applies them in batches).
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { type ActingMember, actableVideo, stageCounter } from './acts-sql.ts';

export interface CommentRow {
  id: number;
  user_id: number;
  username: string;
  added_date: Date;
  comment: string;
}

export function createCommentsRepository(db: DB) {
  return {
    /** The new comment, or undefined when the member may not see the video. */
    async add(
      member: ActingMember,
      videoId: number,
      text: string,
      ip: string | null,
    ): Promise<CommentRow | undefined> {
      const { rows } = await sql<CommentRow>`
        WITH target AS (
          SELECT v.id FROM videos v WHERE v.id = ${videoId} AND ${actableVideo(member)}
        ), ins AS (
          INSERT INTO comments (section, object_id, user_id, comment, ip)
          SELECT 'video', id, ${member.userId}::bigint, ${text}::text, ${ip}::text FROM target
          RETURNING id, object_id, user_id, comment, added_date
        ), by_video AS (${stageCounter('ins', 'object_id', 'video', 'comments', 1)}),
        by_member AS (${stageCounter('ins', 'user_id', 'user', 'comments', 1)})
        SELECT ins.id, ins.user_id, u.username, ins.added_date, ins.comment
        FROM ins JOIN users u ON u.id = ins.user_id`.execute(db);
      return rows[0];
    },

    /**
     * Deletes a comment if `member` wrote it or is staff. found: the comment existed when the statement
     * began (and its author); deleted: this call deleted it (a parallel delete finds it gone).
     */
    async remove(member: ActingMember, commentId: number) {
      const { rows } = await sql<{ author: number | null; deleted: number }>`
        WITH found AS (
          SELECT id, user_id FROM comments WHERE id = ${commentId}
        ), del AS (
          DELETE FROM comments c USING found f
          WHERE c.id = f.id AND (c.user_id = ${member.userId} OR ${member.staff}::boolean)
          RETURNING c.section, c.object_id, c.user_id, c.status
        ), by_object AS (
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT section, object_id, 'comments', -1 FROM del WHERE status = 'active' AND section IN ('video', 'playlist')
        ), by_member AS (
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT 'user', user_id, 'comments', -1 FROM del WHERE status = 'active'
        )
        SELECT (SELECT user_id FROM found) AS author, (SELECT count(*) FROM del)::int AS deleted`.execute(db);
      const row = rows[0];
      return {
        author: row?.author == null ? null : Number(row.author),
        deleted: Number(row?.deleted ?? 0) > 0,
      };
    },

    /** Whether the viewer may see the video (comments are read where the video is shown). */
    async videoVisible(videoId: number, member: ActingMember): Promise<boolean> {
      const { rows } =
        await sql`SELECT 1 FROM videos v WHERE v.id = ${videoId} AND ${actableVideo(member)}`.execute(db);
      return rows.length > 0;
    },

    /** A page of a video's active comments, newest first, and how many it has. */
    async page(videoId: number, limit: number, offset: number) {
      const [items, total] = await Promise.all([
        sql<CommentRow>`
          SELECT c.id, c.user_id, u.username, c.added_date, c.comment
          FROM comments c JOIN users u ON u.id = c.user_id
          WHERE c.section = 'video' AND c.object_id = ${videoId} AND c.status = 'active'
          ORDER BY c.added_date DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`
          SELECT count(*)::int AS n FROM comments c
          WHERE c.section = 'video' AND c.object_id = ${videoId} AND c.status = 'active'`.execute(db),
      ]);
      return { rows: items.rows, total: Number(total.rows[0]?.n ?? 0) };
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
