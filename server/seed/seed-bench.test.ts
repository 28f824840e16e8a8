import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, pgliteHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { type BenchReport, seedBench } from './seed-bench.ts';
import { isSeeded } from './seed-demo.ts';

const CLIP_DURATIONS = [6, 8, 10, 12, 14, 16, 18, 20, 605, 610, 2405, 2410];
const BENCH_VIDEOS = 3000;

let handle: DatabaseHandle;
let mediaDir: string;
let report: BenchReport;
let indexesBefore: number;

const INDEX_COUNT = sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'public'`;

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'seed-bench-test-'));
  handle = pgliteHandle(await openPglite());
  await migrate(handle);
  indexesBefore = (await INDEX_COUNT.execute(handle.db)).rows[0]!.n;
  report = await seedBench(handle, {
    videos: BENCH_VIDEOS,
    mediaDir,
    clipDurations: CLIP_DURATIONS,
    segmentSeconds: 4,
    // The demo's long videos run the pipeline: seed-demo.test.ts covers them.
    longVideoSeconds: [],
  });
}, 180_000);

afterAll(async () => {
  await handle?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql<T>>): Promise<T> {
  return (await query.execute(handle.db)).rows[0]!;
}

describe('seedBench', () => {
  it('seeds the demo catalogue first, then adds the bench videos', async () => {
    expect(await isSeeded(handle)).toBe(true);
    expect(report.added).toBe(BENCH_VIDEOS);
    const c = await one<{ n: number; dirs: number; listed: number }>(sql`
      SELECT count(*)::int AS n, count(DISTINCT dir)::int AS dirs,
             count(*) FILTER (WHERE status = 1 AND NOT is_private)::int AS listed FROM videos`);
    expect(c.n).toBe(report.totalVideos);
    expect(c.dirs).toBe(c.n);
    expect(c.listed).toBeGreaterThan(BENCH_VIDEOS);
  });

  it('gives every bench video links, files, a search vector and plausible numbers', async () => {
    const c = await one<Record<string, number>>(sql`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE cats NOT BETWEEN 1 AND 3)::int AS bad_categories,
             count(*) FILTER (WHERE tags NOT BETWEEN 3 AND 8)::int AS bad_tags,
             count(*) FILTER (WHERE models > 3)::int AS bad_models,
             count(*) FILTER (WHERE models > 0)::int AS with_models,
             count(*) FILTER (WHERE mp4 < 1 OR poster <> 2)::int AS bad_files,
             count(*) FILTER (WHERE bad_gender > 0)::int AS bad_gender,
             count(*) FILTER (WHERE search_vector IS NULL)::int AS no_vector,
             count(*) FILTER (WHERE NOT (dir ~ '^[a-z0-9]+(-[a-z0-9]+)*$'))::int AS bad_dirs,
             count(*) FILTER (WHERE rating < 0 OR rating > 1)::int AS bad_rating,
             count(DISTINCT duration)::int AS durations, count(DISTINCT gender)::int AS genders,
             count(*) FILTER (WHERE post_date > now())::int AS future
      FROM (SELECT v.*,
              (SELECT count(*) FROM video_categories WHERE video_id = v.id) AS cats,
              (SELECT count(*) FROM video_tags WHERE video_id = v.id) AS tags,
              (SELECT count(*) FROM video_models WHERE video_id = v.id) AS models,
              (SELECT count(*) FROM video_files WHERE video_id = v.id AND kind = 'mp4') AS mp4,
              (SELECT count(*) FROM video_files WHERE video_id = v.id AND kind = 'poster') AS poster,
              (SELECT count(*) FROM video_models vm JOIN models m ON m.id = vm.model_id
                WHERE vm.video_id = v.id AND m.gender <> v.gender)
              + (SELECT count(*) FROM video_categories vc JOIN categories c ON c.id = vc.category_id
                WHERE vc.video_id = v.id AND c.gender <> v.gender) AS bad_gender
            FROM videos v WHERE v.description LIKE 'A synthetic benchmark%') AS x`);
    expect(c).toMatchObject({
      n: BENCH_VIDEOS,
      bad_categories: 0,
      bad_tags: 0,
      bad_models: 0,
      bad_files: 0,
      bad_gender: 0,
      no_vector: 0,
      bad_dirs: 0,
      bad_rating: 0,
      durations: 12,
      genders: 3,
      future: 0,
    });
    expect(c.with_models).toBeGreaterThan(BENCH_VIDEOS / 2);
  });

  it('recounts the catalogue counters and restores every index', async () => {
    const c = await one<Record<string, number>>(sql`
      SELECT
        (SELECT count(*)::int FROM tags t WHERE total_videos <> (SELECT count(*) FROM video_tags vt
           JOIN videos v ON v.id = vt.video_id WHERE vt.tag_id = t.id AND v.status = 1 AND NOT v.is_private))
          AS tags,
        (SELECT count(*)::int FROM categories c WHERE total_videos <> (SELECT count(*) FROM video_categories vc
           JOIN videos v ON v.id = vc.video_id WHERE vc.category_id = c.id AND v.status = 1 AND NOT v.is_private))
          AS categories,
        (SELECT count(*)::int FROM users u WHERE videos_count <> (SELECT count(*) FROM videos v
           WHERE v.user_id = u.id AND v.status = 1 AND NOT v.is_private)) AS users`);
    expect(c).toEqual({ tags: 0, categories: 0, users: 0 });
    expect((await INDEX_COUNT.execute(handle.db)).rows[0]!.n).toBe(indexesBefore);
  });

  it('writes daily stats in the last 30 days, never before the post date', async () => {
    const c = await one<Record<string, number>>(sql`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE s.day < v.post_date::date)::int AS early,
             count(*) FILTER (WHERE s.day = current_date)::int AS today
      FROM video_stats_daily s JOIN videos v ON v.id = s.video_id
      WHERE v.description LIKE 'A synthetic benchmark%'`);
    expect(c.n).toBeGreaterThan(BENCH_VIDEOS);
    expect(c.early).toBe(0);
    expect(c.today).toBeGreaterThan(0);
  });

  it('points the bench videos at the demo clips on disk', async () => {
    const keys = await sql<{ k: string }>`SELECT DISTINCT storage_key AS k FROM video_files`.execute(
      handle.db,
    );
    for (const { k } of keys.rows) expect(existsSync(path.join(mediaDir, k)), k).toBe(true);
  });

  it('adds more on a second run', async () => {
    const again = await seedBench(handle, {
      videos: 500,
      mediaDir,
      clipDurations: CLIP_DURATIONS,
      segmentSeconds: 4,
    });
    expect(again.totalVideos).toBe(report.totalVideos + 500);
    const marker = await handle.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', 'bench_videos')
      .executeTakeFirstOrThrow();
    expect(marker.value).toEqual({ added: BENCH_VIDEOS + 500 });
  });
});
