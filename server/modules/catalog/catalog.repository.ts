import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DateWindow, DurationClass, Gender, VideoSort } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface VideoFilter {
  gender: Gender;
  duration?: DurationClass;
  categoryDirs?: string[];
}

type VideoEb = ExpressionBuilder<Database & { v: Database['videos'] }, 'v'>;

const DAYS: Record<Exclude<DateWindow, 'all'>, number> = { day: 1, week: 7, month: 30 };
const DURATION_BOUNDS: Record<DurationClass, [number, number | null]> = {
  1: [0, 600],
  2: [600, 2400],
  3: [2400, null],
};

/** The conditions of a listed video (active, public, not deleted) plus the listing's filters. */
function listedWhere(eb: VideoEb, filter: VideoFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [
    eb('v.status', '=', 1),
    eb('v.is_private', '=', false),
    eb('v.deleted_at', 'is', null),
    eb('v.gender', '=', filter.gender),
  ];
  if (filter.duration) {
    const [min, max] = DURATION_BOUNDS[filter.duration];
    conditions.push(eb('v.duration', '>=', min));
    if (max !== null) conditions.push(eb('v.duration', '<', max));
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

export function createCatalogRepository(db: DB) {
  const cardColumns = [
    'v.id',
    'v.dir',
    'v.title',
    'v.duration',
    'v.height',
    'v.post_date',
    'v.views',
    'v.likes',
    'v.dislikes',
    'v.rating',
    'v.comments_count',
  ] as const;

  const posterKey = (eb: VideoEb) =>
    eb
      .selectFrom('video_files as f')
      .select('f.storage_key')
      .whereRef('f.video_id', '=', 'v.id')
      .where('f.kind', '=', 'poster')
      .limit(1)
      .as('poster_key');

  return {
    async listVideos(filter: VideoFilter, sort: VideoSort, date: DateWindow, limit: number, offset: number) {
      let query = db
        .selectFrom('videos as v')
        .select(cardColumns)
        .select(posterKey)
        .where((eb) => listedWhere(eb, filter));

      // Windows of most-popular and top-rated rank by what happened in the window (daily roll-up).
      if (date !== 'all' && (sort === 'most-popular' || sort === 'top-rated')) {
        const since = sql<string>`current_date - ${DAYS[date]}::int`;
        query = query
          .innerJoin(
            (eb) =>
              eb
                .selectFrom('video_stats_daily')
                .select([
                  'video_id',
                  (e) => e.fn.sum<number>('views').as('w_views'),
                  (e) => e.fn.sum<number>('likes').as('w_likes'),
                  (e) => e.fn.sum<number>('dislikes').as('w_dislikes'),
                ])
                .where('day', '>', since)
                .groupBy('video_id')
                .as('w'),
            (join) => join.onRef('w.video_id', '=', 'v.id'),
          )
          .orderBy(
            sort === 'most-popular'
              ? sql`w.w_views`
              : sql`w.w_likes::real / greatest(w.w_likes + w.w_dislikes, 1)`,
            'desc',
          )
          .orderBy(sql`w.w_likes`, 'desc');
      } else {
        switch (sort) {
          case 'latest-updates':
            query = query.orderBy('v.post_date', 'desc');
            break;
          case 'longest':
            query = query.orderBy('v.duration', 'desc');
            break;
          case 'most-commented':
            query = query.orderBy('v.comments_count', 'desc');
            break;
          case 'most-popular':
          case 'most-viewed':
            query = query.orderBy('v.views', 'desc');
            break;
          case 'top-rated':
            query = query.orderBy('v.rating', 'desc').orderBy('v.likes', 'desc');
            break;
        }
      }
      return query.orderBy('v.id', 'desc').limit(limit).offset(offset).execute();
    },

    async countVideos(filter: VideoFilter, sort: VideoSort, date: DateWindow): Promise<number> {
      let query = db
        .selectFrom('videos as v')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => listedWhere(eb, filter));
      if (date !== 'all' && (sort === 'most-popular' || sort === 'top-rated')) {
        const since = sql<string>`current_date - ${DAYS[date]}::int`;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('video_stats_daily as s')
              .select(sql.lit(1).as('one'))
              .whereRef('s.video_id', '=', 'v.id')
              .where('s.day', '>', since),
          ),
        );
      }
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findVideo(id: number) {
      return db
        .selectFrom('videos as v')
        .leftJoin('users as u', 'u.id', 'v.user_id')
        .leftJoin('channels as ch', 'ch.id', 'v.channel_id')
        .select(cardColumns)
        .select(posterKey)
        .select([
          'v.description',
          'v.status',
          'v.is_private',
          'v.deleted_at',
          'u.id as user_id',
          'u.username',
          'ch.id as channel_id',
          'ch.dir as channel_dir',
          'ch.title as channel_title',
          'ch.url as channel_url',
        ])
        .where('v.id', '=', id)
        .executeTakeFirst();
    },

    async videoLinks(videoId: number) {
      const [models, categories, tags, files] = await Promise.all([
        db
          .selectFrom('video_models as vm')
          .innerJoin('models as m', 'm.id', 'vm.model_id')
          .select(['m.id', 'm.dir', 'm.title'])
          .where('vm.video_id', '=', videoId)
          .orderBy('m.title')
          .execute(),
        db
          .selectFrom('video_categories as vc')
          .innerJoin('categories as c', 'c.id', 'vc.category_id')
          .select(['c.id', 'c.dir', 'c.title'])
          .where('vc.video_id', '=', videoId)
          .orderBy('c.title')
          .execute(),
        db
          .selectFrom('video_tags as vt')
          .innerJoin('tags as t', 't.id', 'vt.tag_id')
          .select(['t.id', 't.dir', 't.title'])
          .where('vt.video_id', '=', videoId)
          .orderBy('t.title')
          .execute(),
        db
          .selectFrom('video_files')
          .select(['format', 'storage_key', 'mime', 'height'])
          .where('video_id', '=', videoId)
          .where('kind', '=', 'mp4')
          .orderBy('height', 'desc')
          .execute(),
      ]);
      return { models, categories, tags, files };
    },

    async listCategories(gender: Gender) {
      return db
        .selectFrom('categories')
        .select(['id', 'dir', 'title', 'total_videos', 'thumb'])
        .where('gender', '=', gender)
        .orderBy('title')
        .execute();
    },

    async topModels(gender: Gender, limit: number) {
      return db
        .selectFrom('models')
        .select(['id', 'dir', 'title', 'img', 'total_videos'])
        .where('gender', '=', gender)
        .orderBy('viewed', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
