// Playlists (content.md §7 act=playlist): create, edit, delete, add and remove videos, and the reads of
// the member pages and the playlist strip. Every write names the owner in its WHERE, so a member can
// only ever change their own; what was refused is told apart afterwards (ownerOf) by the service.
import { type Kysely, sql } from 'kysely';
import { DURATION_SECONDS, type DurationClass, type Gender } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { CardRow } from '../catalog/catalog.mappers.ts';
import {
  type ActingMember,
  actableVideo,
  CARD_COLUMNS,
  LISTED_VIDEO,
  toCardRow,
  visiblePlaylist,
} from './acts-sql.ts';

export interface PlaylistFields {
  title: string;
  description: string;
  isPrivate: boolean;
}

/** Links `playlistId` to the categories among `ids` that exist; how many were linked. */
async function linkCategories(tx: Kysely<Database>, playlistId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const list = sql.join(ids.map((id) => sql`${id}::bigint`));
  const { rows } = await sql<{ n: number }>`
    WITH ins AS (
      INSERT INTO playlist_categories (playlist_id, category_id)
      SELECT ${playlistId}, c.id FROM categories c WHERE c.id IN (${list})
      ON CONFLICT DO NOTHING RETURNING 1
    ) SELECT count(*)::int AS n FROM ins`.execute(tx);
  return Number(rows[0]?.n ?? 0);
}

export function createPlaylistsRepository(db: DB) {
  return {
    /** The new playlist's id, or null when a category does not exist (nothing is written then). */
    async create(
      userId: number,
      fields: PlaylistFields & { gender: Gender; categoryIds: number[] },
    ): Promise<number | null> {
      return db
        .transaction()
        .execute(async (tx) => {
          const row = await tx
            .insertInto('playlists')
            .values({
              user_id: userId,
              title: fields.title,
              description: fields.description,
              gender: fields.gender,
              is_private: fields.isPrivate,
              created_at: new Date(),
              updated_at: new Date(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = Number(row.id);
          if ((await linkCategories(tx, id, fields.categoryIds)) < fields.categoryIds.length) {
            throw new UnknownCategory();
          }
          return id;
        })
        .catch((error: unknown) => {
          if (error instanceof UnknownCategory) return null;
          throw error;
        });
    },

    /**
     * Edits the owner's playlist: 'done', 'not_owned' (missing or someone else's), or 'bad_category'
     * (nothing written). `isPrivate` and `categoryIds` undefined: left as they are.
     */
    async update(
      userId: number,
      playlistId: number,
      fields: Omit<PlaylistFields, 'isPrivate'> & { isPrivate?: boolean; categoryIds?: number[] },
    ): Promise<'done' | 'not_owned' | 'bad_category'> {
      return db
        .transaction()
        .execute(async (tx) => {
          const row = await tx
            .updateTable('playlists')
            .set((eb) => ({
              title: fields.title,
              description: fields.description,
              is_private: fields.isPrivate ?? eb.ref('is_private'),
              updated_at: new Date(),
            }))
            .where('id', '=', playlistId)
            .where('user_id', '=', userId)
            .returning('id')
            .executeTakeFirst();
          if (!row) return 'not_owned' as const;
          if (fields.categoryIds) {
            await tx.deleteFrom('playlist_categories').where('playlist_id', '=', playlistId).execute();
            if ((await linkCategories(tx, playlistId, fields.categoryIds)) < fields.categoryIds.length) {
              throw new UnknownCategory();
            }
          }
          return 'done' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof UnknownCategory) return 'bad_category' as const;
          throw error;
        });
    },

    /**
     * Deletes the owner's playlist with its videos and categories (foreign keys), and what points at it
     * by (section, object_id): comments (their authors' counts staged), votes, subscriptions.
     */
    async remove(userId: number, playlistId: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .deleteFrom('playlists')
          .where('id', '=', playlistId)
          .where('user_id', '=', userId)
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await sql`
          WITH del AS (
            DELETE FROM comments WHERE section = 'playlist' AND object_id = ${playlistId} RETURNING user_id, status
          )
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT 'user', user_id, 'comments', -1 FROM del WHERE status = 'active'`.execute(tx);
        await tx
          .deleteFrom('votes')
          .where('section', '=', 'playlist')
          .where('object_id', '=', playlistId)
          .execute();
        await tx
          .deleteFrom('subscriptions')
          .where('section', '=', 'playlist')
          .where('object_id', '=', playlistId)
          .execute();
        return true;
      });
    },

    /**
     * Appends a video to the owner's playlist. The playlist's row is locked first (only its owner's own
     * parallel adds wait), so positions are unique and total_videos exact. 'not_owned', 'no_video' (the
     * member may not see it), 'exists' or 'added'.
     */
    async addVideo(member: ActingMember, playlistId: number, videoId: number) {
      return db.transaction().execute(async (tx) => {
        const own = await sql`
          SELECT id FROM playlists WHERE id = ${playlistId} AND user_id = ${member.userId} FOR UPDATE`.execute(
          tx,
        );
        if (own.rows.length === 0) return 'not_owned' as const;
        const { rows } = await sql<{ found: number; added: number }>`
          WITH target AS (
            SELECT v.id FROM videos v WHERE v.id = ${videoId} AND ${actableVideo(member)}
          ), ins AS (
            INSERT INTO playlist_videos (playlist_id, video_id, position)
            SELECT ${playlistId}, id,
              coalesce((SELECT max(position) FROM playlist_videos WHERE playlist_id = ${playlistId}), 0) + 1
            FROM target
            ON CONFLICT DO NOTHING RETURNING video_id
          ), bump AS (
            UPDATE playlists SET total_videos = total_videos + 1, updated_at = now()
            WHERE id = ${playlistId} AND EXISTS (SELECT 1 FROM ins) RETURNING id
          )
          SELECT (SELECT count(*) FROM target)::int AS found, (SELECT count(*) FROM ins)::int AS added`.execute(
          tx,
        );
        if (Number(rows[0]?.found) === 0) return 'no_video' as const;
        return Number(rows[0]?.added) > 0 ? ('added' as const) : ('exists' as const);
      });
    },

    /** Takes a video off the owner's playlist: 'not_owned', 'absent' or 'removed'. */
    async removeVideo(userId: number, playlistId: number, videoId: number) {
      const { rows } = await sql<{ owned: number; removed: number }>`
        WITH own AS (
          SELECT id FROM playlists WHERE id = ${playlistId} AND user_id = ${userId}
        ), del AS (
          DELETE FROM playlist_videos pv USING own
          WHERE pv.playlist_id = own.id AND pv.video_id = ${videoId} RETURNING pv.video_id
        ), bump AS (
          UPDATE playlists SET total_videos = greatest(total_videos - 1, 0), updated_at = now()
          WHERE id = ${playlistId} AND EXISTS (SELECT 1 FROM del) RETURNING id
        )
        SELECT (SELECT count(*) FROM own)::int AS owned, (SELECT count(*) FROM del)::int AS removed`.execute(
        db,
      );
      if (Number(rows[0]?.owned) === 0) return 'not_owned' as const;
      return Number(rows[0]?.removed) > 0 ? ('removed' as const) : ('absent' as const);
    },

    /** Who owns a playlist and whether it is private; undefined when it does not exist. */
    async ownerOf(playlistId: number) {
      return db
        .selectFrom('playlists')
        .select(['user_id', 'is_private'])
        .where('id', '=', playlistId)
        .executeTakeFirst();
    },

    /** A playlist with its owner's name and categories, if `viewerId` may see it. */
    async find(playlistId: number, viewerId: number | null) {
      const row = await db
        .selectFrom('playlists as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select([
          'p.id',
          'p.title',
          'p.description',
          'p.gender',
          'p.is_private',
          'p.total_videos',
          'p.viewed',
          'p.likes',
          'p.dislikes',
          'p.rating',
          'p.created_at',
          'p.user_id',
          'u.username',
        ])
        .where('p.id', '=', playlistId)
        .where(visiblePlaylist(viewerId))
        .executeTakeFirst();
      if (!row) return undefined;
      const categories = await db
        .selectFrom('playlist_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .select(['c.id', 'c.dir', 'c.title'])
        .where('pc.playlist_id', '=', playlistId)
        .orderBy('c.title')
        .execute();
      return { ...row, categories };
    },

    /** A member's playlists, newest first; private ones only when `withPrivate`. */
    async ofMember(ownerId: number, withPrivate: boolean, limit: number, offset: number) {
      const visible = withPrivate ? sql<boolean>`true` : sql<boolean>`NOT p.is_private`;
      const [items, total] = await Promise.all([
        sql<{
          id: number;
          title: string;
          description: string;
          is_private: boolean;
          total_videos: number;
          viewed: number;
          rating: number;
          user_id: number;
          username: string;
          poster_key: string | null;
        }>`
          SELECT p.id, p.title, p.description, p.is_private, p.total_videos, p.viewed, p.rating, u.id AS user_id,
            u.username,
            (SELECT f.storage_key FROM playlist_videos pv
               JOIN video_files f ON f.video_id = pv.video_id AND f.kind = 'poster' AND f.format = ''
              WHERE pv.playlist_id = p.id ORDER BY pv.position LIMIT 1) AS poster_key
          FROM playlists p JOIN users u ON u.id = p.user_id
          WHERE p.user_id = ${ownerId} AND ${visible}
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`
          SELECT count(*)::int AS n FROM playlists p WHERE p.user_id = ${ownerId} AND ${visible}`.execute(db),
      ]);
      return { rows: items.rows, total: Number(total.rows[0]?.n ?? 0) };
    },

    /** The listed videos of a playlist in its order (the strip's pages), of one duration class if given. */
    async videos(playlistId: number, limit: number, offset: number, duration?: DurationClass) {
      const [from, below] = duration ? DURATION_SECONDS[duration] : [null, null];
      const length =
        from === null
          ? sql`TRUE`
          : below === null
            ? sql`v.duration >= ${from}`
            : sql`v.duration >= ${from} AND v.duration < ${below}`;
      const [items, total] = await Promise.all([
        sql<CardRow>`
          SELECT ${CARD_COLUMNS} FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
          WHERE pv.playlist_id = ${playlistId} AND ${LISTED_VIDEO} AND ${length}
          ORDER BY pv.position, pv.video_id LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`
          SELECT count(*)::int AS n FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
          WHERE pv.playlist_id = ${playlistId} AND ${LISTED_VIDEO} AND ${length}`.execute(db),
      ]);
      return { rows: items.rows.map(toCardRow), total: Number(total.rows[0]?.n ?? 0) };
    },

    /** The categories of some videos, the most frequent first (a category strip built from a page). */
    async categoriesOf(videoIds: number[]) {
      if (videoIds.length === 0) return [];
      const list = sql.join(videoIds.map((id) => sql`${id}::bigint`));
      const { rows } = await sql<{ dir: string; title: string }>`
        SELECT c.dir, c.title FROM video_categories vc JOIN categories c ON c.id = vc.category_id
        WHERE vc.video_id IN (${list})
        GROUP BY c.id, c.dir, c.title ORDER BY count(*) DESC, c.title, c.id`.execute(db);
      return rows;
    },
  };
}

/** Rolls a playlist write back when a category id does not exist. */
class UnknownCategory extends Error {}

export type PlaylistsRepository = ReturnType<typeof createPlaylistsRepository>;
