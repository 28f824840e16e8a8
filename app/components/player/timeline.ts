// Pure helpers of the player: the WebVTT thumbnail index, the rendition choice, the ±10 s bursts and
// time labels. No DOM here, so they are unit-tested directly.
import type { VideoSource } from '../../../contract/videofile.ts';

/** One timeline thumbnail: a rectangle of a sprite sheet shown from `start` to `end` seconds. */
export interface ThumbCue {
  start: number;
  end: number;
  /** Absolute URL of the sheet. */
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:\.(\d{1,3}))?$/;

function seconds(stamp: string): number | null {
  const m = TIMESTAMP.exec(stamp.trim());
  if (!m) return null;
  const ms = m[4] ? Number(m[4].padEnd(3, '0')) : 0;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + ms / 1000;
}

/**
 * The thumbnail track: cues of `start --> end` then `sheet#xywh=x,y,w,h`. Sheet names are resolved
 * against the index's own URL (the pipeline writes relative names). Malformed cues are skipped.
 */
export function parseThumbnailVtt(text: string, vttUrl: string): ThumbCue[] {
  const cues: ThumbCue[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0) continue;
    const [from, to] = (lines[timing] ?? '').split('-->');
    const start = seconds(from ?? '');
    const end = seconds((to ?? '').trim().split(/\s+/)[0] ?? '');
    const target = lines[timing + 1]?.trim();
    if (start === null || end === null || !target) continue;
    const hash = target.indexOf('#xywh=');
    if (hash < 0) continue;
    const box = target
      .slice(hash + 6)
      .split(',')
      .map(Number);
    if (box.length !== 4 || box.some((n) => !Number.isFinite(n))) continue;
    let url: string;
    try {
      url = new URL(target.slice(0, hash), vttUrl).href;
    } catch {
      continue;
    }
    const [x, y, w, h] = box as [number, number, number, number];
    cues.push({ start, end, url, x, y, w, h });
  }
  return cues;
}

/** The cue showing at `time` (the last one past the end, so the bar's far right has a picture). */
export function cueAt(cues: readonly ThumbCue[], time: number): ThumbCue | null {
  if (cues.length === 0) return null;
  let lo = 0;
  let hi = cues.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((cues[mid]?.start ?? 0) <= time) lo = mid;
    else hi = mid - 1;
  }
  return cues[lo] ?? null;
}

/** Without a choice of the viewer, the player never starts above this (§4 keeps bandwidth modest). */
export const DEFAULT_MAX_HEIGHT = 720;

/**
 * The rendition to start with: the highest not above what the screen needs (the box height in device
 * pixels, capped at 720p); when every source is above it, the lowest. `sources` are highest first.
 */
export function pickSource(
  sources: readonly VideoSource[],
  neededHeight: number,
  maxHeight = DEFAULT_MAX_HEIGHT,
): VideoSource | null {
  if (sources.length === 0) return null;
  const sorted = [...sources].sort((a, b) => b.height - a.height);
  // The next rung up from the exact need: a 500 px tall box looks better from 720p than from 480p.
  const rungs = sorted.map((s) => s.height);
  const need = rungs.filter((h) => h >= neededHeight).at(-1) ?? rungs[0] ?? 0;
  const limit = Math.min(maxHeight, need);
  return sorted.find((s) => s.height <= limit) ?? sorted.at(-1) ?? null;
}

/** ±10 s per tap (§4: rewind/forward step 10 s). */
export const SEEK_STEP = 10;
/** §4: debounce 1.5 s. Taps closer than this join one burst (see SeekBurst). */
export const SEEK_DEBOUNCE_MS = 1500;

/**
 * Our reading of "step 10 s, debounce 1.5 s": taps less than 1.5 s apart are one burst. The burst
 * remembers where it started, so three quick taps land exactly 30 s away even while the video is still
 * seeking after the first; each tap seeks at once (no waiting for feedback), and the burst's total is
 * what the player shows ("+30 s"). 1.5 s after the last tap, or at a tap the other way, the burst ends.
 */
export class SeekBurst {
  #origin = 0;
  #offset = 0;
  #lastAt = Number.NEGATIVE_INFINITY;
  #direction: 1 | -1 = 1;

  /** Returns the time to seek to and the burst's total offset. */
  tap(
    direction: 1 | -1,
    currentTime: number,
    duration: number,
    now: number,
  ): { target: number; offset: number } {
    if (now - this.#lastAt > SEEK_DEBOUNCE_MS || direction !== this.#direction) {
      this.#origin = currentTime;
      this.#offset = 0;
    }
    this.#lastAt = now;
    this.#direction = direction;
    const max = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
    // Clamp the offset too, so that taps past an end do not pile up an offset the video cannot reach.
    this.#offset = Math.min(
      max - this.#origin,
      Math.max(-this.#origin, this.#offset + direction * SEEK_STEP),
    );
    return { target: this.#origin + this.#offset, offset: this.#offset };
  }

  /** A seek by other means (the bar, a key after the burst) starts a new burst. */
  reset() {
    this.#lastAt = Number.NEGATIVE_INFINITY;
  }
}

export { clockTime } from '../../lib/clock.ts';

/** HLS is used above 1800 s (§4). */
export const HLS_MIN_DURATION = 1800;
export function wantsHls(duration: number, hlsUrl: string | null): hlsUrl is string {
  return duration > HLS_MIN_DURATION && hlsUrl !== null;
}
