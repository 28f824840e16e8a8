// One helper builds every page's head: title, description, canonical, robots, Open Graph, JSON-LD
// (STYLE.md §9). Pure functions, so the rules of spec/shell.md §9 are unit-tested.
import type { MetaDescriptor } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, type VideoDetail } from '../../contract/catalog.ts';
import { plainText } from '../../contract/plain-text.ts';
import { isoDuration } from './format.ts';
import { isOneOf } from './params.ts';
import { htmlLang } from './preferences.ts';

export { plainText };

export interface SiteInfo {
  name: string;
  /** Origin without a trailing slash, e.g. https://example.com */
  publicUrl: string;
  /** Video files are reached by signed, expiring URLs only (MEDIA_SIGNING): no lasting file URL to give. */
  signedMedia?: boolean;
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

/**
 * The canonical address: the path, the parameters the page reads (`keep`, a whitelist: its filters, a
 * search's text; in that order, first value only), and `lang` when it names a language other than the
 * default one. Everything else goes: tracking parameters (never kept, whitelisted or not), parameters
 * the page ignores, an unknown language and `lang=en` (the default language's page is the address
 * without it; docs/decisions.md 2026-11-29).
 */
export function canonicalUrl(
  publicUrl: string,
  pathname: string,
  search = '',
  keep: readonly string[] = [],
): string {
  const lang = new URLSearchParams(search).get(LANG_PARAM);
  return languageUrl(publicUrl, pathname, search, isOneOf(lang, LANGUAGES) ? lang : null, keep);
}

/**
 * The page's address in `lang`, or without a language (x-default, and the default language's address)
 * for null or the default language; only the parameters of `keep` stay (see canonicalUrl).
 */
export function languageUrl(
  publicUrl: string,
  pathname: string,
  search: string,
  lang: string | null,
  keep: readonly string[] = [],
): string {
  const given = new URLSearchParams(search);
  const params = new URLSearchParams();
  for (const name of keep) {
    const value = given.get(name);
    if (value === null || name === LANG_PARAM || params.has(name)) continue;
    if ((TRACKING_PARAMS as readonly string[]).includes(name)) continue;
    params.set(name, value);
  }
  if (lang && lang !== DEFAULT_LANGUAGE) params.set(LANG_PARAM, lang);
  const query = params.toString();
  return `${publicUrl.replace(/\/+$/, '')}${pathname}${query ? `?${query}` : ''}`;
}

/** The names of the filters a page applied (those with a value): its `query` for pageMeta. */
export function appliedParams(filters: object): string[] {
  return Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name]) => name);
}

/**
 * `<link rel="alternate" hreflang>` of the 20 languages and x-default (Google's hreflang rules: each
 * names a canonical address, so English and x-default share the address without `lang`).
 */
export function languageAlternates(
  publicUrl: string,
  location: { pathname: string; search: string },
  keep: readonly string[] = [],
): MetaDescriptor[] {
  const link = (hrefLang: string, lang: (typeof LANGUAGES)[number] | null): MetaDescriptor => ({
    tagName: 'link',
    rel: 'alternate',
    hrefLang,
    href: languageUrl(publicUrl, location.pathname, location.search, lang, keep),
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
  /**
   * The query parameters that change what the page shows (its applied filters, a search's text): the
   * canonical, og:url and the language alternates keep these alone. Omitted: none.
   */
  query?: readonly string[];
  /** A listing that shows nothing ("No videos found."): noindex, whatever its page. */
  empty?: boolean;
  /**
   * An error page (404, 410…): noindex, and no canonical, og:url or language alternates, which would
   * name an address that is not a page of the site.
   */
  errorPage?: boolean;
  /** Overrides the page rule, e.g. for embeds and private pages. */
  robots?: string;
  image?: string | null;
  type?: 'website' | 'video.other';
  jsonLd?: Record<string, unknown>;
}

export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const { site, location } = seo;
  const keep = seo.query ?? [];
  const url = canonicalUrl(site.publicUrl, location.pathname, location.search, keep);
  // Every page's head goes through here, so no route can put markup into its SEO text.
  const pageTitle = plainText(seo.title);
  const description = plainText(seo.description);
  const title = fullTitle(pageTitle, site.name);
  const robots = seo.errorPage
    ? ROBOTS_NOINDEX
    : (seo.robots ?? (seo.empty ? ROBOTS_NOINDEX : robotsFor(seo.page ?? 1)));
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: robots },
    ...(seo.errorPage ? [] : [{ tagName: 'link', rel: 'canonical', href: url }]),
    { property: 'og:site_name', content: site.name },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:title', content: pageTitle || site.name },
    { property: 'og:description', content: description },
    ...(seo.errorPage
      ? []
      : [{ property: 'og:url', content: url }, ...languageAlternates(site.publicUrl, location, keep)]),
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
    // A signed file URL expires and a plain one answers 403: search engines get the embed only.
    ...(best && !site.signedMedia ? { contentUrl: absoluteUrl(site.publicUrl, best.url) } : {}),
    embedUrl: absoluteUrl(site.publicUrl, `/embed/${video.video_id}/${video.dir}/`),
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: video.video_viewed,
    },
  };
}
