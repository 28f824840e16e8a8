// Sitemaps (sitemaps.org with Google's video extension): an index that points at one file of object
// pages and at video files of at most 50,000 URLs each. Pure builders; the data comes from the service.
// Each language has its own files (/sitemaps/<code>/…) listing the pages' `?lang=<code>` addresses; the
// files without a language list the x-default addresses (docs/decisions.md: languages by query parameter),
// which are also the default language's: English has no files of its own, as `?lang=en` pages name the
// address without it as their canonical (docs/decisions.md 2026-11-29).
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/catalog.ts';
import { plainText } from '../../../contract/plain-text.ts';

export const SITEMAP_MAX_URLS = 50_000;

/** The languages with sitemap files of their own: all but the default one. */
export const SITEMAP_LANGUAGES = LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE);

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** A page's address in a language's sitemap: `?lang=<code>` added; unchanged without a language. */
function inLanguage(url: string, lang: Language | null): string {
  return lang && lang !== DEFAULT_LANGUAGE ? `${url}${url.includes('?') ? '&' : '?'}lang=${lang}` : url;
}

export function sitemapIndex(origin: string, videoFiles: number, now = new Date()): string {
  const names = ['pages.xml', ...Array.from({ length: videoFiles }, (_, i) => `videos-${i + 1}.xml`)];
  const files = [
    ...names.map((name) => `/sitemaps/${name}`),
    ...SITEMAP_LANGUAGES.flatMap((lang) => names.map((name) => `/sitemaps/${lang}/${name}`)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map(
      (f) => `<sitemap><loc>${escapeXml(origin + f)}</loc><lastmod>${now.toISOString()}</lastmod></sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

export function pagesSitemap(origin: string, paths: readonly string[], lang: Language | null = null): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `<url><loc>${escapeXml(inLanguage(origin + p, lang))}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

export interface SitemapVideo {
  id: number;
  dir: string;
  title: string;
  description: string;
  duration: number;
  views: number;
  post_date: Date;
  poster_key: string | null;
}

export function videosSitemap(
  origin: string,
  videos: readonly SitemapVideo[],
  lang: Language | null = null,
): string {
  const entry = (v: SitemapVideo) => {
    const page = inLanguage(`${origin}/video/${v.id}/${v.dir}/`, lang);
    const title = plainText(v.title);
    return [
      `<url><loc>${escapeXml(page)}</loc><video:video>`,
      `<video:thumbnail_loc>${escapeXml(`${origin}/media/${v.poster_key ?? ''}`)}</video:thumbnail_loc>`,
      `<video:title>${escapeXml(title)}</video:title>`,
      `<video:description>${escapeXml((plainText(v.description) || title).slice(0, 2048))}</video:description>`,
      `<video:player_loc>${escapeXml(`${origin}/embed/${v.id}/${v.dir}/`)}</video:player_loc>`,
      `<video:duration>${Math.max(1, Math.min(28800, Math.round(v.duration)))}</video:duration>`,
      `<video:view_count>${Number(v.views)}</video:view_count>`,
      `<video:publication_date>${new Date(v.post_date).toISOString()}</video:publication_date>`,
      '<video:family_friendly>no</video:family_friendly>',
      '</video:video></url>',
    ].join('');
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">',
    ...videos.map(entry),
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything but the API, account pages and private lists; points at the sitemap index. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /signin/',
    'Disallow: /signup/',
    'Disallow: /restore-password/',
    'Disallow: /upload-video/',
    'Disallow: /history/',
    'Disallow: /search/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
