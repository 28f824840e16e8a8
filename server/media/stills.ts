// Pure builders for the pictures of a video: poster, thumbnails to choose the preview from, and the
// timeline sprite sheets with their WebVTT index.
import { COMMON_ARGS, type StillFrame, stillFramesArgs } from './ffmpeg.ts';

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** `count` moments spread evenly inside the video, never at its very start or end (often black). */
export function spreadTimestamps(durationSeconds: number, count: number): number[] {
  if (!(durationSeconds > 0)) throw new RangeError('duration must be positive');
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  return Array.from({ length: count }, (_, i) => round3(((i + 1) * durationSeconds) / (count + 1)));
}

/** The poster: at 10% of the video (past intros and fades), at most 60 s in. */
export function posterTimestamp(durationSeconds: number): number {
  if (!(durationSeconds > 0)) throw new RangeError('duration must be positive');
  return round3(Math.min(durationSeconds * 0.1, 60));
}

export interface PosterAndThumbsSpec {
  input: string;
  durationSeconds: number;
  /** Full-size JPEGs; sharp makes the WebP/JPEG sizes from them. */
  width: number;
  posterOutput: string;
  /** One output per thumbnail, in time order. */
  thumbOutputs: readonly string[];
}

/** Poster and N thumbnails in one ffmpeg process, each frame reached by a fast input seek. */
export function posterAndThumbsArgs(spec: PosterAndThumbsSpec): string[] {
  const times = spreadTimestamps(spec.durationSeconds, spec.thumbOutputs.length);
  const frames: StillFrame[] = [
    { atSeconds: posterTimestamp(spec.durationSeconds), output: spec.posterOutput },
    ...spec.thumbOutputs.map((output, i) => ({ atSeconds: times[i]!, output })),
  ];
  return stillFramesArgs({ input: spec.input, width: spec.width, frames, quality: 3 });
}

export interface SpriteLayout {
  /** Seconds between two frames. */
  intervalSeconds: number;
  /** Frames in all, one per interval (the count of `{video_id}.{count}.{interval}.vtt`). */
  count: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  /** Number of sheet images. */
  sheets: number;
}

// Never below 2 s: the renditions sprites are made from have a keyframe every 2 s, and only
// keyframes are decoded.
const SPRITE_INTERVALS = [2, 5, 10, 15, 20, 30, 60, 120, 300] as const;
const SPRITE_MAX_FRAMES = 200;

/**
 * Frames every few seconds (the shortest step from 2 s that keeps ≤ 200 frames), 10x10 tiles a sheet, tiles
 * 160 px wide in the video's aspect (even height).
 */
export function spriteLayout(
  video: { durationSeconds: number; width: number; height: number },
  options: { columns?: number; rows?: number; tileWidth?: number } = {},
): SpriteLayout {
  if (!(video.durationSeconds > 0)) throw new RangeError('duration must be positive');
  const intervalSeconds =
    SPRITE_INTERVALS.find((i) => video.durationSeconds / i <= SPRITE_MAX_FRAMES) ?? SPRITE_INTERVALS.at(-1)!;
  const count = Math.max(1, Math.ceil(video.durationSeconds / intervalSeconds));
  const columns = options.columns ?? 10;
  const rows = options.rows ?? 10;
  const tileWidth = options.tileWidth ?? 160;
  const tileHeight = Math.max(2, Math.round((tileWidth * video.height) / video.width / 2) * 2);
  return {
    intervalSeconds,
    count,
    columns,
    rows,
    tileWidth,
    tileHeight,
    sheets: Math.ceil(count / (columns * rows)),
  };
}

export interface SpriteSheetsSpec {
  /** Best a small rung of the ladder: keyframes every 2 s, cheap to decode. */
  input: string;
  layout: SpriteLayout;
  /** printf pattern of the sheet files, numbered from 0: e.g. `/tmp/x/sprite_%03d.jpg`. */
  outputPattern: string;
}

/**
 * Every sheet in one pass. `-skip_frame nokey` decodes keyframes only (5x faster, NOTES.md); the fps
 * filter then repeats or drops them onto the interval grid (eof_action=pass keeps the last one, so
 * there are exactly `count` frames), and tile packs columns x rows a sheet (the last one partly).
 */
export function spriteSheetsArgs(spec: SpriteSheetsSpec): string[] {
  const l = spec.layout;
  return [
    ...COMMON_ARGS,
    '-skip_frame',
    'nokey',
    '-i',
    spec.input,
    '-map',
    '0:v:0',
    '-vf',
    `fps=1/${l.intervalSeconds}:eof_action=pass,scale=${l.tileWidth}:${l.tileHeight},tile=${l.columns}x${l.rows}`,
    '-frames:v',
    String(l.sheets),
    '-start_number',
    '0',
    '-q:v',
    '5',
    spec.outputPattern,
  ];
}

/** The name the player asks for: `{video_id}.{count}.{interval}.vtt`. */
export function spriteVttName(
  videoId: number,
  layout: Pick<SpriteLayout, 'count' | 'intervalSeconds'>,
): string {
  return `${videoId}.${layout.count}.${layout.intervalSeconds}.vtt`;
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * The WebVTT thumbnail track: one cue per frame pointing into its sheet with a `#xywh=` fragment.
 * `sheetUrl(n)` is how the player reaches sheet n (relative names keep the file portable).
 */
export function spriteVtt(
  layout: SpriteLayout,
  durationSeconds: number,
  sheetUrl: (sheet: number) => string,
): string {
  const perSheet = layout.columns * layout.rows;
  const cues: string[] = [];
  for (let i = 0; i < layout.count; i++) {
    const start = i * layout.intervalSeconds;
    const end = Math.min(durationSeconds, start + layout.intervalSeconds);
    const inSheet = i % perSheet;
    const x = (inSheet % layout.columns) * layout.tileWidth;
    const y = Math.floor(inSheet / layout.columns) * layout.tileHeight;
    cues.push(
      `${vttTime(start)} --> ${vttTime(end)}\n${sheetUrl(Math.floor(i / perSheet))}#xywh=${x},${y},${layout.tileWidth},${layout.tileHeight}`,
    );
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
