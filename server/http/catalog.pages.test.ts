// Server-rendered catalogue pages on the fixture catalogue (needs `npm run build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { type CatalogueFixture, seedCatalogueFixture } from '../test/catalog-fixtures.ts';
import { databaseKinds } from '../test/db.ts';

describe.each(databaseKinds())('catalogue pages on %s', (kind) => {
  let t: TestApp;
  let f: CatalogueFixture;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await seedCatalogueFixture(t.database.handle.db);
    // Pictures for one model and one channel, so that their listings have an og:image to show.
    const db = t.database.handle.db;
    await db
      .updateTable('models')
      .set({ img: 'fixture/models/anna-bell.jpg' })
      .where('dir', '=', 'anna-bell')
      .execute();
    await db
      .updateTable('channels')
      .set({ scr1: 'fixture/channels/sunny-studio.jpg' })
      .where('dir', '=', 'sunny-studio')
      .execute();
  });
  afterAll(() => t.close());

  const page = async (url: string) => {
    const r = await t.app.inject({ url });
    return { status: r.statusCode, html: r.body, location: r.headers.location };
  };
  const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
  const cardTitles = (html: string) => [...html.matchAll(/class="card__title">([^<]*)</g)].map((m) => m[1]);

  it('a tag page takes its title, description and heading from the mvp block', async () => {
    const { status, html } = await page('/tags/beach/1/');
    expect(status).toBe(200);
    expect(h1(html)).toBe('Beach Videos');
    expect(html).toContain('<title>Beach Videos - TestTube</title>');
    // The count is of the videos listed for the visitor's orientation: the two cards below.
    expect(html).toMatch(/<meta name="description" content="Watch 2 Beach videos/);
    expect(cardTitles(html)).toEqual(['Beach Sunset Walk', 'Vintage Beach Party']);
    expect(html).toContain('href="/tags/sunset/1/"');
    expect(html).toContain('"@type":"ItemList"');
    expect((await page('/tags/no-such-tag/1/')).status).toBe(404);
  });

  it('tags by letter', async () => {
    const { html } = await page('/tags/s/');
    expect(h1(html)).toBe('Tags: S');
    expect(html).toContain('href="/tags/sunset/1/"');
    expect(html).not.toContain('href="/tags/beach/1/"');
  });

  it('search results, with markup left out of the SEO text', async () => {
    const { html } = await page('/search/1/?s=beach');
    expect(h1(html)).toContain('beach');
    expect(cardTitles(html).sort()).toEqual(['Beach Sunset Walk', 'Vintage Beach Party']);
    const markup = await page(`/search/1/?s=${encodeURIComponent('<b>beach</b>')}`);
    expect(markup.html).toContain('<title>Search - TestTube</title>');
    expect((await page('/search/21/?s=beach')).status).toBe(404);
  });

  it('models with filters, model page, model in a category', async () => {
    const list = await page('/pornstars/alphabetaz/1/?race=asian');
    expect([...list.html.matchAll(/class="model__title">([^<]*)</g)].map((m) => m[1])).toEqual(['Zoe Kay']);
    const model = await page('/pornstar/anna-bell/');
    expect(h1(model.html)).toBe('Anna Bell');
    expect(cardTitles(model.html)).toEqual(['Beach Sunset Walk', 'Vintage Beach Party']);
    expect(model.html).toContain('href="/pornstar/anna-bell/videos/outdoor/1/"');
    const info = await page('/pornstar/zoe-kay/info/');
    expect(info.html).toContain('175 cm');
    const category = await page('/pornstar/anna-bell/videos/vintage/1/');
    expect(h1(category.html)).toBe('Anna Bell vintage Videos');
    expect(cardTitles(category.html)).toEqual(['Vintage Beach Party']);
    expect((await page('/pornstar/nobody/')).status).toBe(404);
  });

  it('channels and playlists', async () => {
    const channels = await page('/pornsites/count-videos/1/');
    expect(channels.html).toContain('href="/pornsite/sunny-studio/"');
    const channel = await page('/pornsite/sunny-studio/');
    expect(h1(channel.html)).toBe('Sunny Studio');
    expect(cardTitles(channel.html)).toEqual(['Beach Sunset Walk', 'Vintage Beach Party']);
    const playlists = await page('/playlists/latest-updates/1/');
    expect(playlists.html).toContain(`href="/playlist/${f.playlists.public}/"`);
    expect(playlists.html).not.toContain(`href="/playlist/${f.playlists.private}/"`);
    const playlist = await page(`/playlist/${f.playlists.public}/`);
    expect(h1(playlist.html)).toBe('Best beach');
    expect(cardTitles(playlist.html)).toEqual(['Vintage Beach Party', 'Beach Sunset Walk']);
    expect((await page(`/playlist/${f.playlists.private}/`)).status).toBe(404);
  });

  it('history renders its frame for the browser to fill', async () => {
    const { status, html } = await page('/history/');
    expect(status).toBe(200);
    expect(h1(html)).toBe('Watch history');
    expect(html).toContain('noindex');
  });

  describe('SEO of the listings (issue 34 item 7, docs/decisions.md 2026-11-29)', () => {
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    const canonical = (html: string) =>
      /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    const robots = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html)?.[1];

    it("the first page of an object's videos is the object's page: one address, the query kept", async () => {
      for (const [from, to] of [
        ['/pornstar/anna-bell/videos/1/?duration=3', '/pornstar/anna-bell/?duration=3'],
        ['/pornsite/sunny-studio/videos/1/', '/pornsite/sunny-studio/'],
        [`/playlist/${f.playlists.public}/videos/1/`, `/playlist/${f.playlists.public}/`],
        ['/pornstar/anna-bell/videos/', '/pornstar/anna-bell/'],
      ] as const) {
        expect(await page(from), from).toMatchObject({ status: 301, location: to });
      }
      const model = await page('/pornstar/anna-bell/');
      expect([model.status, robots(model.html), canonical(model.html)]).toEqual([
        200,
        'all, index, follow',
        'http://tube.test/pornstar/anna-bell/',
      ]);
      // An unknown model is the 404 page, not a redirect to one.
      expect((await page('/pornstar/nobody/videos/1/')).status).toBe(404);
    });

    it('the default language has one address: /?lang=en names / as canonical, and one sitemap lists it', async () => {
      const home = await page('/');
      const english = await page('/?lang=en');
      expect(canonical(home.html)).toBe('http://tube.test/');
      expect(canonical(english.html)).toBe('http://tube.test/');
      expect(english.html).toContain('<link rel="alternate" hrefLang="en" href="http://tube.test/"/>');
      // Another language keeps its own address, listed in its own sitemap.
      expect(canonical((await page('/?lang=de')).html)).toBe('http://tube.test/?lang=de');
      const index = (await page('/sitemap.xml')).html;
      expect(index).toContain('<loc>http://tube.test/sitemaps/pages.xml</loc>');
      expect(index).toContain('<loc>http://tube.test/sitemaps/de/pages.xml</loc>');
      expect(index).not.toContain('/sitemaps/en/');
      expect((await page('/sitemaps/pages.xml')).html).toContain('<loc>http://tube.test/</loc>');
    });

    it('the canonical keeps the parameters the page reads and drops the ones it ignores', async () => {
      const models = await page('/pornstars/alphabetaz/1/?foo=1&race=asian&duration=2&utm_content=x');
      expect(canonical(models.html)).toBe('http://tube.test/pornstars/alphabetaz/1/?race=asian');
      expect(canonical((await page('/pornstar/anna-bell/?foo=1&duration=1')).html)).toBe(
        'http://tube.test/pornstar/anna-bell/?duration=1',
      );
      // An invalid filter value is ignored by the page, so by its canonical too.
      expect(canonical((await page('/tags/beach/1/?duration=99&sort=x')).html)).toBe(
        'http://tube.test/tags/beach/1/',
      );
    });

    it('an empty listing ("No videos found.") is not indexed', async () => {
      const empty = await page('/pornstar/anna-bell/?duration=2');
      expect(empty.html).toContain('No videos found.');
      expect(robots(empty.html)).toBe('noindex, follow');
      expect(head(empty.html)).not.toContain('"@type":"ItemList"');
      // The same page with videos is indexed.
      expect(robots((await page('/pornstar/anna-bell/?duration=1')).html)).toBe('all, index, follow');
      // The info tab lists no videos and is no listing.
      expect(robots((await page('/pornstar/anna-bell/info/')).html)).toBe('all, index, follow');
    });

    it('a 404 page has no canonical, og:url or language alternates, and is not indexed', async () => {
      for (const url of ['/no-such-page/', '/pornstar/nobody/', '/tags/no-such-tag/1/']) {
        const { status, html } = await page(url);
        expect(status, url).toBe(404);
        expect(robots(html), url).toBe('noindex, follow');
        expect(head(html), url).not.toContain('rel="canonical"');
        expect(head(html), url).not.toContain('og:url');
        expect(head(html), url).not.toContain('hrefLang=');
      }
    });

    it('the object listings carry an ItemList of their tiles and an og:image', async () => {
      const lists: [string, string][] = [
        ['/categories/', 'http://tube.test/categories/outdoor/latest-updates/1/'],
        ['/tags/', 'http://tube.test/tags/beach/1/'],
        ['/pornstars/most-popular/1/', 'http://tube.test/pornstar/anna-bell/'],
        ['/pornsites/most-popular/1/', 'http://tube.test/pornsite/sunny-studio/'],
        ['/playlists/latest-updates/1/', `http://tube.test/playlist/${f.playlists.public}/`],
      ];
      for (const [url, item] of lists) {
        const html = head((await page(url)).html);
        const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
        const list = JSON.parse(ld) as { '@type'?: string; itemListElement?: { url: string }[] };
        expect(list['@type'], url).toBe('ItemList');
        expect(
          list.itemListElement?.map((e) => e.url),
          url,
        ).toContain(item);
        expect(html, url).toMatch(/<meta property="og:image" content="http:\/\/tube\.test\/media\/[^"]+"/);
      }
    });
  });
});
