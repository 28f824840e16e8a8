// The catalogue's read calls over HTTP (app.inject) on both databases: videos2, the listing call — its
// cache lifetimes, card fields, sorts, windows, filters, sections, history and refusals — and the response
// cache that serves the same bytes until a lifetime ends. The objects, robots and sitemaps are tested in
// catalog-objects.routes.test.ts, search and suggestions in catalog-search.routes.test.ts; the set-up is
// server/test/catalog-routes-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos2Path } from '../../contract/catalog-api.ts';
import { createServices } from '../app-services.ts';
import { createMemoryResponseCache } from '../lib/response-cache.ts';
import type { TestApp } from '../test/app.ts';
import type { CatalogueFixture } from '../test/catalog-fixtures.ts';
import { catalogCalls, setupCatalogueApp } from '../test/catalog-routes-fixtures.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';

describe.each(databaseKinds())('catalogue read calls on %s', (kind) => {
  let t: TestApp;
  let f: CatalogueFixture;

  beforeAll(async () => {
    ({ t, f } = await setupCatalogueApp(kind));
  });
  afterAll(() => t?.close());

  const { get, titles, list } = catalogCalls(() => t);

  describe('videos2', () => {
    it('answers lifetime 0 past every cache: a new video shows at once, while lifetime 43200 keeps its answer', async () => {
      const before = await list({ lifetime: 0 });
      const cached = await list();
      expect(before.headers['cache-control']).toBe('no-store');
      const added = await insertVideo(t.database.handle.db, { title: 'Just Published Pattern' });
      const after = await list({ lifetime: 0 });
      expect(after.body.total_count).toBe(before.body.total_count + 1);
      expect(titles(after.body)).toContain('Just Published Pattern');
      // The cached lifetime still answers what it stored (the response cache, by URL).
      expect((await list()).body.total_count).toBe(cached.body.total_count);
      await t.database.handle.db.deleteFrom('videos').where('id', '=', added.id).execute();
    });

    it('lists with every field of a card, the page strips and the total', async () => {
      const { status, headers, body } = await list();
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('public, max-age=43200');
      expect(titles(body)).toEqual([
        'Fresh Studio Session',
        'Beach Sunset Walk',
        'City Night Drive',
        'Vintage Beach Party',
      ]);
      expect(body.total_count).toBe(4);
      expect(body.mvp).toBeNull();
      const long = body.videos[3];
      expect(long).toMatchObject({
        video_id: f.ids.long,
        dir: 'vintage-beach-party',
        duration: '50:00',
        duration_sec: 3000,
        rating: 100,
        video_viewed: 100,
        hd: true,
        scr: `/media/fixture/${f.ids.long}/poster.jpg`,
        statistics: { viewed: 100, likes: 50, dislikes: 0, comments_count: 1 },
      });
      expect(long.categories.map((c: { dir: string }) => c.dir)).toEqual(['outdoor', 'studio', 'vintage']);
      expect(long.models.map((m: { dir: string }) => m.dir)).toEqual(['anna-bell', 'zoe-kay']);
      // The whole item (docs/decisions.md, "Listing items"; a video without a preview clip has no key).
      expect(Object.keys(long).sort()).toEqual([
        'categories',
        'dir',
        'duration',
        'duration_sec',
        'hd',
        'models',
        'post_date',
        'rating',
        'scr',
        'statistics',
        'title',
        'video_id',
        'video_viewed',
      ]);
      expect(body.categories.map((c: { dir: string; videos: number }) => [c.dir, c.videos])).toEqual([
        ['outdoor', 3],
        ['studio', 2],
        ['vintage', 2],
      ]);
      expect(body.models.map((m: { dir: string }) => m.dir)).toEqual(['anna-bell', 'zoe-kay']);
    });

    it.each([
      ['longest', ['Vintage Beach Party', 'City Night Drive', 'Fresh Studio Session', 'Beach Sunset Walk']],
      [
        'most-commented',
        ['City Night Drive', 'Beach Sunset Walk', 'Vintage Beach Party', 'Fresh Studio Session'],
      ],
      [
        'most-viewed',
        ['City Night Drive', 'Beach Sunset Walk', 'Vintage Beach Party', 'Fresh Studio Session'],
      ],
      [
        'most-popular',
        ['City Night Drive', 'Beach Sunset Walk', 'Vintage Beach Party', 'Fresh Studio Session'],
      ],
      ['top-rated', ['Vintage Beach Party', 'Beach Sunset Walk', 'City Night Drive', 'Fresh Studio Session']],
    ] as const)('sorts by %s', async (sort, expected) => {
      expect(titles((await list({ sort })).body)).toEqual(expected);
    });

    it.each([
      ['day', ['Vintage Beach Party']],
      ['week', ['Beach Sunset Walk', 'Vintage Beach Party']],
      ['month', ['City Night Drive', 'Beach Sunset Walk', 'Vintage Beach Party']],
    ] as const)('most-popular in the %s window', async (date, expected) => {
      const { body } = await list({ sort: 'most-popular', date });
      expect(titles(body)).toEqual(expected);
      expect(body.total_count).toBe(expected.length);
    });

    it.each([
      [1, ['Fresh Studio Session', 'Beach Sunset Walk']],
      [2, ['City Night Drive']],
      [3, ['Vintage Beach Party']],
    ] as const)('duration class %i', async (duration, expected) => {
      expect(titles((await list({ duration })).body)).toEqual(expected);
    });

    it('type hd keeps 720p and up', async () => {
      expect(titles((await list({ type: 'hd' })).body)).toEqual(['Vintage Beach Party']);
    });

    it('pages by count', async () => {
      const { body } = await list({ count: 3, page: 2 });
      expect(titles(body)).toEqual(['Vintage Beach Party']);
      expect(body.total_count).toBe(4);
    });

    it('categories: every dir must match, up to 3', async () => {
      expect(titles((await list({ section: 'categories', objectId: 'outdoor,studio' })).body)).toEqual([
        'City Night Drive',
        'Vintage Beach Party',
      ]);
      expect(
        titles((await list({ section: 'categories', objectId: 'studio,outdoor,vintage' })).body),
      ).toEqual(['Vintage Beach Party']);
      const four = await list({ section: 'categories', objectId: 'outdoor,studio,vintage,extra' });
      expect(four.status).toBe(400);
      expect(four.body.code).toBe('invalid_object_id');
      const unknown = await list({ section: 'categories', objectId: 'outdoor,nothing' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('not_found');
    });

    it('tags carry the mvp block', async () => {
      const { body } = await list({ section: 'tags', objectId: 'beach' });
      expect(titles(body)).toEqual(['Beach Sunset Walk', 'Vintage Beach Party']);
      expect(body.mvp).toMatchObject({
        mtitle: 'Beach Videos',
        h1: 'Beach Videos',
        links: [{ url: '/tags/sunset/1/', title_nav: 'sunset' }],
      });
      expect(body.mvp.mdesc).toContain('TestTube');
    });

    it.each([
      ['channel', 'sunny-studio', ['Beach Sunset Walk', 'Vintage Beach Party']],
      ['model', 'anna-bell', ['Beach Sunset Walk', 'Vintage Beach Party']],
      ['model_category', 'anna-bell,vintage', ['Vintage Beach Party']],
    ] as const)('section %s', async (section, objectId, expected) => {
      expect(titles((await list({ section, objectId })).body)).toEqual(expected);
    });

    it('member uploads and playlists (in the playlist order)', async () => {
      const uploads = await list({ section: 'member', objectId: f.users.uploader });
      expect(titles(uploads.body)).toEqual(['Beach Sunset Walk', 'City Night Drive']);
      const playlist = await list({ section: 'playlist', objectId: f.playlists.public });
      expect(titles(playlist.body)).toEqual(['Vintage Beach Party', 'Beach Sunset Walk']);
      expect((await list({ section: 'playlist', objectId: f.playlists.private })).status).toBe(404);
    });

    it('history is the member’s own, newest first, never cached', async () => {
      const url = videos2Path({
        lifetime: 0,
        gender: 'str',
        sort: 'latest-updates',
        count: 60,
        section: 'history',
        objectId: f.users.viewer,
        page: 1,
      });
      const guest = await get(url);
      expect(guest.status).toBe(401);
      expect(guest.body.code).toBe('login_required');
      expect((await list({ section: 'history', objectId: f.users.viewer })).body.code).toBe(
        'invalid_lifetime',
      );

      // The accounts layer supplies the viewer; here a scope stands in for it.
      const scoped = (await import('fastify')).default({ logger: false });
      const { registerErrorHandler } = await import('./error-handler.ts');
      registerErrorHandler(scoped);
      const { registerContract } = await import('./contract.ts');
      await registerContract(scoped, { siteName: 'T', publicUrl: 'http://t', checkResponses: true });
      await registerCatalogRoutes(scoped, createServices(t.config, t.database.handle), {
        cache: createMemoryResponseCache(),
        viewerOf: (request) => Number(request.headers['x-viewer']) || null,
      });
      const own = await scoped.inject({ url, headers: { 'x-viewer': String(f.users.viewer) } });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('no-store');
      expect(own.json().videos.map((v: { title: string }) => v.title)).toEqual([
        'City Night Drive',
        'Beach Sunset Walk',
      ]);
      const other = await scoped.inject({ url, headers: { 'x-viewer': String(f.users.uploader) } });
      expect(other.statusCode).toBe(403);
      await scoped.close();
    });

    it.each([
      ['/api/json/videos2/43200/str/best/60/videos..1.all.all.all.json', 'invalid_sort'],
      ['/api/json/videos2/43200/str/latest-updates/60/videos..21.all.all.all.json', 'invalid_page'],
      ['/api/json/videos2/43200/str/latest-updates/0/videos..1.all.all.all.json', 'invalid_count'],
      ['/api/json/videos2/43200/str/latest-updates/60/nope..1.all.all.all.json', 'invalid_section'],
      ['/api/json/videos2/5/str/latest-updates/60/videos..1.all.all.all.json', 'invalid_lifetime'],
      ['/api/json/videos2/43200/xx/latest-updates/60/videos..1.all.all.all.json', 'invalid_gender'],
      ['/api/json/videos2/43200/str/latest-updates/60/videos..1.all.all.day.json', 'invalid_date'],
      ['/api/json/videos2/43200/str/latest-updates/60/videos..1.all.7.all.json', 'invalid_duration'],
      ['/api/json/videos2/43200/str/latest-updates/60/videos..1.4k.all.all.json', 'invalid_type'],
      ['/api/json/videos2/43200/str/latest-updates/60/videos..1.all.all.json', 'invalid_path'],
      ['/api/json/videos2/43200/str/latest-updates/60/videos.7.1.all.all.all.json', 'invalid_object_id'],
      ['/api/json/videos2/43200/str/latest-updates/60/tags.nope.1.all.all.all.json', 'not_found'],
    ])('%s → %s', async (url, code) => {
      const { status, body, headers } = await get(url);
      expect(status).toBe(code === 'not_found' ? 404 : 400);
      expect(body).toMatchObject({ error: expect.any(String), code });
      expect(headers['cache-control']).toBeUndefined();
    });
  });

  describe('caching', () => {
    it('serves the same bytes until the lifetime ends, without the database', async () => {
      const url = videos2Path({
        lifetime: 3600,
        gender: 'str',
        sort: 'most-viewed',
        count: 2,
        section: 'videos',
        page: 1,
      });
      const first = await t.app.inject({ url });
      await t.database.handle.db
        .updateTable('videos')
        .set({ views: 1 })
        .where('id', '=', f.ids.medium as number)
        .execute();
      const second = await t.app.inject({ url });
      expect(second.body).toBe(first.body);
      expect(second.headers['cache-control']).toBe('public, max-age=3600');
    });
  });
});
