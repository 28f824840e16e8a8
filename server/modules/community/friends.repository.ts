// Friends (issue 14): a pending request is the requester's row (user_id asked friend_id); a friendship
// is one accepted row per direction. Each write is one statement, so parallel requests meet in the
// database: the primary key and the one-pending-row-per-pair index of 0020-friends-wall.sql. SQL only;
// friends.service.ts decides who may do what.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export interface FriendRow {
  user_id: number;
  username: string;
  avatar: string | null;
  added_date: Date;
  message: string | null;
}

/** The rows between two members, as seen from `a`. */
export interface PairRows {
  /** a → b: a's request (pending) or a's side of the friendship (accepted). */
  out: 'pending' | 'accepted' | null;
  /** b → a. */
  in: 'pending' | 'accepted' | null;
}

const toFriendRow = (r: {
  user_id: number | string;
  username: string;
  avatar: string | null;
  added_date: Date | string;
  message: string | null;
}): FriendRow => ({
  user_id: Number(r.user_id),
  username: r.username,
  avatar: r.avatar,
  added_date: new Date(r.added_date),
  message: r.message,
});

export function createFriendsRepository(db: DB) {
  return {
    /** An active account (unconfirmed and banned ones cannot be befriended, nor have a page). */
    async memberActive(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row !== undefined;
    },

    async pair(a: number, b: number): Promise<PairRows> {
      const rows = await db
        .selectFrom('friends')
        .select(['user_id', 'status'])
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
            eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
          ]),
        )
        .execute();
      const side = (from: number) =>
        (rows.find((r) => Number(r.user_id) === from)?.status as PairRows['out'] | undefined) ?? null;
      return { out: side(a), in: side(b) };
    },

    /**
     * a asks b. False when a row of the pair is in the way (a request either way, or a friendship),
     * a parallel one included: the caller looks again at what is there.
     */
    async request(a: number, b: number, message: string | null): Promise<boolean> {
      const { rows } = await sql`
        INSERT INTO friends (user_id, friend_id, status, message)
        VALUES (${a}, ${b}, 'pending', ${message})
        ON CONFLICT DO NOTHING
        RETURNING 1`.execute(db);
      return rows.length > 0;
    },

    /** b accepts a's pending request: both directions accepted, in one statement. */
    async accept(a: number, b: number): Promise<boolean> {
      const { rows } = await sql<{ n: number }>`
        WITH acc AS (
          UPDATE friends SET status = 'accepted', created_at = now()
          WHERE user_id = ${a} AND friend_id = ${b} AND status = 'pending'
          RETURNING user_id, friend_id
        ), back AS (
          INSERT INTO friends (user_id, friend_id, status)
          SELECT friend_id, user_id, 'accepted' FROM acc
          ON CONFLICT (user_id, friend_id) DO UPDATE SET status = 'accepted', created_at = now()
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM acc)::int AS n, (SELECT count(*) FROM back)::int AS back`.execute(db);
      return Number(rows[0]?.n ?? 0) > 0;
    },

    /** b declines a's pending request. */
    async decline(a: number, b: number): Promise<boolean> {
      const { rows } = await sql`
        DELETE FROM friends WHERE user_id = ${a} AND friend_id = ${b} AND status = 'pending'
        RETURNING 1`.execute(db);
      return rows.length > 0;
    },

    /** a ends the friendship with b, or withdraws a's own pending request to b. */
    async remove(a: number, b: number): Promise<boolean> {
      const { rows } = await sql`
        DELETE FROM friends
        WHERE (user_id = ${a} AND friend_id = ${b})
           OR (user_id = ${b} AND friend_id = ${a} AND status = 'accepted')
        RETURNING 1`.execute(db);
      return rows.length > 0;
    },

    async areFriends(a: number, b: number): Promise<boolean> {
      const row = await db
        .selectFrom('friends')
        .select('user_id')
        .where('user_id', '=', a)
        .where('friend_id', '=', b)
        .where('status', '=', 'accepted')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A page of the member's friends (active accounts), the newest friendship first. */
    async friends(userId: number, limit: number, offset: number) {
      const [items, total] = await Promise.all([
        sql<FriendRow>`
          SELECT u.id AS user_id, u.username, u.avatar, f.created_at AS added_date, NULL::text AS message
          FROM friends f JOIN users u ON u.id = f.friend_id AND u.status = 'active'
          WHERE f.user_id = ${userId} AND f.status = 'accepted'
          ORDER BY f.created_at DESC, u.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`
          SELECT count(*)::int AS n
          FROM friends f JOIN users u ON u.id = f.friend_id AND u.status = 'active'
          WHERE f.user_id = ${userId} AND f.status = 'accepted'`.execute(db),
      ]);
      return { rows: items.rows.map(toFriendRow), total: Number(total.rows[0]?.n ?? 0) };
    },

    /** Pending requests to the member (incoming) or from them (outgoing), newest first. */
    async requests(userId: number, direction: 'incoming' | 'outgoing', limit: number) {
      const { rows } =
        direction === 'incoming'
          ? await sql<FriendRow>`
              SELECT u.id AS user_id, u.username, u.avatar, f.created_at AS added_date, f.message
              FROM friends f JOIN users u ON u.id = f.user_id AND u.status = 'active'
              WHERE f.friend_id = ${userId} AND f.status = 'pending'
              ORDER BY f.created_at DESC, u.id DESC LIMIT ${limit}`.execute(db)
          : await sql<FriendRow>`
              SELECT u.id AS user_id, u.username, u.avatar, f.created_at AS added_date, f.message
              FROM friends f JOIN users u ON u.id = f.friend_id AND u.status = 'active'
              WHERE f.user_id = ${userId} AND f.status = 'pending'
              ORDER BY f.created_at DESC, u.id DESC LIMIT ${limit}`.execute(db);
      return rows.map(toFriendRow);
    },
  };
}

export type FriendsRepository = ReturnType<typeof createFriendsRepository>;
