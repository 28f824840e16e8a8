// The conditions of a listed video and a listing's filters, as SQL: one place for every listing and
// count of the catalogue repository.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { DURATION_SECONDS, type DurationClass, type Gender } from '../../../contract/catalog.ts';
import type { Database } from '../../db/schema.ts';
import { listedVideo } from '../../db/video-status-sql.ts';

export interface VideoFilter {
  gender: Gender;
  duration?: DurationClass;
  categoryDirs?: string[];
  /** 720p and up only */
  hd?: boolean;
  tagId?: number;
  modelId?: number;
  channelId?: number;
  /** uploads of one member */
  userId?: number;
  /** a playlist's videos, in the playlist's order */
  playlistId?: number;
  /** one member's watch history, newest first */
  historyOf?: number;
  /** full-text search (websearch syntax over search_vector) */
  text?: string;
}

/**
 * A filter whose best plan is the same whatever its values: the whole orientation, by duration class or
 * HD. Its statements may be prepared (server/db/prepared.ts); one naming an object or a text may not (a
 * tag with ten videos and one with a hundred thousand want different plans).
 */
export function planIsValueFree(filter: VideoFilter): boolean {
  return (
    filter.categoryDirs === undefined &&
    filter.tagId === undefined &&
    filter.modelId === undefined &&
    filter.channelId === undefined &&
    filter.userId === undefined &&
    filter.playlistId === undefined &&
    filter.historyOf === undefined &&
    filter.text === undefined
  );
}

/**
 * Search text → tsquery: every word must start a word of the video's text ('suns' finds 'sunset'), as
 * people type. Only letters and digits reach the query, so no tsquery syntax can be injected; text
 * without any word matches nothing.
 */
export function prefixQuery(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((w) => `${w}:*`).join(' & ');
}

export type VideoEb = ExpressionBuilder<Database & { v: Database['videos'] }, 'v'>;

/** The conditions of a listed video (active, public, not deleted) plus the listing's filters. */
export function listedWhere(eb: VideoEb, filter: VideoFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [listedVideo(), eb('v.gender', '=', filter.gender)];
  if (filter.duration) {
    const [min, max] = DURATION_SECONDS[filter.duration];
    conditions.push(eb('v.duration', '>=', min));
    if (max !== null) conditions.push(eb('v.duration', '<', max));
  }
  if (filter.hd) conditions.push(eb('v.height', '>=', 720));
  if (filter.channelId !== undefined) conditions.push(eb('v.channel_id', '=', filter.channelId));
  if (filter.userId !== undefined) conditions.push(eb('v.user_id', '=', filter.userId));
  if (filter.text !== undefined) {
    conditions.push(sql<SqlBool>`v.search_vector @@ to_tsquery('simple', ${prefixQuery(filter.text)})`);
  }
  if (filter.tagId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('video_tags as vt')
          .select(sql.lit(1).as('one'))
          .whereRef('vt.video_id', '=', 'v.id')
          .where('vt.tag_id', '=', filter.tagId),
      ),
    );
  }
  if (filter.modelId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('video_models as vm')
          .select(sql.lit(1).as('one'))
          .whereRef('vm.video_id', '=', 'v.id')
          .where('vm.model_id', '=', filter.modelId),
      ),
    );
  }
  if (filter.playlistId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('playlist_videos as pv')
          .select(sql.lit(1).as('one'))
          .whereRef('pv.video_id', '=', 'v.id')
          .where('pv.playlist_id', '=', filter.playlistId),
      ),
    );
  }
  if (filter.historyOf !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('history as h')
          .select(sql.lit(1).as('one'))
          .whereRef('h.video_id', '=', 'v.id')
          .where('h.user_id', '=', filter.historyOf),
      ),
    );
  }
  for (const dir of filter.categoryDirs ?? []) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('video_categories as vc')
          .innerJoin('categories as c', 'c.id', 'vc.category_id')
          .select(sql.lit(1).as('one'))
          .whereRef('vc.video_id', '=', 'v.id')
          .where('c.dir', '=', dir),
      ),
    );
  }
  return eb.and(conditions);
}
