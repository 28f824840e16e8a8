import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertCategories, insertUser, insertVideo } from '../test/fixtures.ts';

// Page routing through the real SSR build (npm test builds it first). PGlite only: the pages' SQL is
// covered on both databases by the catalogue tests.
describe('web pages', () => {
  let t: TestApp;
  let video: { id: number; dir: string };
  let gone: { id: number; dir: string };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const db = t.database.handle.db;
    // The member pages below are of user 1 (the first user of a fresh database); a missing one is a 404.
    await insertUser(db, 'web_member');
    const cats = await insertCategories(db, ['outdoor', 'studio']);
    video = await insertVideo(
      db,
      { title: 'Harbour Lights Test Card', duration: 95, views: 1234, likes: 3, categories: ['outdoor'] },
      cats,
    );
    for (let i = 0; i < 5; i++)
      await insertVideo(db, { title: `Colour Bars ${i}`, views: i, categories: ['studio'] }, cats);
    gone = await insertVideo(db, { title: 'Withdrawn Test Card', status: 5 });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers an unknown read call with the API 404 in its JSON shape, not the HTML 404 page', async () => {
    for (const url of ['/api/json/nothing/86400/x.json', '/api/json/videos3/1.json', '/api/unknown.php']) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([
        url,
        404,
        'application/json; charset=utf-8',
      ]);
      expect(res.json()).toEqual({ error: 'Not found', code: 'not_found', codes: [] });
    }
  });

  it('renders home with the shell: site name, search, footer links and the copyright line', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>');
    expect(html).toMatch(/TestTube/);
    expect(html).toContain(`${new Date().getFullYear()} TestTube`);
    expect(html).toMatch(/<input[^>]*maxlength="69"/i);
    for (const href of [
      '/information/dmca/',
      '/information/terms/',
      '/information/privacy/',
      '/information/2257/',
      '/information/support/',
      '/sitemap-page/',
      '/advertising/',
      '/history/',
      '/signin/',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('Harbour Lights Test Card');
    expect(html).toContain(`href="/video/${video.id}/${video.dir}/"`);
  });

  it.each([
    ['/videos/', '/videos/latest-updates/1/'],
    ['/videos/top-rated/', '/videos/top-rated/1/'],
    ['/latest-updates/', '/videos/latest-updates/1/'],
    ['/top-rated/', '/videos/top-rated/1/'],
    ['/most-commented/', '/videos/most-commented/1/'],
    ['/most-popular/', '/videos/most-popular/1/'],
    ['/playlists/', '/playlists/latest-updates/1/'],
    ['/pornstars/', '/pornstars/most-popular/1/'],
    ['/categories/outdoor/', '/categories/outdoor/latest-updates/1/'],
    ['/videos', '/videos/'],
  ])('redirects %s to %s', async (from, to) => {
    const res = await get(from);
    expect([301, 302, 308]).toContain(res.statusCode);
    expect(res.headers.location).toBe(to);
  });

  it.each([
    '/no-such-page/',
    '/videos/latest-updates/21/',
    '/videos/latest-updates/0/',
    '/videos/latest-updates/abc/',
    '/videos/no-such-sort/1/',
    '/search/21/?s=colour',
    '/pornstars/most-popular/21/',
    '/categories/a,b,c,d/latest-updates/1/',
    '/video/987654/nothing/',
  ])('answers %s with the 404 page and status 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Content not found!');
  });

  it('lists videos with robots index on page 1 and noindex on later pages', async () => {
    const first = await get('/videos/latest-updates/1/');
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/<meta name="robots" content="all, index, follow"/);
    expect(first.body).toContain('Harbour Lights Test Card');
    const second = await get('/videos/latest-updates/2/');
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatch(/<meta name="robots" content="noindex, follow"/);
  });

  it('writes an absolute canonical link without the tracking parameters or ones the page ignores', async () => {
    const res = await get('/videos/top-rated/1/?utm_content=a&promo=b&campaign=c&source=d&keep=1&duration=2');
    const canonical = res.body.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(canonical?.replaceAll('&amp;', '&')).toBe('http://tube.test/videos/top-rated/1/?duration=2');
  });

  it('filters a category listing by all chosen categories', async () => {
    const res = await get('/categories/studio/latest-updates/1/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Colour Bars 0');
    expect(res.body).not.toContain('Harbour Lights Test Card');
  });

  it('renders the video page with its poster, title and VideoObject; the player loads its files later', async () => {
    const res = await get(`/video/${video.id}/${video.dir}/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Harbour Lights Test Card');
    // Server-rendered: the poster in a reserved 16:9 box; the <video> comes after /api/videofile.php.
    expect(res.body).toContain(`/media/fixture/${video.id}/poster.jpg`);
    expect(res.body).toContain('application/ld+json');
    expect(res.body).toContain(`/media/fixture/${video.id}/480p.mp4`);
  });

  it('lets other sites frame the embed player only (headers on the rendered pages too)', async () => {
    const page = await get(`/video/${video.id}/${video.dir}/`);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const embed = await get(`/embed/${video.id}/${video.dir}/`);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toBe('frame-ancestors *');
  });

  it('redirects a video URL with the wrong dir to the right one', async () => {
    const res = await get(`/video/${video.id}/wrong-dir/`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/video/${video.id}/${video.dir}/`);
  });

  it('redirects a video URL without its dir (and without the slash) to its one URL, keeping the query', async () => {
    const res = await get(`/video/${video.id}/?utm_source=x`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/video/${video.id}/${video.dir}/?utm_source=x`);
    const slashless = await get(`/video/${video.id}`);
    expect(slashless.statusCode).toBe(301);
    expect(slashless.headers.location).toBe(`/video/${video.id}/`);
    // An unknown id is the 404 page, not a redirect.
    expect((await get('/video/987654/')).statusCode).toBe(404);
  });

  it('says a status-5 video is not found or deleted, with a link home', async () => {
    const res = await get(`/video/${gone.id}/${gone.dir}/`);
    expect(res.body).toContain('Video not found or has been recently deleted');
    expect(res.body).not.toMatch(/<video[^>]*>/);
  });

  it('sends a guest away from the upload page to home', async () => {
    const res = await get('/upload-video/');
    expect([301, 302, 303]).toContain(res.statusCode);
    expect(res.headers.location).toBe('/');
  });

  it.each([
    '/categories/',
    '/tags/',
    '/history/',
    '/search/1/?s=colour',
    '/playlists/latest-updates/1/',
    '/pornstars/most-popular/1/',
    '/pornsites/most-popular/1/',
    '/community/recent/1/',
    '/advertising/',
    '/signin/',
    '/signup/',
    '/restore-password/',
    '/information/',
    '/information/dmca/',
    '/information/terms/',
    '/information/privacy/',
    '/information/2257/',
    '/information/support/',
    '/sitemap-page/',
    '/members/1/',
    '/members/1/info/',
    '/members/1/wall/1/',
    '/download/',
  ])('renders %s inside the shell with a heading', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>[^<]+/);
    expect(res.body).toContain(`${new Date().getFullYear()} TestTube`);
  });
});
