// Ad accounting over HTTP (issue 32): the pages' batches of ad events are counted per day, zone,
// creative and event through the stage and its flush; bad input answers the spec's error shapes (never
// a 500); the report and its CSV are for administrators only, the CSV safe to open in a spreadsheet; and
// with Redis, parallel posts to two app processes sum exactly and the per-address budget holds across them.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/accounts.ts';
import { AD_EVENTS_CALLS_PER_MINUTE, AD_EVENTS_PATH, ADMIN_ADS_PATH } from '../../contract/ads.ts';
import {
  ADMIN_AD_STATS_CSV_PATH,
  ADMIN_AD_STATS_PATH,
  type AdStatsReport,
} from '../../contract/ads-stats.ts';
import { postgresHandle } from '../db/database.ts';
import { AD_STAGE_PREFIX } from '../modules/ads/ad-stats.service.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPostgresDatabase, createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';

const ORIGIN = 'http://tube.test';
const today = () => new Date().toISOString().slice(0, 10);
const randomIp = () => `10.${[...randomBytes(3)].join('.')}`;

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

const post = (t: TestApp, body: unknown, options: { ip?: string; type?: string; origin?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: AD_EVENTS_PATH,
    remoteAddress: options.ip ?? '198.51.100.7',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': options.type ?? 'text/plain;charset=UTF-8', origin: options.origin ?? ORIGIN },
  });

/** ad_stats_daily as { 'zone|creative|event': count } for today. */
async function counted(t: TestApp) {
  const rows = await t.database.handle.db
    .selectFrom('ad_stats_daily')
    .select(['zone', 'creative', 'event', 'count'])
    .where('day', '=', today())
    .execute();
  return Object.fromEntries(rows.map((r) => [`${r.zone}|${r.creative}|${r.event}`, Number(r.count)]));
}

describe.each(databaseKinds())('ad events and the report on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    admin = await sessionCookie(t, 'ads_admin', 'administrator');
    member = await sessionCookie(t, 'ads_member', 'member');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts a batch per zone, creative and event once flushed (sendBeacon text/plain and JSON)', async () => {
    const house = { zone: 'footer', creative: 'house-300x250' };
    const res = await post(t, {
      events: [
        { ...house, event: 'impression' },
        { ...house, event: 'impression' },
        { ...house, event: 'click' },
        { zone: 'preroll', creative: 'house-preroll-video', event: 'start' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, accepted: 4 });
    expect(res.headers['cache-control']).toBe('no-store');
    const json = await post(
      t,
      { events: [{ zone: 'preroll', creative: 'partner', event: 'skip' }] },
      {
        type: 'application/json',
      },
    );
    expect(json.statusCode).toBe(200);
    // Nothing is written before the flush.
    expect(await counted(t)).toEqual({});
    expect(await t.services.adStats.unflushed()).toBe(5);
    expect(await t.services.adStats.flush()).toEqual({ events: 5, batches: 1 });
    expect(await counted(t)).toEqual({
      'footer|house-300x250|impression': 2,
      'footer|house-300x250|click': 1,
      'preroll|house-preroll-video|start': 1,
      'preroll|partner|skip': 1,
    });
    expect(await t.services.adStats.flush()).toEqual({ events: 0, batches: 0 });
  });

  it('answers bad input with the spec error shapes, never a 500, and counts nothing of it', async () => {
    const before = await t.services.adStats.unflushed();
    const one = { zone: 'footer', creative: 'house-300x250', event: 'impression' };
    const cases: Array<[unknown, number, string, string]> = [
      [{ events: [{ ...one, zone: 'popunder' }] }, 400, 'invalid_zone', 'zone'],
      [{ events: [{ ...one, event: 'hover' }] }, 400, 'invalid_event', 'event'],
      [{ events: [{ ...one, creative: 'a/b|c' }] }, 400, 'invalid_creative', 'creative'],
      [{ events: [{ ...one, creative: 'x'.repeat(65) }] }, 400, 'invalid_creative', 'creative'],
      [{ events: [] }, 400, 'required', 'events'],
      [{}, 400, 'required', 'events'],
      [{ events: Array(51).fill(one) }, 400, 'too_many_events', 'events'],
      ['{"events": [', 400, 'invalid_json', 'general'],
      // Not an object at all.
      [[one], 400, 'invalid_general', 'general'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await post(t, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(status);
      expect(res.json()).toMatchObject({ code, codes: [{ field, code }], error: expect.any(String) });
    }
    // A body over the limit, a foreign page, a form body.
    const huge = await post(t, { events: [{ ...one, creative: 'x'.repeat(9000) }] });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: expect.any(String), codes: expect.any(Array) });
    const foreign = await post(t, { events: [one] }, { origin: 'https://elsewhere.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'bad_origin' });
    const form = await post(t, 'events=1', { type: 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ code: 'required' });
    expect(await t.services.adStats.unflushed()).toBe(before);
  });

  it('lets only administrators read the report and the CSV', async () => {
    for (const path of [ADMIN_AD_STATS_PATH, ADMIN_AD_STATS_CSV_PATH]) {
      const guest = await t.app.inject({ method: 'GET', url: path });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ code: 'login_required' });
      const m = await t.app.inject({ method: 'GET', url: path, headers: { cookie: member } });
      expect(m.statusCode).toBe(403);
      expect(m.json()).toMatchObject({ code: 'forbidden' });
      const bad = await t.app.inject({ method: 'GET', url: `${path}?days=0`, headers: { cookie: admin } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'invalid_days',
        codes: [{ field: 'days', code: 'invalid_days' }],
      });
    }
  });

  it('reports per zone: totals, CTR, completion, a series of every day and the creatives', async () => {
    await post(t, {
      events: [
        { zone: 'preroll', creative: 'house-preroll-video', event: 'impression' },
        { zone: 'preroll', creative: 'house-preroll-video', event: 'complete' },
        { zone: 'footer', creative: 'img-0a1b2c3d', event: 'impression' },
      ],
    });
    await t.services.adStats.flush();
    const res = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_AD_STATS_PATH}?days=7`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as AdStatsReport;
    expect(report.days).toBe(7);
    expect(report.to).toBe(today());
    expect(report.zones.map((z) => z.zone)).toEqual([
      'preroll',
      'pause',
      'footer',
      'carousel',
      'aside',
      'promo',
      'partner',
      'live',
    ]);
    const footer = report.zones.find((z) => z.zone === 'footer');
    expect(footer?.totals).toMatchObject({ impression: 3, click: 1 });
    expect(footer?.ctr).toBeCloseTo(1 / 3);
    expect(footer?.series).toHaveLength(7);
    expect(footer?.series.at(-1)).toEqual({ day: today(), impression: 3, click: 1 });
    expect(footer?.series[0]).toMatchObject({ impression: 0, click: 0 });
    expect(footer?.creatives.map((c) => c.creative)).toEqual(['house-300x250', 'img-0a1b2c3d']);
    const preroll = report.zones.find((z) => z.zone === 'preroll');
    expect(preroll?.totals).toMatchObject({ start: 1, complete: 1, skip: 1, impression: 1 });
    expect(preroll?.completion).toBe(1);
    expect(report.zones.find((z) => z.zone === 'live')?.ctr).toBeNull();
  });

  it('keeps a zone frequency cap in its config and hands the enabled zones caps to the pages', async () => {
    const save = (config: unknown) =>
      t.app.inject({
        method: 'POST',
        url: ADMIN_ADS_PATH,
        payload: JSON.stringify({ key: 'footer', enabled: true, config }),
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: admin },
      });
    const creatives = [{ kind: 'house', width: 300, height: 250 }];
    const bad = await save({ creatives, frequencyCap: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toEqual([{ field: 'config.frequencyCap', code: 'out_of_range' }]);
    const ok = await save({ creatives, frequencyCap: 3 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().zone.config.frequencyCap).toBe(3);
    expect((await t.services.ads.forViewer(null)).caps).toEqual({ footer: 3 });
    expect(await save({ creatives })).toMatchObject({ statusCode: 200 });
    expect((await t.services.ads.forViewer(null)).caps).toEqual({});
  });

  it('exports CSV as an attachment, every cell safe from formula injection', async () => {
    // A row that did not come through the call (edited by hand, an old version): still exported safely.
    await t.database.handle.db
      .insertInto('ad_stats_daily')
      .values({ day: today(), zone: 'aside', creative: '=HYPERLINK("x",1)', event: 'click', count: 2 })
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: ADMIN_AD_STATS_CSV_PATH,
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ad-stats-${from}-${today()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'day,zone,creative,impression,click,start,firstQuartile,midpoint,thirdQuartile,complete,skip',
    );
    expect(lines).toContain(`${today()},footer,house-300x250,2,1,0,0,0,0,0,0`);
    expect(lines).toContain(`${today()},aside,"'=HYPERLINK(""x"",1)",0,2,0,0,0,0,0,0`);
    expect(lines.at(-1)).toBe('');
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('ad events across two processes (Redis)', () => {
  const apps: TestApp[] = [];
  let shared: TestDatabase & { url?: string };
  const redisUrl = process.env.TEST_REDIS_URL as string;

  const clearStage = async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${AD_STAGE_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  };

  beforeAll(async () => {
    await clearStage();
    // Two apps on one database: two pools on PostgreSQL (as two processes have), else one PGlite.
    const postgres = Boolean(process.env.TEST_DATABASE_URL);
    shared = postgres ? await createPostgresDatabase() : await createTestDatabase('pglite');
    const second: TestDatabase =
      postgres && shared.url
        ? (() => {
            const handle = postgresHandle(shared.url, 4);
            return { handle, dispose: () => handle.close() };
          })()
        : { handle: shared.handle, dispose: async () => {} };
    apps.push(await createTestApp('pglite', { ssr: false, database: shared, env: { REDIS_URL: redisUrl } }));
    apps.push(await createTestApp('pglite', { ssr: false, database: second, env: { REDIS_URL: redisUrl } }));
  });
  afterAll(async () => {
    // The second first: the first app's close disposes of the shared database.
    for (const t of [...apps].reverse()) await t.close();
    await clearStage();
  });

  it('parallel posts to two processes sum exactly, each batch written once by parallel flushes', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const events = [
      { zone: 'carousel', creative: 'house-300x250', event: 'impression' },
      { zone: 'carousel', creative: 'house-300x250', event: 'impression' },
      { zone: 'carousel', creative: 'house-300x250', event: 'click' },
    ];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(i % 2 ? b : a, { events }, { ip: randomIp() })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    expect(await a.services.adStats.unflushed()).toBe(120);
    const flushed = await Promise.all([a.services.adStats.flush(), b.services.adStats.flush()]);
    expect(flushed[0].events + flushed[1].events).toBe(120);
    expect(await counted(a)).toMatchObject({
      'carousel|house-300x250|impression': 80,
      'carousel|house-300x250|click': 40,
    });
  });

  it(`holds the address's budget (${AD_EVENTS_CALLS_PER_MINUTE} a minute) across both`, async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const ip = randomIp();
    const one = { events: [{ zone: 'aside', creative: 'frame-00ff00ff', event: 'impression' }] };
    const results = await Promise.all(
      Array.from({ length: AD_EVENTS_CALLS_PER_MINUTE + 20 }, (_, i) => post(i % 2 ? b : a, one, { ip })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(AD_EVENTS_CALLS_PER_MINUTE).fill(200), ...Array(20).fill(429)]);
    expect(results.find((r) => r.statusCode === 429)?.json()).toMatchObject({ code: 'too_many_requests' });
    await Promise.all([a.services.adStats.flush(), b.services.adStats.flush()]);
    expect((await counted(b))['aside|frame-00ff00ff|impression']).toBe(AD_EVENTS_CALLS_PER_MINUTE);
  });
});
