// The video statuses in SQL (issue 33): a status as a literal of contract/catalog.ts VIDEO_STATUS, and the
// one predicate for "a listed video" (active, public, not deleted) every listing, count and rollup shares.
// Literals rather than parameters: the statement text stays the same for every call, so statements marked
// PREPARED (prepared.ts) keep their name and values, and a literal `status = 1` still matches the partial
// indexes of the migrations (a `$1` would not, under a generic plan).
import { type RawBuilder, sql } from 'kysely';
import { VIDEO_STATUS } from '../../contract/catalog.ts';

export type VideoStatusName = keyof typeof VIDEO_STATUS;

/** `videos.status` of `name` as a literal in the statement text (`videoStatus('active')` renders `1`). */
export const videoStatus = (name: VideoStatusName): RawBuilder<number> => sql.lit(VIDEO_STATUS[name]);

/**
 * A listed video: active, public and not deleted, on the videos of `alias` (`null` for the bare columns of
 * a statement on `videos` alone). What listings show and what the listed counters count.
 */
export function listedVideo(alias: string | null = 'v'): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(alias === null ? name : `${alias}.${name}`);
  return sql<boolean>`${column('status')} = ${videoStatus('active')} AND NOT ${column('is_private')} AND ${column('deleted_at')} IS NULL`;
}
