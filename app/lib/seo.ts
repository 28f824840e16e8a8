// One helper builds every page's head: title, description, canonical, robots, Open Graph, JSON-LD
// (STYLE.md §9). Pure functions, so the rules of spec/shell.md §9 are unit-tested.
import type { MetaDescriptor } from 'react-router';
import { LANGUAGES, type VideoDetail } from '../../contract/catalog.ts';
import { plainText } from '../../contract/plain-text.ts';
import { isoDuration } from './format.ts';
import { isOneOf } from './params.ts';
import { htmlLang } from './preferences.ts';

export { plainText };

export interface SiteInfo {
  name: string;
  /** Origin without a trailing slash, e.g. https://example.com */
  publicUrl: string;
}

/** Query parameters that only track where a visit came from; they never make a page different. */
export const TRACKING_PARAMS = [
  'source',
  'promo',
  'campaign',
  'r',
  'playlist',
  'title',
  'video',
  'thumb',
  'plimit',
  'skip',
  'camp',
  'so',
  'ad_tags',
  'nplimit',
  'utm_content',
] as const;

export const ROBOTS_INDEX = 'all, index, follow';
export const ROBOTS_NOINDEX = 'noindex, follow';

/**
 * The language parameter (docs/decisions.md): `?lang=<code>` renders a page in that language whatever
 * the visitor's cookie says; the address without it is the x-default (the cookie's language, English
 * for a new visitor or a crawler). app/lib/i18n.ts reads it.
 */
export const LANG_PARAM = 'lang';

/** Tracking parameters go; a valid `lang` stays (each language is its own page), an invalid one goes. */
export function canonicalUrl(publicUrl: string, pathname: string, search = ''): string {
  const lang = new URLSearchParams(search).get(LANG_PARAM);
  return languageUrl(publicUrl, pathname, search, isOneOf(lang, LANGUAGES) ? lang : null);
}

/** The page's address in `lang` (tracking parameters dropped), or without a language (x-default) for null. */
export function languageUrl(
  publicUrl: string,
  pathname: string,
  search: string,
  lang: string | null,
): string {
  const params = new URLSearchParams(search);
  for (const name of TRACKING_PARAMS) params.delete(name);
  params.delete(LANG_PARAM);
  if (lang) params.set(LANG_PARAM, lang);
  const query = params.toString();
  return `${publicUrl.replace(/\/+$/, '')}${pathname}${query ? `?${query}` : ''}`;
}

/** `<link rel="alternate" hreflang>` of the 20 languages and x-default (Google's hreflang rules). */
export function languageAlternates(
  publicUrl: string,
  location: { pathname: string; search: string },
): MetaDescriptor[] {
  const link = (hrefLang: string, lang: (typeof LANGUAGES)[number] | null): MetaDescriptor => ({
    tagName: 'link',
    rel: 'alternate',
    hrefLang,
    href: languageUrl(publicUrl, location.pathname, location.search, lang),
  });
  return [...LANGUAGES.map((lang) => link(htmlLang(lang), lang)), link('x-default', null)];
}

/** Only the first page of a listing is indexed; later pages are followed but not indexed. */
export function robotsFor(page: number): string {
  return page > 1 ? ROBOTS_NOINDEX : ROBOTS_INDEX;
}

export function absoluteUrl(publicUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicUrl.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function fullTitle(title: string, siteName: string): string {
  if (!title) return siteName;
  if (!siteName || title === siteName) return title;
  return `${title} - ${siteName}`;
}

export interface PageSeo {
  site: SiteInfo;
  location: { pathname: string; search: string };
  title: string;
  description: string;
  page?: number;
  /** Overrides the page rule, e.g. for error pages and embeds. */
  robots?: string;
  image?: string | null;
  type?: 'website' | 'video.other';
  jsonLd?: Record<string, unknown>;
}

export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const { site, location } = seo;
  const url = canonicalUrl(site.publicUrl, location.pathname, location.search);
  // Every page's head goes through here, so no route can put markup into its SEO text.
  const pageTitle = plainText(seo.title);
  const description = plainText(seo.description);
  const title = fullTitle(pageTitle, site.name);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: seo.robots ?? robotsFor(seo.page ?? 1) },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: site.name },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:title', content: pageTitle || site.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...languageAlternates(site.publicUrl, location),
  ];
  if (seo.image) {
    tags.push({ property: 'og:image', content: absoluteUrl(site.publicUrl, seo.image) });
    tags.push({ name: 'twitter:card', content: 'summary_large_image' });
  }
  if (seo.jsonLd) tags.push({ 'script:ld+json': seo.jsonLd });
  return tags;
}

/** The best file first, so <source> order and contentUrl agree. */
export function bestFirst<T extends { height: number | null }>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => (b.height ?? -1) - (a.height ?? -1));
}

export function videoJsonLd(video: VideoDetail, site: SiteInfo): Record<string, unknown> {
  const best = bestFirst(video.files)[0];
  const name = plainText(video.title);
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name,
    description: plainText(video.description) || name,
    thumbnailUrl: [absoluteUrl(site.publicUrl, video.scr)],
    uploadDate: new Date(video.post_date).toISOString(),
    duration: isoDuration(video.duration_sec),
    ...(best ? { contentUrl: absoluteUrl(site.publicUrl, best.url) } : {}),
    embedUrl: absoluteUrl(site.publicUrl, `/embed/${video.video_id}/${video.dir}/`),
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: video.video_viewed,
    },
  };
}
