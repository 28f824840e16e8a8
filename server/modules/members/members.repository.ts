// Members' profiles and the lists of their page that the acts' repositories do not already read: the
// profile row, its counts, the server history and the latest uploads. SQL only; the service decides
// who sees what.
import { sql } from 'kysely';
import type { Gender } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { CARD_COLUMNS, LISTED_VIDEO, toCardRow } from '../acts/acts-sql.ts';
import type { CardRow } from '../catalog/catalog.mappers.ts';

export interface MemberRow {
  id: number;
  username: string;
  avatar: string | null;
  cover: string | null;
  gender: number | null;
  birth_date: string | null;
  country: string | null;
  relationship: number | null;
  orientation: number | null;
  education: string | null;
  website: string | null;
  about_me: string | null;
  created_at: Date;
  subscribers_count: number;
}

export interface MemberCounts {
  videos: number;
  favourites: number;
  playlists: number;
  subscriptions: number;
  /** Accepted friends that are active accounts. */
  friends: number;
  /** Pending requests to the member from active accounts. */
  friend_requests: number;
}

export function createMembersRepository(db: DB) {
  return {
    /** An active account (unconfirmed and banned ones have no page). */
    async find(id: number): Promise<MemberRow | null> {
      const row = await db
        .selectFrom('users')
        .select([
          'id',
          'username',
          'avatar',
          'cover',
          'gender',
          'birth_date',
          'country',
          'relationship',
          'orientation',
          'education',
          'website',
          'about_me',
          'created_at',
          'subscribers_count',
        ])
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row
        ? {
            ...row,
            id: Number(row.id),
            subscribers_count: Number(row.subscribers_count),
            created_at: new Date(row.created_at),
          }
        : null;
    },

    async exists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * What the profile counts. `own`: the owner's view (every upload not deleted, private playlists
     * too); otherwise what anyone can open (listed uploads, public playlists). Favourites count the
     * listed videos the favourites page shows; subscriptions the objects that still exist.
     */
    async counts(id: number, own: boolean): Promise<MemberCounts> {
      const uploads = own
        ? sql`SELECT count(*) FROM videos v WHERE v.user_id = ${id} AND v.deleted_at IS NULL`
        : sql`SELECT count(*) FROM videos v WHERE v.user_id = ${id} AND ${LISTED_VIDEO}`;
      const playlists = own
        ? sql`SELECT count(*) FROM playlists p WHERE p.user_id = ${id}`
        : sql`SELECT count(*) FROM playlists p WHERE p.user_id = ${id} AND NOT p.is_private`;
      const { rows } = await sql<MemberCounts>`
        SELECT
          (${uploads})::int AS videos,
          (SELECT count(*) FROM favourites f JOIN videos v ON v.id = f.video_id
            WHERE f.user_id = ${id} AND ${LISTED_VIDEO})::int AS favourites,
          (${playlists})::int AS playlists,
          (SELECT count(*) FROM subscriptions s
            LEFT JOIN models m ON s.section = 'model' AND m.id = s.object_id
            LEFT JOIN channels c ON s.section = 'channel' AND c.id = s.object_id
            LEFT JOIN users u ON s.section = 'member' AND u.id = s.object_id
            WHERE s.user_id = ${id} AND s.section IN ('model', 'channel', 'member')
              AND coalesce(m.id, c.id, u.id) IS NOT NULL)::int AS subscriptions,
          (SELECT count(*) FROM friends fr JOIN users fu ON fu.id = fr.friend_id AND fu.status = 'active'
            WHERE fr.user_id = ${id} AND fr.status = 'accepted')::int AS friends,
          (SELECT count(*) FROM friends fr JOIN users fu ON fu.id = fr.user_id AND fu.status = 'active'
            WHERE fr.friend_id = ${id} AND fr.status = 'pending')::int AS friend_requests`.execute(db);
      const r = rows[0];
      return {
        videos: Number(r?.videos ?? 0),
        favourites: Number(r?.favourites ?? 0),
        playlists: Number(r?.playlists ?? 0),
        subscriptions: Number(r?.subscriptions ?? 0),
        friends: Number(r?.friends ?? 0),
        friend_requests: Number(r?.friend_requests ?? 0),
      };
    },

    /** The member's server history (content.md §6), most recently watched first: listed videos only. */
    async history(userId: number, limit: number, offset: number) {
      const [items, total] = await Promise.all([
        sql<CardRow>`
          SELECT ${CARD_COLUMNS} FROM history h JOIN videos v ON v.id = h.video_id
          WHERE h.user_id = ${userId} AND ${LISTED_VIDEO}
          ORDER BY h.watched_at DESC, h.video_id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`
          SELECT count(*)::int AS n FROM history h JOIN videos v ON v.id = h.video_id
          WHERE h.user_id = ${userId} AND ${LISTED_VIDEO}`.execute(db),
      ]);
      return { rows: items.rows.map(toCardRow), total: Number(total.rows[0]?.n ?? 0) };
    },

    /** The member's newest listed uploads (the profile's preview). */
    async latestUploads(userId: number, limit: number) {
      const { rows } = await sql<CardRow>`
        SELECT ${CARD_COLUMNS} FROM videos v
        WHERE v.user_id = ${userId} AND ${LISTED_VIDEO}
        ORDER BY v.post_date DESC, v.id DESC LIMIT ${limit}`.execute(db);
      return rows.map(toCardRow);
    },

    /** The edit form's values the playlists list does not carry: orientation and categories. */
    async playlistFormFields(ownerId: number, playlistIds: number[]) {
      if (playlistIds.length === 0) return new Map<number, PlaylistFormFields>();
      const [playlists, categories] = await Promise.all([
        db
          .selectFrom('playlists')
          .select(['id', 'gender'])
          .where('user_id', '=', ownerId)
          .where('id', 'in', playlistIds)
          .execute(),
        db
          .selectFrom('playlist_categories as pc')
          .innerJoin('categories as c', 'c.id', 'pc.category_id')
          .select(['pc.playlist_id', 'c.id', 'c.dir', 'c.title'])
          .where('pc.playlist_id', 'in', playlistIds)
          .orderBy('c.title')
          .execute(),
      ]);
      const fields = new Map<number, PlaylistFormFields>(
        playlists.map((p) => [Number(p.id), { orientation: p.gender as Gender, categories: [] }]),
      );
      for (const c of categories) {
        fields.get(Number(c.playlist_id))?.categories.push({ id: Number(c.id), dir: c.dir, title: c.title });
      }
      return fields;
    },
  };
}

export interface PlaylistFormFields {
  orientation: Gender;
  categories: { id: number; dir: string; title: string }[];
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
