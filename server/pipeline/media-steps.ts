// The media work of the pipeline on local files: no database, no storage. The job (process-video.ts),
// the transcode benchmark and the demo seeder all call these, so what they measure or produce is what
// an upload gets.
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_VARIANT_WIDTHS, imageVariantKey } from '../../contract/image-variants.ts';
import { encodeVariant } from '../media/image-variants.ts';
import { images } from '../media/images.ts';
import { hlsArgs, hlsMasterPlaylist, mp4LadderArgs, type Rung } from '../media/ladder.ts';
import { previewClipArgs } from '../media/preview.ts';
import type { FfmpegProgress } from '../media/progress.ts';
import { runFfmpeg } from '../media/runner.ts';
import {
  posterAndThumbsArgs,
  type SpriteLayout,
  spriteLayout,
  spriteSheetsArgs,
  spriteVtt,
} from '../media/stills.ts';

/** x264 preset of the ladder and HLS; veryfast keeps up with uploads on a small machine (NOTES.md). */
export const DEFAULT_PRESET = 'veryfast';
/** Width of the poster the player and the cards show; thumbnails to choose from. */
export const POSTER_WIDTH = 640;
export const THUMB_WIDTH = 320;
export const THUMB_COUNT = 6;
/** Width of the frames grabbed for poster and thumbnails before sharp resizes them. */
const GRAB_MAX_WIDTH = 1280;

export interface StepOptions {
  signal?: AbortSignal;
  /** Called with 0–100 for this step. */
  onProgress?: (percent: number) => void;
  /** Kill ffmpeg after this long (a runaway process); default scales with the duration. */
  timeoutMs?: number;
}

/** A transcode gets at least an hour, and 20 s per second of video (0.05× realtime) beyond that. */
export function transcodeTimeoutMs(durationSeconds: number): number {
  return Math.max(3_600_000, Math.ceil(durationSeconds * 20_000));
}

function progressOf(options: StepOptions, durationSeconds: number) {
  const onProgress = options.onProgress;
  return onProgress
    ? {
        durationSeconds,
        onProgress: (p: FfmpegProgress) => {
          if (p.percent !== null) onProgress(p.percent);
        },
      }
    : {};
}

/** The MP4 renditions of `rungs` in one ffmpeg process (one decode): `{outDir}/{rung}.mp4`. */
export async function transcodeMp4(
  input: string,
  durationSeconds: number,
  rungs: readonly Rung[],
  outDir: string,
  options: StepOptions & { preset?: string } = {},
): Promise<Array<{ rung: Rung; file: string }>> {
  await mkdir(outDir, { recursive: true });
  const outputs = rungs.map((rung) => ({ rung, output: path.join(outDir, `${rung.name}.mp4`) }));
  await runFfmpeg(mp4LadderArgs({ input, rungs: outputs, preset: options.preset ?? DEFAULT_PRESET }), {
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? transcodeTimeoutMs(durationSeconds),
    ...progressOf(options, durationSeconds),
  });
  return outputs.map(({ rung, output }) => ({ rung, file: output }));
}

/**
 * fMP4 HLS of every rung in `outDir` (master.m3u8, {rung}/index.m3u8, init and segments). Answers the
 * files written, relative to outDir, the master playlist last (uploaded last, it is the commit mark).
 */
export async function transcodeHls(
  input: string,
  durationSeconds: number,
  rungs: readonly Rung[],
  hasAudio: boolean,
  outDir: string,
  options: StepOptions & { preset?: string } = {},
): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  // ffmpeg names the rung folders by index (%v); they are renamed after the rung once it is done.
  for (let i = 0; i < rungs.length; i += 1) await mkdir(path.join(outDir, String(i)), { recursive: true });
  await runFfmpeg(
    hlsArgs({ input, rungs, hasAudio, outputDir: outDir, preset: options.preset ?? DEFAULT_PRESET }),
    {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? transcodeTimeoutMs(durationSeconds),
      ...progressOf(options, durationSeconds),
    },
  );
  for (const [i, rung] of rungs.entries()) {
    await rm(path.join(outDir, rung.name), { recursive: true, force: true });
    await rename(path.join(outDir, String(i)), path.join(outDir, rung.name));
  }
  await writeFile(path.join(outDir, 'master.m3u8'), hlsMasterPlaylist(rungs, hasAudio));
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => f !== 'master.m3u8')
    .sort();
  return [...files, 'master.m3u8'];
}

export interface Picture {
  /** '' for the poster's JPEG, 'webp' for its WebP; '1'…'N' and '1.webp'… for thumbnails. */
  format: string;
  kind: 'poster' | 'thumb';
  /** Path under the output directory, also the tail of the storage key. */
  name: string;
  file: string;
  mime: string;
  width: number;
  height: number;
  /**
   * The JPEG's smaller WebP copies for a card's srcset (contract/image-variants.ts), stored next to it
   * without a file row: the page derives their names from the JPEG's URL. None for the WebP.
   */
  variants: PictureVariant[];
}

export interface PictureVariant {
  /** Path under the output directory, also the tail of the storage key: `thumbs/1.320w.webp`. */
  name: string;
  file: string;
  mime: 'image/webp';
  width: number;
  height: number;
}

interface Encoded {
  ext: 'jpg' | 'webp';
  file: string;
  width: number;
  height: number;
  variants: PictureVariant[];
}

/** The JPEG, its full-size WebP and its WebP variants, all from `input`, none wider than the JPEG. */
async function encodePair(
  input: string | Buffer,
  width: number,
  outBase: string,
  outDir: string,
): Promise<Encoded[]> {
  const resize = { width, withoutEnlargement: true };
  const jpg = await images.encodeToFile(input, `${outBase}.jpg`, {
    resize,
    format: 'jpeg',
    quality: 82,
    mozjpeg: true,
  });
  const webp = await images.encodeToFile(input, `${outBase}.webp`, { resize, format: 'webp', quality: 78 });
  const jpegBytes = (await stat(`${outBase}.jpg`)).size;
  const variants: PictureVariant[] = [];
  for (const w of IMAGE_VARIANT_WIDTHS) {
    const file = imageVariantKey(`${outBase}.jpg`, w)!;
    // From the full frame (sharper than the JPEG's pixels), at most the JPEG's width.
    const made = await encodeVariant(images, input, w, { width: jpg.width, bytes: jpegBytes });
    await writeFile(file, made.data);
    variants.push({
      name: path.relative(outDir, file).split(path.sep).join('/'),
      file,
      mime: 'image/webp',
      width: made.width,
      height: made.height,
    });
  }
  return [
    { ext: 'jpg', file: `${outBase}.jpg`, width: jpg.width, height: jpg.height, variants },
    { ext: 'webp', file: `${outBase}.webp`, width: webp.width, height: webp.height, variants: [] },
  ];
}

/**
 * Poster (from `chosenImage` when the uploader picked one, else the frame at 10%) and THUMB_COUNT
 * thumbnails spread over the video, each as JPEG and WebP: `{outDir}/poster.{jpg,webp}`,
 * `{outDir}/thumbs/{n}.{jpg,webp}`, and the JPEG's WebP variants (`poster.320w.webp`, …) in `variants`.
 */
export async function makePictures(
  input: string,
  video: { durationSeconds: number; width: number },
  outDir: string,
  options: StepOptions & { chosenImage?: string; thumbCount?: number } = {},
): Promise<Picture[]> {
  const grabs = path.join(outDir, 'grabs');
  await mkdir(path.join(outDir, 'thumbs'), { recursive: true });
  await mkdir(grabs, { recursive: true });
  const count = options.thumbCount ?? THUMB_COUNT;
  const grabWidth = Math.max(2, Math.floor(Math.min(video.width, GRAB_MAX_WIDTH) / 2) * 2);
  const thumbGrabs = Array.from({ length: count }, (_, i) => path.join(grabs, `thumb-${i + 1}.jpg`));
  const posterGrab = path.join(grabs, 'poster.jpg');
  await runFfmpeg(
    posterAndThumbsArgs({
      input,
      durationSeconds: video.durationSeconds,
      width: grabWidth,
      posterOutput: posterGrab,
      thumbOutputs: thumbGrabs,
    }),
    { signal: options.signal, timeoutMs: options.timeoutMs },
  );
  const pictures: Picture[] = [];
  const add = (
    kind: Picture['kind'],
    base: string,
    format: (ext: 'jpg' | 'webp') => string,
    encoded: Encoded[],
  ) => {
    for (const e of encoded) {
      pictures.push({
        kind,
        format: format(e.ext),
        name: `${base}.${e.ext}`,
        file: e.file,
        mime: e.ext === 'jpg' ? 'image/jpeg' : 'image/webp',
        width: e.width,
        height: e.height,
        variants: e.variants,
      });
    }
  };
  // A chosen image can be anything sharp reads (JPEG, PNG, WebP…); one it cannot read (the upload
  // checks it, but a file can go bad) leaves the frame at 10% as the poster rather than failing the video.
  const posterBase = path.join(outDir, 'poster');
  const poster = options.chosenImage
    ? await encodePair(options.chosenImage, POSTER_WIDTH, posterBase, outDir).catch(() =>
        encodePair(posterGrab, POSTER_WIDTH, posterBase, outDir),
      )
    : await encodePair(posterGrab, POSTER_WIDTH, posterBase, outDir);
  add('poster', 'poster', (ext) => (ext === 'jpg' ? '' : 'webp'), poster);
  for (let i = 0; i < count; i++) {
    const n = String(i + 1);
    add(
      'thumb',
      `thumbs/${n}`,
      (ext) => (ext === 'jpg' ? n : `${n}.webp`),
      await encodePair(thumbGrabs[i]!, THUMB_WIDTH, path.join(outDir, 'thumbs', n), outDir),
    );
  }
  options.onProgress?.(100);
  return pictures;
}

export interface Sprites {
  layout: SpriteLayout;
  /** Sheet files in order: `{outDir}/sprites/{n}.jpg`, n from 0. */
  sheets: string[];
  vttFile: string;
  /** `{video_id}.{count}.{interval}.vtt`. */
  vttName: string;
}

/**
 * Timeline sprite sheets and their WebVTT index. `input` should be a ladder rung (keyframes every 2 s:
 * only keyframes are decoded). The index refers to the sheets relatively (`sprites/{n}.jpg`), so it
 * must sit next to the `sprites/` folder.
 */
export async function makeSprites(
  input: string,
  video: { id: number; durationSeconds: number; width: number; height: number },
  outDir: string,
  options: StepOptions = {},
): Promise<Sprites> {
  const layout = spriteLayout(video);
  const dir = path.join(outDir, 'sprites');
  await mkdir(dir, { recursive: true });
  await runFfmpeg(spriteSheetsArgs({ input, layout, outputPattern: path.join(dir, '%d.jpg') }), {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  const sheets = Array.from({ length: layout.sheets }, (_, n) => path.join(dir, `${n}.jpg`));
  const vttName = `${video.id}.${layout.count}.${layout.intervalSeconds}.vtt`;
  const vttFile = path.join(outDir, vttName);
  await writeFile(
    vttFile,
    spriteVtt(layout, video.durationSeconds, (n) => `sprites/${n}.jpg`),
  );
  options.onProgress?.(100);
  return { layout, sheets, vttFile, vttName };
}

/** The muted hover-preview clip: `{outDir}/preview.mp4`. */
export async function makePreview(
  input: string,
  durationSeconds: number,
  outDir: string,
  options: StepOptions = {},
): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const output = path.join(outDir, 'preview.mp4');
  await runFfmpeg(previewClipArgs({ input, durationSeconds, output }), {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  options.onProgress?.(100);
  return output;
}

function vttTimestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))}.${pad(ms % 1000, 3)}`;
}

/**
 * The WebVTT index of a video that repeats one segment (the demo catalogue): cues on the grid of the
 * whole duration (`full`: its count and interval are those of the file name), each pointing at the
 * tile of the segment's sheets (`segment`) shown at the middle of the cue.
 */
export function loopedSpriteVtt(
  segment: SpriteLayout,
  full: Pick<SpriteLayout, 'count' | 'intervalSeconds'>,
  segmentSeconds: number,
  durationSeconds: number,
  sheetUrl: (sheet: number) => string,
): string {
  const perSheet = segment.columns * segment.rows;
  const cues: string[] = [];
  for (let i = 0; i < full.count; i++) {
    const start = i * full.intervalSeconds;
    const end = Math.min(durationSeconds, start + full.intervalSeconds);
    const at = ((start + end) / 2) % segmentSeconds;
    const tile = Math.min(segment.count - 1, Math.floor(at / segment.intervalSeconds));
    const inSheet = tile % perSheet;
    const x = (inSheet % segment.columns) * segment.tileWidth;
    const y = Math.floor(inSheet / segment.columns) * segment.tileHeight;
    cues.push(
      `${vttTimestamp(start)} --> ${vttTimestamp(end)}\n${sheetUrl(Math.floor(tile / perSheet))}#xywh=${x},${y},${segment.tileWidth},${segment.tileHeight}`,
    );
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * Timeline sprites of a video made by looping one segment `segmentSeconds` long: the sheets hold the
 * segment's frames only (`input` is a rendition of the segment), and the index spans the whole
 * duration, so a long looped video costs what its segment costs. `layout` is the sheets' layout;
 * the index's count and interval (those of `vttName`) are `count` and `intervalSeconds`.
 */
export async function makeLoopedSprites(
  input: string,
  video: { id: number; segmentSeconds: number; durationSeconds: number; width: number; height: number },
  outDir: string,
  options: StepOptions = {},
): Promise<Sprites & { count: number; intervalSeconds: number }> {
  const segment = spriteLayout({ ...video, durationSeconds: video.segmentSeconds });
  const full = spriteLayout(video);
  const dir = path.join(outDir, 'sprites');
  await mkdir(dir, { recursive: true });
  await runFfmpeg(spriteSheetsArgs({ input, layout: segment, outputPattern: path.join(dir, '%d.jpg') }), {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  const sheets = Array.from({ length: segment.sheets }, (_, n) => path.join(dir, `${n}.jpg`));
  const vttName = `${video.id}.${full.count}.${full.intervalSeconds}.vtt`;
  const vttFile = path.join(outDir, vttName);
  await writeFile(
    vttFile,
    loopedSpriteVtt(segment, full, video.segmentSeconds, video.durationSeconds, (n) => `sprites/${n}.jpg`),
  );
  options.onProgress?.(100);
  return {
    layout: segment,
    sheets,
    vttFile,
    vttName,
    count: full.count,
    intervalSeconds: full.intervalSeconds,
  };
}
