// The ads on the pages (from ads.routes.test.ts): the house ad of a fresh site, /admin/ads/ by role, the
// video page's zones for guests and none for members, and a change shown on the next page load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/accounts.ts';
import { ADMIN_ADS_PATH } from '../../contract/ads.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertVideo } from '../test/fixtures.ts';

const ORIGIN = 'http://tube.test';

async function sessionCookie(t: TestApp, username: string, role: Role): Promise<string> {
  const user = await t.services.accounts.createUser({
    username,
    email: `${username}@example.com`,
    password: 'secret12',
    role,
  });
  const token = await t.services.accounts.startSession(user.user_id, { ip: '127.0.0.1', userAgent: 'test' });
  return `sid=${token}`;
}

// The pages through the real SSR build (npm test builds it first). PGlite only.
describe('ads on pages', () => {
  let t: TestApp;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    admin = await sessionCookie(t, 'page_admin', 'administrator');
    member = await sessionCookie(t, 'page_member', 'member');
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  // One per banner box: its class list and kind.
  const adBoxes = (html: string) => html.match(/class="ad-box[ "][^>]*data-ad-kind="[a-z]+"/g) ?? [];

  const houseAds = (html: string) => html.match(/data-house-ad=""/g)?.length ?? 0;

  it("shows a fresh site's guests one house ad a page, in the page's language; members none (issue 34)", async () => {
    const guest = await page('/');
    expect(guest.statusCode).toBe(200);
    expect(adBoxes(guest.body)).toEqual([expect.stringContaining('data-ad-kind="house"')]);
    expect(houseAds(guest.body)).toBe(1);
    expect(guest.body).toMatch(/<a class="house-ad" data-house-ad="" href="\/advertising\/"/);
    expect(guest.body).toContain('Advertise on TestTube');
    expect(guest.body).not.toContain('/ads/house/');

    // The same ad in German on a German page: text of the page's language, not an English picture.
    const german = await page('/?lang=de');
    expect(houseAds(german.body)).toBe(1);
    expect(german.body).toContain('Werben auf TestTube');
    expect(german.body).not.toContain('Advertise on TestTube');

    // The video page adds none: still one.
    const video = await insertVideo(t.database.handle.db, { title: 'House Ad Count Card' });
    const watch = await page(`/video/${video.id}/${video.dir}/?lang=fr`);
    expect(watch.statusCode).toBe(200);
    expect(houseAds(watch.body)).toBe(1);
    expect(adBoxes(watch.body)).toHaveLength(1);
    expect(watch.body).toContain('Faites de la publicité sur TestTube');
    expect(watch.body).not.toMatch(/ad-carousel|ad-aside|promo-banner|partner-frame/);

    const signedIn = await page('/', member);
    expect(signedIn.statusCode).toBe(200);
    expect(adBoxes(signedIn.body)).toHaveLength(0);
    expect(houseAds(signedIn.body)).toBe(0);
  });

  it('answers /admin/ads/ with a 403 page to guests and members, and the zone forms to administrators', async () => {
    for (const cookie of [undefined, member]) {
      const res = await page('/admin/ads/', cookie);
      expect(res.statusCode).toBe(403);
      // The spec's refusal, as on every console page (issue 17).
      expect(res.body.replace(/&#x27;/g, "'")).toContain('You do not have permission to view.');
      expect(res.body).not.toContain('data-zone=');
    }
    const res = await page('/admin/ads/', admin);
    expect(res.statusCode).toBe(200);
    for (const key of ['preroll', 'pause', 'footer', 'carousel', 'aside', 'promo', 'partner', 'live']) {
      expect(res.body).toContain(`data-zone="${key}"`);
    }
    expect(res.body).toContain('noindex');
  });

  it('gives the video page a promo banner, the carousel of 5 and the right column; members none', async () => {
    // An operator's creatives (a fresh site has none there, issue 34).
    const image = (n: number) => ({
      kind: 'image',
      src: `/ads/house/300x250-${n}.svg`,
      href: '/advertising/',
      alt: 'Banner',
      width: 300,
      height: 250,
    });
    for (const [key, config] of [
      ['carousel', { creatives: [1, 2, 3, 4, 5].map(image) }],
      ['aside', { creatives: [2, 3].map(image) }],
      [
        'promo',
        {
          banner: {
            kind: 'image',
            src: '/ads/house/728x90-promo.svg',
            mobileSrc: '/ads/house/320x100-promo.svg',
            href: '/signup/',
            height: 90,
          },
        },
      ],
    ] as const) {
      const saved = await t.app.inject({
        method: 'POST',
        url: ADMIN_ADS_PATH,
        payload: JSON.stringify({ key, enabled: true, config }),
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: admin },
      });
      expect(saved.statusCode).toBe(200);
    }
    const video = await insertVideo(t.database.handle.db, { title: 'Carousel Test Card' });
    const url = `/video/${video.id}/${video.dir}/`;
    const html = (await page(url)).body;
    expect(html).toMatch(/class="ad-carousel"/);
    const carousel = html.slice(html.indexOf('class="ad-carousel"'));
    expect(adBoxes(carousel.slice(0, carousel.indexOf('</section>')))).toHaveLength(5);
    expect(html).toMatch(/class="ad-aside/);
    expect(html).toMatch(/<source media="\(max-width: 767px\)" srcSet="\/ads\/house\/320x100-promo.svg"/i);

    // An iframe promo gets the spec's sandbox (shell.md: scripts, forms, popups and same-origin).
    const saved = await t.app.inject({
      method: 'POST',
      url: ADMIN_ADS_PATH,
      payload: JSON.stringify({
        key: 'promo',
        enabled: true,
        config: { banner: { kind: 'iframe', src: 'https://promo.test/offer.html', height: 120 } },
      }),
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: admin },
    });
    expect(saved.statusCode).toBe(200);
    const framed = (await page(`${url}?campaign=promo`)).body;
    expect(framed).toMatch(
      /<div class="promo-banner" style="height:120px"><iframe src="https:\/\/promo\.test\/offer\.html"[^>]*sandbox="allow-scripts allow-forms allow-popups allow-same-origin"/,
    );

    const signedIn = (await page(url, member)).body;
    expect(signedIn).not.toMatch(/ad-carousel|ad-aside|promo-banner|data-ad-kind/);
  });

  it('applies a change on the next page load, without a restart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ADMIN_ADS_PATH,
      payload: JSON.stringify({
        key: 'footer',
        enabled: true,
        config: {
          creatives: [{ kind: 'iframe', src: 'https://frames.test/a.html', width: 300, height: 250 }],
        },
      }),
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    // A URL the shared page cache (10 s of anonymous HTML) has not kept yet: this render reads the zones.
    const html = (await page('/?campaign=ads-test')).body;
    expect(adBoxes(html)).toHaveLength(1);
    expect(html).toMatch(
      /<iframe src="https:\/\/frames\.test\/a\.html"[^>]*sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"/,
    );
  });
});
