// The handler of 'video.process': one job per video whose steps each check what is already done, so a
// retry after a crash (or a repeated job) resumes instead of starting over, and writes go to
// deterministic storage keys and upserted rows (UNIQUE (video_id, kind, format)), never duplicates.
//   probe → MP4 ladder → HLS (long videos) → poster + thumbnails → sprites + VTT → preview → status 3
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DB } from '../db/database.ts';
import type { VideoFileKind, VideoProbeFacts } from '../db/schema.ts';
import { HLS_MIN_DURATION_SECONDS, ladderFor, type Rung } from '../media/ladder.ts';
import { type MediaProbe, MediaProbeError } from '../media/probe.ts';
import { probeMedia } from '../media/runner.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import type { Storage } from '../storage/storage.ts';
import {
  DEFAULT_PRESET,
  makePictures,
  makePreview,
  makeSprites,
  transcodeHls,
  transcodeMp4,
} from './media-steps.ts';

export interface PipelineLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PipelineDeps {
  db: DB;
  storage: Storage;
  log?: PipelineLog;
  /** Where jobs unpack and encode; default `{os tmp}/tube-pipeline`. One folder per video inside. */
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

export type PipelineStep = 'probe' | 'mp4' | 'hls' | 'pictures' | 'sprites' | 'preview' | 'done';

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

/** Share of the whole job each step's progress spans (start, end), by whether there is HLS. */
function spans(hls: boolean): Record<'mp4' | 'hls' | 'pictures' | 'sprites' | 'preview', [number, number]> {
  return hls
    ? { mp4: [2, 45], hls: [45, 88], pictures: [88, 92], sprites: [92, 95], preview: [95, 99] }
    : { mp4: [2, 85], hls: [85, 85], pictures: [85, 91], sprites: [91, 95], preview: [95, 99] };
}

/** Throttled progress: at most every 2 s or 5 points, never throwing into ffmpeg's callback. */
function progressReporter(context: RunContext, log: PipelineLog | undefined) {
  let lastAt = 0;
  let lastPercent = -1;
  let pending: Promise<void> = Promise.resolve();
  const report = (percent: number, force = false) => {
    if (!context.progress) return;
    const now = Date.now();
    if (!force && now - lastAt < 2000 && percent - lastPercent < 5) return;
    lastAt = now;
    lastPercent = percent;
    pending = pending
      .then(() => context.progress!(Math.round(percent * 10) / 10))
      .catch((error) => log?.error({ err: error }, 'could not record job progress'));
  };
  return {
    report,
    within:
      ([from, to]: [number, number]) =>
      (percent: number) =>
        report(from + ((to - from) * percent) / 100),
    flush: () => pending,
  };
}

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
  const { db, storage, log } = deps;
  const step = (name: PipelineStep, skipped = false) => {
    log?.info({ videoId, step: name, skipped }, `video.process ${name}${skipped ? ' (already done)' : ''}`);
    deps.onStep?.({ videoId, step: name, skipped });
  };
  const video = await db
    .selectFrom('videos')
    .select(['id', 'status', 'deleted_at', 'media_key'])
    .where('id', '=', videoId)
    .executeTakeFirst();
  if (!video || video.deleted_at !== null || video.status !== 2) {
    log?.info({ videoId, status: video?.status ?? null }, 'video.process: nothing to do');
    return 'skipped';
  }
  if (deps.uploadsWaitReason && !context.demo && !(await isDemoUpload(db, videoId))) {
    // Stays at status 2; the start-up sweep enqueues it again once a current ffmpeg is installed.
    log?.error({ videoId }, `video.process: waiting. ${deps.uploadsWaitReason}`);
    await recordProcessingError(db, videoId, deps.uploadsWaitReason);
    return 'waiting';
  }

  const rows = await db
    .selectFrom('video_files')
    .select(['kind', 'format', 'storage_key'])
    .where('video_id', '=', videoId)
    .execute();
  const source = rows.find((r) => r.kind === 'source');
  if (!source) throw new PermanentPipelineError('The uploaded file is missing.', 'no source row');
  const chosen = rows.find((r) => r.kind === 'thumb' && r.format === 'chosen');
  // A row counts as done only when its file is there too (a crash between upload and row is harmless,
  // the reverse, a row whose file went, is redone).
  const done = async (kind: VideoFileKind, format: string) => {
    const row = rows.find((r) => r.kind === kind && r.format === format);
    return row !== undefined && (await storage.exists(row.storage_key));
  };

  const progress = progressReporter(context, log);
  const signal = context.signal;
  const workRoot = deps.workDir ?? path.join(os.tmpdir(), 'tube-pipeline');
  const prefix = videoPrefix(videoId);
  // Leftovers of a run of this video killed on this machine go first. Each run has its own folder: an
  // ffmpeg orphaned by a killed worker may still be writing into the old one.
  await mkdir(workRoot, { recursive: true });
  for (const name of await readdir(workRoot)) {
    if (name.startsWith(`video-${videoId}-`))
      await rm(path.join(workRoot, name), { recursive: true, force: true });
  }
  const work = path.join(workRoot, `video-${videoId}-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(work, { recursive: true });
  try {
    step('probe');
    const sourceFile = await localCopy(storage, source.storage_key, path.join(work, 'source'));
    if (!sourceFile) throw new PermanentPipelineError('The uploaded file is missing.', 'no source file');
    let probe: MediaProbe;
    try {
      probe = await probeMedia(sourceFile, { signal });
    } catch (error) {
      if (!(error instanceof MediaProbeError)) throw error;
      throw new PermanentPipelineError(
        error.code === 'damaged' ? 'The video file is damaged.' : 'The file is not a video.',
        error.message,
      );
    }
    const sourceStat = await storage.stat(source.storage_key);
    const facts = probeFacts(probe, sourceStat?.size ?? null);
    await db
      .updateTable('videos')
      .set({
        probe: JSON.stringify(facts),
        duration: Math.round(probe.durationSeconds),
        width: probe.width,
        height: probe.height,
        updated_at: new Date(),
      })
      .where('id', '=', videoId)
      .execute();
    const rungs = ladderFor(probe);
    const hls = probe.durationSeconds > (deps.hlsMinDurationSeconds ?? HLS_MIN_DURATION_SECONDS);
    const span = spans(hls);
    progress.report(2, true);
    const preset = deps.preset ?? DEFAULT_PRESET;

    const upsert = async (
      file: { kind: VideoFileKind; format: string; key: string; local: string; mime: string },
      size: { width: number | null; height: number | null },
    ) => {
      const stored = await storage.putFile(file.key, file.local, { contentType: file.mime });
      const values = {
        storage_key: file.key,
        mime: file.mime,
        width: size.width,
        height: size.height,
        bitrate: file.kind === 'mp4' ? Math.round((stored.size * 8) / probe.durationSeconds / 1000) : null,
        size_bytes: stored.size,
      };
      await db
        .insertInto('video_files')
        .values({ video_id: videoId, kind: file.kind, format: file.format, ...values })
        .onConflict((oc) => oc.columns(['video_id', 'kind', 'format']).doUpdateSet(values))
        .execute();
    };

    // MP4 ladder: the rungs not yet stored, in one ffmpeg process.
    const missing: Rung[] = [];
    for (const rung of rungs) if (!(await done('mp4', rung.name))) missing.push(rung);
    step('mp4', missing.length === 0);
    if (missing.length > 0) {
      const outputs = await transcodeMp4(sourceFile, probe.durationSeconds, missing, path.join(work, 'mp4'), {
        signal,
        preset,
        onProgress: progress.within(span.mp4),
      });
      for (const { rung, file } of outputs) {
        await upsert(
          {
            kind: 'mp4',
            format: rung.name,
            key: `${prefix}${rung.name}.mp4`,
            local: file,
            mime: 'video/mp4',
          },
          rung,
        );
      }
    }
    progress.report(span.mp4[1], true);

    // The smallest rung feeds sprites and preview (cheap to decode, keyframes every 2 s).
    const small = rungs[0]!;
    let smallFile: string | null = null;
    const smallRendition = async () => {
      smallFile ??= await localCopy(storage, `${prefix}${small.name}.mp4`, path.join(work, 'small.mp4'));
      if (!smallFile) throw new Error(`rendition ${small.name} of video ${videoId} is missing`);
      return smallFile;
    };

    // HLS: variant playlists and segments first, the master (the row that marks it done) last.
    if (hls) {
      const skip = await done('hls', 'master');
      step('hls', skip);
      if (!skip) {
        const hlsDir = path.join(work, 'hls');
        const files = await transcodeHls(
          sourceFile,
          probe.durationSeconds,
          rungs,
          probe.audioCodec !== null,
          hlsDir,
          { signal, preset, onProgress: progress.within(span.hls) },
        );
        for (const name of files) {
          const key = `${prefix}hls/${name}`;
          const local = path.join(hlsDir, ...name.split('/'));
          const variant = /^([^/]+)\/index\.m3u8$/.exec(name);
          if (name === 'master.m3u8') {
            await upsert(
              { kind: 'hls', format: 'master', key, local, mime: 'application/vnd.apple.mpegurl' },
              { width: null, height: null },
            );
          } else if (variant) {
            const rung = rungs.find((r) => r.name === variant[1]);
            await upsert(
              { kind: 'hls', format: variant[1]!, key, local, mime: 'application/vnd.apple.mpegurl' },
              { width: rung?.width ?? null, height: rung?.height ?? null },
            );
          } else {
            await storage.putFile(key, local, {
              contentType: name.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4',
            });
          }
        }
      }
      progress.report(span.hls[1], true);
    }

    // Poster and thumbnails, JPEG and WebP.
    const thumbsDone =
      (await done('poster', '')) && (await done('thumb', '1')) && (await done('thumb', '1.webp'));
    step('pictures', thumbsDone);
    if (!thumbsDone) {
      const chosenFile = chosen
        ? await localCopy(storage, chosen.storage_key, path.join(work, 'chosen'))
        : null;
      // WebP poster first: where a kind has several rows the newest wins, and the JPEG is the safe one.
      const pictures = await makePictures(sourceFile, probe, path.join(work, 'pictures'), {
        signal,
        chosenImage: chosenFile ?? undefined,
        onProgress: progress.within(span.pictures),
      });
      pictures.sort(
        (a, b) =>
          Number(a.kind === 'poster' && a.format === '') - Number(b.kind === 'poster' && b.format === ''),
      );
      for (const picture of pictures) {
        await upsert(
          {
            kind: picture.kind,
            format: picture.format,
            key: `${prefix}${picture.name}`,
            local: picture.file,
            mime: picture.mime,
          },
          picture,
        );
      }
    }

    // Timeline sprites and their index, the index (its row marks the step done) last.
    const vttRow = rows.find((r) => r.kind === 'vtt');
    const spritesDone = vttRow !== undefined && (await storage.exists(vttRow.storage_key));
    step('sprites', spritesDone);
    if (!spritesDone) {
      const sprites = await makeSprites(
        await smallRendition(),
        { id: videoId, durationSeconds: probe.durationSeconds, width: probe.width, height: probe.height },
        path.join(work, 'timeline'),
        { signal, onProgress: progress.within(span.sprites) },
      );
      const { tileWidth, tileHeight, columns, rows: gridRows } = sprites.layout;
      for (const [n, sheet] of sprites.sheets.entries()) {
        await upsert(
          {
            kind: 'sprite',
            format: String(n),
            key: `${prefix}sprites/${n}.jpg`,
            local: sheet,
            mime: 'image/jpeg',
          },
          { width: tileWidth * columns, height: tileHeight * gridRows },
        );
      }
      await upsert(
        {
          kind: 'vtt',
          format: '',
          key: `${prefix}${sprites.vttName}`,
          local: sprites.vttFile,
          mime: 'text/vtt',
        },
        { width: null, height: null },
      );
    }

    const previewDone = await done('preview', '');
    step('preview', previewDone);
    if (!previewDone) {
      const clip = await makePreview(
        await smallRendition(),
        probe.durationSeconds,
        path.join(work, 'preview'),
        {
          signal,
          onProgress: progress.within(span.preview),
        },
      );
      await upsert(
        { kind: 'preview', format: '', key: `${prefix}preview.mp4`, local: clip, mime: 'video/mp4' },
        { width: 320, height: null },
      );
    }

    // Waiting for moderation; only from processing (a video deleted or decided meanwhile stays so).
    await db
      .updateTable('videos')
      .set((eb) => ({
        status: 3,
        processing_error: null,
        media_key: eb.fn.coalesce('media_key', eb.val(prefix.slice(0, -1))),
        updated_at: new Date(),
      }))
      .where('id', '=', videoId)
      .where('status', '=', 2)
      .execute();
    progress.report(100, true);
    await progress.flush();
    step('done');
    return 'done';
  } finally {
    await progress.flush();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * A local path to read a stored key from: the file itself on local disk, else a download into
 * `target`. null when the key does not exist.
 */
async function localCopy(storage: Storage, key: string, target: string): Promise<string | null> {
  if (storage instanceof LocalStorage) {
    const file = path.join(storage.root, ...key.split('/'));
    return (await storage.exists(key)) ? file : null;
  }
  if (!(await storage.exists(key))) return null;
  await pipeline(await storage.get(key), createWriteStream(target));
  return target;
}

/** Status 4 with a reason for people and the detail for operators. Only a video still processing. */
export async function rejectVideo(db: DB, videoId: number, reason: string, detail: string): Promise<void> {
  await db
    .updateTable('videos')
    .set({
      status: 4,
      reject_reason: reason,
      processing_error: detail.slice(0, 4000),
      updated_at: new Date(),
    })
    .where('id', '=', videoId)
    .where('status', '=', 2)
    .execute();
}

/** Keeps the last error on the row while the job retries (the moderation and upload pages may show it). */
export async function recordProcessingError(db: DB, videoId: number, detail: string): Promise<void> {
  await db
    .updateTable('videos')
    .set({ processing_error: detail.slice(0, 4000) })
    .where('id', '=', videoId)
    .execute();
}

/** Where the seeder lists its demo uploads' ids (site_settings). */
export const DEMO_UPLOADS_KEY = 'demo_uploads';

/** True when the video is one of the demo catalogue's uploads (made even when members' uploads wait). */
export async function isDemoUpload(db: DB, videoId: number): Promise<boolean> {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', DEMO_UPLOADS_KEY)
    .executeTakeFirst();
  return Array.isArray(row?.value) && (row.value as unknown[]).includes(videoId);
}
