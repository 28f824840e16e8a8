import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ADS } from '../../contract/ads.ts';
import { type DatabaseHandle, openPglite, pgliteHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { startJobs } from '../jobs/jobs.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { probe } from '../media/runner.ts';
import { createAdsRepository } from '../modules/ads/ads.repository.ts';
import { createAdsService } from '../modules/ads/ads.service.ts';
import {
  HOUSE_PREROLL_CREATIVE,
  HOUSE_PREROLL_MEDIA_PATH,
  HOUSE_PREROLL_PATH,
} from '../modules/ads/house-preroll.ts';
import { createMediaRepository } from '../modules/media/media.repository.ts';
import { createVideoFilesService } from '../modules/media/video-files.service.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { S3Storage } from '../storage/s3-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { enableDemoPreroll } from './demo-house-ad.ts';
import { DEMO_LONG_VIDEOS } from './demo-long-videos.ts';
import { ensureDemoClips } from './demo-media.ts';
import { portraitKey } from './demo-portraits.ts';
import { DEMO_UPLOADS } from './demo-uploads.ts';
import { isSeeded, type SeedReport, seedDemo } from './seed-demo.ts';

// Short clips keep the test fast, yet cover the three duration classes (<10, 10-40, >40 min): long
// clips are a 4-second segment looped with stream copy, which costs little.
const TEST_CLIP_DURATIONS = [8, 12, 16, 20, 24, 28, 32, 36, 605, 610, 2405, 2410];
const TEST_SEGMENT_SECONDS = 4;
// The long videos go through the pipeline whole: short ones here, with the HLS threshold below them.
const TEST_LONG_SECONDS = [40, 50];
const TEST_HLS_MIN = 30;

let handle: DatabaseHandle;
let mediaDir: string;
let report: SeedReport;

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'seed-demo-test-'));
  handle = pgliteHandle(await openPglite());
  await migrate(handle);
  report = await seedDemo(handle, {
    mediaDir,
    clipDurations: TEST_CLIP_DURATIONS,
    segmentSeconds: TEST_SEGMENT_SECONDS,
    longVideoSeconds: TEST_LONG_SECONDS,
    hlsMinDurationSeconds: TEST_HLS_MIN,
  });
}, 300_000);

afterAll(async () => {
  await handle?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** Runs SQL returning one row of numbers. */
async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql<T>>): Promise<T> {
  return (await query.execute(handle.db)).rows[0]!;
}
const LISTED = sql.raw('status = 1 AND NOT is_private AND deleted_at IS NULL');

describe('seedDemo', () => {
  it('reports what it wrote', () => {
    expect(report.seeded).toBe(true);
    expect(report.clips).toBe(12);
    expect(report.counts?.videos).toBeGreaterThanOrEqual(150);
  });

  it('creates the catalogue of the brief', async () => {
    const c = await one<Record<string, number>>(sql`
      SELECT (SELECT count(*)::int FROM videos WHERE ${LISTED}) AS listed,
             (SELECT count(*)::int FROM videos WHERE status = 5) AS unavailable,
             (SELECT count(*)::int FROM videos WHERE is_private) AS private,
             (SELECT count(*)::int FROM categories) AS categories,
             (SELECT count(*)::int FROM tags) AS tags,
             (SELECT count(*)::int FROM models) AS models,
             (SELECT count(*)::int FROM channels) AS channels,
             (SELECT count(*)::int FROM users) AS users,
             (SELECT count(*)::int FROM users WHERE role = 'administrator') AS admins,
             (SELECT count(*)::int FROM users WHERE role = 'moderator') AS moderators,
             (SELECT count(*)::int FROM users WHERE status = 'active' AND email_confirmed_at IS NOT NULL
                AND password_hash IS NULL AND email LIKE '%@example.com') AS ready_users,
             (SELECT count(*)::int FROM playlists) AS playlists,
             (SELECT count(*)::int FROM comments WHERE section = 'video') AS comments,
             (SELECT count(*)::int FROM search_keywords) AS keywords,
             (SELECT count(*)::int FROM wall_posts) AS wall_posts,
             (SELECT count(*)::int FROM friends) AS friends,
             (SELECT count(*)::int FROM watch_later) AS watch_later,
             (SELECT count(*)::int FROM history) AS history`);
    expect(c.listed).toBeGreaterThanOrEqual(150);
    expect(c.unavailable).toBeGreaterThan(0);
    expect(c.private).toBeGreaterThan(0);
    expect(c).toMatchObject({ categories: 30, tags: 100, models: 40, channels: 15, users: 50 });
    expect(c).toMatchObject({ admins: 1, moderators: 2, ready_users: 50, playlists: 40, comments: 600 });
    expect(c.keywords).toBeGreaterThanOrEqual(200);
    for (const k of ['wall_posts', 'friends', 'watch_later', 'history']) expect(c[k]).toBeGreaterThan(0);
  });

  it('has data for every duration class and date window', async () => {
    const c = await one<Record<string, number>>(sql`
      SELECT count(*) FILTER (WHERE duration < 600)::int AS short,
             count(*) FILTER (WHERE duration >= 600 AND duration < 2400)::int AS medium,
             count(*) FILTER (WHERE duration >= 2400)::int AS long,
             count(*) FILTER (WHERE post_date > now() - interval '1 day')::int AS day,
             count(*) FILTER (WHERE post_date > now() - interval '7 days')::int AS week,
             count(*) FILTER (WHERE post_date > now() - interval '30 days')::int AS month,
             count(*) FILTER (WHERE post_date < now() - interval '1 year')::int AS old,
             count(DISTINCT gender)::int AS genders
      FROM videos WHERE ${LISTED}`);
    for (const k of ['short', 'medium', 'long', 'day', 'week', 'month', 'old'])
      expect(c[k]).toBeGreaterThan(0);
    expect(c.genders).toBe(3);
    const durations = await sql<{ d: number }>`SELECT DISTINCT duration AS d FROM videos ORDER BY 1`.execute(
      handle.db,
    );
    expect(durations.rows.map((r) => r.d)).toEqual(
      [...TEST_CLIP_DURATIONS, ...TEST_LONG_SECONDS].sort((a, b) => a - b),
    );
    const windows = await one<Record<string, number>>(sql`
      SELECT count(DISTINCT video_id) FILTER (WHERE day > current_date - 1 AND views > 0)::int AS day,
             count(DISTINCT video_id) FILTER (WHERE day > current_date - 7 AND likes > 0)::int AS week_liked,
             count(DISTINCT video_id) FILTER (WHERE day > current_date - 30)::int AS month
      FROM video_stats_daily`);
    expect(windows.day).toBeGreaterThan(10);
    expect(windows.week_liked).toBeGreaterThan(5);
    expect(windows.month).toBeGreaterThan(100);
  });

  it('builds the trending order of its daily stats, so that the first start shows it (issue 32)', async () => {
    const { rows } = await sql<{ gender: string; n: number }>`
      SELECT gender, count(*)::int AS n FROM trending_videos GROUP BY gender`.execute(handle.db);
    expect(rows.find((r) => r.gender === 'str')?.n).toBeGreaterThan(20);
  });

  it('varies views and votes', async () => {
    const c = await one<Record<string, number>>(sql`
      SELECT count(DISTINCT views)::int AS views, max(views)::float8 / greatest(min(views), 1) AS spread,
             count(DISTINCT rating)::int AS ratings,
             count(*) FILTER (WHERE likes + dislikes = 0)::int AS unvoted,
             count(*) FILTER (WHERE rating > 0 AND rating < 0.5)::int AS disliked,
             count(*) FILTER (WHERE rating = 1)::int AS loved,
             max(likes)::int AS max_likes, count(DISTINCT comments_count)::int AS comment_counts
      FROM videos WHERE ${LISTED}`);
    expect(c.views).toBeGreaterThan(140);
    expect(c.spread).toBeGreaterThan(1000);
    expect(c.ratings).toBeGreaterThan(20);
    expect(c.unvoted).toBeGreaterThan(0);
    expect(c.disliked).toBeGreaterThan(0);
    expect(c.loved).toBeGreaterThan(0);
    expect(c.max_likes).toBeGreaterThan(10);
    expect(c.comment_counts).toBeGreaterThan(5);
  });

  it('keeps every denormalised counter equal to its rows', async () => {
    const listedVideo = sql.raw('v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL');
    const mismatches = await one<Record<string, number>>(sql`
      SELECT
        (SELECT count(*)::int FROM videos v WHERE
           likes <> (SELECT count(*) FROM votes WHERE section = 'video' AND object_id = v.id AND vote = 1)
        OR dislikes <> (SELECT count(*) FROM votes WHERE section = 'video' AND object_id = v.id AND vote = -1)
        OR abs(rating - CASE WHEN likes + dislikes > 0 THEN likes::real / (likes + dislikes) ELSE 0 END) > 1e-6
        OR comments_count <> (SELECT count(*) FROM comments WHERE section = 'video' AND object_id = v.id)
        OR favourites_count <> (SELECT count(*) FROM favourites WHERE video_id = v.id)) AS videos,
        (SELECT count(*)::int FROM categories c WHERE total_videos <>
           (SELECT count(*) FROM video_categories vc JOIN videos v ON v.id = vc.video_id
            WHERE vc.category_id = c.id AND ${listedVideo})) AS categories,
        (SELECT count(*)::int FROM tags t WHERE total_videos <>
           (SELECT count(*) FROM video_tags vt JOIN videos v ON v.id = vt.video_id
            WHERE vt.tag_id = t.id AND ${listedVideo})) AS tags,
        (SELECT count(*)::int FROM models m WHERE total_videos <>
           (SELECT count(*) FROM video_models vm JOIN videos v ON v.id = vm.video_id
            WHERE vm.model_id = m.id AND ${listedVideo})
           OR subscribers <> (SELECT count(*) FROM subscriptions WHERE section = 'model' AND object_id = m.id))
          AS models,
        (SELECT count(*)::int FROM channels c WHERE total_videos <>
           (SELECT count(*) FROM videos v WHERE v.channel_id = c.id AND ${listedVideo})
           OR subscribers <> (SELECT count(*) FROM subscriptions WHERE section = 'channel' AND object_id = c.id))
          AS channels,
        (SELECT count(*)::int FROM users u WHERE
           videos_count <> (SELECT count(*) FROM videos v WHERE v.user_id = u.id AND ${listedVideo})
        OR comments_count <> (SELECT count(*) FROM comments WHERE user_id = u.id)
        OR subscribers_count <> (SELECT count(*) FROM subscriptions WHERE section = 'member' AND object_id = u.id))
          AS users,
        (SELECT count(*)::int FROM playlists p WHERE
           total_videos <> (SELECT count(*) FROM playlist_videos WHERE playlist_id = p.id)
        OR likes <> (SELECT count(*) FROM votes WHERE section = 'playlist' AND object_id = p.id AND vote = 1))
          AS playlists,
        (SELECT count(*)::int FROM playlist_videos pv WHERE position > (SELECT count(*) FROM playlist_videos x
           WHERE x.playlist_id = pv.playlist_id)) AS positions`);
    expect(mismatches).toEqual({
      videos: 0,
      categories: 0,
      tags: 0,
      models: 0,
      channels: 0,
      users: 0,
      playlists: 0,
      positions: 0,
    });
    const empty = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM categories WHERE total_videos = 0`,
    );
    expect(empty.n).toBe(0);
  });

  it('links each video to 1-3 categories, 3-8 tags, 0-3 models, a poster, an mp4 and thumbnails', async () => {
    const c = await one<Record<string, number>>(sql`
      SELECT count(*) FILTER (WHERE cats NOT BETWEEN 1 AND 3)::int AS bad_categories,
             count(*) FILTER (WHERE tags NOT BETWEEN 3 AND 8)::int AS bad_tags,
             count(*) FILTER (WHERE models > 3)::int AS bad_models,
             count(*) FILTER (WHERE models > 0)::int AS with_models,
             count(*) FILTER (WHERE mp4 < 1 OR poster <> 2 OR thumbs < 2 OR sprites < 1 OR vtt <> 1
               OR preview <> 1)::int AS bad_files,
             count(*) FILTER (WHERE NOT (dir ~ '^[a-z0-9]+(-[a-z0-9]+)*$'))::int AS bad_dirs,
             (count(*) - count(DISTINCT dir))::int AS duplicate_dirs,
             count(*) FILTER (WHERE search_vector IS NULL)::int AS no_vector,
             count(*) FILTER (WHERE height >= 720)::int AS hd
      FROM (SELECT v.dir, v.search_vector, v.height,
              (SELECT count(*) FROM video_categories WHERE video_id = v.id) AS cats,
              (SELECT count(*) FROM video_tags WHERE video_id = v.id) AS tags,
              (SELECT count(*) FROM video_models WHERE video_id = v.id) AS models,
              (SELECT count(*) FROM video_files WHERE video_id = v.id AND kind = 'mp4') AS mp4,
              (SELECT count(*) FROM video_files WHERE video_id = v.id AND kind = 'poster') AS poster,
              (SELECT count(*) FROM video_files WHERE video_id = v.id AND kind = 'thumb') AS thumbs,
              (SELECT count(*) FROM video_files WHERE video_id = v.id AND kind = 'sprite') AS sprites,
              (SELECT count(*) FROM video_files WHERE video_id = v.id AND kind = 'vtt') AS vtt,
              (SELECT count(*) FROM video_files WHERE video_id = v.id AND kind = 'preview') AS preview
            FROM videos v) AS x`);
    expect(c).toMatchObject({
      bad_categories: 0,
      bad_tags: 0,
      bad_models: 0,
      bad_files: 0,
      bad_dirs: 0,
      duplicate_dirs: 0,
      no_vector: 0,
    });
    expect(c.with_models).toBeGreaterThan(50);
    expect(c.hd).toBeGreaterThan(0);
  });

  it('finds videos by title, tag and channel words', async () => {
    const tag = await one<{ title: string }>(sql`SELECT title FROM tags ORDER BY total_videos DESC LIMIT 1`);
    const hits = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM videos
      WHERE search_vector @@ plainto_tsquery('simple', ${tag.title})`);
    expect(hits.n).toBeGreaterThan(0);
  });

  it('points every file row at an existing file of that size', async () => {
    const files = await handle.db.selectFrom('video_files').select(['storage_key', 'size_bytes']).execute();
    const distinct = new Map(files.map((f) => [f.storage_key, f.size_bytes]));
    // The clips' files are shared; the WebVTT index is one per video.
    const vtts = files.filter((f) => f.storage_key.endsWith('.vtt')).length;
    expect(vtts).toBe(report.counts!.videos);
    expect(distinct.size - vtts).toBeGreaterThan(12 * 15);
    for (const [key, size] of distinct) {
      const file = path.join(mediaDir, key);
      expect(existsSync(file), key).toBe(true);
      expect(statSync(file).size).toBe(Number(size));
    }
    const images = await handle.db.selectFrom('models').select('img').where('img', 'is not', null).execute();
    for (const m of images) expect(existsSync(path.join(mediaDir, m.img!))).toBe(true);
  });

  it("answers the player's file list of a seeded video: sources, poster, preview and a timeline", async () => {
    const storage = new LocalStorage({ root: mediaDir });
    await expectPlayableDemo(handle, storage);
  });

  it('publishes long videos made by the pipeline, with HLS the player takes (issue 20)', async () => {
    expect(report.longVideos).toHaveLength(TEST_LONG_SECONDS.length);
    const storage = new LocalStorage({ root: mediaDir });
    const service = createVideoFilesService(createMediaRepository(handle.db), storage);
    for (const [i, id] of report.longVideos!.entries()) {
      const video = await handle.db
        .selectFrom('videos')
        .select(['title', 'status', 'is_private', 'duration', 'width', 'height', 'probe'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(video).toMatchObject({
        title: DEMO_LONG_VIDEOS[i]!.title,
        status: 1,
        is_private: false,
        duration: TEST_LONG_SECONDS[i],
        width: 320,
        height: 180,
      });
      // The pipeline probed the source: no audio track, one frame a second.
      expect(video.probe).toMatchObject({ video_codec: 'h264', audio_codec: null, fps: 1 });
      const rows = await handle.db
        .selectFrom('video_files')
        .select(['kind', 'format'])
        .where('video_id', '=', id)
        .execute();
      const has = (kind: string, format: string) => rows.some((r) => r.kind === kind && r.format === format);
      for (const [kind, format] of [
        ['source', 'mp4'],
        ['mp4', '180p'],
        ['hls', 'master'],
        ['hls', '180p'],
        ['poster', ''],
        ['poster', 'webp'],
        ['thumb', '1'],
        ['sprite', '0'],
        ['preview', ''],
      ] as const)
        expect(has(kind, format), `${id} ${kind} ${format}`).toBe(true);

      const files = await service.playerFiles(id);
      expect(files?.duration).toBe(TEST_LONG_SECONDS[i]);
      expect(files?.sources.map((f) => f.format)).toEqual(['180p']);
      const masterKey = keyOf(files!.hls_url!);
      expect(masterKey).toBe(`videos/${id}/hls/master.m3u8`);
      const master = (await readStored(storage, masterKey)).toString('utf8');
      expect(master).toContain('RESOLUTION=320x180');
      expect(master).toContain('180p/index.m3u8');
      // The variant lists fMP4 segments that add up to the video, every one of them stored.
      const variant = (await readStored(storage, `videos/${id}/hls/180p/index.m3u8`)).toString('utf8');
      expect(variant).toContain('#EXT-X-MAP:URI="init.mp4"');
      expect(variant).toContain('#EXT-X-ENDLIST');
      const segments = [...variant.matchAll(/#EXTINF:([\d.]+),\n(\S+)/g)];
      expect(segments.length).toBeGreaterThan(3);
      const total = segments.reduce((sum, m) => sum + Number(m[1]), 0);
      expect(Math.abs(total - TEST_LONG_SECONDS[i]!)).toBeLessThan(1);
      for (const name of ['init.mp4', ...segments.map((m) => m[2]!)])
        expect(await storage.exists(`videos/${id}/hls/180p/${name}`), name).toBe(true);
    }
  });

  it("gives the looped demo clips over the threshold HLS in the pipeline's layout (issue 29)", async () => {
    const storage = new LocalStorage({ root: mediaDir });
    const service = createVideoFilesService(createMediaRepository(handle.db), storage);
    // One listed video of each clip, with its HLS rows.
    const videos = await sql<{ id: number; media_key: string; duration: number; hls: string[] }>`
      SELECT DISTINCT ON (v.media_key) v.id, v.media_key, v.duration,
             array(SELECT f.format FROM video_files f WHERE f.video_id = v.id AND f.kind = 'hls' ORDER BY f.format) AS hls
      FROM videos v WHERE v.media_key LIKE 'demo/clip-%' AND ${LISTED} ORDER BY v.media_key, v.id`.execute(
      handle.db,
    );
    expect(videos.rows).toHaveLength(12);
    const long = videos.rows.filter((v) => v.duration > TEST_HLS_MIN);
    expect(long.map((v) => v.duration)).toEqual(TEST_CLIP_DURATIONS.filter((d) => d > TEST_HLS_MIN));
    for (const video of videos.rows) {
      const files = await service.playerFiles(video.id);
      if (video.duration <= TEST_HLS_MIN) {
        expect(video.hls, video.media_key).toEqual([]);
        expect(files?.hls_url).toBeNull();
        continue;
      }
      // The master and one playlist per MP4 rung, as the pipeline registers them.
      expect(video.hls).toEqual([...files!.sources.map((s) => s.format).sort(), 'master'].sort());
      expect(keyOf(files!.hls_url!)).toBe(`${video.media_key}/hls/master.m3u8`);
    }
    // The longest (40 min): every segment its playlists name is stored, and they add up to the clip.
    const longest = long.at(-1)!;
    await expectStoredHls(storage, `${longest.media_key}/hls/master.m3u8`, longest.duration);
  });

  it('turns the house VAST pre-roll on for guests, with its creative stored (issue 20)', async () => {
    const storage = new LocalStorage({ root: mediaDir });
    const ads = createAdsService(createAdsRepository(handle.db), { storage });
    expect((await ads.forViewer(null)).preroll).toMatchObject({
      tags: [HOUSE_PREROLL_PATH],
      fallback: { mediaUrl: HOUSE_PREROLL_MEDIA_PATH, clickUrl: '/advertising/' },
      skipOffsetSeconds: 5,
    });
    expect(await ads.forViewer({ user_id: 4, username: 'm', avatar: null, role: 'member' })).toEqual(NO_ADS);
    expect(await ads.housePreroll({ origin: 'http://tube.test', siteName: 'T' })).toContain(
      `http://tube.test/media/${HOUSE_PREROLL_CREATIVE.storageKey}`,
    );
    const creative = await probe(path.join(mediaDir, HOUSE_PREROLL_CREATIVE.storageKey));
    expect(creative).toMatchObject({ width: 640, height: 360, hasVideo: true, hasAudio: true });
    expect(Math.abs(creative.duration - HOUSE_PREROLL_CREATIVE.seconds)).toBeLessThan(0.5);

    // A zone an administrator has saved is theirs: seeding again does not switch it back on.
    const admin = await one<{ id: number }>(sql`SELECT id FROM users WHERE role = 'administrator' LIMIT 1`);
    const setPreroll = (enabled: boolean, by: number | null) =>
      handle.db
        .updateTable('ad_zones')
        .set({ enabled, updated_by: by })
        .where('key', '=', 'preroll')
        .execute();
    await setPreroll(false, admin.id);
    try {
      await enableDemoPreroll(handle.db, new Date());
      const zone = await one<{ enabled: boolean }>(sql`SELECT enabled FROM ad_zones WHERE key = 'preroll'`);
      expect(zone.enabled).toBe(false);
    } finally {
      await setPreroll(true, null);
    }
  });

  it('gives every model a portrait of its own at the model picture size (issue 20)', async () => {
    const models = await handle.db.selectFrom('models').select(['dir', 'img']).execute();
    expect(models.length).toBe(40);
    expect(new Set(models.map((m) => m.img)).size).toBe(models.length);
    for (const m of models) {
      expect(m.img).toBe(portraitKey(m.dir));
      const meta = await sharp(path.join(mediaDir, m.img!)).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: 480,
        height: 640,
      });
    }
  });

  it('only has adult models and members', async () => {
    const c = await one<Record<string, number>>(sql`
      SELECT (SELECT count(*)::int FROM models WHERE date_part('year', age(birth_date)) NOT BETWEEN 21 AND 45)
               AS models,
             (SELECT count(*)::int FROM users WHERE date_part('year', age(birth_date)) < 21) AS users,
             (SELECT count(*)::int FROM models WHERE alias = '' OR country IS NULL OR ethnicity IS NULL
                OR race IS NULL OR career_status IS NULL OR career_start IS NULL OR debut_age IS NULL
                OR zodiac IS NULL OR hair IS NULL OR eye IS NULL OR tattoo IS NULL OR piercing IS NULL
                OR measurements IS NULL OR height IS NULL OR weight IS NULL OR description = '') AS incomplete`);
    expect(c).toEqual({ models: 0, users: 0, incomplete: 0 });
  });

  it('marks itself done and does not seed twice', async () => {
    expect(await isSeeded(handle)).toBe(true);
    const marker = await handle.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', 'demo_seeded')
      .executeTakeFirstOrThrow();
    expect(marker.value).toMatchObject({ counts: { videos: report.counts!.videos } });
    const again = await seedDemo(handle, { mediaDir, clipDurations: TEST_CLIP_DURATIONS });
    expect(again).toMatchObject({ seeded: false, skipped: 'already seeded' });
    const videos = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM videos`);
    expect(videos.n).toBe(report.counts!.videos);
  });

  it('reuses finished clips instead of making them again', async () => {
    const poster = path.join(mediaDir, 'demo/clip-01/poster.jpg');
    const before = statSync(poster).mtimeMs;
    const started = Date.now();
    const clips = await ensureDemoClips(mediaDir, {
      durations: TEST_CLIP_DURATIONS,
      segmentSeconds: TEST_SEGMENT_SECONDS,
      hlsMinDurationSeconds: TEST_HLS_MIN,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(clips.map((c) => Math.round(c.duration))).toEqual(TEST_CLIP_DURATIONS);
    expect(statSync(poster).mtimeMs).toBe(before);
  });
});

/** Reads a stored object whole. */
async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The storage key behind a URL of the file list: local disk and expiring S3 URLs both link to /media/. */
function keyOf(url: string): string {
  expect(url.startsWith('/media/'), url).toBe(true);
  return url.slice('/media/'.length).split('/').map(decodeURIComponent).join('/');
}

/**
 * An HLS master in storage whose variant playlists exist and name an init file and fMP4 segments that
 * all exist and add up to `duration` seconds. Answers the variants' playlist keys.
 */
async function expectStoredHls(storage: Storage, masterKey: string, duration: number): Promise<string[]> {
  const dir = path.posix.dirname(masterKey);
  const master = (await readStored(storage, masterKey)).toString('utf8');
  const variants = master.split('\n').filter((line) => line.endsWith('/index.m3u8'));
  expect(variants.length).toBeGreaterThanOrEqual(1);
  for (const variant of variants) {
    const key = `${dir}/${variant}`;
    const text = (await readStored(storage, key)).toString('utf8');
    expect(text).toContain('#EXT-X-ENDLIST');
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1];
    const segments = [...text.matchAll(/#EXTINF:([\d.]+),\n(\S+)/g)];
    const total = segments.reduce((sum, m) => sum + Number(m[1]), 0);
    expect(Math.abs(total - duration), key).toBeLessThan(1);
    const names = [init!, ...segments.map((m) => m[2]!)];
    const found = await Promise.all(
      names.map((name) => storage.exists(path.posix.join(path.posix.dirname(key), name))),
    );
    expect(
      names.filter((_, i) => !found[i]),
      key,
    ).toEqual([]);
  }
  return variants.map((v) => `${dir}/${v}`);
}

/**
 * For the longest listed demo video and a short one: /api/videofile.php's answer has MP4 sources, a
 * poster, a preview and a VTT named `{id}.{count}.{interval}.vtt` whose `count` cues of `interval`
 * seconds span the video and point inside sprite sheets that exist in storage.
 */
async function expectPlayableDemo(handle: DatabaseHandle, storage: Storage): Promise<void> {
  const picks = await sql<{ id: number }>`
    (SELECT id FROM videos WHERE status = 1 AND NOT is_private AND deleted_at IS NULL ORDER BY duration DESC, id LIMIT 1)
    UNION ALL
    (SELECT id FROM videos WHERE status = 1 AND NOT is_private AND deleted_at IS NULL ORDER BY duration, id LIMIT 1)`.execute(
    handle.db,
  );
  expect(picks.rows).toHaveLength(2);
  const service = createVideoFilesService(createMediaRepository(handle.db), storage);
  for (const { id } of picks.rows) {
    const files = await service.playerFiles(id);
    expect(files).not.toBeNull();
    expect(files!.sources.length).toBeGreaterThanOrEqual(2);
    for (const source of files!.sources) {
      expect(source.mime).toBe('video/mp4');
      expect((await storage.stat(keyOf(source.video_url)))?.size).toBe(source.size);
    }
    for (const url of [files!.poster, files!.preview]) {
      expect(url).not.toBeNull();
      expect(await storage.exists(keyOf(url!))).toBe(true);
    }
    // Over the threshold (the longest here), the demo clip has HLS too (issue 29).
    if (files!.duration > TEST_HLS_MIN) {
      expect(files!.hls_url).not.toBeNull();
      await expectStoredHls(storage, keyOf(files!.hls_url!), files!.duration);
    } else {
      expect(files!.hls_url).toBeNull();
    }
    const vttKey = keyOf(files!.timelines_vtt!);
    expect(path.posix.basename(vttKey)).toBe(
      `${id}.${files!.timelines_count}.${files!.timelines_interval}.vtt`,
    );
    const vtt = (await readStored(storage, vttKey)).toString('utf8');
    const cues = [
      ...vtt.matchAll(
        /(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})\n(\S+)#xywh=(\d+),(\d+),(\d+),(\d+)/g,
      ),
    ];
    expect(cues).toHaveLength(files!.timelines_count!);
    const seconds = (m: RegExpMatchArray, at: number) =>
      Number(m[at]) * 3600 + Number(m[at + 1]) * 60 + Number(m[at + 2]) + Number(m[at + 3]) / 1000;
    expect(cues.map((cue) => seconds(cue, 1))).toEqual(cues.map((_, i) => i * files!.timelines_interval!));
    expect(Math.abs(seconds(cues.at(-1)!, 5) - files!.duration)).toBeLessThanOrEqual(1);
    const sheets = new Map<string, { width: number; height: number }>();
    for (const cue of cues) {
      const sheetKey = path.posix.join(path.posix.dirname(vttKey), cue[9]!);
      let size = sheets.get(sheetKey);
      if (!size) {
        const meta = await sharp(await readStored(storage, sheetKey)).metadata();
        size = { width: meta.width!, height: meta.height! };
        sheets.set(sheetKey, size);
      }
      const [x, y, w, h] = cue.slice(10, 14).map(Number) as [number, number, number, number];
      expect(x + w).toBeLessThanOrEqual(size.width);
      expect(y + h).toBeLessThanOrEqual(size.height);
    }
  }
}

describe('seedDemo on S3 storage (s3rver)', () => {
  it('writes the media through the storage port and the player finds it there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'seed-demo-s3-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      vhostBuckets: false,
      configureBuckets: [{ name: 'media' }],
    });
    const { port } = await server.run();
    const s3 = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'media',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
    });
    const s3Handle = pgliteHandle(await openPglite());
    // Nothing may land on local disk: the media folder given is one that does not exist.
    const localDir = path.join(dir, 'not-used');
    let queue: JobQueue | null = null;
    try {
      await migrate(s3Handle);
      // The real queue, working here as WORKERS=inline does: the demo uploads go through the pipeline.
      queue = await startJobs(s3Handle, {
        work: true,
        log: { info: () => {}, error: () => {} },
        storage: s3,
        queue: { pollingIntervalSeconds: 0.5 },
      });
      const seeded = await seedDemo(s3Handle, {
        mediaDir: localDir,
        storage: s3,
        jobs: queue,
        clipDurations: [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 2405, 6],
        segmentSeconds: 4,
        longVideoSeconds: [TEST_LONG_SECONDS[0]!],
        hlsMinDurationSeconds: TEST_HLS_MIN,
      });
      expect(seeded.seeded).toBe(true);
      expect(existsSync(localDir)).toBe(false);
      expect(await s3.exists('demo/clip-11/clip.json')).toBe(true);
      await expectPlayableDemo(s3Handle, s3);
      // The long video's pipeline wrote through the port too; the house ad and portraits as well.
      const [longId] = seeded.longVideos!;
      expect(await s3.exists(`videos/${longId}/hls/master.m3u8`)).toBe(true);
      expect(await s3.exists(`videos/${longId}/hls/180p/init.mp4`)).toBe(true);
      expect(await s3.exists(HOUSE_PREROLL_CREATIVE.storageKey)).toBe(true);
      const model = await s3Handle.db.selectFrom('models').select('img').executeTakeFirstOrThrow();
      expect(await s3.exists(model.img!)).toBe(true);

      // The uploads: processing with a source in storage, then waiting for moderation with renditions.
      expect(seeded.uploads).toHaveLength(DEMO_UPLOADS.length);
      const uploads = seeded.uploads!;
      const statuses = async () =>
        (
          await s3Handle.db
            .selectFrom('videos')
            .select(['id', 'status', 'processing_error'])
            .where('id', 'in', uploads)
            .orderBy('id')
            .execute()
        ).map((v) => v.status);
      const until = Date.now() + 120_000;
      while ((await statuses()).some((status) => status === 2) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 500));
      expect(await statuses()).toEqual(uploads.map(() => 3));
      for (const id of uploads) {
        const rows = await s3Handle.db
          .selectFrom('video_files')
          .select(['kind', 'format', 'storage_key'])
          .where('video_id', '=', id)
          .execute();
        const kinds = new Set(rows.map((r) => r.kind));
        for (const kind of ['source', 'mp4', 'poster', 'thumb', 'sprite', 'vtt', 'preview'])
          expect(kinds.has(kind as never), `${id} ${kind}`).toBe(true);
        for (const row of rows) expect(await s3.exists(row.storage_key), row.storage_key).toBe(true);
      }
    } finally {
      await queue?.stop({ timeoutMs: 1000 });
      await s3Handle.close();
      s3.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 360_000);
});
