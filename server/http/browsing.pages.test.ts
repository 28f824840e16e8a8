// Browsing (issue 20), server-rendered on the fixture catalogue (needs `npm run build`): the category
// list's sorts in the route, the category picker's sidebar opener, the duration filter of model, channel
// and playlist pages, the performer-category page's sorts, and the playlist page's category strip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { type CatalogueFixture, seedCatalogueFixture } from '../test/catalog-fixtures.ts';
import { databaseKinds } from '../test/db.ts';
import { insertCategories } from '../test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../test/roles.ts';

const DAY = 86_400_000;

describe.each(databaseKinds())('browsing pages on %s', (kind) => {
  let t: TestApp;
  let f: CatalogueFixture;
  let owner: SignedInUser;
  let ownPlaylist = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.handle.db;
    f = await seedCatalogueFixture(db);
    // A category without videos, first from A to Z and the newest: every sort places it elsewhere.
    await insertCategories(db, ['aardvark']);
    for (const [dir, daysAgo] of [
      ['aardvark', 0],
      ['vintage', 1],
      ['studio', 2],
      ['outdoor', 3],
    ] as const) {
      await db
        .updateTable('categories')
        .set({ created_at: new Date(Date.now() - daysAgo * DAY) })
        .where('dir', '=', dir)
        .execute();
    }
    owner = await createSignedInUser(t, 'browse_owner');
    const row = await db
      .insertInto('playlists')
      .values({ user_id: owner.userId, title: 'My lengths', is_private: true, total_videos: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ownPlaylist = Number(row.id);
    await db
      .insertInto('playlist_videos')
      .values(
        [f.ids.medium, f.ids.short, f.ids.long].map((id, i) => ({
          playlist_id: ownPlaylist,
          video_id: id as number,
          position: i + 1,
        })),
      )
      .execute();
  }, 120_000);
  afterAll(() => t.close());

  const page = async (url: string, who?: SignedInUser) => {
    const r = await t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
    return { status: r.statusCode, html: r.body, location: r.headers.location };
  };
  /** Every link of the page: its attributes, its href (as written: `&amp;`) and its text. */
  const anchors = (html: string) =>
    [...html.matchAll(/<a([^>]*)>(.*?)<\/a>/gs)].map((m) => ({
      attrs: m[1] ?? '',
      href: /href="([^"]*)"/.exec(m[1] ?? '')?.[1],
      text: (m[2] ?? '').replace(/<[^>]+>/g, ''),
    }));
  /** The first link to `href` whose class attribute contains `cls`. */
  const link = (html: string, href: string, cls: string) =>
    anchors(html).find((a) => a.href === href && /class="([^"]*)"/.exec(a.attrs)?.[1]?.includes(cls));
  const categoryDirs = (html: string) =>
    anchors(html)
      .filter((a) => a.attrs.includes('class="category"'))
      .map((a) => /^\/categories\/([^/]+)\/latest-updates\/1\/$/.exec(a.href ?? '')?.[1]);
  const cardTitles = (html: string) => [...html.matchAll(/class="card__title">([^<]*)</g)].map((m) => m[1]);
  /** The current sort's tab (object pages' Videos/Info tabs carry no aria-current). */
  const activeTab = (html: string) =>
    anchors(html).find(
      (a) => a.attrs.includes('class="tab is-active"') && a.attrs.includes('aria-current="page"'),
    )?.text;
  const strip = (html: string) =>
    /<nav class="chips" aria-label="Categories in these videos">(.*?)<\/nav>/s.exec(html)?.[1] ?? null;

  describe('/categories/ sorts', () => {
    it('lists A to Z by default, with a tab for each of the six category sorts', async () => {
      const { status, html } = await page('/categories/');
      expect(status).toBe(200);
      expect(categoryDirs(html)).toEqual(['aardvark', 'outdoor', 'studio', 'vintage']);
      expect(activeTab(html)).toBe('A–Z');
      for (const sort of [
        'count-videos',
        'latest-updates',
        'most-popular',
        'most-viewed',
        'recent',
        'top-rated',
      ]) {
        expect(html).toContain(`href="/categories/${sort}/"`);
      }
      expect(html).toContain('<title>Categories - TestTube</title>');
    });

    it.each([
      // total_videos: outdoor 3, studio 2, vintage 2 (ties by id), aardvark 0
      ['count-videos', 'Most videos', ['outdoor', 'studio', 'vintage', 'aardvark']],
      // the newest listed video: vintage today, outdoor 3 days, studio 40 days; none last
      ['latest-updates', 'Latest updates', ['vintage', 'outdoor', 'studio', 'aardvark']],
      // the category's own date
      ['recent', 'Newest', ['aardvark', 'vintage', 'studio', 'outdoor']],
      // views of the listed videos: outdoor 9600, studio 9100, vintage 110
      ['most-popular', 'Most popular', ['outdoor', 'studio', 'vintage', 'aardvark']],
      ['most-viewed', 'Most viewed', ['outdoor', 'studio', 'vintage', 'aardvark']],
      // the average rating of the voted videos: vintage 1, outdoor 0.8, studio 0.75
      ['top-rated', 'Top rated', ['vintage', 'outdoor', 'studio', 'aardvark']],
    ])('/categories/%s/ orders the list (%s)', async (sort, label, order) => {
      const { status, html } = await page(`/categories/${sort}/`);
      expect(status).toBe(200);
      expect(categoryDirs(html)).toEqual(order);
      expect(activeTab(html)).toBe(label);
      expect(html).toContain(`<title>Categories: ${label} - TestTube</title>`);
      expect(html).toContain(`<link rel="canonical" href="http://tube.test/categories/${sort}/"`);
    });

    it('an unknown sort is the 404 page; a category dir is the short form of its videos', async () => {
      const unknown = await page('/categories/best/');
      expect(unknown.status).toBe(404);
      expect(unknown.html).toContain('Content not found!');
      expect(await page('/categories/outdoor/?duration=1')).toMatchObject({
        status: 301,
        location: '/categories/outdoor/latest-updates/1/?duration=1',
      });
      expect(await page('/categories/outdoor,vintage/')).toMatchObject({
        status: 301,
        location: '/categories/outdoor,vintage/latest-updates/1/',
      });
      expect((await page('/categories/outdoor,nothing/')).status).toBe(404);
      // The default order has one URL.
      expect(await page('/categories/alphabetaz/')).toMatchObject({ status: 301, location: '/categories/' });
    });
  });

  describe('the category picker', () => {
    it('offers the sidebar button instead of an inline list, and only below three categories', async () => {
      const one = await page('/categories/outdoor/latest-updates/1/');
      expect(one.status).toBe(200);
      expect(one.html).toMatch(/<button[^>]*class="chip chip--add"[^>]*aria-haspopup="dialog"/);
      // The other categories are not in the page: the sidebar loads them when it opens.
      expect(one.html).not.toContain('href="/categories/outdoor,studio/latest-updates/1/"');
      // Removing the only category goes to the category list.
      expect(link(one.html, '/categories/', 'chip--removable')).toBeDefined();
      const three = await page('/categories/outdoor,studio,vintage/top-rated/1/');
      expect(three.html).not.toContain('chip--add');
      expect(link(three.html, '/categories/studio,vintage/top-rated/1/', 'chip--removable')).toBeDefined();
    });
  });

  describe('the duration filter on model, channel and playlist pages', () => {
    it('a model page lists the videos of the chosen duration, with the filter control', async () => {
      expect(cardTitles((await page('/pornstar/anna-bell/')).html)).toEqual([
        'Beach Sunset Walk',
        'Vintage Beach Party',
      ]);
      const short = await page('/pornstar/anna-bell/?duration=1');
      expect(cardTitles(short.html)).toEqual(['Beach Sunset Walk']);
      expect(short.html).toContain('aria-labelledby="filter-duration"');
      expect(link(short.html, '/pornstar/anna-bell/?duration=3', 'chip')?.text).toBe('Over 40 min');
      expect(link(short.html, '/pornstar/anna-bell/', 'chip')?.text).toBe('Any length');
      // No date window on these pages.
      expect(short.html).not.toContain('aria-labelledby="filter-date"');
      // The first page of the videos is the model's page (docs/decisions.md 2026-11-29).
      expect(await page('/pornstar/anna-bell/videos/1/?duration=3')).toMatchObject({
        status: 301,
        location: '/pornstar/anna-bell/?duration=3',
      });
      expect(cardTitles((await page('/pornstar/anna-bell/?duration=2')).html)).toEqual([]);
    });

    it('a channel page', async () => {
      expect(cardTitles((await page('/pornsite/sunny-studio/?duration=3')).html)).toEqual([
        'Vintage Beach Party',
      ]);
      expect(cardTitles((await page('/pornsite/sunny-studio/?duration=1')).html)).toEqual([
        'Beach Sunset Walk',
      ]);
    });

    it("a playlist page, for everyone and for its owner (the owner's own read)", async () => {
      const open = `/playlist/${f.playlists.public}/`;
      expect(cardTitles((await page(open)).html)).toEqual(['Vintage Beach Party', 'Beach Sunset Walk']);
      expect(cardTitles((await page(`${open}?duration=1`)).html)).toEqual(['Beach Sunset Walk']);
      const own = `/playlist/${ownPlaylist}/`;
      expect(cardTitles((await page(own, owner)).html)).toEqual([
        'City Night Drive',
        'Beach Sunset Walk',
        'Vintage Beach Party',
      ]);
      const medium = await page(`${own}?duration=2`, owner);
      expect(cardTitles(medium.html)).toEqual(['City Night Drive']);
      expect(link(medium.html, `/playlist/${ownPlaylist}/?duration=1`, 'chip')?.text).toBe('Under 10 min');
    });
  });

  describe('the performer-category page (pornstar_videos_tag)', () => {
    it('takes a video sort in the route, with the sort control', async () => {
      const longest = await page('/pornstar/anna-bell/videos/outdoor/longest/1/');
      expect(longest.status).toBe(200);
      expect(cardTitles(longest.html)).toEqual(['Vintage Beach Party', 'Beach Sunset Walk']);
      expect(activeTab(longest.html)).toBe('Longest');
      const latest = await page('/pornstar/anna-bell/videos/outdoor/latest-updates/1/');
      expect(cardTitles(latest.html)).toEqual(['Beach Sunset Walk', 'Vintage Beach Party']);
      expect(latest.html).toContain('href="/pornstar/anna-bell/videos/outdoor/top-rated/1/"');
      // The default sort (most popular) is the short URL.
      expect(link(latest.html, '/pornstar/anna-bell/videos/outdoor/1/', 'tab')?.text).toBe('Most popular');
      const byDefault = await page('/pornstar/anna-bell/videos/outdoor/1/');
      expect(byDefault.status).toBe(200);
      expect(activeTab(byDefault.html)).toBe('Most popular');
      expect(await page('/pornstar/anna-bell/videos/outdoor/most-popular/1/?duration=1')).toMatchObject({
        status: 301,
        location: '/pornstar/anna-bell/videos/outdoor/1/?duration=1',
      });
      expect((await page('/pornstar/anna-bell/videos/outdoor/best/1/')).status).toBe(404);
      expect((await page('/pornstar/anna-bell/videos/outdoor/longest/21/')).status).toBe(404);
    });

    it('and the duration filter', async () => {
      const { html } = await page('/pornstar/anna-bell/videos/outdoor/longest/1/?duration=1');
      expect(cardTitles(html)).toEqual(['Beach Sunset Walk']);
      // A sort change keeps the filter.
      expect(html).toContain('href="/pornstar/anna-bell/videos/outdoor/latest-updates/1/?duration=1"');
    });
  });

  describe("the playlist page's category strip", () => {
    it('is built from the listed videos, most frequent first', async () => {
      const { html } = await page(`/playlist/${f.playlists.public}/`);
      // Vintage Beach Party: outdoor, studio, vintage; Beach Sunset Walk: outdoor.
      const links = [...(strip(html) ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(links).toEqual([
        '/categories/outdoor/latest-updates/1/',
        '/categories/studio/latest-updates/1/',
        '/categories/vintage/latest-updates/1/',
      ]);
      // It follows the filter: only the short video's category.
      const short = await page(`/playlist/${f.playlists.public}/?duration=1`);
      expect([...(strip(short.html) ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
        '/categories/outdoor/latest-updates/1/',
      ]);
    });

    it("on the owner's page too", async () => {
      const { html } = await page(`/playlist/${ownPlaylist}/?duration=2`, owner);
      // City Night Drive: outdoor, studio.
      expect([...(strip(html) ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
        '/categories/outdoor/latest-updates/1/',
        '/categories/studio/latest-updates/1/',
      ]);
    });
  });
});
