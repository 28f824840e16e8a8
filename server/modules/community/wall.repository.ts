// Wall posts (issue 14): posts on a member's wall, newest first. SQL only; wall.service.ts decides who
// may write and delete.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export interface WallPostRow {
  id: number;
  wall_id: number;
  author_id: number;
  username: string;
  avatar: string | null;
  message: string;
  added_date: Date;
}

const toRow = (r: WallPostRow): WallPostRow => ({
  ...r,
  id: Number(r.id),
  wall_id: Number(r.wall_id),
  author_id: Number(r.author_id),
  added_date: new Date(r.added_date),
});

export function createWallRepository(db: DB) {
  return {
    /** The new post, with its author's name and avatar. */
    async add(wallId: number, authorId: number, message: string): Promise<WallPostRow | undefined> {
      const { rows } = await sql<WallPostRow>`
        WITH ins AS (
          INSERT INTO wall_posts (user_id, author_id, message)
          VALUES (${wallId}, ${authorId}, ${message})
          RETURNING id, user_id, author_id, message, added_date
        )
        SELECT ins.id, ins.user_id AS wall_id, ins.author_id, u.username, u.avatar, ins.message, ins.added_date
        FROM ins JOIN users u ON u.id = ins.author_id`.execute(db);
      return rows[0] ? toRow(rows[0]) : undefined;
    },

    /**
     * Deletes a post if `userId` wrote it, owns the wall, or `staff`. found: the post existed when the
     * statement began (with its author and wall); deleted: this call deleted it.
     */
    async remove(postId: number, userId: number, staff: boolean) {
      const { rows } = await sql<{ author: number | null; wall: number | null; deleted: number }>`
        WITH found AS (
          SELECT id, user_id, author_id FROM wall_posts WHERE id = ${postId}
        ), del AS (
          DELETE FROM wall_posts w USING found f
          WHERE w.id = f.id AND (w.author_id = ${userId} OR w.user_id = ${userId} OR ${staff}::boolean)
          RETURNING w.id
        )
        SELECT (SELECT author_id FROM found) AS author, (SELECT user_id FROM found) AS wall,
               (SELECT count(*) FROM del)::int AS deleted`.execute(db);
      const row = rows[0];
      return {
        found: row?.author != null,
        /** Whether this asker may delete it: when so and nothing was deleted, a parallel call was first. */
        allowed:
          row?.author != null && (staff || Number(row.author) === userId || Number(row.wall) === userId),
        deleted: Number(row?.deleted ?? 0) > 0,
      };
    },

    /** A page of a wall's posts by active members, newest first, and how many there are. */
    async page(wallId: number, limit: number, offset: number) {
      const [items, total] = await Promise.all([
        sql<WallPostRow>`
          SELECT w.id, w.user_id AS wall_id, w.author_id, u.username, u.avatar, w.message, w.added_date
          FROM wall_posts w JOIN users u ON u.id = w.author_id AND u.status = 'active'
          WHERE w.user_id = ${wallId}
          ORDER BY w.added_date DESC, w.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`
          SELECT count(*)::int AS n
          FROM wall_posts w JOIN users u ON u.id = w.author_id AND u.status = 'active'
          WHERE w.user_id = ${wallId}`.execute(db),
      ]);
      return { rows: items.rows.map(toRow), total: Number(total.rows[0]?.n ?? 0) };
    },
  };
}

export type WallRepository = ReturnType<typeof createWallRepository>;
