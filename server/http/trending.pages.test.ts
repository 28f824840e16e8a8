// Trending where visitors see it (issue 32 item 3), on PGlite and PostgreSQL (TEST_DATABASE_URL), with
// the web build: /videos/trending/{page}/ lists the trending.refresh job's order of the visitor's
// orientation, a video whose views rise against its own baseline above one that is steadily the most
// viewed; the home's block is counted by the loader and drawn in the browser from videos2's `trending`
// (section `videos` only); an empty order is an empty listing that says why, not a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos2Path } from '../../contract/catalog-api.ts';
import type { DB } from '../db/database.ts';
import { refreshTrending } from '../modules/discovery/trending.repository.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';

const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const TODAY = dayAgo(0);
const FILLERS = 70;

/** Daily views of one video: `views(daysAgo)` for each of the last 16 days (0 = today). */
async function insertHistory(db: DB, videoId: number, views: (daysAgo: number) => number) {
  const rows = Array.from({ length: 16 }, (_, d) => ({
    video_id: videoId,
    day: dayAgo(d),
    views: views(d),
    likes: 0,
    dislikes: 0,
  })).filter((r) => r.views > 0);
  if (rows.length > 0) await db.insertInto('video_stats_daily').values(rows).execute();
}

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
const cardTitles = (html: string) => [...html.matchAll(/class="card__title">([^<]*)</g)].map((m) => m[1]);
const robots = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe.each(databaseKinds())('trending pages on %s', (kind) => {
  let t: TestApp;
  const page = async (url: string, gender?: string) => {
    const r = await t.app.inject({ url, headers: gender ? { cookie: `kt_gender=${gender}` } : {} });
    return { status: r.statusCode, html: r.body, location: r.headers.location };
  };
  const json = async (url: string) => {
    const r = await t.app.inject({ url });
    return { status: r.statusCode, body: r.json(), cacheControl: r.headers['cache-control'] };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.handle.db;
    // Steady: the most viewed, 500 views every day: its recent days are its baseline (rise ≈ 1).
    const steady = await insertVideo(db, { title: 'Steady Giant', views: 100_000, daysAgo: 300 });
    await insertHistory(db, steady.id, () => 500);
    // Rising: 2 a day for two weeks, then 100 today and yesterday (rise 100 / (2 + 3) = 20).
    const rising = await insertVideo(db, { title: 'Rising Star', views: 300, daysAgo: 200 });
    await insertHistory(db, rising.id, (d) => (d < 2 ? 100 : 2));
    // Fillers: new, 10 a day since yesterday (rise 10 / 3 ≈ 3.3): between the two, so that the steady
    // video falls to page 2 (60 a page).
    for (let i = 1; i <= FILLERS; i++) {
      const filler = await insertVideo(db, {
        title: `Filler Clip ${String(i).padStart(2, '0')}`,
        daysAgo: 1,
      });
      await insertHistory(db, filler.id, (d) => (d < 2 ? 10 : 0));
    }
    // Another orientation's rising video, and one that only has a few views (under the minimum).
    const gay = await insertVideo(db, { title: 'Rising Other Side', gender: 'gay', views: 50, daysAgo: 30 });
    await insertHistory(db, gay.id, (d) => (d < 2 ? 40 : 1));
    const quiet = await insertVideo(db, { title: 'Quiet Other Side', gender: 'gay', views: 5, daysAgo: 30 });
    await insertHistory(db, quiet.id, (d) => (d === 0 ? 2 : 0));
    // Nothing of the third orientation rises: its order is empty.
    await insertVideo(db, { title: 'Still Third Side', gender: 'shemale', views: 10, daysAgo: 30 });
    expect(await refreshTrending(db, TODAY)).toBe(FILLERS + 2 + 1);
  });
  afterAll(() => t.close());

  it('lists the rising video first and the steadily most viewed one far below it', async () => {
    const { status, html } = await page('/videos/trending/1/');
    expect(status).toBe(200);
    expect(h1(html)).toBe('Trending videos');
    expect(html).toContain('<title>Trending videos - TestTube</title>');
    const titles = cardTitles(html);
    expect(titles).toHaveLength(60);
    expect(titles[0]).toBe('Rising Star');
    expect(titles).not.toContain('Steady Giant');
    // All-time most viewed is another order: the steady video leads it.
    expect(cardTitles((await page('/videos/most-viewed/1/')).html)[0]).toBe('Steady Giant');
    // The sort tabs offer it, current here; the date and duration filters are not offered.
    expect(html).toMatch(/<a class="tab is-active" aria-current="page" href="\/videos\/trending\/1\/"/);
    expect(html).not.toContain('id="filter-duration"');
    expect((await page('/videos/latest-updates/1/')).html).toContain('href="/videos/trending/1/"');
    expect(robots(html)).toBe('all, index, follow');
  });

  it('page 2 holds the rest of the order, and a page past it behaves as on the other sorts', async () => {
    const second = await page('/videos/trending/2/');
    expect(second.status).toBe(200);
    const titles = cardTitles(second.html);
    expect(titles).toHaveLength(FILLERS + 2 - 60);
    expect(titles.at(-1)).toBe('Steady Giant');
    expect(robots(second.html)).toBe('noindex, follow');
    const past = await page('/videos/trending/3/');
    const pastOfLatest = await page('/videos/latest-updates/3/');
    expect(past.status).toBe(pastOfLatest.status);
    expect(cardTitles(past.html)).toEqual([]);
    expect(past.html).toContain('No videos found.');
    expect((await page('/videos/trending/21/')).status).toBe(404);
  });

  it("takes the visitor's orientation from the cookie", async () => {
    const gay = await page('/videos/trending/1/', 'gay');
    expect(cardTitles(gay.html)).toEqual(['Rising Other Side']);
  });

  it('an empty order is an empty listing that says why, not indexed', async () => {
    const empty = await page('/videos/trending/1/', 'shemale');
    expect(empty.status).toBe(200);
    expect(h1(empty.html)).toBe('Trending videos');
    expect(cardTitles(empty.html)).toEqual([]);
    expect(empty.html).toContain('Nothing is trending yet');
    expect(robots(empty.html)).toBe('noindex, follow');
  });

  it('ignores date and duration filters: the canonical drops them', async () => {
    const filtered = await page('/videos/trending/1/?duration=1&date=week');
    expect(cardTitles(filtered.html)[0]).toBe('Rising Star');
    expect(cardTitles(filtered.html)).toHaveLength(60);
    expect(canonical(filtered.html)).toBe('http://tube.test/videos/trending/1/');
  });

  it('/videos/trending/ goes to page 1; the sitemap lists the listing', async () => {
    const short = await page('/videos/trending/');
    expect(short.status).toBe(301);
    expect(short.location).toBe('/videos/trending/1/');
    const pages = await t.app.inject({ url: '/sitemaps/pages.xml' });
    expect(pages.body).toContain('<loc>http://tube.test/videos/trending/1/</loc>');
  });

  it("videos2's trending (the home block's call): the order of the orientation, section videos only", async () => {
    const url = videos2Path({
      lifetime: 3600,
      gender: 'str',
      sort: 'trending',
      count: 20,
      section: 'videos',
      page: 1,
    });
    const { status, body, cacheControl } = await json(url);
    expect(status).toBe(200);
    expect(cacheControl).toBe('public, max-age=3600');
    expect(body.total_count).toBe(FILLERS + 2);
    expect(body.videos).toHaveLength(20);
    expect(body.videos[0].title).toBe('Rising Star');
    const gay = await json(url.replace('/str/', '/gay/'));
    expect(gay.body.videos.map((v: { title: string }) => v.title)).toEqual(['Rising Other Side']);
    const none = await json(url.replace('/str/', '/shemale/'));
    expect(none.body).toMatchObject({ videos: [], total_count: 0 });
    // Another section has no trending order; a dated window neither.
    for (const [bad, code] of [
      ['/api/json/videos2/3600/str/trending/20/tags.beach.1.all.all.all.json', 'invalid_sort'],
      ['/api/json/videos2/3600/str/trending/20/videos..1.all.all.week.json', 'invalid_date'],
    ]) {
      const r = await json(bad as string);
      expect(r.status, bad).toBe(400);
      expect(r.body).toMatchObject({ code });
    }
  });

  it('the home renders none of its trending block on the server', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    // Drawn after hydration only (the home HTML's budget; e2e/trending.test.ts sees it in Chromium).
    expect(home.html).toContain('trendingCount');
    expect(home.html).not.toContain('home-trending');
    expect(home.html).not.toContain('/videos/trending/1/');
  });
});
