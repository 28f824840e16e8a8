// The watching calls against the real app and database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
// related, the video call's fields, the batched view counter, oEmbed and the member download.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bucketOf } from '../../../contract/catalog-api.ts';
import { downloadPath, oembedDiscoveryHref, relatedPath } from '../../../contract/watch.ts';
import { buildApp } from '../../app.ts';
import { createServices } from '../../app-services.ts';
import { loadConfig } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { openPglite, pgliteHandle, postgresHandle } from '../../db/database.ts';
import { binaryPath } from '../../media/runner.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createPostgresDatabase, databaseKinds } from '../../test/db.ts';
import { insertCategories, insertUser, insertVideo } from '../../test/fixtures.ts';
import { startViewFlusher } from './view-flusher.ts';
import { createWatchRepository } from './watch.repository.ts';
import { createWatchService, VIEWS_PER_IP, viewNetworkOf } from './watch.service.ts';

const ORIGIN = 'http://tube.test';

interface Fixture {
  ids: Record<string, number>;
  cats: Map<string, number>;
  channelId: number;
  modelId: number;
}

/**
 * A source video S and others with known overlaps. Weights: model 5, channel 4, tag 3, category 2.
 * A shares 2 categories + 2 tags (10); B one category + one tag (5, 1000 views); C the model (5, 50
 * views); D the channel only (4); E nothing (the most viewed: the filler); F everything but private;
 * G everything but another gender.
 */
async function seedRelated(db: DB): Promise<Fixture> {
  const cats = await insertCategories(db, ['outdoor', 'studio', 'night']);
  const tags = await db
    .insertInto('tags')
    .values(['sunset', 'beach', 'drone'].map((dir) => ({ dir, title: dir })))
    .returning(['id', 'dir'])
    .execute();
  const tag = new Map(tags.map((t) => [t.dir, t.id]));
  const model = await db
    .insertInto('models')
    .values({
      dir: 'anna-bell',
      title: 'Anna Bell',
      img: 'models/anna.jpg',
      total_videos: 2,
      added_date: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const channel = await db
    .insertInto('channels')
    .values({
      dir: 'lake-studio',
      title: 'Lake Studio',
      url: 'https://lake.example',
      scr1: 'channels/lake.jpg',
      total_videos: 2,
      added_date: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: Record<string, number> = {};
  const add = async (
    key: string,
    v: Parameters<typeof insertVideo>[1],
    links: { tags?: string[]; model?: boolean; channel?: boolean } = {},
  ) => {
    const row = await insertVideo(db, v, cats);
    ids[key] = row.id;
    for (const t of links.tags ?? []) {
      await db
        .insertInto('video_tags')
        .values({ video_id: row.id, tag_id: tag.get(t) as number })
        .execute();
    }
    if (links.model)
      await db.insertInto('video_models').values({ video_id: row.id, model_id: model.id }).execute();
    if (links.channel)
      await db.updateTable('videos').set({ channel_id: channel.id }).where('id', '=', row.id).execute();
  };
  const all = { tags: ['sunset', 'beach'], model: true, channel: true };
  await add('S', { title: 'Source Lake Walk', views: 1, categories: ['outdoor', 'studio'] }, all);
  await add(
    'A',
    { title: 'Alpha Shared Much', views: 10, categories: ['outdoor', 'studio'] },
    { tags: ['sunset', 'beach'] },
  );
  await add('B', { title: 'Bravo Popular Some', views: 1000, categories: ['outdoor'] }, { tags: ['sunset'] });
  await add('C', { title: 'Charlie Same Model', views: 50 }, { model: true });
  await add('D', { title: 'Delta Same Channel', views: 5 }, { channel: true });
  await add('E', { title: 'Echo Unrelated Hit', views: 5000, categories: ['night'] }, { tags: ['drone'] });
  await add(
    'F',
    { title: 'Foxtrot Private Twin', views: 9000, isPrivate: true, categories: ['outdoor', 'studio'] },
    all,
  );
  await add(
    'G',
    { title: 'Golf Other Gender', views: 9000, gender: 'gay', categories: ['outdoor', 'studio'] },
    all,
  );
  await db
    .insertInto('video_files')
    .values(
      [1, 2].map((n) => ({
        video_id: ids.S as number,
        kind: 'thumb' as const,
        format: String(n),
        storage_key: `fixture/${ids.S}/thumb-${n}.jpg`,
        mime: 'image/jpeg',
      })),
    )
    .execute();
  return { ids, cats, channelId: channel.id, modelId: model.id };
}

describe.each(databaseKinds())('watching on %s', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const id = (key: string) => f.ids[key] as number;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    f = await seedRelated(t.database.handle.db);
  });
  afterAll(() => t.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const r = await t.app.inject({ method: 'GET', url, headers });
    return { status: r.statusCode, headers: r.headers, body: r.json() };
  };
  const titles = (body: { videos: { title: string }[] }) => body.videos.map((v) => v.title.split(' ')[0]);

  describe('related', () => {
    it('ranks by shared links, then popularity, fills with popular videos, never itself', async () => {
      const { status, headers, body } = await get(relatedPath('str', id('S'), 1));
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('public, max-age=432000');
      expect(titles(body)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
      expect(body.total_count).toBe(5);
      expect(body.videos[0]).toMatchObject({
        video_id: id('A'),
        dir: 'alpha-shared-much',
        scr: `/media/fixture/${id('A')}/poster.jpg`,
        statistics: { viewed: 10 },
      });
    });

    it('pages by count', async () => {
      expect(titles((await get(relatedPath('str', id('S'), 2, 2))).body)).toEqual(['Charlie', 'Delta']);
      expect(titles((await get(relatedPath('str', id('S'), 3, 2))).body)).toEqual(['Echo']);
      const past = await get(relatedPath('str', id('S'), 4, 2));
      expect(past.body).toEqual({ videos: [], total_count: 5, coviewed: 0 });
    });

    it('answers for the gender asked', async () => {
      const { body } = await get(relatedPath('gay', id('S'), 1));
      expect(titles(body)).toEqual(['Golf']);
    });

    it.each([
      ['/api/json/videos_related2/5/str/20/{id}.1.json', 400, 'invalid_lifetime'],
      ['/api/json/videos_related2/432000/men/20/{id}.1.json', 400, 'invalid_gender'],
      ['/api/json/videos_related2/432000/str/0/{id}.1.json', 400, 'invalid_count'],
      ['/api/json/videos_related2/432000/str/20/abc.1.json', 400, 'invalid_video_id'],
      ['/api/json/videos_related2/432000/str/20/{id}.0.json', 400, 'invalid_page'],
      ['/api/json/videos_related2/432000/str/20/99999999.1.json', 404, 'video_not_found'],
      ['/api/json/videos_related2/432000/str/20/{private}.1.json', 404, 'video_not_found'],
    ])('%s → %i %s', async (url, status, code) => {
      const r = await get(url.replace('{id}', String(id('S'))).replace('{private}', String(id('F'))));
      expect(r.status).toBe(status);
      expect(r.body.code).toBe(code);
      if (status === 400) expect(r.body.codes[0].code).toBe(code);
    });

    it('is offered to the page loader as services.watch.related', async () => {
      const page = await t.services.watch.related(id('S'), 'str', 1, 3);
      expect(page.videos.map((v) => v.video_id)).toEqual([id('A'), id('B'), id('C')]);
    });
  });

  describe('the video call', () => {
    it('carries the §3 fields, categories_data included', async () => {
      const s = id('S');
      const { status, body } = await get(`/api/json/video/86400/${bucketOf(s)}/${s}.json`);
      expect(status).toBe(200);
      const poster = `/media/fixture/${s}/poster.jpg`;
      const outdoor = f.cats.get('outdoor');
      const studio = f.cats.get('studio');
      expect(body.video).toMatchObject({
        video_id: s,
        dir: 'source-lake-walk',
        title: 'Source Lake Walk',
        scr: poster,
        scr1: poster,
        img: poster,
        thumb: poster,
        thumbsrc: poster,
        thumbs: [`/media/fixture/${s}/thumb-1.jpg`, `/media/fixture/${s}/thumb-2.jpg`],
        duration: '1:00',
        status_id: 1,
        country: null,
        sg_id: null,
        ex_tube: null,
        ex_id: null,
        statistics: { viewed: 1, likes: 0, dislikes: 0, comments_count: 0 },
        channel: {
          id: f.channelId,
          dir: 'lake-studio',
          title: 'Lake Studio',
          url: 'https://lake.example',
          scr1: '/media/channels/lake.jpg',
          // The channel's listed videos of the video's orientation (S and D; not private F nor gay G).
          videos: 2,
          vda: 2,
        },
        models: [
          { id: f.modelId, dir: 'anna-bell', title: 'Anna Bell', img: '/media/models/anna.jpg', videos: 2 },
        ],
        categories: [
          { id: outdoor, dir: 'outdoor', title: 'outdoor' },
          { id: studio, dir: 'studio', title: 'studio' },
        ],
        categories_data: `outdoor|${outdoor}|outdoor,studio|${studio}|studio`,
      });
    });
  });

  describe('views', () => {
    const view = (videoId: number | string, headers: Record<string, string> = {}, extra = '', ip?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/input.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
        payload: `act=view&section=video&object_id=${videoId}${extra}`,
        ...(ip ? { remoteAddress: ip } : {}),
      });
    const viewsOf = async (videoId: number) =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('videos')
            .select('views')
            .where('id', '=', videoId)
            .executeTakeFirstOrThrow()
        ).views,
      );

    it('counts 100 concurrent viewers exactly once each, a repeat not at all, after a flush', async () => {
      const d = id('D');
      const before = await viewsOf(d);
      // 100 viewers at 100 addresses: one address counts only a few (the F15 test below).
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          view(d, { 'user-agent': `Viewer/${i}` }, '', `10.1.0.${i + 1}`),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
      expect(answers.every((r) => r.json().counted === true)).toBe(true);
      const repeat = await view(d, { 'user-agent': 'Viewer/7' }, '', '10.1.0.8');
      expect(repeat.json()).toEqual({ ok: true, counted: false });
      // Staged, not yet counted.
      expect(await viewsOf(d)).toBe(before);
      expect(await t.services.watch.unflushedViews()).toBe(100);

      const flushed = await t.services.watch.flushViews();
      expect(flushed.views).toBe(100);
      expect(await viewsOf(d)).toBe(before + 100);
      expect(await t.services.watch.unflushedViews()).toBe(0);
      // A repeat after the flush is still a repeat (same window).
      expect((await view(d, { 'user-agent': 'Viewer/7' }, '', '10.1.0.8')).json().counted).toBe(false);
      expect((await t.services.watch.flushViews()).views).toBe(0);
      expect(await viewsOf(d)).toBe(before + 100);

      const db = t.database.handle.db;
      const daily = await db
        .selectFrom('video_stats_daily')
        .select('views')
        .where('video_id', '=', d)
        .execute();
      expect(daily.map((r) => r.views)).toEqual([100]);
      const windows = await db
        .selectFrom('video_stats_window')
        .select(['days', 'views'])
        .where('video_id', '=', d)
        .orderBy('days')
        .execute();
      expect(windows.map((w) => [w.days, Number(w.views)])).toEqual([
        [1, 100],
        [7, 100],
        [30, 100],
      ]);
      // The day window's listing sees them.
      const week = await get('/api/json/videos2/0/str/most-popular/60/videos..1.all.all.day.json');
      expect(week.body.videos.map((v: { video_id: number }) => v.video_id)).toContain(d);
    });

    it('knows a member by account, whatever the address, and keeps their history on the server', async () => {
      const c = id('C');
      const e = id('E');
      const user = await t.services.accounts.createUser({
        username: 'history_member',
        email: 'history@example.com',
        password: 'secret1',
        role: 'member',
      });
      const member = { userId: user.user_id, ip: '10.0.0.1', userAgent: 'A' };
      expect(await t.services.watch.recordView(c, member)).toEqual({ counted: true });
      expect(await t.services.watch.recordView(c, { ...member, ip: '10.9.9.9', userAgent: 'B' })).toEqual({
        counted: false,
      });
      await t.services.watch.recordView(e, member);
      await t.services.watch.recordView(c, { ...member, ip: '10.0.0.2', userAgent: 'C' });
      await t.services.watch.recordView(e, { userId: null, ip: '10.0.0.3', userAgent: 'guest' });
      const history = await t.database.handle.db
        .selectFrom('history')
        .select(['video_id'])
        .where('user_id', '=', user.user_id)
        .orderBy('watched_at', 'desc')
        .execute();
      // One row per video; the latest view first.
      expect(history.map((h) => h.video_id)).toEqual([c, e]);
      await t.services.watch.flushViews();
    });

    it('rebuilds the windows once a day, in one process only', async () => {
      const db = t.database.handle.db;
      const processAt = (ms: number) =>
        createWatchService(createWatchRepository(db), {
          siteName: 'TestTube',
          publicUrl: ORIGIN,
          cacheTtlMs: 0,
          now: () => ms,
          transaction: (work) => db.transaction().execute(work),
        });
      const tomorrow = Date.now() + 86_400_000;
      const [one, two] = [processAt(tomorrow), processAt(tomorrow)];
      expect((await one.flushViews()).daily).toBe(true);
      expect((await one.flushViews()).daily).toBe(false);
      expect((await two.flushViews()).daily).toBe(false);
      expect((await processAt(tomorrow + 86_400_000).flushViews()).daily).toBe(true);
      // The rebuilt windows hold what the increments held.
      const d = await db
        .selectFrom('video_stats_window')
        .select('views')
        .where('video_id', '=', id('D'))
        .where('days', '=', 7)
        .executeTakeFirstOrThrow();
      expect(Number(d.views)).toBe(100);
    });

    it('flushes on a timer and once more when stopped', async () => {
      const b = id('B');
      const before = await viewsOf(b);
      const errors: unknown[] = [];
      const flusher = startViewFlusher(t.services.watch, {
        intervalMs: 50,
        log: { error: (e) => errors.push(e) },
      });
      await view(b, { 'user-agent': 'Timer/1' });
      await expect.poll(() => viewsOf(b), { timeout: 5000 }).toBe(before + 1);
      // A view right before the stop is counted by the last flush.
      await view(b, { 'user-agent': 'Timer/2' });
      await flusher.stop();
      expect(await viewsOf(b)).toBe(before + 2);
      expect(await t.services.watch.unflushedViews()).toBe(0);
      expect(errors).toEqual([]);
    });

    it('counts at most VIEWS_PER_IP views of a video per address a day, whatever the user agent (F15)', async () => {
      const a = id('A');
      const before = await viewsOf(a);
      // Across processes the cap is shared through Redis (view-stage.test.ts); here, one process. The
      // address comes as IPv4 and as IPv4-mapped IPv6: one network.
      const ip = '203.0.113.7';
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          view(a, { 'user-agent': `Rotating/${i}` }, '', i % 2 === 0 ? ip : `::ffff:${ip}`).then((r) => {
            expect(r.statusCode).toBe(200);
            return r.json().counted as boolean;
          }),
        ),
      );
      expect(answers.filter(Boolean)).toHaveLength(VIEWS_PER_IP);
      // Another address still counts; a repeat of a counted viewer is a repeat, not a new slot.
      expect((await view(a, { 'user-agent': 'Rotating/0' }, '', '198.51.100.9')).json().counted).toBe(true);
      expect((await view(a, { 'user-agent': 'Rotating/0' }, '', '198.51.100.9')).json().counted).toBe(false);
      expect((await view(a, { 'user-agent': 'Rotating/1' }, '', '198.51.100.9')).json().counted).toBe(true);
      // Addresses of one IPv6 /64 are one network.
      const v6 = await Promise.all(
        Array.from({ length: 20 }, (_, i) => view(a, { 'user-agent': 'Same' }, '', `2001:db8:1:2::${i + 1}`)),
      );
      expect(v6.filter((r) => r.json().counted)).toHaveLength(VIEWS_PER_IP);
      expect((await t.services.watch.flushViews()).views).toBe(2 * VIEWS_PER_IP + 2);
      expect(await viewsOf(a)).toBe(before + 2 * VIEWS_PER_IP + 2);
    });

    it('answers errors in the spec shape', async () => {
      const cases: [string, number, string][] = [
        [`act=teleport&section=video&object_id=${id('A')}`, 400, 'unknown_act'],
        // A member act (issue 13) asked by a guest.
        [`act=vote&section=video&object_id=${id('A')}&vote=1`, 401, 'login_required'],
        ['section=video&object_id=1', 400, 'unknown_act'],
        ['act=view&section=model&object_id=1', 400, 'invalid_section'],
        ['act=view&section=video&object_id=abc', 400, 'invalid_object_id'],
        ['act=view&section=video&object_id=99999999', 404, 'video_not_found'],
        [`act=view&section=video&object_id=${id('F')}`, 404, 'video_not_found'],
      ];
      for (const [payload, status, code] of cases) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/input.php',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
          payload,
        });
        expect([payload, r.statusCode, r.json().code]).toEqual([payload, status, code]);
      }
      const foreign = await view(id('A'), { origin: 'https://elsewhere.example' });
      expect(foreign.statusCode).toBe(403);
      expect(await t.services.watch.unflushedViews()).toBe(0);
    });
  });

  describe('oEmbed', () => {
    const pageUrl = () => `${ORIGIN}/video/${id('S')}/source-lake-walk/`;

    it('answers a video with an embed iframe, sized within maxwidth/maxheight at 16:9', async () => {
      const r = await get(`/oembed/?url=${encodeURIComponent(pageUrl())}&format=json`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        version: '1.0',
        type: 'video',
        title: 'Source Lake Walk',
        provider_name: 'TestTube',
        provider_url: `${ORIGIN}/`,
        thumbnail_url: `${ORIGIN}/media/fixture/${id('S')}/poster.jpg`,
        width: 640,
        height: 360,
      });
      expect(r.body.html).toBe(
        `<iframe src="${ORIGIN}/embed/${id('S')}/source-lake-walk/" width="640" height="360" frameborder="0" allowfullscreen allow="autoplay; fullscreen; picture-in-picture" title="Source Lake Walk"></iframe>`,
      );
      const small = await get(`/oembed/?url=${encodeURIComponent(pageUrl())}&maxwidth=480&maxheight=200`);
      expect([small.body.width, small.body.height]).toEqual([355, 200]);
    });

    it('has a discovery href for the page', () => {
      expect(oembedDiscoveryHref(ORIGIN, '/video/5/a-b/')).toBe(
        `${ORIGIN}/oembed/?url=${encodeURIComponent(`${ORIGIN}/video/5/a-b/`)}&format=json`,
      );
    });

    it.each([
      ['format=xml', 501, 'format_not_implemented'],
      ['format=json', 400, 'required'],
      [`url=${encodeURIComponent(`${ORIGIN}/tags/x/1/`)}`, 404, 'not_found'],
      [`url=${encodeURIComponent('https://elsewhere.example/video/1/a/')}`, 404, 'not_found'],
      [`url=${encodeURIComponent(`${ORIGIN}/video/99999999/gone/`)}`, 404, 'video_not_found'],
      ['url=x&maxwidth=-3', 400, 'invalid_maxwidth'],
    ])('%s → %i', async (query, status, code) => {
      const r = await get(`/oembed/?${query.replace('url=x', `url=${encodeURIComponent(pageUrl())}`)}`);
      expect(r.status).toBe(status);
      expect(r.body.code).toBe(code);
    });
  });

  describe('download', () => {
    let cookie: string;
    let mp4: Buffer;

    beforeAll(async () => {
      const user = await insertUser(t.database.handle.db, 'downloader');
      const token = await t.services.accounts.startSession(user.id, { ip: null, userAgent: null });
      cookie = `sid=${token}`;
      const dir = mkdtempSync(path.join(os.tmpdir(), 'watch-dl-'));
      const file = path.join(dir, 'clip.mp4');
      execFileSync(binaryPath('ffmpeg'), [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x180:rate=10'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', file],
      ]);
      mp4 = readFileSync(file);
      await t.services.storage.putFile(`fixture/${id('A')}/480p.mp4`, file, { contentType: 'video/mp4' });
      rmSync(dir, { recursive: true, force: true });
    });

    it('asks a guest to log in', async () => {
      const r = await get(downloadPath(id('A'), '480p'));
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('login_required');
    });

    it('serves a member the MP4 as an attachment, with ranges', async () => {
      const whole = await t.app.inject({ url: downloadPath(id('A'), '480p'), headers: { cookie } });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-disposition']).toBe(
        `attachment; filename="alpha-shared-much-480p.mp4"; filename*=UTF-8''alpha-shared-much-480p.mp4`,
      );
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.rawPayload.equals(mp4)).toBe(true);
      const part = await t.app.inject({
        url: downloadPath(id('A'), '480p'),
        headers: { cookie, range: 'bytes=4-11' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 4-11/${mp4.length}`);
      expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    });

    it.each([
      ['720p', 404, 'format_not_found'],
      ['../x', 404, 'format_not_found'],
    ])('format %s → %i', async (format, status, code) => {
      const r = await get(downloadPath(id('A'), format), { cookie });
      expect([r.status, r.body.code]).toEqual([status, code]);
    });

    it('404s a private video and a missing file', async () => {
      expect((await get(downloadPath(id('F'), '480p'), { cookie })).body.code).toBe('video_not_found');
      expect((await get(downloadPath(id('B'), '480p'), { cookie })).body.code).toBe('file_not_found');
    });
  });
});

const leftovers: string[] = [];
afterAll(() => {
  for (const dir of leftovers) rmSync(dir, { recursive: true, force: true });
});

describe.each(databaseKinds())('staged views and a graceful stop on %s', (kind) => {
  it('writes nothing per view, and counts the staged views when the app stops (SIGTERM path)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'watch-restart-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SITE_NAME: 'TestTube',
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: 'silent',
    });
    const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
    const pglite = pg
      ? null
      : await openPglite({ loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]) });
    const first = pg ? pg.handle : pgliteHandle(pglite as NonNullable<typeof pglite>);
    const { ids } = await seedRelated(first.db);
    const video = ids.A as number;
    const viewsNow = async (db: DB) =>
      Number(
        (await db.selectFrom('videos').select('views').where('id', '=', video).executeTakeFirstOrThrow())
          .views,
      );

    let services = createServices(config, first);
    let app = await buildApp({ config, services, readiness: { ready: true }, ssr: null, logger: false });
    // main.ts's flusher, with an interval that never comes during the test: only the stop flushes.
    const flusher = startViewFlusher(services.watch, { intervalMs: 3_600_000, log: { error: () => {} } });
    const applied = () =>
      first.db
        .selectFrom('view_flush_batches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/input.php',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: ORIGIN,
          'user-agent': `R/${i}`,
        },
        payload: `act=view&section=video&object_id=${video}`,
      });
      expect(r.json()).toEqual({ ok: true, counted: true });
    }
    // Nothing reached the database yet: the views wait in the stage.
    expect(await viewsNow(first.db)).toBe(10);
    expect(Number((await applied()).n)).toBe(0);
    expect(await services.watch.unflushedViews()).toBe(3);
    await flusher.stop();
    await app.close();
    expect(await viewsNow(first.db)).toBe(13);
    const dump = pglite ? await pglite.dumpDataDir('none') : null;
    await first.close();

    // The next process finds them counted, and nothing left to flush.
    const second = pg
      ? postgresHandle(pg.url, 2)
      : pgliteHandle(await openPglite({ loadDataDir: dump as Blob }));
    try {
      services = createServices(config, second);
      app = await buildApp({ config, services, readiness: { ready: true }, ssr: null, logger: false });
      expect(await services.watch.unflushedViews()).toBe(0);
      expect((await services.watch.flushViews()).views).toBe(0);
      expect(await viewsNow(second.db)).toBe(13);
      await app.close();
    } finally {
      await second.close();
      if (pg) await pg.dispose().catch(() => {});
      // Removed after the file: services may still be creating their folders in it.
      leftovers.push(dataDir);
    }
  });
});

describe('viewNetworkOf', () => {
  it('keys IPv4 by address, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(viewNetworkOf('198.51.100.9')).toBe('198.51.100.9');
    expect(viewNetworkOf('::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(viewNetworkOf('2001:db8:1:2::1')).toBe(viewNetworkOf('2001:DB8:1:2:ffff:1:2:3%eth0'));
    expect(viewNetworkOf('2001:db8:1:2::1')).not.toBe(viewNetworkOf('2001:db8:1:3::1'));
  });
});
