// Favourites and watch later (content.md §7 act=favourite|watch_later): one row per member and video
// (the tables' primary keys), added with INSERT ... ON CONFLICT DO NOTHING and removed with DELETE ...
// RETURNING, so a repeat, in parallel or not, changes nothing twice. A favourite also stages the
// video's favourites_count change in the same statement.
import { sql } from 'kysely';
import type { VideoList } from '../../../contract/acts.ts';
import type { DB } from '../../db/database.ts';
import type { CardRow } from '../catalog/catalog.mappers.ts';
import {
  type ActingMember,
  actableVideo,
  CARD_COLUMNS,
  LISTED_VIDEO,
  stageCounter,
  toCardRow,
} from './acts-sql.ts';

const TABLES = { favourite: 'favourites', watch_later: 'watch_later' } as const;

export function createListsRepository(db: DB) {
  return {
    /** found: the member may act on the video; added: this call added it. */
    async add(list: VideoList, member: ActingMember, videoId: number) {
      const table = sql.table(TABLES[list]);
      const { rows } = await sql<{ found: number; added: number }>`
        WITH target AS (
          SELECT v.id FROM videos v WHERE v.id = ${videoId} AND ${actableVideo(member)}
        ), ins AS (
          INSERT INTO ${table} (user_id, video_id) SELECT ${member.userId}::bigint, id FROM target
          ON CONFLICT DO NOTHING RETURNING video_id
        )${list === 'favourite' ? sql`, staged AS (${stageCounter('ins', 'video_id', 'video', 'favourites', 1)})` : sql``}
        SELECT (SELECT count(*) FROM target)::int AS found, (SELECT count(*) FROM ins)::int AS added`.execute(
        db,
      );
      return { found: Number(rows[0]?.found) > 0, added: Number(rows[0]?.added) > 0 };
    },

    /** true when this call removed the video from the list. */
    async remove(list: VideoList, userId: number, videoId: number): Promise<boolean> {
      const table = sql.table(TABLES[list]);
      const { rows } = await sql<{ removed: number }>`
        WITH del AS (
          DELETE FROM ${table} WHERE user_id = ${userId} AND video_id = ${videoId} RETURNING video_id
        )${list === 'favourite' ? sql`, staged AS (${stageCounter('del', 'video_id', 'video', 'favourites', -1)})` : sql``}
        SELECT count(*)::int AS removed FROM del`.execute(db);
      return Number(rows[0]?.removed) > 0;
    },

    /** A page of the member's list, newest first: listed videos only (what listings show). */
    async page(list: VideoList, userId: number, limit: number, offset: number) {
      const table = sql.table(TABLES[list]);
      const [items, total] = await Promise.all([
        sql<CardRow>`
          SELECT ${CARD_COLUMNS} FROM ${table} l JOIN videos v ON v.id = l.video_id
          WHERE l.user_id = ${userId} AND ${LISTED_VIDEO}
          ORDER BY l.added_at DESC, l.video_id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`
          SELECT count(*)::int AS n FROM ${table} l JOIN videos v ON v.id = l.video_id
          WHERE l.user_id = ${userId} AND ${LISTED_VIDEO}`.execute(db),
      ]);
      return { rows: items.rows.map(toCardRow), total: Number(total.rows[0]?.n ?? 0) };
    },

    /** Whether the video is on the member's favourites and watch later, and their vote on it. */
    async state(userId: number, videoId: number) {
      const { rows } = await sql<{ favourite: boolean; watch_later: boolean; vote: number | null }>`
        SELECT
          EXISTS (SELECT 1 FROM favourites WHERE user_id = ${userId} AND video_id = ${videoId}) AS favourite,
          EXISTS (SELECT 1 FROM watch_later WHERE user_id = ${userId} AND video_id = ${videoId}) AS watch_later,
          (SELECT vote FROM votes WHERE user_id = ${userId} AND section = 'video' AND object_id = ${videoId}) AS vote`.execute(
        db,
      );
      return rows[0] ?? { favourite: false, watch_later: false, vote: null };
    },
  };
}

export type ListsRepository = ReturnType<typeof createListsRepository>;
