// Loader helpers of the catalogue pages: the listings service's errors become the 404 page, and the
// listings' SEO extras: the ItemList JSON-LD of their cards, og:image, noindex when empty (STYLE.md §9).

import { videoPath } from './links.ts';
import { notFound } from './params.ts';
import type { SiteInfo } from './seo.ts';
import { absoluteUrl } from './seo.ts';

/** A missing object (404) or a value out of the contract (400) is the 404 page for a page route. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (error instanceof Error && error.name === 'DomainError' && (status === 404 || status === 400))
      notFound();
    throw error;
  }
}

/** One entry of a listing's ItemList: the page it links to (its name is the tile's, not in the list). */
export interface ListedItem {
  url: string;
  name: string;
}

/**
 * The ItemList JSON-LD of a listing's cards (videos, categories, tags, models, channels, playlists): a
 * summary list as Google's carousel reads it, each ListItem its position and the URL of its page (the
 * page says its own name). Names would repeat every card's title in the head: 2 KB of a 60-card page.
 */
export function objectItemListJsonLd(
  items: readonly ListedItem[],
  site: SiteInfo,
  offset = 0,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: absoluteUrl(site.publicUrl, item.url),
    })),
  };
}

export function itemListJsonLd(
  videos: readonly { video_id: number; dir: string; title: string }[],
  site: SiteInfo,
  offset = 0,
): Record<string, unknown> {
  return objectItemListJsonLd(
    videos.map((video) => ({ url: videoPath(video), name: video.title })),
    site,
    offset,
  );
}

/** What a listing adds to pageMeta: its ItemList and og:image, or `empty` (noindex) when it lists nothing. */
export interface ListingSeo {
  jsonLd?: Record<string, unknown>;
  image?: string;
  empty?: true;
}

/**
 * A listing page's SEO extras: the ItemList of its videos and, for link previews, the first video's
 * poster as og:image (a page's own image, such as a channel's, goes first where it has one). A page
 * that lists no video ("No videos found.") is not indexed (docs/decisions.md 2026-11-29).
 */
export function listingSeo(
  videos: readonly { video_id: number; dir: string; title: string; scr?: string | null }[],
  site: SiteInfo,
  offset = 0,
  image?: string | null,
): ListingSeo {
  if (videos.length === 0) return { empty: true, ...(image ? { image } : {}) };
  const poster = image || videos.find((v) => v.scr)?.scr;
  return { jsonLd: itemListJsonLd(videos, site, offset), ...(poster ? { image: poster } : {}) };
}

/** An object listing's ItemList names its first tiles only: the tag list has thousands. */
export const ITEM_LIST_MAX = 100;

/**
 * The same for the object listings (categories, tags, models, channels, playlists): the ItemList of
 * their tiles (the first ITEM_LIST_MAX) and the first tile's picture as og:image (`image` when the
 * tiles have none, e.g. tags). An empty one is not indexed either.
 */
export function objectListingSeo(
  items: readonly (ListedItem & { image?: string | null })[],
  site: SiteInfo,
  offset = 0,
  image?: string | null,
): ListingSeo {
  if (items.length === 0) return { empty: true };
  const picture = items.find((item) => item.image)?.image || image;
  return {
    jsonLd: objectItemListJsonLd(items.slice(0, ITEM_LIST_MAX), site, offset),
    ...(picture ? { image: picture } : {}),
  };
}

/** Tag cloud and search text: markup is never part of SEO text (content.md §2). */
export function seoText(text: string): string {
  return /<[^>]*>/.test(text) ? '' : text;
}
