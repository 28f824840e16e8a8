// The demo catalogue's media: twelve synthetic clips (ffmpeg test sources with a drawn title and a
// sine tone) made by the upload pipeline's own steps (server/pipeline/media-steps.ts) and written
// through the storage port under demo/clip-NN/, so they work on local disk and on S3 alike.
//
// Per clip: a short segment is drawn, the pipeline's MP4 ladder (up to the clip's height) encodes it,
// each rung is looped with stream copy to the clip's duration, and the pipeline's pictures (poster and
// thumbnails, JPEG + WebP), timeline sprites and hover preview are made from the looped renditions.
// The WebVTT index is kept as text in the manifest: the player wants it named after each video
// (`{video_id}.{count}.{interval}.vtt`), so the writer stores one copy per video next to `sprites/`.
// A clip longer than the HLS threshold also gets the pipeline's HLS, cut from its looped renditions by
// stream copy (demo-hls.ts): its playlists become video_files rows like an upload's.
//
// Crash-safe and reusable: the manifest (clip.json) is stored last, so a clip with a manifest whose
// recipe matches and whose files are all there at their sizes is complete and reused as it is.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { mapLimited, runLimited } from '../lib/map-limited.ts';
import { loopClipArgs, type TestSource, testClipArgs } from '../media/ffmpeg.ts';
import { ladderFor } from '../media/ladder.ts';
import { probe, runFfmpeg } from '../media/runner.ts';
import { DRAWTEXT_FONT_FILE, mediaTools } from '../media/tools.ts';
import {
  makeLoopedSprites,
  makePictures,
  makePreview,
  makeSprites,
  transcodeMp4,
} from '../pipeline/media-steps.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { DEMO_CLIPS, type DemoClipDefinition, drawableClip } from './demo-clips.ts';
import { demoClipNeedsHls, packageDemoHls, storeDemoHls } from './demo-hls.ts';

export { DEMO_CLIPS, type DemoClipDefinition, drawableClip } from './demo-clips.ts';

export const DEMO_MEDIA_PREFIX = 'demo';
export const DEFAULT_FONT_FILE = DRAWTEXT_FONT_FILE;

export const DEMO_FPS = 20;
/** Length of the segment encoded once and looped; a multiple of 4 s keeps whole AAC frames. */
export const DEFAULT_SEGMENT_SECONDS = 8;
// Bump when the way clips are made changes: existing clips are then made again.
const RECIPE_VERSION = 2;
// Bump when the way long clips' HLS is made changes: only the clips with HLS are then made again.
const HLS_RECIPE_VERSION = 1;

export interface DemoClipFile {
  kind: 'mp4' | 'poster' | 'thumb' | 'sprite' | 'preview' | 'hls';
  /**
   * As the pipeline writes them: '480p' (mp4), '' / 'webp' (poster), '1' / '1.webp' (thumb), '0'
   * (sprite), 'master' / '480p' (hls: the master and each variant playlist).
   */
  format: string;
  storageKey: string;
  mime: string;
  width: number | null;
  height: number | null;
  sizeBytes: number;
  /** kbit/s, mp4 only. */
  bitrate: number | null;
}

export interface DemoTimeline {
  count: number;
  intervalSeconds: number;
  /** The WebVTT index; it names the sheets relatively (`sprites/{n}.jpg`). */
  vtt: string;
}

export interface DemoClip {
  /** 1-based */
  number: number;
  /** Storage prefix of the clip's files, e.g. demo/clip-01. */
  mediaKey: string;
  title: string;
  source: TestSource;
  /** Probed, in seconds (fractional). */
  duration: number;
  width: number;
  height: number;
  files: DemoClipFile[];
  /**
   * The HLS init files and segments of a clip with HLS (the playlists, in `files`, name them; they get
   * no row). Absent or empty without HLS.
   */
  hlsSegments?: DemoStoredPart[];
  timeline: DemoTimeline;
}

export interface DemoStoredPart {
  storageKey: string;
  sizeBytes: number;
}

/** Bytes a clip keeps in storage. */
export function clipBytes(clip: Pick<DemoClip, 'files' | 'hlsSegments'>): number {
  return [...clip.files, ...(clip.hlsSegments ?? [])].reduce((sum, f) => sum + f.sizeBytes, 0);
}

interface Manifest extends DemoClip {
  recipe: string;
}

export interface DemoMediaOptions {
  log?: (line: string) => void;
  /** Replaces the clips' durations (tests use short ones); same length as DEMO_CLIPS. */
  durations?: readonly number[];
  segmentSeconds?: number;
  /** Clips made at the same time; default 2 (each ffmpeg already uses several threads). */
  concurrency?: number;
  fontFile?: string;
  /** Where clips are encoded before they are stored; default the system's temporary folder. */
  workDir?: string;
  /** Clips longer than this get HLS; default HLS_MIN_DURATION_SECONDS (tests lower it). */
  hlsMinDurationSeconds?: number;
}

export function clipMediaKey(n: number): string {
  return `${DEMO_MEDIA_PREFIX}/clip-${String(n).padStart(2, '0')}`;
}

/** Where a demo video's WebVTT index goes: next to its clip's `sprites/`, named as the player wants. */
export function demoVttKey(clip: Pick<DemoClip, 'mediaKey' | 'timeline'>, videoId: number): string {
  return `${clip.mediaKey}/${videoId}.${clip.timeline.count}.${clip.timeline.intervalSeconds}.vtt`;
}

/** A storage, or a media folder (local disk, as served at /media). */
export function demoStorage(target: string | Storage): Storage {
  return typeof target === 'string' ? new LocalStorage({ root: target, publicBase: '/media' }) : target;
}

/** Makes the clips that are missing or stale, in parallel, and returns all twelve. */
export async function ensureDemoClips(
  target: string | Storage,
  options: DemoMediaOptions = {},
): Promise<DemoClip[]> {
  const storage = demoStorage(target);
  const durations = options.durations ?? DEMO_CLIPS.map((c) => c.seconds);
  if (durations.length !== DEMO_CLIPS.length)
    throw new Error(`durations must list ${DEMO_CLIPS.length} values`);
  const jobs = durations.map((seconds, i) => () => ensureDemoClip(storage, i + 1, { ...options, seconds }));
  return runLimited(jobs, options.concurrency ?? 2);
}

/** Makes clip `n` (1-based) of DEMO_CLIPS if it is missing or stale; `seconds` replaces its duration. */
export async function ensureDemoClip(
  target: string | Storage,
  n: number,
  options: DemoMediaOptions & { seconds?: number } = {},
): Promise<DemoClip> {
  const definition = DEMO_CLIPS[n - 1];
  if (!definition) throw new RangeError(`no demo clip ${n}`);
  return ensureClip(
    demoStorage(target),
    n,
    drawableClip({ ...definition, seconds: options.seconds ?? definition.seconds }, mediaTools().filters),
    options.segmentSeconds,
    options,
  );
}

async function readText(storage: Storage, key: string): Promise<string | null> {
  if (!(await storage.exists(key))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

async function readManifest(storage: Storage, mediaKey: string, recipe: string): Promise<DemoClip | null> {
  try {
    const text = await readText(storage, `${mediaKey}/clip.json`);
    if (text === null) return null;
    const { recipe: stored, ...clip } = JSON.parse(text) as Manifest;
    if (stored !== recipe) return null;
    // Thousands of segments on a long clip: a few stats at a time, not thousands of requests at once.
    const parts = [...clip.files, ...(clip.hlsSegments ?? [])];
    const sizes = await mapLimited(parts, 16, (f) => storage.stat(f.storageKey));
    return sizes.every((s, i) => s?.size === parts[i]!.sizeBytes) ? clip : null;
  } catch {
    return null;
  }
}

async function ensureClip(
  storage: Storage,
  n: number,
  definition: DemoClipDefinition,
  segmentSecondsOption: number | undefined,
  options: DemoMediaOptions,
): Promise<DemoClip> {
  const mediaKey = clipMediaKey(n);
  const segmentSeconds = Math.min(segmentSecondsOption ?? DEFAULT_SEGMENT_SECONDS, definition.seconds);
  const hls = demoClipNeedsHls(definition.seconds, options.hlsMinDurationSeconds);
  // `hls` only where there is HLS: the recipe of a shorter clip stays what it was, so it is reused.
  const recipe = JSON.stringify({
    v: RECIPE_VERSION,
    definition,
    segmentSeconds,
    fps: DEMO_FPS,
    ...(hls ? { hls: HLS_RECIPE_VERSION } : {}),
  });
  const existing = await readManifest(storage, mediaKey, recipe);
  if (existing) return existing;

  const started = Date.now();
  // Files of an older recipe or an interrupted run (the manifest goes first: the clip is incomplete).
  await storage.delete(`${mediaKey}/clip.json`);
  await storage.deletePrefix(`${mediaKey}/`);
  const work = path.join(
    options.workDir ?? os.tmpdir(),
    `tube-demo-${process.pid}-${randomBytes(4).toString('hex')}-clip-${n}`,
  );
  try {
    const clip = await makeClip(storage, work, n, mediaKey, definition, segmentSeconds, hls, options);
    const manifest: Manifest = { ...clip, recipe };
    await storage.putStream(
      `${mediaKey}/clip.json`,
      Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)]),
      { contentType: 'application/json' },
    );
    const segments = clip.hlsSegments?.length ? ` (+${clip.hlsSegments.length} HLS segments)` : '';
    options.log?.(
      `clip ${n} ${definition.title}: ${clip.height}p, ${Math.round(clip.duration)} s, ${clip.files.length} files${segments} in ${Date.now() - started} ms`,
    );
    return clip;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function makeClip(
  storage: Storage,
  work: string,
  n: number,
  mediaKey: string,
  definition: DemoClipDefinition,
  segmentSeconds: number,
  hls: boolean,
  options: DemoMediaOptions,
): Promise<DemoClip> {
  await mkdir(work, { recursive: true });
  // 1. The segment, as an uploader's source file would be.
  const segment = path.join(work, 'segment.mp4');
  await runFfmpeg(
    testClipArgs({
      ...definition,
      fps: DEMO_FPS,
      seconds: segmentSeconds,
      fontFile: options.fontFile ?? DEFAULT_FONT_FILE,
      output: segment,
    }),
  );
  // 2. The pipeline's ladder of the segment, then each rung looped to the clip's length.
  const rungs = ladderFor(definition);
  const encoded = await transcodeMp4(segment, segmentSeconds, rungs, path.join(work, 'segment-ladder'));
  const needsLoop = definition.seconds > segmentSeconds;
  const full = path.join(work, 'full');
  await mkdir(full, { recursive: true });
  const renditions: Array<{ rung: (typeof rungs)[number]; file: string }> = [];
  for (const { rung, file } of encoded) {
    if (!needsLoop) {
      renditions.push({ rung, file });
      continue;
    }
    const output = path.join(full, `${rung.name}.mp4`);
    await runFfmpeg(loopClipArgs({ input: file, segmentSeconds, seconds: definition.seconds, output }));
    renditions.push({ rung, file: output });
  }
  const top = renditions.at(-1)!;
  const small = renditions[0]!;
  const info = await probe(top.file);
  const duration = info.duration;
  const width = info.width ?? top.rung.width;
  const height = info.height ?? top.rung.height;

  // 3. Pictures, timeline sprites and preview, from the looped renditions like an upload's.
  const pictures = await makePictures(
    top.file,
    { durationSeconds: duration, width },
    path.join(work, 'pictures'),
  );
  // The timeline of a looped clip: the segment's frames, indexed over the whole duration.
  const timelineDir = path.join(work, 'timeline');
  const sprites = needsLoop
    ? await makeLoopedSprites(
        encoded[0]!.file,
        { id: 0, segmentSeconds, durationSeconds: duration, width, height },
        timelineDir,
      )
    : await makeSprites(small.file, { id: 0, durationSeconds: duration, width, height }, timelineDir).then(
        (made) => ({ ...made, count: made.layout.count, intervalSeconds: made.layout.intervalSeconds }),
      );
  const preview = await makePreview(small.file, duration, path.join(work, 'preview'));
  // HLS cut from the looped renditions, no encode (demo-hls.ts).
  const hlsDir = path.join(work, 'hls');
  const hlsFiles = hls ? await packageDemoHls(renditions, info.hasAudio, hlsDir) : [];

  // 4. Into storage.
  const files: DemoClipFile[] = [];
  const put = async (
    file: Omit<DemoClipFile, 'sizeBytes' | 'storageKey' | 'bitrate'> & { name: string; local: string },
  ) => {
    const storageKey = `${mediaKey}/${file.name}`;
    const stored = await storage.putFile(storageKey, file.local, { contentType: file.mime });
    files.push({
      kind: file.kind,
      format: file.format,
      storageKey,
      mime: file.mime,
      width: file.width,
      height: file.height,
      sizeBytes: stored.size,
      bitrate: file.kind === 'mp4' ? Math.round((stored.size * 8) / duration / 1000) : null,
    });
  };
  for (const { rung, file } of renditions) {
    await put({
      kind: 'mp4',
      format: rung.name,
      name: `${rung.name}.mp4`,
      local: file,
      mime: 'video/mp4',
      width: rung.width,
      height: rung.height,
    });
  }
  for (const p of pictures) {
    // The JPEG's WebP variants (srcset) are no file row of the clip: /media/ remakes one that is missing.
    for (const v of p.variants) {
      await storage.putFile(`${mediaKey}/${v.name}`, v.file, { contentType: v.mime });
    }
    await put({
      kind: p.kind,
      format: p.format,
      name: p.name,
      local: p.file,
      mime: p.mime,
      width: p.width,
      height: p.height,
    });
  }
  const { tileWidth, tileHeight, columns, rows } = sprites.layout;
  for (const [i, sheet] of sprites.sheets.entries()) {
    await put({
      kind: 'sprite',
      format: String(i),
      name: `sprites/${i}.jpg`,
      local: sheet,
      mime: 'image/jpeg',
      width: tileWidth * columns,
      height: tileHeight * rows,
    });
  }
  await put({
    kind: 'preview',
    format: '',
    name: 'preview.mp4',
    local: preview,
    mime: 'video/mp4',
    width: 320,
    height: null,
  });
  const hlsStored = hls ? await storeDemoHls(storage, mediaKey, hlsDir, hlsFiles, renditions) : null;
  if (hlsStored) files.push(...hlsStored.playlists);

  return {
    number: n,
    mediaKey,
    title: definition.title,
    source: definition.source,
    duration,
    width,
    height,
    files,
    hlsSegments: hlsStored?.segments ?? [],
    timeline: {
      count: sprites.count,
      intervalSeconds: sprites.intervalSeconds,
      vtt: await readFile(sprites.vttFile, 'utf8'),
    },
  };
}
