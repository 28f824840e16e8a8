import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/catalog.ts';
import { SITEMAP_LANGUAGES } from '../modules/catalog/sitemap.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

// Issue 16 through the real SSR build (PGlite only: no SQL of its own): each page renders in the
// request's language (`?lang=`, else kt_lang, else English) with its <html lang>, title and texts;
// concurrent requests in different languages never mix, through the shared guest page cache too; every
// page lists its hreflang alternates and a canonical that keeps the language; the sitemaps per language.
const LOCALES = path.resolve(import.meta.dirname, '../../locales');
type Texts = Record<string, Record<string, string>>;
const texts = (lang: Language): Texts =>
  JSON.parse(readFileSync(path.join(LOCALES, `${lang}.json`), 'utf8')) as Texts;
const TAGS: Partial<Record<Language, string>> = { cn: 'zh', cz: 'cs', dk: 'da', kr: 'ko', se: 'sv' };
const tagOf = (lang: Language) => TAGS[lang] ?? lang;

/** What the home page shows in `lang`: its title, the header's and footer's texts (escaped as React does). */
function homeTexts(lang: Language): string[] {
  const t = texts(lang);
  const html = (s: string | undefined) =>
    (s ?? '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/'/g, '&#x27;')
      .replace(/"/g, '&quot;');
  return [
    `<title>${html(t.home?.title)} - TestTube</title>`,
    `>${html(t.home?.heading)}</h1>`,
    html(t.header?.language),
    html(t.footer?.terms),
    html(t.footer?.privacy),
  ];
}

describe('pages in the visitor language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it.each(LANGUAGES.map((lang) => [lang]))('kt_lang=%s: the home page in that language', async (lang) => {
    const res = await get('/', `kt_lang=${lang}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${tagOf(lang)}"`);
    for (const text of homeTexts(lang)) expect(res.body).toContain(text);
    // The language menu shows that language's flag (shell.md §1), and no other.
    expect([...new Set([...res.body.matchAll(/data-flag="([a-z]+)"/g)].map((m) => m[1]))]).toEqual([lang]);
    expect(res.body).toContain(`class="flag flag--${lang}"`);
  });

  it('without a cookie, or with an unknown one, the page is English', async () => {
    for (const cookie of [undefined, 'kt_lang=xx', 'kt_lang=']) {
      const res = await get('/', cookie);
      expect(res.body, cookie).toContain('<html lang="en"');
      for (const text of homeTexts('en')) expect(res.body).toContain(text);
    }
  });

  it('?lang= overrides the cookie for that request; an unknown value does not', async () => {
    const ja = await get('/?lang=ja', 'kt_lang=de');
    expect(ja.body).toContain('<html lang="ja"');
    for (const text of homeTexts('ja')) expect(ja.body).toContain(text);
    const unknown = await get('/?lang=xx', 'kt_lang=de');
    expect(unknown.body).toContain('<html lang="de"');
    for (const text of homeTexts('de')) expect(unknown.body).toContain(text);
  });

  it('parallel requests in German and Japanese each render entirely in their own language', async () => {
    // Distinct URLs render in parallel; repeated ones also come through the guest page cache.
    const urls = ['/', '/?p=1', '/?p=2', '/', '/?p=3', '/?p=1'];
    const requests = urls.flatMap((url) =>
      (['de', 'ja'] as const).map(async (lang) => ({ lang, res: await get(url, `kt_lang=${lang}`) })),
    );
    const answers = await Promise.all(requests);
    for (const { lang, res } of answers) {
      const other = lang === 'de' ? 'ja' : 'de';
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}"`);
      for (const text of homeTexts(lang)) expect(res.body, lang).toContain(text);
      // Nothing of the other language, nor English where it differs.
      for (const text of [...homeTexts(other), ...homeTexts('en')].filter(
        (s) => !homeTexts(lang).includes(s),
      )) {
        expect(res.body, `${lang} page shows "${text}"`).not.toContain(text);
      }
    }
  });

  it('a page of a route namespace and a page title built in meta follow the language', async () => {
    const de = texts('de');
    const res = await get('/categories/', 'kt_lang=de');
    expect(res.body).toContain(`<title>${de.categories?.title} - TestTube</title>`);
    const notFound = await get('/no-such-page-here/', 'kt_lang=ja');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('<html lang="ja"');
    expect(notFound.body).toContain(`<title>${texts('ja').notfound?.title} - TestTube</title>`);
  });
});

describe('language addresses for search engines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('every page lists the 20 languages and x-default as hreflang alternates', async () => {
    const res = await t.app.inject({ url: '/videos/top-rated/1/?utm_content=x' });
    const links = [...res.body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)];
    expect(links.map((m) => m[1])).toEqual([...LANGUAGES.map(tagOf), 'x-default']);
    // English, the default language, is the address without `lang` (docs/decisions.md 2026-11-29).
    expect(links.map((m) => m[2])).toEqual([
      ...LANGUAGES.map((lang) =>
        lang === DEFAULT_LANGUAGE
          ? 'http://tube.test/videos/top-rated/1/'
          : `http://tube.test/videos/top-rated/1/?lang=${lang}`,
      ),
      'http://tube.test/videos/top-rated/1/',
    ]);
  });

  it('the canonical link keeps a valid language, drops an unknown one and the tracking parameters', async () => {
    const de = await t.app.inject({ url: '/videos/top-rated/1/?lang=de&utm_content=x' });
    expect(de.body).toContain('<link rel="canonical" href="http://tube.test/videos/top-rated/1/?lang=de"/>');
    const unknown = await t.app.inject({ url: '/videos/top-rated/1/?lang=xx' });
    expect(unknown.body).toContain('<link rel="canonical" href="http://tube.test/videos/top-rated/1/"/>');
  });

  it('the sitemap index lists each language files; a language file lists its ?lang= addresses', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const lang of SITEMAP_LANGUAGES)
      expect(locs).toContain(`http://tube.test/sitemaps/${lang}/pages.xml`);
    expect(locs).toContain('http://tube.test/sitemaps/pages.xml');
    // The default language's pages are the files without a code.
    expect(locs.filter((loc) => loc?.includes('/sitemaps/en/'))).toEqual([]);
    const en = await t.app.inject({ url: '/sitemaps/en/pages.xml' });
    expect([en.statusCode, en.headers.location]).toEqual([301, '/sitemaps/pages.xml']);
    const pages = await t.app.inject({ url: '/sitemaps/ja/pages.xml' });
    expect(pages.statusCode).toBe(200);
    const pageLocs = [...pages.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(pageLocs.length).toBeGreaterThan(0);
    for (const loc of pageLocs) expect(loc).toMatch(/\?lang=ja$/);
    expect((await t.app.inject({ url: '/sitemaps/xx/pages.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemaps/de/other.xml' })).statusCode).toBe(404);
  });
});
