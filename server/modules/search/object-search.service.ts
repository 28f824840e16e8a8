// The search page's object tabs (content.md §3): playlists, pornstars, members and pornsites whose name
// contains the text, 60 a page up to page 20, and how many of each match (the tabs' counts). Results
// live a minute in process, as the videos tab's do.
import { type Gender, MAX_PAGE, type ObjectSearchKind } from '../../../contract/catalog.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { media } from '../catalog/catalog.mappers.ts';
import type { ObjectSearchRepository } from './object-search.repository.ts';

export interface ObjectHit {
  id: number;
  /** Models and channels: their dir; playlists and members: their id. */
  dir: string;
  title: string;
  /** A /media/ URL (model photo, channel image, playlist's first poster, avatar), or null. */
  image: string | null;
  total_videos: number;
  /** Playlists: the owner's name; null otherwise. */
  owner: string | null;
}

export interface ObjectSearchPage {
  items: ObjectHit[];
  total_count: number;
}

export interface ObjectSearchService {
  /** One page of `kind`; null for a page beyond the results (the page answers 404). */
  search(
    kind: ObjectSearchKind,
    gender: Gender,
    text: string,
    page: number,
    perPage: number,
  ): Promise<ObjectSearchPage | null>;
  counts(gender: Gender, text: string): Promise<Record<ObjectSearchKind, number>>;
  clearCache(): void;
}

export function createObjectSearchService(
  repo: ObjectSearchRepository,
  options: { cacheTtlMs?: number } = {},
): ObjectSearchService {
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const cache = new TtlCache<unknown>({ ttlMs, maxEntries: 2000 });
  const cached = <T>(key: string, load: () => Promise<T>) =>
    ttlMs > 0 ? (cache.getOrLoad(key, load) as Promise<T>) : load();
  const counts = (gender: Gender, text: string) =>
    cached(JSON.stringify(['counts', gender, text]), () => repo.counts(gender, text));

  return {
    counts,
    async search(kind, gender, text, page, perPage) {
      if (page < 1 || page > MAX_PAGE) return null;
      return cached(JSON.stringify([kind, gender, text, page, perPage]), async () => {
        const [rows, all] = await Promise.all([
          repo.search(kind, gender, text, perPage, (page - 1) * perPage),
          counts(gender, text),
        ]);
        const total = Math.min(all[kind], MAX_PAGE * perPage);
        if (page > 1 && rows.length === 0) return null;
        return {
          total_count: total,
          items: rows.map((r) => ({
            id: Number(r.id),
            dir: r.dir,
            title: r.title,
            image: media(r.image_key),
            total_videos: Number(r.total_videos),
            owner: r.owner,
          })),
        };
      });
    },
    clearCache: () => cache.clear(),
  };
}
