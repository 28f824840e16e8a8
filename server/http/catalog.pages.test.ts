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
  });
  afterAll(() => t.close());

  const page = async (url: string) => {
    const r = await t.app.inject({ url });
    return { status: r.statusCode, html: r.body };
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
});
