// SQL pieces the acts' repositories share: who may act on a video or a playlist, the columns of a video
// card, and the staging of counter changes (migration 0019). Fragments only: each repository runs its
// own statements.
import { type RawBuilder, sql } from 'kysely';
import type { CounterName, CounterTarget } from '../../db/schema.ts';
import { listedVideo, videoStatus } from '../../db/video-status-sql.ts';
import type { CardRow } from '../catalog/catalog.mappers.ts';

/** The member acting: their id, and whether they are staff (moderator or administrator). */
export interface ActingMember {
  userId: number;
  staff: boolean;
}

/**
 * A video (alias `v`) a member may act on: active and not deleted; a private one only for its uploader
 * and staff (as the video page shows it: catalog getVideo).
 */
export const actableVideo = (member: ActingMember): RawBuilder<boolean> =>
  sql<boolean>`v.status = ${videoStatus('active')} AND v.deleted_at IS NULL AND (NOT v.is_private OR v.user_id = ${member.userId} OR ${member.staff}::boolean)`;

/** A video (alias `v`) anyone may see in a list: what listings show (db/video-status-sql.ts listedVideo). */
export const LISTED_VIDEO = listedVideo();

/** A playlist (alias `p`) a member may see: public, or their own (a private one is theirs alone). */
export const visiblePlaylist = (userId: number | null): RawBuilder<boolean> =>
  sql<boolean>`(NOT p.is_private OR p.user_id = ${userId ?? 0})`;

/** The columns of a video card (alias `v`), as catalog's CardRow. */
export const CARD_COLUMNS = sql`v.id, v.dir, v.title, v.duration, v.height, v.post_date, v.views, v.likes,
  v.dislikes, v.rating, v.comments_count,
  (SELECT f.storage_key FROM video_files f WHERE f.video_id = v.id AND f.kind = 'poster' AND f.format = '' LIMIT 1) AS poster_key`;

export function toCardRow(row: CardRow): CardRow {
  return { ...row, id: Number(row.id), views: Number(row.views), post_date: new Date(row.post_date) };
}

/**
 * `INSERT INTO counter_events` one row per row of the CTE `from` (its column `idColumn` is the
 * object): written in the act's own statement, so the change is staged exactly when the act happened.
 */
export function stageCounter(
  from: string,
  idColumn: string,
  target: CounterTarget | RawBuilder<string>,
  counter: CounterName | RawBuilder<string>,
  delta: number,
): RawBuilder<unknown> {
  return sql`INSERT INTO counter_events (target, object_id, counter, delta)
    SELECT ${target}::text, ${sql.ref(`${from}.${idColumn}`)}, ${counter}::text, ${delta}::int FROM ${sql.table(from)}`;
}
