// The catalogue's search and suggestion calls over HTTP (app.inject) on both databases: the words a
// search finds, the search tier's ranking, the refused searches, the suggester by prefix and despite a
// typo, the top searches and tags. The listing call is tested in catalog.routes.test.ts, the objects in
// catalog-objects.routes.test.ts; the set-up is server/test/catalog-routes-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogRepository } from '../modules/catalog/catalog.repository.ts';
import { createRollupsRepository } from '../modules/catalog/rollups.repository.ts';
import { refreshSearchTier, SEARCH_TIER_KEY } from '../modules/catalog/rollups.ts';
import type { TestApp } from '../test/app.ts';
import { catalogCalls, setupCatalogueApp } from '../test/catalog-routes-fixtures.ts';
import { databaseKinds } from '../test/db.ts';

describe.each(databaseKinds())('catalogue read calls on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    ({ t } = await setupCatalogueApp(kind));
  });
  afterAll(() => t?.close());

  const { get, titles } = catalogCalls(() => t);

  describe('search and suggestions', () => {
    const search = (s: string, params = '43200/str/latest-updates/60/search..1.all.all.all') =>
      get(`/api/videos2.php?params=${encodeURIComponent(params)}&s=${encodeURIComponent(s)}`);

    it('finds by title, tag, model and channel words', async () => {
      expect(titles((await search('beach')).body)).toEqual(['Beach Sunset Walk', 'Vintage Beach Party']);
      expect(titles((await search('zoe')).body)).toEqual(['City Night Drive', 'Vintage Beach Party']);
      expect(titles((await search('sunny studio')).body)).toEqual([
        'Beach Sunset Walk',
        'Vintage Beach Party',
      ]);
      // Words match from their start, as people type.
      expect(titles((await search('suns')).body)).toEqual(['Beach Sunset Walk']);
      const punctuation = await search('???');
      expect([punctuation.status, punctuation.body.total_count]).toEqual([200, 0]);
      const ranked = await search('  beach   sunset ', '43200/str/most-relevant/60/search..1.all.all.all');
      expect(titles(ranked.body)).toEqual(['Beach Sunset Walk']);
      expect(ranked.body.total_count).toBe(1);
    });

    it('ranks the matches of the search tier (most viewed videos) before the others', async () => {
      const db = t.database.handle.db;
      const filter = { gender: 'str', text: 'beach' } as const;
      const ranked = async () => {
        // A fresh repository: the tier threshold is read once a minute per repository.
        const repo = createCatalogRepository(db);
        const page = async (offset: number) =>
          (await repo.listVideos(filter, 'most-relevant', 'all', 1, offset)).map((v) => v.title);
        return {
          order: [...(await page(0)), ...(await page(1))],
          total: await repo.countVideos(filter, 'most-relevant', 'all', 1200),
        };
      };
      // The fixture has fewer videos than a tier (no threshold): plain ts_rank order.
      const plain = await ranked();
      expect(plain.total).toBe(2);
      expect(plain.order).toEqual(['Vintage Beach Party', 'Beach Sunset Walk']);
      // 'Beach Sunset Walk' has 500 views, 'Vintage Beach Party' 100: a threshold of 200 puts only the
      // first in the tier, so it comes first though ts_rank puts it second; the other still follows.
      const threshold = (views: number) =>
        createRollupsRepository(db).markSearchTier(SEARCH_TIER_KEY, { str: views });
      try {
        await threshold(200);
        expect(await ranked()).toEqual({ order: ['Beach Sunset Walk', 'Vintage Beach Party'], total: 2 });
        // The tier is the flag the roll-up keeps with the threshold: the listed videos at or above it.
        const flagged = await db
          .selectFrom('videos')
          .select(['title', 'views'])
          .where('in_search_tier', '=', true)
          .orderBy('title')
          .execute();
        expect(flagged.length).toBeGreaterThan(0);
        expect(flagged.every((v) => v.views >= 200)).toBe(true);
        expect(flagged.map((v) => v.title)).toContain('Beach Sunset Walk');
        expect(flagged.map((v) => v.title)).not.toContain('Vintage Beach Party');
        // Nothing in the tier: the others, in ts_rank order.
        await threshold(1000);
        expect(await ranked()).toEqual(plain);
      } finally {
        await refreshSearchTier(db);
      }
    });

    it('rejects short, long and malformed searches', async () => {
      expect((await search('ab')).body.code).toBe('search_too_short');
      expect((await search('x'.repeat(70))).body.code).toBe('search_too_long');
      expect((await search('beach', '43200/str/latest-updates/60')).body.code).toBe('invalid_params');
      expect((await search('beach', '43200/str/best/60/search..1.all.all.all')).body.code).toBe(
        'invalid_sort',
      );
    });

    it('suggests by prefix and despite a typo', async () => {
      const { body, headers } = await get('/api/suggester.php?c=bea');
      expect(headers['cache-control']).toBe('public, max-age=3600');
      expect(body.keywords).toEqual(['beach party', 'beach']);
      expect(body.tags).toEqual([{ dir: 'beach', title: 'beach', total_videos: 2 }]);
      expect(body.categories).toEqual([]);
      const typo = await get('/api/suggester.php?c=vintge');
      expect(typo.body.categories).toEqual([{ dir: 'vintage', title: 'vintage', total_videos: 2 }]);
      const model = await get('/api/suggester.php?c=bell');
      // A title that starts with the text comes before one with a later word that does.
      expect(model.body.models.map((m: { dir: string }) => m.dir)).toEqual(['bella-ray', 'anna-bell']);
      const channel = await get('/api/suggester.php?c=sunny');
      expect(channel.body.channels).toEqual([
        { dir: 'sunny-studio', title: 'Sunny Studio', total_videos: 2 },
      ]);
      expect((await get('/api/suggester.php?c=ab')).body.keywords).toEqual([]);
    });

    it('top searches and tags', async () => {
      const { body } = await get('/api/json/suggester/86400/2.json');
      expect(body.keywords).toEqual(['beach party', 'beach']);
      expect(body.tags.map((x: { dir: string }) => x.dir)).toEqual(['beach', 'city']);
    });
  });
});
