// The catalogue's object listings as SQL pieces (objects.repository.ts runs them): the order of a model,
// channel or category listing, the first-letter condition and the models' filters.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { CategorySort, Gender, ModelSort } from '../../../contract/catalog.ts';
import type { ModelListFilters } from '../../../contract/catalog-api.ts';
import { AGE_YEARS, HEIGHT_CM, WEIGHT_KG } from '../../../contract/catalog-api-values.ts';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { listedVideo } from '../../db/video-status-sql.ts';
import { listedVideos } from './object-counts-sql.ts';

/**
 * The order of a model or channel listing (content.md §3 "Community/model sorts recent, count-subs,
 * count-videos, latest-updates, most-popular-videos"; "Site sorts add alphabetaz and alphabetza";
 * most-popular is the listings' default, by the object's own page views). latest-updates is the newest
 * listed video; most-popular-videos the views of its listed videos; recent the object's own date. The
 * videos are those of the visitor's orientation, as the object's page lists them.
 */
export function objectOrder(sort: ModelSort, kind: 'model' | 'channel', gender: Gender) {
  const t = kind === 'model' ? sql.ref('m') : sql.ref('c');
  const videos =
    kind === 'model'
      ? sql`FROM video_models x JOIN videos v ON v.id = x.video_id WHERE x.model_id = ${t}.id`
      : sql`FROM videos v WHERE v.channel_id = ${t}.id`;
  const listed = sql`AND ${listedVideo()} AND v.gender = ${gender}`;
  switch (sort) {
    case 'latest-updates':
      return sql`(SELECT max(v.post_date) ${videos} ${listed}) DESC NULLS LAST`;
    case 'most-popular-videos':
      return sql`(SELECT coalesce(sum(v.views), 0) ${videos} ${listed}) DESC`;
    case 'recent':
      return sql`${t}.added_date DESC`;
    case 'count-videos':
      return sql`${listedVideos(kind, sql`${t}.id`, gender)} DESC`;
    case 'count-subs':
      return sql`${t}.subscribers DESC`;
    case 'alphabetaz':
      return sql`lower(${t}.title) ASC`;
    case 'alphabetza':
      return sql`lower(${t}.title) DESC`;
    default:
      return sql`${t}.viewed DESC`;
  }
}

type ModelEb = ExpressionBuilder<Database & { m: Database['models'] }, 'm'>;

/** First letter: '0' for anything that does not start with a latin letter. */
export function letterCondition(column: string, letter: string) {
  const ref = sql.ref(column);
  return letter === '0'
    ? sql<SqlBool>`lower(${ref}) !~ '^[a-z]'`
    : sql<SqlBool>`lower(${ref}) LIKE ${`${letter}%`}`;
}

export function modelWhere(eb: ModelEb, gender: Gender, f: ModelListFilters) {
  const c: Expression<SqlBool>[] = [eb('m.gender', '=', gender)];
  if (f.letter) c.push(letterCondition('m.title', f.letter));
  if (f.hair !== undefined) c.push(eb('m.hair', '=', f.hair));
  if (f.race) c.push(eb('m.race', '=', f.race as 'asian'));
  // Stored in lower case (migration 0047); the read call and the page lower-case theirs.
  if (f.country) c.push(eb('m.country', '=', f.country.toLowerCase()));
  if (f.size_tits) c.push(eb('m.size_tits', '=', f.size_tits));
  if (f.tattoo !== undefined) c.push(eb('m.tattoo', '=', f.tattoo));
  if (f.piercing !== undefined) c.push(eb('m.piercing', '=', f.piercing));
  if (f.weight !== undefined) {
    const [lo, hi] = WEIGHT_KG[f.weight] ?? [0, 999];
    c.push(eb('m.weight', '>=', lo), eb('m.weight', '<', hi));
  }
  if (f.height !== undefined) {
    const [lo, hi] = HEIGHT_CM[f.height] ?? [0, 999];
    c.push(eb('m.height', '>=', lo), eb('m.height', '<', hi));
  }
  if (f.age !== undefined) {
    const [lo, hi] = AGE_YEARS[f.age] ?? [0, 200];
    c.push(sql<SqlBool>`date_part('year', age(current_date, m.birth_date)) BETWEEN ${lo} AND ${hi}`);
  }
  return eb.and(c);
}

export function listCategoriesSorted(db: DB, gender: Gender, sort: CategorySort) {
  let q = db
    .selectFrom('categories')
    .select(['id', 'dir', 'title', 'thumb', 'viewed', 'rating'])
    // The videos of the orientation (object_video_counts); ORDER BY total_videos is this output column.
    .select(listedVideos('category', sql.ref('categories.id'), gender).as('total_videos'))
    .where('gender', '=', gender);
  // As for models and channels (objectOrder): latest-updates is the newest listed video, recent the
  // category's own date.
  q =
    sort === 'count-videos'
      ? q.orderBy('total_videos', 'desc')
      : sort === 'latest-updates'
        ? q.orderBy(
            sql`(SELECT max(v.post_date) FROM video_categories vc JOIN videos v ON v.id = vc.video_id
              WHERE vc.category_id = categories.id AND ${listedVideo()}
              AND v.gender = ${gender}) DESC NULLS LAST`,
          )
        : sort === 'recent'
          ? q.orderBy('created_at', 'desc')
          : sort === 'most-popular' || sort === 'most-viewed'
            ? q.orderBy('viewed', 'desc')
            : sort === 'top-rated'
              ? q.orderBy('rating', 'desc')
              : q.orderBy(sql`lower(title)`);
  return q.orderBy('id').execute();
}
