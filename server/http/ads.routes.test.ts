import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/accounts.ts';
import { ADMIN_ADS_PATH, type AdZone, adZoneConfigSchemas, NO_ADS } from '../../contract/ads.ts';
import {
  DEMO_PREROLL_ZONE,
  HOUSE_PREROLL_CREATIVE,
  HOUSE_PREROLL_MEDIA_PATH,
  HOUSE_PREROLL_PATH,
} from '../modules/ads/house-preroll.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';

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

// Admin-only zone editing (guest 401, member and moderator 403), validation of every zone's config,
// and what guests and members get to see.
describe.each(databaseKinds())('ads API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let moderator: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    admin = await sessionCookie(t, 'zone_admin', 'administrator');
    member = await sessionCookie(t, 'zone_member', 'member');
    moderator = await sessionCookie(t, 'zone_moderator', 'moderator');
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: ADMIN_ADS_PATH, headers: cookie ? { cookie } : {} });
  const save = (body: unknown, cookie?: string, origin = ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: ADMIN_ADS_PATH,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    });
  const preroll = (tags: string[]) => ({
    key: 'preroll',
    enabled: true,
    config: { tags, fallback: null, trackerUrl: null },
  });

  it('lets only administrators read the zones', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list()).json()).toMatchObject({ code: 'login_required', codes: [] });
    expect((await list(member)).statusCode).toBe(403);
    expect((await list(moderator)).json()).toMatchObject({ code: 'forbidden' });
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const zones = res.json().zones as AdZone[];
    expect(zones.map((z) => z.key)).toEqual([
      'preroll',
      'pause',
      'footer',
      'carousel',
      'aside',
      'promo',
      'partner',
      'live',
    ]);
  });

  it('ships one house ad and no VAST tag: a fresh site calls no outside network (issue 34)', async () => {
    const zones = (await list(admin)).json().zones as AdZone[];
    const urls = JSON.stringify(zones.map((z) => z.config)).match(/"(https?:)?\/\/[^"]*"/g);
    expect(urls).toBeNull();
    const ads = await t.services.ads.forViewer(null);
    expect(ads.preroll).toBeNull();
    // At most one house ad a page: the footer's, drawn by the page in its language; the rest empty.
    expect(ads.footer).toEqual([{ kind: 'house', width: 300, height: 250 }]);
    expect(ads.carousel).toEqual([]);
    expect(ads.aside).toEqual([]);
    expect(ads.pause).toBeNull();
    expect(ads.promo).toBeNull();
    // The partner frame and the live ads exist as zones, empty and off.
    expect(ads.partner).toBeNull();
    expect(ads.live).toBe(false);
    expect(zones.find((z) => z.key === 'live')).toMatchObject({
      enabled: false,
      config: { feedUrl: null, countries: ['de', 'fr', 'nl', 'us'], probability: 90 },
    });
    // The SVG creatives stay for operators who chose them.
    const svg = await t.app.inject({ url: '/ads/house/300x250-1.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('Advertise on TestTube');
    expect((await t.app.inject({ url: '/ads/house/evil.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/ads/house/300x250-9.svg' })).statusCode).toBe(404);
  });

  it('serves the house VAST pre-roll (issue 20) once its creative is stored, on the address asked', async () => {
    const vast = (host: string) => t.app.inject({ url: HOUSE_PREROLL_PATH, headers: { host } });
    expect((await vast('tube.test')).statusCode).toBe(404);
    const key = HOUSE_PREROLL_CREATIVE.storageKey;
    await t.services.storage.putStream(key, Readable.from([Buffer.from('not really a video')]), {
      contentType: 'video/mp4',
    });
    try {
      const res = await vast('tube.example:8080');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<VAST version="3.0">');
      expect(res.body).toContain('<AdSystem>TestTube</AdSystem>');
      expect(res.body).toContain('<Linear skipoffset="00:00:05">');
      expect(res.body).toContain(`>http://tube.example:8080/media/${key}</MediaFile>`);
      expect(res.body).toContain('<ClickThrough>http://tube.example:8080/advertising/</ClickThrough>');
      // VAST 3.0 requires an impression URL: the site's analytics pixel, which counts it.
      const impression = /<Impression>([^<]+)<\/Impression>/.exec(res.body)?.[1];
      expect(impression).toBe(
        'http://tube.example:8080/api/stats.php?goal=house_preroll_impression&#38;cb=[CACHEBUSTING]',
      );
      const pixel = new URL((impression ?? '').replace('&#38;', '&').replace('[CACHEBUSTING]', '42'));
      expect((await t.app.inject({ url: `${pixel.pathname}${pixel.search}` })).statusCode).toBe(204);
      // The creative itself is public media.
      expect((await t.app.inject({ url: HOUSE_PREROLL_MEDIA_PATH })).statusCode).toBe(200);
      // The demo's zone is one an administrator could have saved: it passes the zone's own schema.
      expect(adZoneConfigSchemas.preroll.parse(DEMO_PREROLL_ZONE)).toEqual(DEMO_PREROLL_ZONE);
    } finally {
      await t.services.storage.delete(key);
    }
  });

  it('refuses writes from guests (401), members and moderators (403), and other origins', async () => {
    const body = preroll(['https://ads.example.test/vast.xml']);
    expect((await save(body)).statusCode).toBe(401);
    expect((await save(body, member)).statusCode).toBe(403);
    expect((await save(body, moderator)).statusCode).toBe(403);
    const foreign = await save(body, admin, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('bad_origin');
    expect((await t.services.ads.forViewer(null)).preroll).toBeNull();
    expect(await t.database.handle.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
  });

  it('saves a zone; guests see it on their next read, members never', async () => {
    const res = await save(
      preroll(['https://ads.example.test/a.xml', 'http://backup.example.test/b.xml']),
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', zone: { key: 'preroll', enabled: true } });
    expect(res.json().zone.updated_by).toEqual(expect.any(Number));

    const ads = await t.services.ads.forViewer(null);
    expect(ads.preroll).toEqual({
      tags: ['https://ads.example.test/a.xml', 'http://backup.example.test/b.xml'],
      fallback: null,
      trackerUrl: null,
      skipOffsetSeconds: 5,
      timeoutDesktopMs: 5000,
      timeoutMobileMs: 10000,
      maxRedirects: 8,
    });
    const someone = { user_id: 1, username: 'x', avatar: null, role: 'member' as const };
    expect(await t.services.ads.forViewer(someone)).toEqual(NO_ADS);
    expect(await t.services.ads.forViewer({ ...someone, role: 'administrator' })).toEqual(NO_ADS);

    // Switching a zone off hides it.
    const off = await save({ key: 'footer', enabled: false, config: { creatives: [] } }, admin);
    expect(off.statusCode).toBe(200);
    expect((await t.services.ads.forViewer(null)).footer).toEqual([]);

    // Both saves are in the audit log (issue 17): the zone, on or off, and which settings changed.
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['actor_name', 'action', 'target_type', 'target_id', 'details'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        actor_name: 'zone_admin',
        action: 'ad_zone.edit',
        target_type: 'ad_zone',
        target_id: 'preroll',
        details: { enabled: true, changed: expect.arrayContaining(['tags']) },
      },
      {
        actor_name: 'zone_admin',
        action: 'ad_zone.edit',
        target_type: 'ad_zone',
        target_id: 'footer',
        details: { enabled: false, changed: ['creatives'] },
      },
    ]);
  });

  it('rejects bad configs with field codes, never a 500', async () => {
    const bad = async (body: unknown) => {
      const res = await save(body, admin);
      expect(res.statusCode).toBe(400);
      return res.json().codes as { field: string; code: string }[];
    };
    expect(await bad(preroll(['javascript:alert(1)']))).toEqual([
      { field: 'config.tags.0', code: 'invalid_url' },
    ]);
    expect(await bad(preroll(['//evil.example/x.xml']))).toEqual([
      { field: 'config.tags.0', code: 'invalid_url' },
    ]);
    expect(await bad(preroll(Array.from({ length: 6 }, (_, i) => `https://a.test/${i}.xml`)))).toEqual([
      { field: 'config.tags', code: 'too_many' },
    ]);
    const wide = { kind: 'image', src: '/a.png', href: '/b/', alt: '', width: 301, height: 250 };
    expect(await bad({ key: 'footer', enabled: true, config: { creatives: [wide] } })).toEqual([
      { field: 'config.creatives.0.width', code: 'out_of_range' },
    ]);
    const five = Array.from({ length: 5 }, () => ({ ...wide, width: 300 }));
    expect(await bad({ key: 'footer', enabled: true, config: { creatives: five } })).toEqual([
      { field: 'config.creatives', code: 'too_many' },
    ]);
    expect(
      await bad({
        key: 'promo',
        enabled: true,
        config: { banner: { kind: 'iframe', src: 'data:text/html,x', height: 90 } },
      }),
    ).toEqual([{ field: 'config.banner.src', code: 'invalid_url' }]);
    expect(await bad({ key: 'popunder', enabled: true, config: {} })).toEqual([
      { field: 'key', code: 'invalid' },
    ]);
    expect(await bad({ key: 'pause', enabled: 'yes', config: {} })).toContainEqual({
      field: 'enabled',
      code: 'invalid',
    });
    expect(await bad({ key: 'pause', enabled: true, config: { creatives: 'x' } })).toEqual([
      { field: 'config.creatives', code: 'invalid' },
    ]);
    expect(await bad([])).toEqual([{ field: 'general', code: 'invalid' }]);

    const notJson = await t.app.inject({
      method: 'POST',
      url: ADMIN_ADS_PATH,
      payload: '{"key":',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: admin },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ codes: [] });
  });

  it('accepts iframe and image creatives, site paths and the promo with a phone version', async () => {
    const res = await save(
      {
        key: 'promo',
        enabled: true,
        config: {
          banner: {
            kind: 'image',
            src: '/ads/house/728x90-promo.svg',
            mobileSrc: 'https://cdn.test/m.png',
            href: '/signup/',
            height: 90,
            // The goal a click sends (shell.md "optional metrika goal"; issue 17).
            goal: 'promo_signup',
          },
        },
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const badGoal = await save(
      {
        key: 'promo',
        enabled: true,
        config: { banner: { kind: 'image', src: '/a.png', height: 90, goal: 'Bad Goal' } },
      },
      admin,
    );
    expect(badGoal.statusCode).toBe(400);
    const frames = await save(
      {
        key: 'carousel',
        enabled: true,
        config: {
          creatives: [{ kind: 'iframe', src: 'https://frames.test/300x250.html', width: 300, height: 250 }],
        },
      },
      admin,
    );
    expect(frames.statusCode).toBe(200);
    const ads = await t.services.ads.forViewer(null);
    expect(ads.promo).toEqual({
      kind: 'image',
      src: '/ads/house/728x90-promo.svg',
      mobileSrc: 'https://cdn.test/m.png',
      href: '/signup/',
      height: 90,
      goal: 'promo_signup',
    });
    expect(ads.carousel).toEqual([
      { kind: 'iframe', src: 'https://frames.test/300x250.html', width: 300, height: 250 },
    ]);
  });
});

// The pages: ads.pages.test.ts.
