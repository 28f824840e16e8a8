// The read calls of content.md §7 as domain operations: video lists by section, objects and their lists.
// No HTTP here: the routes validate segments into these parameters and serialize what comes back.

import {
  type DateWindow,
  DEFAULT_GENDER,
  type DurationClass,
  type Gender,
  isDatedSort,
  type ListingSort,
  MAX_PAGE,
} from '../../../contract/catalog.ts';
import {
  type CountedItem,
  MAX_CATEGORIES,
  type Mvp,
  type SearchSort,
  type VideoListParams,
  type Videos2Response,
} from '../../../contract/catalog-api.ts';
import { DomainError, forbidden, notFound } from '../../errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { media, toCard } from './catalog.mappers.ts';
import type { CatalogRepository, VideoFilter } from './catalog.repository.ts';
import { createObjectListings } from './object-listings.ts';
import type { CountedObjectKind, ObjectsRepository } from './objects.repository.ts';
import type { LinkedVideoRow } from './video-cards.repository.ts';

/** The one object a section lists: with no other filter, its count is its object_video_counts row. */
interface CountedObject {
  kind: CountedObjectKind;
  id: number;
}
const titleCase = (s: string) => s.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());

export interface ListingsOptions {
  siteName: string;
  /** Lifetime of in-process results (counts, lists); 0 turns it off (the bench's uncached figure). */
  cacheTtlMs?: number;
  /** The search terms offered to everyone (the search service's), for the home block's keywords. */
  topKeywords?: (limit: number) => Promise<string[]>;
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
    sort: SearchSort | ListingSort,
    date: DateWindow,
    count: number,
    page: number,
    mvp: Mvp | null,
    fresh = false,
    counted: CountedObject | null = null,
  ): Promise<Videos2Response> {
    // total_count stops at the last reachable page (MAX_PAGE × count): see docs/decisions.md.
    const cap = MAX_PAGE * count;
    const countKey = JSON.stringify([filter, sort === 'most-relevant' ? '' : sort, date, cap]);
    // One object's whole list (no duration, HD, text or date window): the count the object shows
    // (object_video_counts, a primary-key read), so that the pager and the object's count agree; any
    // narrower list counts its matches, up to the cap.
    const whole =
      date === 'all' && filter.duration === undefined && !filter.hd && filter.text === undefined
        ? counted
        : null;
    const countTotal = () =>
      whole
        ? objects.listedCount(whole.kind, whole.id, filter.gender).then((n) => Math.min(n, cap))
        : repo.countVideos(filter, sort, date, cap);
    const [rows, total] = await Promise.all([
      repo.listVideos(filter, sort, date, count, (page - 1) * count, { withLinks: true }) as Promise<
        LinkedVideoRow[]
      >,
      ttlMs > 0 && !fresh ? counts.getOrLoad(countKey, countTotal) : countTotal(),
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

  /** A tag's mvp block and related tags, counted in one orientation (the visitor's). */
  async function tagMvp(
    tag: {
      id: number;
      dir: string;
      title: string;
      description: string;
      /** The block as the staff set it in the console (0038): '' and [] keep the built ones. */
      mvp_title?: string;
      mvp_desc?: string;
      mvp_h1?: string;
      mvp_links?: { title: string; url: string }[];
    },
    gender: Gender,
  ) {
    const [related, videos] = await Promise.all([
      objects.relatedTags(tag.id, 30, gender),
      objects.listedCount('tag', tag.id, gender),
    ]);
    const title = titleCase(tag.title);
    const setLinks = tag.mvp_links ?? [];
    return {
      mvp: {
        mtitle: tag.mvp_title || `${title} Videos`,
        mdesc:
          tag.mvp_desc ||
          tag.description ||
          `Watch ${videos} ${title} videos for free on ${options.siteName}: new ${title} clips every day.`,
        h1: tag.mvp_h1 || `${title} Videos`,
        links:
          setLinks.length > 0
            ? setLinks.map((l) => ({ url: l.url, title_nav: l.title }))
            : related.map((t) => ({ url: `/tags/${t.dir}/1/`, title_nav: t.title })),
      } satisfies Mvp,
      tags: related.map((t): CountedItem => ({ dir: t.dir, title: t.title, total_videos: t.total_videos })),
      videos,
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
    /** Forgets this process's cached lists and counts (a video taken down leaves them at once). */
    clearCache() {
      counts.clear();
      cache.clear();
    },
    /** videos2: one page of a section. `viewerId` is the signed-in member (history needs it). */
    async videos2(p: VideoListParams, viewerId: number | null = null): Promise<Videos2Response> {
      if (p.date !== 'all' && !isDatedSort(p.sort)) throw new DomainError('invalid_date');
      // The trending order is the whole orientation's (docs/decisions.md "Trending listing and home block").
      if (p.sort === 'trending' && p.section !== 'videos') throw new DomainError('invalid_sort');
      // Lifetime 0 means no cache anywhere (content.md §9): not the process's result caches either.
      const fresh = p.lifetime === 0;
      const lookup = <T>(key: string, load: () => Promise<T>) => (fresh ? load() : cached(key, load));
      const filter: VideoFilter = { gender: p.gender, duration: p.duration };
      if (p.type === 'hd') filter.hd = true;
      let mvp: Mvp | null = null;
      let counted: CountedObject | null = null;
      switch (p.section) {
        case 'videos':
          requireEmptyObject(p.objectId);
          break;
        case 'categories': {
          const dirs = parseDirs(p.objectId, MAX_CATEGORIES);
          const found = await lookup(`cats:${dirs.join(',')}`, () => objects.findCategories(dirs));
          if (found.length !== dirs.length) throw notFound();
          filter.categoryDirs = dirs;
          if (found.length === 1) counted = { kind: 'category', id: Number(found[0]?.id) };
          break;
        }
        case 'tags': {
          const [dir] = parseDirs(p.objectId, 1);
          const tag = await lookup(`tag:${dir}`, () => objects.findTag(dir as string));
          if (!tag) throw notFound();
          filter.tagId = tag.id;
          counted = { kind: 'tag', id: tag.id };
          mvp = (await lookup(`mvp:${tag.id}:${p.gender}`, () => tagMvp(tag, p.gender))).mvp;
          break;
        }
        case 'channel': {
          const [dir] = parseDirs(p.objectId, 1);
          const channel = await lookup(`channel:${dir}`, () => objects.findChannel(dir as string));
          if (!channel) throw notFound();
          filter.channelId = channel.id;
          counted = { kind: 'channel', id: channel.id };
          break;
        }
        case 'model':
        case 'model_category': {
          const [dir, category] = parseDirs(p.objectId, p.section === 'model' ? 1 : 2);
          if (p.section === 'model_category' && !category) throw new DomainError('invalid_object_id');
          const model = await lookup(`model:${dir}`, () => objects.findModel(dir as string));
          if (!model) throw notFound();
          filter.modelId = model.id;
          if (!category) counted = { kind: 'model', id: model.id };
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
          counted = { kind: 'member', id: user.id };
          break;
        }
        case 'history': {
          // A member's history is theirs alone and never cached (content.md §2, §9: lifetime 0).
          if (p.lifetime !== 0) throw new DomainError('invalid_lifetime');
          const id = parseIdOf(p.objectId);
          if (viewerId === null) throw new DomainError('login_required', { status: 401 });
          if (viewerId !== id) throw forbidden();
          filter.historyOf = id;
          return videoPage(filter, p.sort, p.date, p.count, p.page, null, fresh);
        }
        case 'playlist': {
          const playlist = await objects.findPlaylist(parseIdOf(p.objectId));
          if (!playlist || playlist.is_private) throw notFound();
          filter.playlistId = playlist.id;
          counted = { kind: 'playlist', id: playlist.id };
          break;
        }
      }
      return lookup(JSON.stringify(['v2', filter, p.sort, p.date, p.count, p.page]), () =>
        videoPage(filter, p.sort, p.date, p.count, p.page, mvp, fresh, counted),
      );
    },

    search(p: SearchListParams): Promise<Videos2Response> {
      if (p.date !== 'all' && !isDatedSort(p.sort)) throw new DomainError('invalid_date');
      const filter: VideoFilter = { gender: p.gender, duration: p.duration, text: p.text };
      if (p.hd) filter.hd = true;
      return cached(JSON.stringify(['search', filter, p.sort, p.date, p.count, p.page]), () =>
        videoPage(filter, p.sort, p.date, p.count, p.page, null),
      );
    },

    /** A tag's block; every count is of the orientation's listed videos. */
    async tagMvp(dir: string, gender: Gender = DEFAULT_GENDER) {
      const tag = await cached(`tag:${dir}`, () => objects.findTag(dir));
      if (!tag) throw notFound();
      const { videos, ...block } = await cached(`mvp:${tag.id}:${gender}`, () => tagMvp(tag, gender));
      return { tag: { dir: tag.dir, title: tag.title, total_videos: videos }, ...block };
    },

    /** Tags with listed videos in the orientation, with their count in it. */
    tags(letter: string | undefined, gender: Gender = DEFAULT_GENDER) {
      return cached(`tags:${letter ?? 'all'}:${gender}`, async () => {
        const tags = await objects.listTags(letter, 5000, gender);
        return { tags, total_count: tags.length };
      });
    },

    ...createObjectListings(objects, cached, options.topKeywords),
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
