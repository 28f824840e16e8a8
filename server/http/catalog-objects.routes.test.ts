// The catalogue's read calls over HTTP (app.inject) on both databases: the objects — one video, the home
// page's blocks, categories, models with their filters and sorts, a model, channel and playlist, tags —
// then robots.txt and the sitemaps. The listing call is tested in catalog.routes.test.ts, search and
// suggestions in catalog-search.routes.test.ts; the set-up is server/test/catalog-routes-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app.ts';
import type { CatalogueFixture } from '../test/catalog-fixtures.ts';
import { catalogCalls, setupCatalogueApp } from '../test/catalog-routes-fixtures.ts';
import { databaseKinds } from '../test/db.ts';

describe.each(databaseKinds())('catalogue read calls on %s', (kind) => {
  let t: TestApp;
  let f: CatalogueFixture;

  beforeAll(async () => {
    ({ t, f } = await setupCatalogueApp(kind));
  });
  afterAll(() => t?.close());

  const { get } = catalogCalls(() => t);

  describe('objects', () => {
    it('one video by bucket and id', async () => {
      const { status, body, headers } = await get(`/api/json/video/86400/0/${f.ids.long}.json`);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('public, max-age=86400');
      expect(body.video).toMatchObject({ video_id: f.ids.long, title: 'Vintage Beach Party', status_id: 1 });
      expect((await get(`/api/json/video/86400/1000/${f.ids.long}.json`)).status).toBe(404);
      expect((await get(`/api/json/video/86400/0/${f.ids.private}.json`)).status).toBe(404);
    });

    it('main: top models, channels, categories, keywords', async () => {
      const { body } = await get('/api/json/main/14400/str.en.json');
      expect(body.models.map((m: { dir: string }) => m.dir)).toEqual(['zoe-kay', 'anna-bell', 'bella-ray']);
      expect(body.channels.map((c: { dir: string }) => c.dir)).toEqual(['sunny-studio', 'quiet-channel']);
      expect(body.categories).toEqual([
        { dir: 'outdoor', title: 'outdoor', total_videos: 3 },
        { dir: 'studio', title: 'studio', total_videos: 2 },
        { dir: 'vintage', title: 'vintage', total_videos: 2 },
      ]);
      expect(body.keywords).toEqual(['beach party', 'beach', 'sunset']);
      expect((await get('/api/json/main/14400/str.xx.json')).body.code).toBe('invalid_lang');
    });

    it('categories by sort', async () => {
      const { body } = await get('/api/json/categories/86400/str/count-videos.json');
      expect(body.categories.map((c: { dir: string }) => c.dir)).toEqual(['outdoor', 'studio', 'vintage']);
      expect(body.total_count).toBe(3);
      expect((await get('/api/json/categories/86400/str/best.json')).body.code).toBe('invalid_sort');
    });

    const models = (tail: string) => get(`/api/json/models/3600/str/alphabetaz/48/${tail}.json`);
    const dirs = (body: { models: { dir: string }[] }) => body.models.map((m) => m.dir);
    it.each([
      ['1.all.all.all.all.all.all.all', ['anna-bell', 'bella-ray', 'zoe-kay']],
      ['1.z.all.all.all.all.all.all', ['zoe-kay']],
      ['1.all.1.all.all.all.all.all', ['anna-bell']],
      ['1.all.all.asian.all.all.all.all', ['zoe-kay']],
      ['1.all.all.all.2.all.all.all', ['anna-bell']],
      ['1.all.all.all.all.4.all.all', ['bella-ray']],
      ['1.all.all.all.all.all.4.all', ['bella-ray', 'zoe-kay']],
      ['1.all.all.all.all.all.2.all', ['anna-bell']],
      ['1.all.all.all.all.all.all.fr', ['zoe-kay']],
    ])('models %s', async (tail, expected) => {
      const { body } = await models(tail);
      expect(dirs(body)).toEqual(expected);
      expect(body.total_count).toBe(expected.length);
    });

    it('models: card fields, sorts, bad filters', async () => {
      const { body } = await get(
        '/api/json/models/3600/str/count-videos/48/1.all.all.all.all.all.all.all.json',
      );
      // Equal counts: the newer row first.
      expect(dirs(body)).toEqual(['zoe-kay', 'anna-bell', 'bella-ray']);
      expect(body.models[1]).toMatchObject({
        dir: 'anna-bell',
        title: 'Anna Bell',
        total_videos: 2,
        statistics: { videos: 2, viewed: 600, subscribers: 0 },
      });
      // recent: the models' own dates; latest-updates: their newest listed video (content.md §3).
      const recent = await get('/api/json/models/3600/str/recent/48/1.all.all.all.all.all.all.all.json');
      expect(dirs(recent.body)).toEqual(['bella-ray', 'zoe-kay', 'anna-bell']);
      // Anna Bell's newest video is 3 days old, Zoe Kay's 40; Bella Ray has none (last).
      const latest = await get(
        '/api/json/models/3600/str/latest-updates/48/1.all.all.all.all.all.all.all.json',
      );
      expect(dirs(latest.body)).toEqual(['anna-bell', 'zoe-kay', 'bella-ray']);
      expect((await models('1.all.9.all.all.all.all.all')).status).toBe(400);
      expect((await get('/api/json/models/3600/str/best/48/1.all.all.all.all.all.all.all.json')).status).toBe(
        400,
      );
    });

    it('model, channel, playlist details', async () => {
      const model = await get('/api/json/model/3600/zoe-kay.json');
      expect(model.body.model).toMatchObject({
        dir: 'zoe-kay',
        title: 'Zoe Kay',
        race: 'asian',
        hair: 2,
        height: 175,
        weight: 65,
        country: 'fr',
        birth_date: '1980-06-15',
        total_videos: 2,
      });
      expect(model.body.model.age).toBeGreaterThanOrEqual(45);
      expect((await get('/api/json/model/3600/nobody.json')).status).toBe(404);

      const channel = await get('/api/json/channel/86400/sunny-studio.json');
      expect(channel.body.channel).toMatchObject({
        dir: 'sunny-studio',
        title: 'Sunny Studio',
        url: 'https://sunny.example.com/',
        total_videos: 2,
        statistics: { videos: 2, viewed: 600 },
      });
      const channels = await get('/api/json/channels/86400/str/count-videos/48/1.json');
      expect(channels.body.channels.map((c: { dir: string }) => c.dir)).toEqual([
        'sunny-studio',
        'quiet-channel',
      ]);
      expect(channels.body.total_count).toBe(2);

      const playlist = await get(`/api/json/playlist/86400/0/${f.playlists.public}.json`);
      expect(playlist.body.playlist).toMatchObject({
        playlist_id: f.playlists.public,
        title: 'Best beach',
        description: 'Sand and sea',
        private: 0,
        user: { user_id: f.users.uploader, username: 'uploader' },
      });
      expect((await get(`/api/json/playlist/86400/0/${f.playlists.private}.json`)).status).toBe(404);
      const playlists = await get('/api/json/playlists/86400/str/latest-updates/20/1.json');
      expect(playlists.body.playlists.map((p: { title: string }) => p.title)).toEqual(['Best beach']);
      expect(playlists.body.playlists[0].scr).toBe(`/media/fixture/${f.ids.long}/poster.jpg`);
    });

    it('tags by letter and a tag’s mvp', async () => {
      const b = await get('/api/json/tags_mvp/86400/b.json');
      // The count is of the orientation's listed videos (str by default), as the tag's list shows.
      expect(b.body).toEqual({ tags: [{ dir: 'beach', title: 'beach', total_videos: 2 }], total_count: 1 });
      const gay = await get('/api/json/tags_mvp/86400/b.json?gender=gay');
      expect(gay.body).toEqual({ tags: [{ dir: 'beach', title: 'beach', total_videos: 1 }], total_count: 1 });
      const all = await get('/api/json/tags_mvp/86400/all.json');
      expect(all.body.tags.map((x: { dir: string }) => x.dir)).toEqual(['beach', 'city', 'sunset']);
      expect((await get('/api/json/tags_mvp/86400/ab.json')).body.code).toBe('invalid_letter');
      const mvp = await get('/api/json/videos_mvp/86400/beach.json');
      expect(mvp.body.mvp.h1).toBe('Beach Videos');
      expect(mvp.body.tags).toEqual([{ dir: 'sunset', title: 'sunset', total_videos: 1 }]);
    });
  });

  describe('robots and sitemaps', () => {
    it('robots.txt points at the sitemap index', async () => {
      const r = await t.app.inject({ url: '/robots.txt' });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('Sitemap: http://tube.test/sitemap.xml');
      expect(r.body).toContain('Disallow: /api/');
    });

    it('the index lists the pages file and one video file per 50,000 videos', async () => {
      const index = await t.app.inject({ url: '/sitemap.xml' });
      expect(index.headers['content-type']).toContain('application/xml');
      const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      // The x-default files, then the same files per language but English, whose pages are the x-default
      // ones (one canonical address: issue 34; server/http/languages.test.ts).
      expect(locs.slice(0, 2)).toEqual([
        'http://tube.test/sitemaps/pages.xml',
        'http://tube.test/sitemaps/videos-1.xml',
      ]);
      expect(locs).toHaveLength(2 * 20);
      expect(locs).toContain('http://tube.test/sitemaps/de/videos-1.xml');
      expect(locs).not.toContain('http://tube.test/sitemaps/en/videos-1.xml');
      const videos = await t.app.inject({ url: '/sitemaps/videos-1.xml' });
      // Every listed video of every orientation: 4 straight and 1 gay.
      expect(videos.body.match(/<url>/g)).toHaveLength(5);
      expect(videos.body).toContain(`<loc>http://tube.test/video/${f.ids.long}/vintage-beach-party/</loc>`);
      expect(videos.body).toContain('<video:duration>3000</video:duration>');
      expect((await t.app.inject({ url: '/sitemaps/videos-2.xml' })).statusCode).toBe(404);
      const pages = await t.app.inject({ url: '/sitemaps/pages.xml' });
      expect(pages.body).toContain('<loc>http://tube.test/tags/beach/1/</loc>');
      expect(pages.body).toContain('<loc>http://tube.test/pornstar/anna-bell/</loc>');
    });
  });
});
