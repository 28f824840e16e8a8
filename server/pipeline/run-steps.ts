// The steps of one run of 'video.process' after the probe (process-video.ts runs them in order): each
// checks what is already stored, makes the rest on local files (media-steps.ts) and stores it, files
// first and rows last, so a killed run leaves nothing that counts as done. Also what the steps share:
// the run's state, its throttled progress and local copies of stored files.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DB } from '../db/database.ts';
import type { VideoFileKind } from '../db/schema.ts';
import type { Rung } from '../media/ladder.ts';
import type { MediaProbe } from '../media/probe.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { makePictures, makePreview, makeSprites, transcodeHls, transcodeMp4 } from './media-steps.ts';
import type { PipelineRepository } from './pipeline.repository.ts';
import type { PipelineLog, PipelineStep, RunContext } from './process-video.ts';

export type Spans = Record<'mp4' | 'hls' | 'pictures' | 'sprites' | 'preview', [number, number]>;

/** Share of the whole job each step's progress spans (start, end), by whether there is HLS. */
export function spans(hls: boolean): Spans {
  return hls
    ? { mp4: [6, 45], hls: [45, 88], pictures: [88, 92], sprites: [92, 95], preview: [95, 99] }
    : { mp4: [6, 85], hls: [85, 85], pictures: [85, 91], sprites: [91, 95], preview: [95, 99] };
}

export type ProgressReporter = ReturnType<typeof progressReporter>;

/** Throttled progress: at most every 2 s or 5 points, never throwing into ffmpeg's callback. */
export function progressReporter(context: RunContext, log: PipelineLog | undefined) {
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

/** One run of the pipeline on one video: what its steps share. */
export interface Run {
  videoId: number;
  /** The database the steps write to (the fingerprint step's modules take it). */
  db: DB;
  /** Where the video's files go in storage (`videos/{id}/`). */
  prefix: string;
  /** This run's own work folder. */
  work: string;
  /** The video's file rows as they were when the run started. */
  rows: FileRow[];
  storage: Storage;
  repository: PipelineRepository;
  signal?: AbortSignal;
  progress: ProgressReporter;
  step: (name: PipelineStep, skipped?: boolean) => void;
}

/** The run once the source is probed: what the encoding steps read. */
export interface ProbedRun extends Run {
  sourceFile: string;
  probe: MediaProbe;
  rungs: Rung[];
  /** Whether the video also gets HLS (longer than hlsMinDurationSeconds). */
  hls: boolean;
  span: Spans;
  preset: string;
  /** The smallest rendition as a local file. */
  smallRendition: () => Promise<string>;
}

export type FileRow = Awaited<ReturnType<PipelineRepository['files']>>[number];

/**
 * A file counts as done only when its row and its file are both there (a crash between upload and
 * row is harmless, the reverse, a row whose file went, is redone).
 */
export async function isStored(run: Run, kind: VideoFileKind, format: string): Promise<boolean> {
  const row = run.rows.find((r) => r.kind === kind && r.format === format);
  return row !== undefined && (await run.storage.exists(row.storage_key));
}

/** Uploads a local file and upserts its row (one per video, kind and format). */
export async function storeFile(
  run: ProbedRun,
  file: { kind: VideoFileKind; format: string; key: string; local: string; mime: string },
  size: { width: number | null; height: number | null },
): Promise<void> {
  const stored = await run.storage.putFile(file.key, file.local, { contentType: file.mime });
  await run.repository.upsertFile(run.videoId, file.kind, file.format, {
    storage_key: file.key,
    mime: file.mime,
    width: size.width,
    height: size.height,
    bitrate: file.kind === 'mp4' ? Math.round((stored.size * 8) / run.probe.durationSeconds / 1000) : null,
    size_bytes: stored.size,
  });
}

/**
 * The smallest rung as a local file, copied at most once: it feeds sprites and preview (cheap to
 * decode, keyframes every 2 s).
 */
export function smallRenditionOf(run: Run, small: Rung): () => Promise<string> {
  let smallFile: string | null = null;
  return async () => {
    smallFile ??= await localCopy(
      run.storage,
      `${run.prefix}${small.name}.mp4`,
      path.join(run.work, 'small.mp4'),
    );
    if (!smallFile) throw new Error(`rendition ${small.name} of video ${run.videoId} is missing`);
    return smallFile;
  };
}

/** MP4 ladder: the rungs not yet stored, in one ffmpeg process. */
export async function mp4Step(run: ProbedRun): Promise<void> {
  const missing: Rung[] = [];
  for (const rung of run.rungs) if (!(await isStored(run, 'mp4', rung.name))) missing.push(rung);
  run.step('mp4', missing.length === 0);
  if (missing.length > 0) {
    const outputs = await transcodeMp4(
      run.sourceFile,
      run.probe.durationSeconds,
      missing,
      path.join(run.work, 'mp4'),
      {
        signal: run.signal,
        preset: run.preset,
        onProgress: run.progress.within(run.span.mp4),
      },
    );
    for (const { rung, file } of outputs) {
      await storeFile(
        run,
        {
          kind: 'mp4',
          format: rung.name,
          key: `${run.prefix}${rung.name}.mp4`,
          local: file,
          mime: 'video/mp4',
        },
        rung,
      );
    }
  }
  run.progress.report(run.span.mp4[1], true);
}

/** HLS: variant playlists and segments first, the master (the row that marks it done) last. */
export async function hlsStep(run: ProbedRun): Promise<void> {
  const skip = await isStored(run, 'hls', 'master');
  run.step('hls', skip);
  if (!skip) {
    const hlsDir = path.join(run.work, 'hls');
    const files = await transcodeHls(
      run.sourceFile,
      run.probe.durationSeconds,
      run.rungs,
      run.probe.audioCodec !== null,
      hlsDir,
      { signal: run.signal, preset: run.preset, onProgress: run.progress.within(run.span.hls) },
    );
    for (const name of files) await storeHlsFile(run, hlsDir, name);
  }
  run.progress.report(run.span.hls[1], true);
}

/** One file of the HLS folder: playlists get a row (master, or the variant's rung), segments do not. */
async function storeHlsFile(run: ProbedRun, hlsDir: string, name: string): Promise<void> {
  const key = `${run.prefix}hls/${name}`;
  const local = path.join(hlsDir, ...name.split('/'));
  const variant = /^([^/]+)\/index\.m3u8$/.exec(name);
  if (name === 'master.m3u8') {
    await storeFile(
      run,
      { kind: 'hls', format: 'master', key, local, mime: 'application/vnd.apple.mpegurl' },
      { width: null, height: null },
    );
  } else if (variant) {
    const rung = run.rungs.find((r) => r.name === variant[1]);
    await storeFile(
      run,
      { kind: 'hls', format: variant[1]!, key, local, mime: 'application/vnd.apple.mpegurl' },
      { width: rung?.width ?? null, height: rung?.height ?? null },
    );
  } else {
    await run.storage.putFile(key, local, {
      contentType: name.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4',
    });
  }
}

/**
 * Poster and thumbnails, JPEG and WebP, and the JPEGs' WebP variants for srcset (from the uploader's
 * chosen image when there is one).
 */
export async function picturesStep(run: ProbedRun): Promise<void> {
  const thumbsDone =
    (await isStored(run, 'poster', '')) &&
    (await isStored(run, 'thumb', '1')) &&
    (await isStored(run, 'thumb', '1.webp'));
  run.step('pictures', thumbsDone);
  if (thumbsDone) return;
  const chosen = run.rows.find((r) => r.kind === 'thumb' && r.format === 'chosen');
  const chosenFile = chosen
    ? await localCopy(run.storage, chosen.storage_key, path.join(run.work, 'chosen'))
    : null;
  const pictures = await makePictures(run.sourceFile, run.probe, path.join(run.work, 'pictures'), {
    signal: run.signal,
    chosenImage: chosenFile ?? undefined,
    onProgress: run.progress.within(run.span.pictures),
  });
  // WebP poster first: where a kind has several rows the newest wins, and the JPEG is the safe one.
  pictures.sort(
    (a, b) => Number(a.kind === 'poster' && a.format === '') - Number(b.kind === 'poster' && b.format === ''),
  );
  for (const picture of pictures) {
    // The JPEG's WebP variants have no row: stored before it, they are there once its row is.
    for (const variant of picture.variants) {
      await run.storage.putFile(`${run.prefix}${variant.name}`, variant.file, { contentType: variant.mime });
    }
    await storeFile(
      run,
      {
        kind: picture.kind,
        format: picture.format,
        key: `${run.prefix}${picture.name}`,
        local: picture.file,
        mime: picture.mime,
      },
      picture,
    );
  }
}

/** Timeline sprites and their index, the index (its row marks the step done) last. */
export async function spritesStep(run: ProbedRun): Promise<void> {
  const vttRow = run.rows.find((r) => r.kind === 'vtt');
  const spritesDone = vttRow !== undefined && (await run.storage.exists(vttRow.storage_key));
  run.step('sprites', spritesDone);
  if (spritesDone) return;
  const { probe } = run;
  const sprites = await makeSprites(
    await run.smallRendition(),
    { id: run.videoId, durationSeconds: probe.durationSeconds, width: probe.width, height: probe.height },
    path.join(run.work, 'timeline'),
    { signal: run.signal, onProgress: run.progress.within(run.span.sprites) },
  );
  const { tileWidth, tileHeight, columns, rows } = sprites.layout;
  for (const [n, sheet] of sprites.sheets.entries()) {
    await storeFile(
      run,
      {
        kind: 'sprite',
        format: String(n),
        key: `${run.prefix}sprites/${n}.jpg`,
        local: sheet,
        mime: 'image/jpeg',
      },
      { width: tileWidth * columns, height: tileHeight * rows },
    );
  }
  await storeFile(
    run,
    {
      kind: 'vtt',
      format: '',
      key: `${run.prefix}${sprites.vttName}`,
      local: sprites.vttFile,
      mime: 'text/vtt',
    },
    { width: null, height: null },
  );
}

/** The short muted clip cards play on hover. */
export async function previewStep(run: ProbedRun): Promise<void> {
  const previewDone = await isStored(run, 'preview', '');
  run.step('preview', previewDone);
  if (previewDone) return;
  const clip = await makePreview(
    await run.smallRendition(),
    run.probe.durationSeconds,
    path.join(run.work, 'preview'),
    {
      signal: run.signal,
      onProgress: run.progress.within(run.span.preview),
    },
  );
  await storeFile(
    run,
    { kind: 'preview', format: '', key: `${run.prefix}preview.mp4`, local: clip, mime: 'video/mp4' },
    { width: 320, height: null },
  );
}

/**
 * A local path to read a stored key from: the file itself on local disk, else a download into
 * `target`. null when the key does not exist.
 */
export async function localCopy(storage: Storage, key: string, target: string): Promise<string | null> {
  if (storage instanceof LocalStorage) {
    const file = path.join(storage.root, ...key.split('/'));
    return (await storage.exists(key)) ? file : null;
  }
  if (!(await storage.exists(key))) return null;
  await pipeline(await storage.get(key), createWriteStream(target));
  return target;
}
