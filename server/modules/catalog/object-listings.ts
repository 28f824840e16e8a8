// The object read calls of content.md §7 (models, channels, playlists, categories, home data) and the
// sitemaps' lists: the part of the listings service that reads objects rather than videos.
import {
  type CategorySort,
  DEFAULT_GENDER,
  type Gender,
  LISTING_SORTS,
  type ModelSort,
  type PlaylistSort,
} from '../../../contract/catalog.ts';
import type {
  ChannelsResponse,
  CountedItem,
  ModelListFilters,
  ModelsResponse,
  PlaylistsResponse,
} from '../../../contract/catalog-api.ts';
import { notFound } from '../../errors.ts';
import { media } from './catalog.mappers.ts';
import { channelDetail, modelDetail, playlistDetail } from './objects.mappers.ts';
import type { ObjectsRepository } from './objects.repository.ts';
import { SITEMAP_MAX_URLS } from './sitemap.ts';

/** `cached(key, load)`: the listings service's result cache (a pass-through when it is off). */
export type Cached = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * `topKeywords`: the search terms offered to everyone (the search service's, under its offer rules), so
 * the home chips are the top searches' own list; none when absent.
 */
export function createObjectListings(
  objects: ObjectsRepository,
  cached: Cached,
  topKeywords: (limit: number) => Promise<string[]> = async () => [],
) {
  return {
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

    /**
     * The pages a cookieless crawler gets in full: there is no orientation in a page's address, so the
     * object pages are those that list videos in the default orientation (a category of another one is
     * a 404 there; a model, channel or tag without such videos an empty list).
     */
    async sitemapPages(): Promise<string[]> {
      const o = await objects.sitemapObjects(DEFAULT_GENDER);
      return [
        '/',
        '/categories/',
        '/tags/',
        '/pornstars/most-popular/1/',
        '/pornsites/most-popular/1/',
        '/playlists/latest-updates/1/',
        ...LISTING_SORTS.map((s) => `/videos/${s}/1/`),
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

    /** One model; its counts are of the orientation's listed videos (what its page lists). */
    async model(dir: string, gender: Gender = DEFAULT_GENDER) {
      const m = await cached(`model:${dir}`, () => objects.findModel(dir));
      if (!m) throw notFound();
      const videos = await cached(`count:model:${m.id}:${gender}`, () =>
        objects.listedCount('model', m.id, gender),
      );
      return { model: modelDetail(m, videos) };
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

    /** One channel; its counts are of the orientation's listed videos (what its page lists). */
    async channel(dir: string, gender: Gender = DEFAULT_GENDER) {
      const c = await cached(`channel:${dir}`, () => objects.findChannel(dir));
      if (!c) throw notFound();
      const videos = await cached(`count:channel:${c.id}:${gender}`, () =>
        objects.listedCount('channel', c.id, gender),
      );
      return { channel: channelDetail(c, videos) };
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

    /** One playlist; its count is of the orientation's listed videos (what its videos tab lists). */
    async playlist(id: number, viewerId: number | null = null, gender: Gender = DEFAULT_GENDER) {
      const p = await objects.findPlaylist(id);
      if (!p || (p.is_private && p.user_id !== viewerId)) throw notFound();
      const [categories, videos] = await Promise.all([
        objects.playlistCategories(id),
        objects.listedCount('playlist', id, gender),
      ]);
      return { playlist: playlistDetail(p, categories, videos) };
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
          topKeywords(100),
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
          keywords,
        };
      });
    },
  };
}
