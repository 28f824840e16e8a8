// Issue 34, item 12: `/tags/A/` and `/pornstar/{dir}/videos/{category}/` (no page) were 404s; they now
// move (301) to the letter's tag list and to the category's page 1. And the category chips of a
// videos listing dropped its duration filter: removing a category now keeps `?duration=` (and
// `?date=`). Server-rendered on the fixture catalogue (needs `npx react-router build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';

describe('short listing URLs and the category chips', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await seedCatalogueFixture(t.database.handle.db);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const r = await t.app.inject({ url, headers: { host: 'tube.test' } });
    return { status: r.statusCode, location: r.headers.location, html: r.body };
  };

  it('/tags/A/ moves to the tag list of the letter a', async () => {
    const moved = await get('/tags/A/');
    expect(moved.status).toBe(301);
    expect(moved.location).toBe('/tags/a/');
    expect((await get('/tags/Z/?utm_content=x')).location).toBe('/tags/z/?utm_content=x');
    const list = await get('/tags/a/');
    expect(list.status).toBe(200);
    expect(list.html).toMatch(/<h1 class="page__title">[^<]*A<\/h1>/);
    // A tag's own short form still goes to its videos.
    const tag = await get('/tags/beach/');
    expect(tag.status).toBe(301);
    expect(tag.location).toBe('/tags/beach/1/');
  });

  it("/pornstar/{dir}/videos/{category}/ moves to that category's page 1", async () => {
    const moved = await get('/pornstar/anna-bell/videos/outdoor/');
    expect(moved.status).toBe(301);
    expect(moved.location).toBe('/pornstar/anna-bell/videos/outdoor/1/');
    expect((await get('/pornstar/anna-bell/videos/outdoor/?duration=1')).location).toBe(
      '/pornstar/anna-bell/videos/outdoor/1/?duration=1',
    );
    expect((await get('/pornstar/anna-bell/videos/outdoor/1/')).status).toBe(200);
    // An unknown model is still the 404 page, not a redirect.
    expect((await get('/pornstar/nobody-here/videos/outdoor/')).status).toBe(404);
    // A number there is a page of the model's videos, as before.
    expect((await get('/pornstar/anna-bell/videos/7/')).status).not.toBe(301);
  });

  it("a category chip keeps the listing's duration and date filters", async () => {
    const page = await get('/categories/outdoor,studio/most-popular/1/?duration=2&date=week');
    expect(page.status).toBe(200);
    const chips = [...page.html.matchAll(/<a ([^>]*)>/g)]
      .map((m) => m[1] ?? '')
      .filter((attrs) => attrs.includes('chip--removable'))
      .map((attrs) => /href="([^"]*)"/.exec(attrs)?.[1]);
    expect(chips).toEqual([
      '/categories/studio/most-popular/1/?date=week&amp;duration=2',
      '/categories/outdoor/most-popular/1/?date=week&amp;duration=2',
    ]);
  });
});
