// Loader helpers of the catalogue pages: the listings service's errors become the 404 page, and the
// listing's ItemList JSON-LD (STYLE.md §9).

import { videoPath } from './links.ts';
import { notFound } from './params.ts';
import type { SiteInfo } from './seo.ts';
import { absoluteUrl, plainText } from './seo.ts';

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

export function itemListJsonLd(
  videos: readonly { video_id: number; dir: string; title: string }[],
  site: SiteInfo,
  offset = 0,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: videos.map((video, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: absoluteUrl(site.publicUrl, videoPath(video)),
      name: plainText(video.title),
    })),
  };
}

/**
 * A listing page's SEO extras: the ItemList of its videos and, for link previews, the first video's
 * poster as og:image (a page's own image, such as a channel's, goes first where it has one).
 */
export function listingSeo(
  videos: readonly { video_id: number; dir: string; title: string; scr?: string | null }[],
  site: SiteInfo,
  offset = 0,
  image?: string | null,
): { jsonLd?: Record<string, unknown>; image?: string } {
  if (videos.length === 0) return image ? { image } : {};
  const poster = image || videos.find((v) => v.scr)?.scr;
  return { jsonLd: itemListJsonLd(videos, site, offset), ...(poster ? { image: poster } : {}) };
}

/** Tag cloud and search text: markup is never part of SEO text (content.md §2). */
export function seoText(text: string): string {
  return /<[^>]*>/.test(text) ? '' : text;
}
