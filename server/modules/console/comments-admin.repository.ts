// SQL of the console's comments (issue 17): every comment newest first with its author and video, and
// the bulk hide, unhide and delete. Each write stages the count changes in its own statement
// (counter_events, as acts/comments.repository.ts does): a video's and an author's comments_count
// count active comments only, so hiding takes one off and unhiding gives it back.
import { sql } from 'kysely';
import type { Role } from '../../../contract/accounts.ts';
import type { CommentStatus, UserStatus } from '../../../contract/admin-users.ts';
import type { DB } from '../../db/database.ts';

export interface AdminCommentRow {
  id: number | string;
  comment: string;
  status: CommentStatus;
  section: string;
  object_id: number | string;
  added_date: Date | string;
  user_id: number | string;
  username: string;
  user_status: UserStatus;
  video_id: number | string | null;
  video_title: string | null;
  video_dir: string | null;
}

export interface CommentFilter {
  q?: string;
  status?: CommentStatus;
  videoId?: number;
  userId?: number;
}

const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** users.status as it is now (accounts.repository.ts EFFECTIVE_STATUS, for the alias u). */
const AUTHOR_STATUS = sql<UserStatus>`CASE WHEN u.status = 'banned' AND u.banned_until IS NOT NULL AND u.banned_until <= now()
  THEN CASE WHEN u.email_confirmed_at IS NULL THEN 'unconfirmed' ELSE 'active' END ELSE u.status END`;

/** The counter changes of the comments in CTE `changed` (their status before the act), by `delta`. */
const stage = (delta: 1 | -1) => sql`
  by_object AS (
    INSERT INTO counter_events (target, object_id, counter, delta)
    SELECT section, object_id, 'comments', ${delta}::int FROM changed WHERE section IN ('video', 'playlist')
  ), by_member AS (
    INSERT INTO counter_events (target, object_id, counter, delta)
    SELECT 'user', user_id, 'comments', ${delta}::int FROM changed
  )`;

export function createCommentsAdminRepository(db: DB) {
  return {
    async list(filter: CommentFilter, limit: number, offset: number) {
      const where = [sql`true`];
      if (filter.q) where.push(sql`lower(c.comment) LIKE ${likeOf(filter.q)}`);
      if (filter.status) where.push(sql`c.status = ${filter.status}`);
      if (filter.videoId) where.push(sql`c.section = 'video' AND c.object_id = ${filter.videoId}`);
      if (filter.userId) where.push(sql`c.user_id = ${filter.userId}`);
      const condition = sql.join(where, sql` AND `);
      const [items, total] = await Promise.all([
        sql<AdminCommentRow>`
          SELECT c.id, c.comment, c.status, c.section, c.object_id, c.added_date, c.user_id, u.username,
            ${AUTHOR_STATUS} AS user_status, v.id AS video_id, v.title AS video_title, v.dir AS video_dir
          FROM comments c
          JOIN users u ON u.id = c.user_id
          LEFT JOIN videos v ON c.section = 'video' AND v.id = c.object_id
          WHERE ${condition}
          ORDER BY c.added_date DESC, c.id DESC
          LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`SELECT count(*)::int AS n FROM comments c WHERE ${condition}`.execute(db),
      ]);
      return { rows: items.rows, total: Number(total.rows[0]?.n ?? 0) };
    },

    /** The comments that exist among `ids`, with their authors. */
    async authors(ids: number[]): Promise<{ id: number; user_id: number; role: Role }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.user_id', 'u.role'])
        .where('c.id', 'in', ids)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), user_id: Number(r.user_id), role: r.role }));
    },

    /** Active → hidden; resolves the ids changed (a hidden one is left as it is). */
    async hide(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<{ id: number }>`
        WITH changed AS (
          UPDATE comments SET status = 'hidden'
          WHERE id IN (${sql.join(ids)}) AND status = 'active'
          RETURNING id, section, object_id, user_id
        ), ${stage(-1)}
        SELECT id FROM changed`.execute(db);
      return rows.map((r) => Number(r.id));
    },

    /** Hidden → active. */
    async unhide(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<{ id: number }>`
        WITH changed AS (
          UPDATE comments SET status = 'active'
          WHERE id IN (${sql.join(ids)}) AND status = 'hidden'
          RETURNING id, section, object_id, user_id
        ), ${stage(1)}
        SELECT id FROM changed`.execute(db);
      return rows.map((r) => Number(r.id));
    },

    /** Deletes them; an active one's counts go with it. */
    async remove(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<{ id: number }>`
        WITH deleted AS (
          DELETE FROM comments WHERE id IN (${sql.join(ids)})
          RETURNING id, section, object_id, user_id, status
        ), changed AS (
          SELECT * FROM deleted WHERE status = 'active'
        ), ${stage(-1)}
        SELECT id FROM deleted`.execute(db);
      return rows.map((r) => Number(r.id));
    },
  };
}

export type CommentsAdminRepository = ReturnType<typeof createCommentsAdminRepository>;
