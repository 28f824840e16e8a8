// SQL for the catalogue's objects: tags, models, channels, playlists, members (lookups and listings).
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { CategorySort, Gender, MODEL_SORTS } from '../../../contract/catalog.ts';
import type { ModelListFilters } from '../../../contract/catalog-api.ts';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type ModelSort = (typeof MODEL_SORTS)[number];

/**
 * The order of a model or channel listing (content.md §3 "Community/model sorts recent, count-subs,
 * count-videos, latest-updates, most-popular-videos"; "Site sorts add alphabetaz and alphabetza";
 * most-popular is the listings' default, by the object's own page views). latest-updates is the newest
 * listed video; most-popular-videos the views of its listed videos; recent the object's own date.
 */
function objectOrder(sort: ModelSort, kind: 'model' | 'channel') {
  const t = kind === 'model' ? sql.ref('m') : sql.ref('c');
  const videos =
    kind === 'model'
      ? sql`FROM video_models x JOIN videos v ON v.id = x.video_id WHERE x.model_id = ${t}.id`
      : sql`FROM videos v WHERE v.channel_id = ${t}.id`;
  const listed = sql`AND v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL`;
  switch (sort) {
    case 'latest-updates':
      return sql`(SELECT max(v.post_date) ${videos} ${listed}) DESC NULLS LAST`;
    case 'most-popular-videos':
      return sql`(SELECT coalesce(sum(v.views), 0) ${videos} ${listed}) DESC`;
    case 'recent':
      return sql`${t}.added_date DESC`;
    case 'count-videos':
      return sql`${t}.total_videos DESC`;
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
export type PlaylistSort = 'latest-updates' | 'most-popular' | 'most-viewed' | 'top-rated';

/** Filter buckets of the model list (values 1..4 of content.md §3; the bounds are ours). */
export const WEIGHT_KG: Record<number, [number, number]> = {
  1: [0, 50],
  2: [50, 60],
  3: [60, 70],
  4: [70, 999],
};
export const HEIGHT_CM: Record<number, [number, number]> = {
  1: [0, 160],
  2: [160, 170],
  3: [170, 180],
  4: [180, 999],
};
export const AGE_YEARS: Record<number, [number, number]> = {
  1: [18, 25],
  2: [26, 35],
  3: [36, 45],
  4: [46, 200],
};

type ModelEb = ExpressionBuilder<Database & { m: Database['models'] }, 'm'>;

/** First letter: '0' for anything that does not start with a latin letter. */
function letterCondition(column: string, letter: string) {
  const ref = sql.ref(column);
  return letter === '0'
    ? sql<SqlBool>`lower(${ref}) !~ '^[a-z]'`
    : sql<SqlBool>`lower(${ref}) LIKE ${`${letter}%`}`;
}

function modelWhere(eb: ModelEb, gender: Gender, f: ModelListFilters) {
  const c: Expression<SqlBool>[] = [eb('m.gender', '=', gender)];
  if (f.letter) c.push(letterCondition('m.title', f.letter));
  if (f.hair !== undefined) c.push(eb('m.hair', '=', f.hair));
  if (f.race) c.push(eb('m.race', '=', f.race as 'asian'));
  if (f.country) c.push(eb('m.country', '=', f.country));
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

export function createObjectsRepository(db: DB) {
  return {
    categories: (gender: Gender, sort: CategorySort) => listCategoriesSorted(db, gender, sort),

    async countListedVideos() {
      const row = await db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 1)
        .where('is_private', '=', false)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One sitemap's worth of listed videos, in id order. */
    sitemapVideos(offset: number, limit: number) {
      return db
        .selectFrom('videos as v')
        .select([
          'v.id',
          'v.dir',
          'v.title',
          'v.description',
          'v.duration',
          'v.views',
          'v.post_date',
          (eb) =>
            eb
              .selectFrom('video_files as f')
              .select('f.storage_key')
              .whereRef('f.video_id', '=', 'v.id')
              .where('f.kind', '=', 'poster')
              .where('f.format', '=', '')
              .limit(1)
              .as('poster_key'),
        ])
        .where('v.status', '=', 1)
        .where('v.is_private', '=', false)
        .where('v.deleted_at', 'is', null)
        .orderBy('v.id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async sitemapObjects() {
      const [categories, tags, models, channels] = await Promise.all([
        db.selectFrom('categories').select('dir').where('total_videos', '>', 0).orderBy('id').execute(),
        db.selectFrom('tags').select('dir').where('total_videos', '>', 0).orderBy('id').execute(),
        db.selectFrom('models').select('dir').where('total_videos', '>', 0).orderBy('id').execute(),
        db.selectFrom('channels').select('dir').where('total_videos', '>', 0).orderBy('id').execute(),
      ]);
      const dirs = (rows: { dir: string }[]) => rows.map((r) => r.dir);
      return {
        categories: dirs(categories),
        tags: dirs(tags),
        models: dirs(models),
        channels: dirs(channels),
      };
    },

    async modelCountries(gender: Gender) {
      const rows = await db
        .selectFrom('models')
        .select('country')
        .distinct()
        .where('gender', '=', gender)
        .where('country', 'is not', null)
        .orderBy('country')
        .execute();
      return rows.map((r) => (r.country ?? '').trim().toLowerCase());
    },

    findTag(dir: string) {
      return db
        .selectFrom('tags')
        .select([
          'id',
          'dir',
          'title',
          'description',
          'total_videos',
          'mvp_title',
          'mvp_desc',
          'mvp_h1',
          'mvp_links',
        ])
        .where('dir', '=', dir)
        .executeTakeFirst();
    },

    findModel(dir: string) {
      return db.selectFrom('models').selectAll().where('dir', '=', dir).executeTakeFirst();
    },

    findChannel(dir: string) {
      return db.selectFrom('channels').selectAll().where('dir', '=', dir).executeTakeFirst();
    },

    findUser(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'avatar', 'videos_count'])
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    findCategories(dirs: string[]) {
      return db.selectFrom('categories').select(['id', 'dir', 'title']).where('dir', 'in', dirs).execute();
    },

    findPlaylist(id: number) {
      return db
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
          'p.comments_count',
          'p.created_at',
          'p.updated_at',
          'u.id as user_id',
          'u.username',
        ])
        .where('p.id', '=', id)
        .executeTakeFirst();
    },

    playlistCategories(id: number) {
      return db
        .selectFrom('playlist_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .select(['c.id', 'c.dir', 'c.title'])
        .where('pc.playlist_id', '=', id)
        .orderBy('c.title')
        .execute();
    },

    /** Tags of the newest videos with this tag, by how often they go together. */
    /** The tags most often found with a tag on its 500 newest videos (precomputed: rollups.ts). */
    relatedTags(tagId: number, limit: number) {
      return db
        .selectFrom('tag_related as r')
        .innerJoin('tags as t', 't.id', 'r.related_id')
        .select(['t.dir', 't.title', 't.total_videos', 'r.n'])
        .where('r.tag_id', '=', tagId)
        .orderBy('r.n', 'desc')
        .orderBy('t.title')
        .limit(limit)
        .execute();
    },

    listTags(letter: string | undefined, limit: number) {
      let q = db.selectFrom('tags').select(['dir', 'title', 'total_videos']).where('total_videos', '>', 0);
      if (letter) q = q.where(letterCondition('title', letter));
      return q.orderBy(sql`lower(title)`).orderBy('id').limit(limit).execute();
    },

    async listModels(
      gender: Gender,
      filters: ModelListFilters,
      sort: ModelSort,
      limit: number,
      offset: number,
    ) {
      let q = db
        .selectFrom('models as m')
        .select(['m.id', 'm.dir', 'm.title', 'm.img', 'm.total_videos', 'm.viewed', 'm.subscribers'])
        .where((eb) => modelWhere(eb, gender, filters));
      q = q.orderBy(objectOrder(sort, 'model'));
      const [rows, count] = await Promise.all([
        q.orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom('models as m')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where((eb) => modelWhere(eb, gender, filters))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async listChannels(gender: Gender, sort: ModelSort, limit: number, offset: number) {
      let q = db
        .selectFrom('channels as c')
        .select([
          'c.id',
          'c.dir',
          'c.title',
          'c.url',
          'c.scr1',
          'c.total_videos',
          'c.viewed',
          'c.subscribers',
        ])
        .where('c.gender', '=', gender);
      q = q.orderBy(objectOrder(sort, 'channel'));
      const [rows, count] = await Promise.all([
        q.orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom('channels')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('gender', '=', gender)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async listPlaylists(gender: Gender, sort: PlaylistSort, limit: number, offset: number) {
      let q = db
        .selectFrom('playlists as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select([
          'p.id',
          'p.title',
          'p.description',
          'p.total_videos',
          'p.viewed',
          'p.rating',
          'u.id as user_id',
          'u.username',
          (eb) =>
            eb
              .selectFrom('playlist_videos as pv')
              .innerJoin('video_files as f', 'f.video_id', 'pv.video_id')
              .select('f.storage_key')
              .whereRef('pv.playlist_id', '=', 'p.id')
              .where('f.kind', '=', 'poster')
              .where('f.format', '=', '')
              .orderBy('pv.position')
              .limit(1)
              .as('poster_key'),
        ])
        .where('p.gender', '=', gender)
        .where('p.is_private', '=', false)
        .where('p.total_videos', '>', 0);
      q =
        sort === 'most-popular'
          ? q.orderBy('p.likes', 'desc').orderBy('p.viewed', 'desc')
          : sort === 'most-viewed'
            ? q.orderBy('p.viewed', 'desc')
            : sort === 'top-rated'
              ? q.orderBy('p.rating', 'desc').orderBy('p.likes', 'desc')
              : q.orderBy('p.updated_at', 'desc');
      const [rows, count] = await Promise.all([
        q.orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom('playlists')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('gender', '=', gender)
          .where('is_private', '=', false)
          .where('total_videos', '>', 0)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    topChannels(gender: Gender, limit: number) {
      return db
        .selectFrom('channels')
        .select(['dir', 'title', 'total_videos'])
        .where('gender', '=', gender)
        .orderBy('viewed', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    topKeywords(limit: number) {
      return db
        .selectFrom('search_keywords')
        .select('keyword')
        .orderBy('searches', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}

export type ObjectsRepository = ReturnType<typeof createObjectsRepository>;

export { CATEGORY_SORTS, type CategorySort } from '../../../contract/catalog.ts';

export function listCategoriesSorted(db: DB, gender: Gender, sort: CategorySort) {
  let q = db
    .selectFrom('categories')
    .select(['id', 'dir', 'title', 'total_videos', 'thumb', 'viewed', 'rating'])
    .where('gender', '=', gender);
  q =
    sort === 'count-videos'
      ? q.orderBy('total_videos', 'desc')
      : sort === 'latest-updates' || sort === 'recent'
        ? q.orderBy('created_at', 'desc')
        : sort === 'most-popular' || sort === 'most-viewed'
          ? q.orderBy('viewed', 'desc')
          : sort === 'top-rated'
            ? q.orderBy('rating', 'desc')
            : q.orderBy(sql`lower(title)`);
  return q.orderBy('id').execute();
}
