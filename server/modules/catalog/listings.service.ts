// The read calls of content.md §7 as domain operations: video lists by section, objects and their lists.
// No HTTP here: the routes validate segments into these parameters and serialize what comes back.

import {
  type DateWindow,
  type DurationClass,
  type Gender,
  MAX_PAGE,
  VIDEO_SORTS as VIDEO_SORTS_LIST,
} from '../../../contract/catalog.ts';
import {
  type ChannelsResponse,
  type CountedItem,
  MAX_CATEGORIES,
  type ModelListFilters,
  type ModelsResponse,
  type Mvp,
  type PlaylistsResponse,
  type SearchSort,
  type VideoListParams,
  type Videos2Response,
} from '../../../contract/catalog-api.ts';
import { DomainError, forbidden, notFound } from '../../errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { CatalogRepository, LinkedCategory, LinkedModel, VideoFilter } from './catalog.repository.ts';
import { mediaUrl, toCard } from './catalog.service.ts';
import { channelDetail, modelDetail, playlistDetail } from './objects.mappers.ts';
import type { CategorySort, ModelSort, ObjectsRepository, PlaylistSort } from './objects.repository.ts';
import { SITEMAP_MAX_URLS } from './sitemap.ts';

const DATED_SORTS = new Set(['most-popular', 'top-rated']);
const media = (key: string | null | undefined) => (key ? mediaUrl(key) : null);
const titleCase = (s: string) => s.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());

export interface ListingsOptions {
  siteName: string;
  /** Lifetime of in-process results (counts, lists); 0 turns it off (the bench's uncached figure). */
  cacheTtlMs?: number;
}

export interface SearchListParams {
  gender: Gender;
  sort: SearchSort;
  count: number;
  page: number;
  text: string;
  hd?: boolean;
  duration?: DurationClass;
  date: DateWindow;
}

export function createListingsService(
  repo: CatalogRepository,
  objects: ObjectsRepository,
  options: ListingsOptions,
) {
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const counts = new TtlCache<number>({ ttlMs, maxEntries: 5000 });
  const cache = new TtlCache<unknown>({ ttlMs, maxEntries: 2000 });
  const cached = <T>(key: string, load: () => Promise<T>) =>
    ttlMs > 0 ? (cache.getOrLoad(key, load) as Promise<T>) : load();

  async function videoPage(
    filter: VideoFilter,
    sort: SearchSort,
    date: DateWindow,
    count: number,
    page: number,
    mvp: Mvp | null,
  ): Promise<Videos2Response> {
    // total_count stops at the last reachable page (MAX_PAGE × count): see docs/decisions.md.
    const cap = MAX_PAGE * count;
    const countKey = JSON.stringify([filter, sort === 'most-relevant' ? '' : sort, date, cap]);
    const [rows, total] = await Promise.all([
      repo.listVideos(filter, sort, date, count, (page - 1) * count, { withLinks: true }) as Promise<
        (Awaited<ReturnType<CatalogRepository['listVideos']>>[number] & {
          link_categories: LinkedCategory[];
          link_models: LinkedModel[];
        })[]
      >,
      ttlMs > 0
        ? counts.getOrLoad(countKey, () => repo.countVideos(filter, sort, date, cap))
        : repo.countVideos(filter, sort, date, cap),
    ]);
    const categoryCount = new Map<number, { id: number; dir: string; title: string; videos: number }>();
    const modelCount = new Map<
      string,
      { dir: string; title: string; img: string | null; videos: number; n: number }
    >();
    const videos = rows.map((row) => {
      const categories = row.link_categories.map((c) => ({ id: Number(c.id), dir: c.dir, title: c.title }));
      const models = row.link_models.map((m) => ({
        dir: m.dir,
        title: m.title,
        img: media(m.img),
        videos: Number(m.total_videos),
      }));
      for (const c of categories) {
        const seen = categoryCount.get(c.id);
        if (seen) seen.videos++;
        else categoryCount.set(c.id, { ...c, videos: 1 });
      }
      for (const m of models) {
        const seen = modelCount.get(m.dir);
        if (seen) seen.n++;
        else modelCount.set(m.dir, { ...m, n: 1 });
      }
      const { link_categories: _c, link_models: _m, ...card } = row;
      return { ...toCard(card), categories, models };
    });
    const byCount =
      <T extends { title: string }>(n: (x: T) => number) =>
      (a: T, b: T) =>
        n(b) - n(a) || a.title.localeCompare(b.title);
    return {
      videos,
      total_count: total,
      categories: [...categoryCount.values()].sort(byCount((c) => c.videos)),
      models: [...modelCount.values()].sort(byCount((m) => m.n)).map(({ n: _n, ...m }) => m),
      mvp,
    };
  }

  async function tagMvp(tag: {
    id: number;
    dir: string;
    title: string;
    description: string;
    total_videos: number;
  }) {
    const related = await objects.relatedTags(tag.id, 30);
    const title = titleCase(tag.title);
    return {
      mvp: {
        mtitle: `${title} Videos`,
        mdesc:
          tag.description ||
          `Watch ${tag.total_videos} ${title} videos for free on ${options.siteName}: new ${title} clips every day.`,
        h1: `${title} Videos`,
        links: related.map((t) => ({ url: `/tags/${t.dir}/1/`, title_nav: t.title })),
      } satisfies Mvp,
      tags: related.map((t): CountedItem => ({ dir: t.dir, title: t.title, total_videos: t.total_videos })),
    };
  }

  const requireEmptyObject = (objectId: string) => {
    if (objectId !== '' && objectId !== '0') throw new DomainError('invalid_object_id');
  };
  const parseIdOf = (objectId: string) => {
    if (!/^[1-9]\d{0,14}$/.test(objectId)) throw new DomainError('invalid_object_id');
    return Number(objectId);
  };
  const parseDirs = (objectId: string, max: number) => {
    const dirs = objectId.split(',');
    if (
      dirs.length > max ||
      new Set(dirs).size !== dirs.length ||
      dirs.some((d) => !/^[\p{L}\p{N}_-]{1,200}$/u.test(d))
    ) {
      throw new DomainError('invalid_object_id');
    }
    return dirs;
  };

  return {
    /** videos2: one page of a section. `viewerId` is the signed-in member (history needs it). */
    async videos2(p: VideoListParams, viewerId: number | null = null): Promise<Videos2Response> {
      if (p.date !== 'all' && !DATED_SORTS.has(p.sort)) throw new DomainError('invalid_date');
      const filter: VideoFilter = { gender: p.gender, duration: p.duration };
      if (p.type === 'hd') filter.hd = true;
      let mvp: Mvp | null = null;
      switch (p.section) {
        case 'videos':
          requireEmptyObject(p.objectId);
          break;
        case 'categories': {
          const dirs = parseDirs(p.objectId, MAX_CATEGORIES);
          const found = await cached(`cats:${dirs.join(',')}`, () => objects.findCategories(dirs));
          if (found.length !== dirs.length) throw notFound();
          filter.categoryDirs = dirs;
          break;
        }
        case 'tags': {
          const [dir] = parseDirs(p.objectId, 1);
          const tag = await cached(`tag:${dir}`, () => objects.findTag(dir as string));
          if (!tag) throw notFound();
          filter.tagId = tag.id;
          mvp = (await cached(`mvp:${tag.id}`, () => tagMvp(tag))).mvp;
          break;
        }
        case 'channel': {
          const [dir] = parseDirs(p.objectId, 1);
          const channel = await cached(`channel:${dir}`, () => objects.findChannel(dir as string));
          if (!channel) throw notFound();
          filter.channelId = channel.id;
          break;
        }
        case 'model':
        case 'model_category': {
          const [dir, category] = parseDirs(p.objectId, p.section === 'model' ? 1 : 2);
          if (p.section === 'model_category' && !category) throw new DomainError('invalid_object_id');
          const model = await cached(`model:${dir}`, () => objects.findModel(dir as string));
          if (!model) throw notFound();
          filter.modelId = model.id;
          if (category) {
            const found = await objects.findCategories([category]);
            if (found.length === 0) throw notFound();
            filter.categoryDirs = [category];
          }
          break;
        }
        case 'member': {
          const user = await objects.findUser(parseIdOf(p.objectId));
          if (!user) throw notFound();
          filter.userId = user.id;
          break;
        }
        case 'history': {
          // A member's history is theirs alone and never cached (content.md §2, §9: lifetime 0).
          if (p.lifetime !== 0) throw new DomainError('invalid_lifetime');
          const id = parseIdOf(p.objectId);
          if (viewerId === null) throw new DomainError('login_required', { status: 401 });
          if (viewerId !== id) throw forbidden();
          filter.historyOf = id;
          return videoPage(filter, p.sort, p.date, p.count, p.page, null);
        }
        case 'playlist': {
          const playlist = await objects.findPlaylist(parseIdOf(p.objectId));
          if (!playlist || playlist.is_private) throw notFound();
          filter.playlistId = playlist.id;
          break;
        }
      }
      return cached(JSON.stringify(['v2', filter, p.sort, p.date, p.count, p.page]), () =>
        videoPage(filter, p.sort, p.date, p.count, p.page, mvp),
      );
    },

    search(p: SearchListParams): Promise<Videos2Response> {
      if (p.date !== 'all' && !DATED_SORTS.has(p.sort)) throw new DomainError('invalid_date');
      const filter: VideoFilter = { gender: p.gender, duration: p.duration, text: p.text };
      if (p.hd) filter.hd = true;
      return cached(JSON.stringify(['search', filter, p.sort, p.date, p.count, p.page]), () =>
        videoPage(filter, p.sort, p.date, p.count, p.page, null),
      );
    },

    async tagMvp(dir: string) {
      const tag = await cached(`tag:${dir}`, () => objects.findTag(dir));
      if (!tag) throw notFound();
      const block = await cached(`mvp:${tag.id}`, () => tagMvp(tag));
      return { tag: { dir: tag.dir, title: tag.title, total_videos: tag.total_videos }, ...block };
    },

    tags(letter: string | undefined) {
      return cached(`tags:${letter ?? 'all'}`, async () => {
        const tags = await objects.listTags(letter, 5000);
        return { tags, total_count: tags.length };
      });
    },

    models(
      gender: Gender,
      sort: ModelSort,
      count: number,
      page: number,
      filters: ModelListFilters,
    ): Promise<ModelsResponse> {
      return cached(JSON.stringify(['models', gender, sort, count, page, filters]), async () => {
        const { rows, total } = await objects.listModels(gender, filters, sort, count, (page - 1) * count);
        return {
          models: rows.map((m) => ({
            id: m.id,
            dir: m.dir,
            title: m.title,
            img: media(m.img),
            total_videos: m.total_videos,
            statistics: { videos: m.total_videos, viewed: Number(m.viewed), subscribers: m.subscribers },
          })),
          total_count: total,
        };
      });
    },

    /** Number of video sitemap files (50,000 URLs each). */
    async sitemapVideoFiles(): Promise<number> {
      return Math.ceil((await objects.countListedVideos()) / SITEMAP_MAX_URLS);
    },

    /** Video sitemap n (1-based); null past the last one. */
    async sitemapVideos(n: number) {
      const rows = await objects.sitemapVideos((n - 1) * SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
      return n > 1 && rows.length === 0 ? null : rows;
    },

    async sitemapPages(): Promise<string[]> {
      const o = await objects.sitemapObjects();
      return [
        '/',
        '/categories/',
        '/tags/',
        '/pornstars/most-popular/1/',
        '/pornsites/most-popular/1/',
        '/playlists/latest-updates/1/',
        ...VIDEO_SORTS_LIST.map((s) => `/videos/${s}/1/`),
        ...o.categories.map((d) => `/categories/${d}/latest-updates/1/`),
        ...o.tags.map((d) => `/tags/${d}/1/`),
        ...o.models.map((d) => `/pornstar/${d}/`),
        ...o.channels.map((d) => `/pornsite/${d}/`),
      ];
    },

    /** Countries the model filter offers: those some model of the orientation comes from. */
    modelCountries(gender: Gender): Promise<string[]> {
      return cached(`countries:${gender}`, () => objects.modelCountries(gender));
    },

    async model(dir: string) {
      const m = await cached(`model:${dir}`, () => objects.findModel(dir));
      if (!m) throw notFound();
      return { model: modelDetail(m) };
    },

    channels(gender: Gender, sort: ModelSort, count: number, page: number): Promise<ChannelsResponse> {
      return cached(JSON.stringify(['channels', gender, sort, count, page]), async () => {
        const { rows, total } = await objects.listChannels(gender, sort, count, (page - 1) * count);
        return {
          channels: rows.map((c) => ({
            id: c.id,
            dir: c.dir,
            title: c.title,
            url: c.url,
            scr1: media(c.scr1),
            total_videos: c.total_videos,
            statistics: { videos: c.total_videos, viewed: Number(c.viewed), subscribers: c.subscribers },
          })),
          total_count: total,
        };
      });
    },

    async channel(dir: string) {
      const c = await cached(`channel:${dir}`, () => objects.findChannel(dir));
      if (!c) throw notFound();
      return { channel: channelDetail(c) };
    },

    playlists(gender: Gender, sort: PlaylistSort, count: number, page: number): Promise<PlaylistsResponse> {
      return cached(JSON.stringify(['playlists', gender, sort, count, page]), async () => {
        const { rows, total } = await objects.listPlaylists(gender, sort, count, (page - 1) * count);
        return {
          playlists: rows.map((p) => ({
            playlist_id: p.id,
            title: p.title,
            description: p.description,
            private: 0 as const,
            total_videos: p.total_videos,
            viewed: Number(p.viewed),
            rating: Math.round(p.rating * 100),
            scr: media(p.poster_key),
            user: { id: p.user_id, user_id: p.user_id, username: p.username },
          })),
          total_count: total,
        };
      });
    },

    async playlist(id: number, viewerId: number | null = null) {
      const p = await objects.findPlaylist(id);
      if (!p || (p.is_private && p.user_id !== viewerId)) throw notFound();
      const categories = await objects.playlistCategories(id);
      return { playlist: playlistDetail(p, categories) };
    },

    categories(gender: Gender, sort: CategorySort) {
      return cached(`categories:${gender}:${sort}`, async () => {
        const rows = await objects.categories(gender, sort);
        return {
          categories: rows.map((c) => ({
            id: c.id,
            dir: c.dir,
            title: c.title,
            total_videos: c.total_videos,
            scr: media(c.thumb),
            statistics: {
              videos: c.total_videos,
              viewed: Number(c.viewed),
              rating: Math.round(c.rating * 100),
            },
          })),
          total_count: rows.length,
        };
      });
    },

    /** Home and header data: top models, channels, categories and keywords of an orientation. */
    main(gender: Gender, listCategories: (g: Gender) => Promise<CountedItem[]>) {
      return cached(`main:${gender}`, async () => {
        const [models, channels, categories, keywords] = await Promise.all([
          objects.listModels(gender, {}, 'most-popular', 20, 0),
          objects.topChannels(gender, 20),
          listCategories(gender),
          objects.topKeywords(100),
        ]);
        return {
          models: models.rows.map((m) => ({
            dir: m.dir,
            title: m.title,
            img: media(m.img),
            total_videos: m.total_videos,
          })),
          channels,
          categories: categories.map((c) => ({ dir: c.dir, title: c.title, total_videos: c.total_videos })),
          keywords: keywords.map((k) => k.keyword),
        };
      });
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
