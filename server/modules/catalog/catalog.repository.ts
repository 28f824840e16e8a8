import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DateWindow, DurationClass, Gender, VideoSort } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

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

export interface LinkedCategory {
  id: number;
  dir: string;
  title: string;
}
export interface LinkedModel {
  dir: string;
  title: string;
  img: string | null;
  total_videos: number;
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
    async listVideos(
      filter: VideoFilter,
      sort: VideoSort | 'most-relevant',
      date: DateWindow,
      limit: number,
      offset: number,
      options: { withLinks?: boolean } = {},
    ) {
      // The page's ids first (index order, nothing computed for the skipped rows), then the cards of
      // those ids only, in the same order (ARRAY(subquery) keeps it; WITH ORDINALITY numbers it).
      let query = db
        .selectFrom('videos as v')
        .select('v.id')
        .where((eb) => listedWhere(eb, filter));

      // Lists with an order of their own: a playlist's positions, a history's newest views, relevance.
      if (filter.playlistId !== undefined) {
        query = query.orderBy(
          (eb) =>
            eb
              .selectFrom('playlist_videos as pv')
              .select('pv.position')
              .whereRef('pv.video_id', '=', 'v.id')
              .where('pv.playlist_id', '=', filter.playlistId as number),
          'asc',
        );
      } else if (filter.historyOf !== undefined) {
        query = query.orderBy(
          (eb) =>
            eb
              .selectFrom('history as h')
              .select('h.watched_at')
              .whereRef('h.video_id', '=', 'v.id')
              .where('h.user_id', '=', filter.historyOf as number),
          'desc',
        );
      } else if (sort === 'most-relevant') {
        query = query.orderBy(
          sql`ts_rank(v.search_vector, to_tsquery('simple', ${prefixQuery(filter.text ?? '')}))`,
          'desc',
        );
      } else if (date !== 'all' && (sort === 'most-popular' || sort === 'top-rated')) {
        // Windows of most-popular and top-rated rank by what happened in the window (daily roll-up).
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
      const ids = query.orderBy('v.id', 'desc').limit(limit).offset(offset);
      let cards = db
        .selectFrom(
          sql<{
            id: number;
            pos: number;
          }>`(SELECT * FROM unnest(ARRAY(${ids})) WITH ORDINALITY AS u(id, pos))`.as('p'),
        )
        .innerJoin('videos as v', 'v.id', 'p.id')
        .select(cardColumns)
        .select(posterKey)
        .orderBy('p.pos');
      if (options.withLinks) {
        // Each card's categories and models in the same statement: one round trip instead of three
        // (the embedded database runs one statement at a time).
        cards = cards.select([
          sql<
            LinkedCategory[]
          >`coalesce((SELECT json_agg(json_build_object('id', c.id, 'dir', c.dir, 'title', c.title) ORDER BY c.title)
            FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = v.id), '[]'::json)`.as(
            'link_categories',
          ),
          sql<
            LinkedModel[]
          >`coalesce((SELECT json_agg(json_build_object('dir', m.dir, 'title', m.title, 'img', m.img, 'total_videos', m.total_videos) ORDER BY m.title)
            FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = v.id), '[]'::json)`.as(
            'link_models',
          ),
        ]) as unknown as typeof cards;
      }
      return cards.execute();
    },

    /**
     * Listed videos matching the filter. With `cap`, counting stops there: a listing shows at most 20
     * pages, so a count past the last reachable page changes nothing and would cost O(catalogue).
     */
    async countVideos(
      filter: VideoFilter,
      sort: VideoSort | 'most-relevant',
      date: DateWindow,
      cap?: number,
    ): Promise<number> {
      let inner = db
        .selectFrom('videos as v')
        .select(sql.lit(1).as('one'))
        .where((eb) => listedWhere(eb, filter));
      if (date !== 'all' && (sort === 'most-popular' || sort === 'top-rated')) {
        const since = sql<string>`current_date - ${DAYS[date]}::int`;
        inner = inner.where((eb) =>
          eb.exists(
            eb
              .selectFrom('video_stats_daily as s')
              .select(sql.lit(1).as('one'))
              .whereRef('s.video_id', '=', 'v.id')
              .where('s.day', '>', since),
          ),
        );
      }
      if (cap !== undefined) inner = inner.limit(cap);
      const row = await db
        .selectFrom(inner.as('matches'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
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
