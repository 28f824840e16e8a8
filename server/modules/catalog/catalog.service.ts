import type { CurrentUser } from '../../../contract/accounts.ts';
import type {
  CategoryItem,
  ModelCard,
  VideoCard,
  VideoDetail,
  VideoListQuery,
  VideoListResult,
} from '../../../contract/catalog.ts';
import { MAX_PAGE, VIDEO_STATUS } from '../../../contract/catalog.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { CatalogService } from '../../services.ts';
import { mayOpenUnlisted } from '../access.ts';
import { categoriesData, mediaUrl, toCard } from './catalog.mappers.ts';
import type { CatalogRepository } from './catalog.repository.ts';

export { type CardRow, categoriesData, formatDuration, media, mediaUrl, toCard } from './catalog.mappers.ts';

export interface CatalogServiceOptions {
  /** How long listings, counts, categories and top models are served from memory. */
  cacheTtlMs?: number;
}

export function createCatalogService(
  repo: CatalogRepository,
  options: CatalogServiceOptions = {},
): CatalogService {
  // Listings change slowly and every page of a sort shares its count: a short in-process cache keeps
  // the database out of the hot path (the spec's read calls carry lifetimes of hours).
  const cache = { ttlMs: options.cacheTtlMs ?? 60_000, maxEntries: 2000 };
  const pages = new TtlCache<VideoCard[]>(cache);
  const counts = new TtlCache<number>(cache);
  const lists = new TtlCache<unknown>(cache);

  return {
    /** Forgets every cached answer (a video taken down must leave the lists at once: DMCA). */
    clearCache() {
      for (const c of [pages, counts, lists]) c.clear();
    },
    async listVideos(query: VideoListQuery): Promise<VideoListResult> {
      const page = Math.min(Math.max(1, query.page), MAX_PAGE);
      const filter = {
        gender: query.gender,
        duration: query.duration,
        categoryDirs: query.categoryDirs,
        ...(query.channelId ? { channelId: query.channelId } : {}),
      };
      const date = query.date ?? 'all';
      const countKey = JSON.stringify([filter, query.sort, date, query.perPage]);
      const pageKey = JSON.stringify([countKey, query.perPage, page]);
      const [videos, total] = await Promise.all([
        pages.getOrLoad(pageKey, async () =>
          (await repo.listVideos(filter, query.sort, date, query.perPage, (page - 1) * query.perPage)).map(
            toCard,
          ),
        ),
        // Pages stop at MAX_PAGE: counting further costs O(catalogue) and changes no pager.
        counts.getOrLoad(countKey, () =>
          repo.countVideos(filter, query.sort, date, MAX_PAGE * query.perPage),
        ),
      ]);
      return { videos, total_count: total };
    },

    async getVideo(id: number, viewer?: CurrentUser | null): Promise<VideoDetail | null> {
      const row = await repo.findVideo(id);
      // Ones still in the pipeline are not pages; a private one is only its uploader's and staff's.
      if (!row || (row.is_private && !mayOpenUnlisted(viewer, row.user_id))) return null;
      if (
        row.status === VIDEO_STATUS.processing ||
        row.status === VIDEO_STATUS.waiting ||
        row.status === VIDEO_STATUS.rejected
      )
        return null;
      const unavailable = row.status === VIDEO_STATUS.unavailable || row.deleted_at !== null;
      const links = unavailable
        ? { models: [], categories: [], tags: [], files: [], thumbs: [] }
        : await repo.videoLinks(row.id, row.gender);
      const card = toCard(row);
      return {
        ...card,
        thumb: card.scr,
        thumbsrc: card.scr,
        scr1: card.scr,
        img: card.scr,
        thumbs: links.thumbs.map(mediaUrl),
        country: row.country,
        sg_id: row.sg_id,
        ex_tube: row.ex_tube,
        ex_id: row.ex_id,
        categories_data: categoriesData(links.categories),
        description: row.description,
        status_id: unavailable ? 5 : row.status,
        user:
          row.user_id !== null
            ? { id: row.user_id, user_id: row.user_id, username: row.username ?? '' }
            : null,
        channel:
          row.channel_id !== null
            ? {
                id: row.channel_id,
                dir: row.channel_dir ?? '',
                title: row.channel_title ?? '',
                url: row.channel_url,
                partner: row.channel_partner === true,
                scr1: row.channel_scr1 ? mediaUrl(row.channel_scr1) : null,
                videos: row.channel_videos ?? 0,
                vda: Number(row.channel_vda ?? 0),
              }
            : null,
        models: links.models.map((m) => ({
          id: m.id,
          dir: m.dir,
          title: m.title,
          img: m.img ? mediaUrl(m.img) : null,
          videos: m.total_videos,
        })),
        categories: links.categories,
        tags: links.tags,
        files: links.files.map((f) => ({
          format: f.format,
          url: mediaUrl(f.storage_key),
          mime: f.mime,
          height: f.height,
        })),
      };
    },

    listCategories(gender): Promise<CategoryItem[]> {
      return lists.getOrLoad(`categories:${gender}`, async () => {
        const rows = await repo.listCategories(gender);
        return rows.map((r) => ({
          id: r.id,
          dir: r.dir,
          title: r.title,
          total_videos: r.total_videos,
          scr: r.thumb ? mediaUrl(r.thumb) : null,
        }));
      }) as Promise<CategoryItem[]>;
    },

    topModels(gender, limit): Promise<ModelCard[]> {
      return lists.getOrLoad(`models:${gender}:${limit}`, async () => {
        const rows = await repo.topModels(gender, limit);
        return rows.map((r) => ({ ...r, img: r.img ? mediaUrl(r.img) : null }));
      }) as Promise<ModelCard[]>;
    },
  };
}
