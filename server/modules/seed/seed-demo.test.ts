import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, pgliteHandle } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { ensureDemoClips } from './demo-media.ts';
import { isSeeded, type SeedReport, seedDemo } from './seed-demo.ts';

// Short clips keep the test fast, yet cover the three duration classes (<10, 10-40, >40 min): long
// clips are a 4-second segment looped with stream copy, which costs little.
const TEST_CLIP_DURATIONS = [8, 12, 16, 20, 24, 28, 32, 36, 605, 610, 2405, 2410];
const TEST_SEGMENT_SECONDS = 4;

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
  });
}, 180_000);

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
    expect(durations.rows.map((r) => r.d)).toEqual(TEST_CLIP_DURATIONS);
    const windows = await one<Record<string, number>>(sql`
      SELECT count(DISTINCT video_id) FILTER (WHERE day > current_date - 1 AND views > 0)::int AS day,
             count(DISTINCT video_id) FILTER (WHERE day > current_date - 7 AND likes > 0)::int AS week_liked,
             count(DISTINCT video_id) FILTER (WHERE day > current_date - 30)::int AS month
      FROM video_stats_daily`);
    expect(windows.day).toBeGreaterThan(10);
    expect(windows.week_liked).toBeGreaterThan(5);
    expect(windows.month).toBeGreaterThan(100);
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
             count(*) FILTER (WHERE mp4 <> 1 OR poster <> 1 OR thumbs < 2)::int AS bad_files,
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
              (SELECT count(*) FROM video_files WHERE video_id = v.id AND kind = 'thumb') AS thumbs
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
    expect(distinct.size).toBe(12 * 5);
    for (const [key, size] of distinct) {
      const file = path.join(mediaDir, key);
      expect(existsSync(file), key).toBe(true);
      expect(statSync(file).size).toBe(Number(size));
    }
    const images = await handle.db.selectFrom('models').select('img').where('img', 'is not', null).execute();
    for (const m of images) expect(existsSync(path.join(mediaDir, m.img!))).toBe(true);
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
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(clips.map((c) => Math.round(c.duration))).toEqual(TEST_CLIP_DURATIONS);
    expect(statSync(poster).mtimeMs).toBe(before);
  });
});
