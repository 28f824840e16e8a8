// The listed videos of an object in one orientation (migration 0042's object_video_counts, kept by
// triggers): the only video count a visitor is shown, so that it always equals what the listing of
// their orientation returns. One primary-key read per object; no counting over videos per request.
// Shared by the catalogue's and the search's repositories.
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Gender } from '../../../contract/catalog.ts';
import type { CountedObjectKind } from '../../db/schema.ts';

/**
 * `coalesce(videos, 0)` of (kind, id, gender) as a scalar subquery; `gender` is a value or a column
 * (a video's own gender). Never negative, whatever a bug upstream did.
 */
export function listedVideos(
  kind: CountedObjectKind,
  id: Expression<unknown> | RawBuilder<unknown>,
  gender: Gender | Expression<unknown> | RawBuilder<unknown>,
): RawBuilder<number> {
  return sql<number>`greatest(coalesce((SELECT n.videos FROM object_video_counts n
    WHERE n.kind = ${kind} AND n.object_id = ${id} AND n.gender = ${gender}), 0), 0)`;
}
