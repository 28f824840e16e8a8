// Seeds the demo catalogue once: media first (reusable files), then every row in one transaction
// that also writes the `demo_seeded` marker, so a killed seed leaves either everything or nothing.
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { JobSink } from '../jobs/job-sink.ts';
import { refreshTrending } from '../modules/discovery/trending.repository.ts';
import type { Storage } from '../storage/storage.ts';
import { enableDemoPreroll, ensureHouseAd } from './demo-house-ad.ts';
import { addDemoLongVideos, type LongVideoSource, makeLongVideoSources } from './demo-long-videos.ts';
import { clipBytes, type DemoClip, demoStorage, ensureDemoClips } from './demo-media.ts';
import { buildDemoPlan, DEFAULT_SEED } from './demo-plan.ts';
import { ensureDemoPortraits } from './demo-portraits.ts';
import { enqueueDemoUploads, insertDemoUploads } from './demo-uploads.ts';
import { type WrittenCounts, writeDemoPlan } from './demo-writer.ts';
import {
  countKeywordResults,
  fillSearchVectors,
  recountCatalogueCounters,
  recountPlaylistCounters,
  recountVideoCounters,
} from './seed-sql.ts';

export const DEMO_SEEDED_KEY = 'demo_seeded';
// Two seeders started together: the second waits for the first, then finds the marker.
const SEED_LOCK_KEY = 727_002;

export interface SeedDemoOptions {
  /** Local media folder, used when no `storage` is given. */
  mediaDir: string;
  /** Where the media goes (the site's storage port: local disk or S3); default local disk at mediaDir. */
  storage?: Storage;
  log?: (line: string) => void;
  /** The moment the catalogue is built around (post dates, ages, daily stats); default now. */
  now?: Date;
  seed?: number;
  /** Tests: shorter clips (one duration per demo clip) and a shorter encoded segment. */
  clipDurations?: readonly number[];
  segmentSeconds?: number;
  /**
   * The job queue: with it, a few demo uploads are left processing (status 2) and their
   * video.process jobs enqueued once the catalogue is committed (demo-uploads.ts). Without it, none.
   */
  jobs?: Pick<JobSink, 'enqueue'>;
  /** Clips already being made (the CLI starts them while the database opens). */
  clips?: Promise<DemoClip[]>;
  /**
   * Tests: the durations of the long videos that go through the pipeline (demo-long-videos.ts), one
   * per definition; fewer make fewer, [] none. With short ones, lower `hlsMinDurationSeconds` too.
   */
  longVideoSeconds?: readonly number[];
  /**
   * Videos longer than this get HLS: the long videos (the pipeline's threshold) and the demo clips
   * (cut from their looped renditions, demo-hls.ts). Default HLS_MIN_DURATION_SECONDS; tests lower it.
   */
  hlsMinDurationSeconds?: number;
}

export interface SeedReport {
  seeded: boolean;
  /** Why nothing was done, when `seeded` is false. */
  skipped?: string;
  counts?: WrittenCounts;
  /** Ids of the demo uploads left processing with a job enqueued. */
  uploads?: number[];
  /** Ids of the long videos the pipeline made (with HLS), published. */
  longVideos?: number[];
  clips: number;
  mediaBytes: number;
  elapsedMs: number;
}

export interface DemoSeededMarker {
  seededAt: string;
  seed: number;
  counts: WrittenCounts;
}

async function readMarker(db: Kysely<Database>): Promise<DemoSeededMarker | null> {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', DEMO_SEEDED_KEY)
    .executeTakeFirst();
  return (row?.value as DemoSeededMarker | undefined) ?? null;
}

export async function isSeeded(handle: DatabaseHandle): Promise<boolean> {
  return (await readMarker(handle.db)) !== null;
}

export async function seedDemo(handle: DatabaseHandle, options: SeedDemoOptions): Promise<SeedReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const elapsed = () => Date.now() - started;
  if (await isSeeded(handle)) {
    return { seeded: false, skipped: 'already seeded', clips: 0, mediaBytes: 0, elapsedMs: elapsed() };
  }

  const storage = options.storage ?? demoStorage(options.mediaDir);
  const clips = await (options.clips ??
    ensureDemoClips(storage, {
      log,
      durations: options.clipDurations,
      segmentSeconds: options.segmentSeconds,
      hlsMinDurationSeconds: options.hlsMinDurationSeconds,
    }));
  // The house pre-roll's creative and the long videos' sources (issue 20): small, made after the clips.
  const houseAdBytes = await ensureHouseAd(storage, { log });
  const long = await makeLongVideoSources({ seconds: options.longVideoSeconds });
  try {
    const mediaBytes = houseAdBytes + clips.reduce((sum, c) => sum + clipBytes(c), 0);
    log(`media ready: ${clips.length} clips, ${(mediaBytes / 1e6).toFixed(1)} MB (${elapsed()} ms)`);
    return await seedRows(handle, options, { storage, clips, long: long.sources, mediaBytes, log, elapsed });
  } finally {
    await long.dispose();
  }
}

async function seedRows(
  handle: DatabaseHandle,
  options: SeedDemoOptions,
  made: {
    storage: Storage;
    clips: DemoClip[];
    long: LongVideoSource[];
    mediaBytes: number;
    log: (line: string) => void;
    elapsed: () => number;
  },
): Promise<SeedReport> {
  const { storage, clips, mediaBytes, log, elapsed } = made;

  const now = options.now ?? new Date();
  const seed = options.seed ?? DEFAULT_SEED;
  const plan = buildDemoPlan({
    now,
    seed,
    clips: clips.map((c) => ({
      source: c.source,
      duration: Math.round(c.duration),
      width: c.width,
      height: c.height,
    })),
  });

  const portraits = await ensureDemoPortraits(storage, plan.models);

  const result = await handle.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if (await readMarker(trx)) return null;
    const written = await writeDemoPlan(trx, plan, clips, storage, portraits);
    const uploads = options.jobs ? await insertDemoUploads(trx, storage, clips, now) : [];
    const longVideos = await addDemoLongVideos(trx, made.long, {
      storage,
      now,
      hlsMinDurationSeconds: options.hlsMinDurationSeconds,
      log,
    });
    written.videos += longVideos.length;
    await enableDemoPreroll(trx, now);
    await recountVideoCounters(trx);
    await recountPlaylistCounters(trx);
    await recountCatalogueCounters(trx);
    await fillSearchVectors(trx);
    await countKeywordResults(trx);
    const marker: DemoSeededMarker = { seededAt: now.toISOString(), seed, counts: written };
    await trx
      .insertInto('site_settings')
      .values({ key: DEMO_SEEDED_KEY, value: JSON.stringify(marker), updated_at: now })
      .execute();
    // PGlite runs no autovacuum: give the planner statistics of the new rows.
    await sql`ANALYZE`.execute(trx);
    return { written, uploads, longVideos };
  });
  if (!result) {
    return {
      seeded: false,
      skipped: 'already seeded',
      clips: clips.length,
      mediaBytes,
      elapsedMs: elapsed(),
    };
  }
  const { written: counts, uploads, longVideos } = result;
  // The trending order of the demo's daily stats now, rather than at the job's next hour (issue 32): the
  // home's trending block and /videos/trending/ show it from the first start.
  const trending = await refreshTrending(handle.db, now.toISOString().slice(0, 10));
  // After the commit: pg-boss has its own connection, and a job must not run before its row exists.
  // A process killed before these enqueues leaves the uploads at status 2 with no job: the
  // processing sweep at the next start enqueues them (server/pipeline/processing-sweep.ts).
  if (options.jobs && uploads.length > 0) {
    await enqueueDemoUploads(options.jobs, uploads);
    log(`demo uploads waiting for the pipeline: ${uploads.join(', ')}`);
  }
  log(
    `rows written: ${counts.videos} videos, ${counts.comments} comments, ${counts.votes} votes, ${trending} trending (${elapsed()} ms)`,
  );
  return {
    seeded: true,
    counts,
    uploads,
    longVideos,
    clips: clips.length,
    mediaBytes,
    elapsedMs: elapsed(),
  };
}
