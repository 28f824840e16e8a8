import { type JoinBuilder, type RawBuilder, sql } from 'kysely';
import type { DateWindow, Gender, ListingSort } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { PREPARED } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { listedVideo } from '../../db/video-status-sql.ts';
import { listedVideos } from './object-counts-sql.ts';
import { SEARCH_TIER_KEY, WINDOW_DAYS } from './rollups.ts';
import { createVideoCardsRepository } from './video-cards.repository.ts';
import {
  listedWhere,
  planIsValueFree,
  prefixQuery,
  type VideoEb,
  type VideoFilter,
} from './video-filter-sql.ts';

export type { VideoFilter } from './video-filter-sql.ts';

const DAYS: Record<Exclude<DateWindow, 'all'>, number> = WINDOW_DAYS;

/** A listed video's row of the trending order of `gender` (only ranked videos have one). */
const trendingOf = <
  J extends JoinBuilder<Database & { v: Database['videos']; t: Database['trending_videos'] }, 't' | 'v'>,
>(
  join: J,
  gender: Gender,
) => join.onRef('t.video_id', '=', 'v.id').on('t.gender', '=', gender);

export type { LinkedCategory, LinkedModel } from './video-cards.repository.ts';

export function createCatalogRepository(db: DB) {
  const videoCards = createVideoCardsRepository(db);
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
      .where('f.format', '=', '')
      .limit(1)
      .as('poster_key');

  // The search tier's views threshold per gender (rollups.ts), read at most once a minute: it is a
  // tuning figure refreshed with the roll-ups, not a result. 0 (no threshold): every video is in it.
  let tier: { until: number; views: Promise<Record<string, number>> } | undefined;
  const tierViews = async (gender: Gender): Promise<number> => {
    if (!tier || tier.until < Date.now()) {
      const views = db
        .selectFrom('site_settings')
        .select('value')
        .where('key', '=', SEARCH_TIER_KEY)
        .executeTakeFirst()
        .then((row) => (row?.value ?? {}) as Record<string, number>);
      tier = { until: Date.now() + 60_000, views };
      views.catch(() => {
        tier = undefined;
      });
    }
    return Number((await tier.views)[gender] ?? 0);
  };

  return {
    async listVideos(
      filter: VideoFilter,
      sort: ListingSort | 'most-relevant',
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

      let relevance: RawBuilder<unknown> | undefined;
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
        relevance = sql`ts_rank(v.search_vector, to_tsquery('simple', ${prefixQuery(filter.text ?? '')}))`;
        query = query.orderBy(relevance, 'desc');
      } else if (date !== 'all' && (sort === 'most-popular' || sort === 'top-rated')) {
        // Windows of most-popular and top-rated rank by what happened in the window: the per-window
        // sums of video_stats_window (rollups.ts), read in the order of its sort index.
        query = query
          .innerJoin('video_stats_window as w', 'w.video_id', 'v.id')
          .where('w.days', '=', DAYS[date])
          .where('w.gender', '=', filter.gender)
          .orderBy(sort === 'most-popular' ? 'w.views' : 'w.rating', 'desc')
          .orderBy('w.likes', 'desc')
          .orderBy('w.video_id', 'desc');
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
          case 'trending':
            // The trending.refresh job's order of the orientation, by rank (discovery/trending.repository.ts).
            query = query
              .innerJoin('trending_videos as t', (join) => trendingOf(join, filter.gender))
              .orderBy('t.rank');
            break;
        }
      }
      const ids = query.orderBy('v.id', 'desc').limit(limit).offset(offset);
      let page = sql<{
        id: number;
        pos: number;
      }>`(SELECT * FROM unnest(ARRAY(${ids})) WITH ORDINALITY AS u(id, pos))`;
      const tier = relevance ? await tierViews(filter.gender) : 0;
      if (relevance && tier > 0) {
        // Relevance is ranked among the matches of the tier (the SEARCH_TIER_SIZE most viewed videos,
        // videos.in_search_tier: read from the tier's own full-text index, so the rows read stay bounded
        // however large the catalogue), then among the other matches, read only by a page past the tier's.
        const rank = relevance;
        const matches = (inTier: boolean) =>
          db
            .selectFrom('videos as v')
            .select('v.id')
            .where((eb) => listedWhere(eb, filter))
            .where('v.in_search_tier', '=', inTier);
        const ranked = (inTier: boolean, n: number, skip: number) =>
          matches(inTier).orderBy(rank, 'desc').orderBy('v.id', 'desc').limit(n).offset(skip).execute();
        const pageIds = (await ranked(true, limit, offset)).map((r) => Number(r.id));
        if (pageIds.length < limit) {
          // The page ends past the tier: how many the tier has (known when the page holds some of them).
          const inTier =
            pageIds.length > 0
              ? offset + pageIds.length
              : Number(
                  (
                    await db
                      .selectFrom(matches(true).as('m'))
                      .select((eb) => eb.fn.countAll<number>().as('n'))
                      .executeTakeFirstOrThrow()
                  ).n,
                );
          const rest = await ranked(false, limit - pageIds.length, Math.max(0, offset - inTier));
          pageIds.push(...rest.map((r) => Number(r.id)));
        }
        const idList =
          pageIds.length > 0 ? sql.join(pageIds.map((id) => sql`${id}::bigint`)) : sql`NULL::bigint`;
        page = sql<{
          id: number;
          pos: number;
        }>`(SELECT * FROM unnest(ARRAY[${idList}]) WITH ORDINALITY AS u(id, pos) WHERE u.id IS NOT NULL)`;
      }
      // The page's counters and card versions; the cards' stable parts from this process's card cache.
      let rowsQuery = db
        .selectFrom(page.as('p'))
        .innerJoin('videos as v', 'v.id', 'p.id')
        .select([
          'v.id',
          'v.views',
          'v.likes',
          'v.dislikes',
          'v.rating',
          'v.comments_count',
          'v.card_version',
        ])
        .orderBy('p.pos');
      // A statement of its own text per filter shape: prepared when no value changes its best plan.
      if (planIsValueFree(filter) && !relevance) rowsQuery = rowsQuery.modifyEnd(PREPARED);
      const rows = await rowsQuery.execute();
      return videoCards.complete(rows, options.withLinks === true);
    },

    /**
     * Listed videos matching the filter. With `cap`, counting stops there: a listing shows at most 20
     * pages, so a count past the last reachable page changes nothing and would cost O(catalogue).
     */
    async countVideos(
      filter: VideoFilter,
      sort: ListingSort | 'most-relevant',
      date: DateWindow,
      cap?: number,
    ): Promise<number> {
      let inner = db
        .selectFrom('videos as v')
        .select(sql.lit(1).as('one'))
        .where((eb) => listedWhere(eb, filter));
      if (sort === 'trending') {
        inner = inner.innerJoin('trending_videos as t', (join) => trendingOf(join, filter.gender));
      }
      if (date !== 'all' && (sort === 'most-popular' || sort === 'top-rated')) {
        inner = inner.where((eb) =>
          eb.exists(
            eb
              .selectFrom('video_stats_window as w')
              .select(sql.lit(1).as('one'))
              .whereRef('w.video_id', '=', 'v.id')
              .where('w.days', '=', DAYS[date]),
          ),
        );
      }
      const tier = filter.text !== undefined && cap !== undefined ? await tierViews(filter.gender) : 0;
      if (tier > 0 && cap !== undefined) {
        // Search: the tier's matches (its own index, bounded), then the others only up to the cap.
        const countOf = async (q: typeof inner) =>
          Number(
            (
              await db
                .selectFrom(q.as('matches'))
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const inTier = await countOf(inner.where('v.in_search_tier', '=', true).limit(cap));
        if (inTier >= cap) return cap;
        return inTier + (await countOf(inner.where('v.in_search_tier', '=', false).limit(cap - inTier)));
      }
      if (cap !== undefined) inner = inner.limit(cap);
      let countQuery = db.selectFrom(inner.as('matches')).select((eb) => eb.fn.countAll<number>().as('n'));
      if (planIsValueFree(filter)) countQuery = countQuery.modifyEnd(PREPARED);
      const row = await countQuery.executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findVideo(id: number) {
      return (
        db
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
            'ch.partner as channel_partner',
            'ch.scr1 as channel_scr1',
            'v.gender',
            // The channel's videos in the video's orientation (object_video_counts), as its page lists them.
            listedVideos('channel', sql.ref('v.channel_id'), sql.ref('v.gender')).as('channel_videos'),
            'v.country',
            'v.sg_id',
            'v.ex_tube',
            'v.ex_id',
          ])
          // vda: the channel's listed videos of the video's orientation added in the last 24 hours (an
          // index range of videos_channel_idx).
          .select(
            sql<number | null>`(SELECT count(*)::int FROM videos cv WHERE cv.channel_id = v.channel_id
            AND cv.post_date > now() - interval '1 day' AND ${listedVideo('cv')}
            AND cv.gender = v.gender)`.as('channel_vda'),
          )
          .where('v.id', '=', id)
          .executeTakeFirst()
      );
    },

    /** A video's links; the models' counts are of `gender` (the video's own orientation). */
    async videoLinks(videoId: number, gender: Gender) {
      const [models, categories, tags, files, thumbs] = await Promise.all([
        db
          .selectFrom('video_models as vm')
          .innerJoin('models as m', 'm.id', 'vm.model_id')
          .select(['m.id', 'm.dir', 'm.title', 'm.img'])
          .select(listedVideos('model', sql.ref('m.id'), gender).as('total_videos'))
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
        db
          .selectFrom('video_files')
          .select('storage_key')
          .where('video_id', '=', videoId)
          .where('kind', '=', 'thumb')
          .orderBy('format')
          .execute(),
      ]);
      return { models, categories, tags, files, thumbs: thumbs.map((t) => t.storage_key) };
    },

    async listCategories(gender: Gender) {
      return db
        .selectFrom('categories')
        .select(['id', 'dir', 'title', 'thumb'])
        .select(listedVideos('category', sql.ref('categories.id'), gender).as('total_videos'))
        .where('gender', '=', gender)
        .orderBy('title')
        .execute();
    },

    async topModels(gender: Gender, limit: number) {
      return db
        .selectFrom('models')
        .select(['id', 'dir', 'title', 'img'])
        .select(listedVideos('model', sql.ref('models.id'), gender).as('total_videos'))
        .where('gender', '=', gender)
        .orderBy('viewed', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
