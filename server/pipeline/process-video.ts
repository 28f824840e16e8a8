// The handler of 'video.process': one job per video whose steps each check what is already done, so a
// retry after a crash (or a repeated job) resumes instead of starting over, and writes go to
// deterministic storage keys and upserted rows (UNIQUE (video_id, kind, format)), never duplicates.
//   probe → fingerprint (screening, possible duplicates) → MP4 ladder → HLS (long videos) → poster + thumbnails → sprites + VTT → preview → status 3
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_STATUS } from '../../contract/catalog.ts';
import type { DB } from '../db/database.ts';
import type { VideoProbeFacts } from '../db/schema.ts';
import { HLS_MIN_DURATION_SECONDS, ladderFor } from '../media/ladder.ts';
import { type MediaProbe, MediaProbeError } from '../media/probe.ts';
import { probeMedia } from '../media/runner.ts';
import { TRANSCODE_SETTING_KEY, transcodeHeightsOf } from '../modules/settings/settings-values.ts';
import type { Storage } from '../storage/storage.ts';
import { fingerprintStep } from './fingerprint-step.ts';
import { DEFAULT_PRESET } from './media-steps.ts';
import { createPipelineRepository, type PipelineRepository } from './pipeline.repository.ts';
import {
  hlsStep,
  localCopy,
  mp4Step,
  type ProbedRun,
  picturesStep,
  previewStep,
  progressReporter,
  type Run,
  smallRenditionOf,
  spans,
  spritesStep,
} from './run-steps.ts';
import { leftoverFoldersOf, workFolderName, workRootOf } from './work-folders.ts';

export interface PipelineLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PipelineDeps {
  db: DB;
  storage: Storage;
  log?: PipelineLog;
  /** Where jobs unpack and encode; default `{os tmp}/tube-pipeline`. One folder per run inside (work-folders.ts). */
  workDir?: string;
  /** x264 preset of ladder and HLS; default veryfast. */
  preset?: string;
  /** Videos longer than this also get HLS; default 1800 s (tests lower it). */
  hlsMinDurationSeconds?: number;
  /**
   * Set when members' uploads must wait (only the packaged 2018 ffmpeg is installed and
   * MEDIA_ALLOW_BUNDLED_FFMPEG is not true): the message the operator and the video's row get.
   * Demo videos are made all the same (docs/decisions.md "Media tools").
   */
  uploadsWaitReason?: string | null;
  /** Called as each step starts or is skipped: for logs, tests and the kill test's timing. */
  onStep?: (event: { videoId: number; step: PipelineStep; skipped: boolean }) => void;
}

export type PipelineStep =
  | 'probe'
  | 'fingerprint'
  | 'mp4'
  | 'hls'
  | 'pictures'
  | 'sprites'
  | 'preview'
  | 'done';

export interface RunContext {
  signal?: AbortSignal;
  /** 0–100 of the whole job. */
  progress?: (percent: number) => Promise<void>;
  /** A demo video: made with whatever ffmpeg there is (the seeder's uploads are also known by id). */
  demo?: boolean;
}

/** A failure no retry can fix: the video is rejected (status 4) at once. */
export class PermanentPipelineError extends Error {
  /** What the uploader is told (videos.reject_reason). */
  readonly reason: string;
  constructor(reason: string, detail: string) {
    super(detail);
    this.name = 'PermanentPipelineError';
    this.reason = reason;
  }
}

/** done; skipped: nothing to do; waiting: left at status 2 until a current ffmpeg is there (see uploadsWaitReason). */
export type ProcessOutcome = 'done' | 'skipped' | 'waiting';

export const videoPrefix = (videoId: number) => `videos/${videoId}/`;

function probeFacts(probe: MediaProbe, sizeBytes: number | null): VideoProbeFacts {
  return {
    container: probe.formatName,
    video_codec: probe.videoCodec,
    audio_codec: probe.audioCodec,
    fps: probe.frameRate,
    bitrate: sizeBytes ? Math.round((sizeBytes * 8) / probe.durationSeconds) : null,
    width: probe.width,
    height: probe.height,
    duration: Math.round(probe.durationSeconds * 1000) / 1000,
  };
}

/**
 * Runs (or resumes) the pipeline of one video. Skips a video that is gone, deleted or no longer
 * processing (status 2). Throws PermanentPipelineError for a source that cannot become a video; any
 * other error is worth a retry.
 */
export async function processVideo(
  deps: PipelineDeps,
  videoId: number,
  context: RunContext = {},
): Promise<ProcessOutcome> {
  const repository = createPipelineRepository(deps.db);
  const notNow = await whyNotNow(deps, repository, videoId, context);
  if (notNow) return notNow;

  const rows = await repository.files(videoId);
  const source = rows.find((r) => r.kind === 'source');
  if (!source) throw new PermanentPipelineError('The uploaded file is missing.', 'no source row');
  const progress = progressReporter(context, deps.log);
  const work = await freshWorkDir(deps.workDir, videoId);
  try {
    const run: Run = {
      videoId,
      db: deps.db,
      prefix: videoPrefix(videoId),
      work,
      rows,
      storage: deps.storage,
      repository,
      signal: context.signal,
      progress,
      step: stepReporter(deps, videoId),
    };
    const probed = await probeStep(run, source.storage_key, deps);
    await fingerprintStep(probed);
    await mp4Step(probed);
    if (probed.hls) await hlsStep(probed);
    await picturesStep(probed);
    await spritesStep(probed);
    await previewStep(probed);
    await finish(probed);
    return 'done';
  } finally {
    await progress.flush();
    await rm(work, { recursive: true, force: true });
  }
}

function stepReporter(deps: PipelineDeps, videoId: number) {
  return (name: PipelineStep, skipped = false) => {
    deps.log?.info(
      { videoId, step: name, skipped },
      `video.process ${name}${skipped ? ' (already done)' : ''}`,
    );
    deps.onStep?.({ videoId, step: name, skipped });
  };
}

/** 'skipped' for a video that is gone, deleted or not processing; 'waiting' while uploads wait; else null. */
async function whyNotNow(
  deps: PipelineDeps,
  repository: PipelineRepository,
  videoId: number,
  context: RunContext,
): Promise<ProcessOutcome | null> {
  const video = await repository.video(videoId);
  if (!video || video.deleted_at !== null || video.status !== VIDEO_STATUS.processing) {
    deps.log?.info({ videoId, status: video?.status ?? null }, 'video.process: nothing to do');
    return 'skipped';
  }
  if (deps.uploadsWaitReason && !context.demo && !(await isDemoUpload(deps.db, videoId))) {
    // Stays at status 2; the start-up sweep enqueues it again once a current ffmpeg is installed.
    deps.log?.error({ videoId }, `video.process: waiting. ${deps.uploadsWaitReason}`);
    await recordProcessingError(deps.db, videoId, deps.uploadsWaitReason);
    return 'waiting';
  }
  return null;
}

/**
 * A new work folder for this run, after the leftovers of runs of this video killed on this machine.
 * Each run has its own folder: an ffmpeg orphaned by a killed worker may still be writing into the old one.
 */
async function freshWorkDir(workDir: string | undefined, videoId: number): Promise<string> {
  const workRoot = workRootOf(workDir);
  await mkdir(workRoot, { recursive: true });
  for (const name of await leftoverFoldersOf(workRoot, videoId)) {
    await rm(path.join(workRoot, name), { recursive: true, force: true });
  }
  const work = path.join(workRoot, workFolderName(videoId, randomBytes(4).toString('hex')));
  await mkdir(work, { recursive: true });
  return work;
}

/** The source, local and probed; its facts on the video's row. A file that is no video is rejected. */
async function probeStep(
  run: Run,
  sourceKey: string,
  options: Pick<PipelineDeps, 'hlsMinDurationSeconds' | 'preset'>,
): Promise<ProbedRun> {
  run.step('probe');
  const sourceFile = await localCopy(run.storage, sourceKey, path.join(run.work, 'source'));
  if (!sourceFile) throw new PermanentPipelineError('The uploaded file is missing.', 'no source file');
  let probe: MediaProbe;
  try {
    probe = await probeMedia(sourceFile, { signal: run.signal });
  } catch (error) {
    if (!(error instanceof MediaProbeError)) throw error;
    throw new PermanentPipelineError(
      error.code === 'damaged' ? 'The video file is damaged.' : 'The file is not a video.',
      error.message,
    );
  }
  const sourceStat = await run.storage.stat(sourceKey);
  await run.repository.saveProbe(run.videoId, {
    facts: probeFacts(probe, sourceStat?.size ?? null),
    duration: Math.round(probe.durationSeconds),
    width: probe.width,
    height: probe.height,
  });
  // The transcoding setting as it is when the job runs (modules/settings); unset: the whole ladder.
  const allowed = transcodeHeightsOf(await run.repository.setting(TRANSCODE_SETTING_KEY));
  const rungs = ladderFor(probe, allowed ?? undefined);
  const hls = probe.durationSeconds > (options.hlsMinDurationSeconds ?? HLS_MIN_DURATION_SECONDS);
  run.progress.report(2, true);
  return {
    ...run,
    sourceFile,
    probe,
    rungs,
    hls,
    span: spans(hls),
    preset: options.preset ?? DEFAULT_PRESET,
    smallRendition: smallRenditionOf(run, rungs[0]!),
  };
}

/** Waiting for moderation; only from processing (a video deleted or decided meanwhile stays so). */
async function finish(run: ProbedRun): Promise<void> {
  await run.repository.markProcessed(run.videoId, run.prefix.slice(0, -1));
  run.progress.report(100, true);
  await run.progress.flush();
  run.step('done');
}

/** Status 4 with a reason for people and the detail for operators. Only a video still processing. */
export async function rejectVideo(db: DB, videoId: number, reason: string, detail: string): Promise<void> {
  await createPipelineRepository(db).markRejected(videoId, reason, detail.slice(0, 4000));
}

/** Keeps the last error on the row while the job retries (the moderation and upload pages may show it). */
export async function recordProcessingError(db: DB, videoId: number, detail: string): Promise<void> {
  await createPipelineRepository(db).saveProcessingError(videoId, detail.slice(0, 4000));
}

/** Where the seeder lists its demo uploads' ids (site_settings). */
export const DEMO_UPLOADS_KEY = 'demo_uploads';

/** True when the video is one of the demo catalogue's uploads (made even when members' uploads wait). */
export async function isDemoUpload(db: DB, videoId: number): Promise<boolean> {
  const ids = await createPipelineRepository(db).setting(DEMO_UPLOADS_KEY);
  return Array.isArray(ids) && (ids as unknown[]).includes(videoId);
}
