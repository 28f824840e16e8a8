// A perceptual fingerprint of a video (issue 31): one 64-bit hash a second, robust to re-encoding,
// another resolution, a ~5 % crop, a trimmed start and a small corner watermark.
//
// ffmpeg decodes the video at 2 frames a second, keeps the centre 80 % of each frame (a corner watermark
// and most of a crop fall outside it), scales it to 36x32 gray and writes raw bytes. Here each sample
// point (every second) is a triangle-weighted mean of the frames within ±1 s, so a copy whose frames
// fall half a second off the original's grid still averages nearly the same pictures; its hash is a
// difference hash (dHash) of 9x8 cells: one bit per pair of horizontal neighbours. Each bit depends on
// a small part of the picture, so a logo changes a bit or two; a DCT pHash, tried first, changed 10–20
// of 64 bits for the same logo (docs/decisions.md "Video fingerprints"). One hash every 2 s, tried
// next, matched 22 of 40 copies altered every way at once against 31 of 40 at 1 s (bench/report.md).
// A frame with too little structure (black, a fade, plain bars) carries no information: its hash is 0n
// and matching ignores it.
// Nothing here but computeFingerprint touches a process or the disk; runner.ts spawns ffmpeg.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMON_ARGS } from './ffmpeg.ts';
import { runFfmpeg } from './runner.ts';

/** Milliseconds between two hashes of a fingerprint. */
export const FINGERPRINT_INTERVAL_MS = 1000;
/** Size of the gray frames ffmpeg hands over: 9x8 cells of 4x4 pixels. */
export const FRAME_WIDTH = 36;
export const FRAME_HEIGHT = 32;
const CELLS_X = 9;
const CELLS_Y = 8;
/** Decoded frames per second (each hash averages those within ±1 interval of its time). */
export const DECODE_FPS = 2;
/** Two frame hashes at most this many bits apart show the same picture. */
export const MATCH_MAX_DISTANCE = 10;
/** Similarity from which two videos count as a possible duplicate. */
export const DEFAULT_MIN_SIMILARITY = 0.5;
/** A similarity is a share of at least this many frames (8 s): two short clips need more than a few frames. */
export const MIN_FRAMES_FOR_SIMILARITY = 8;
/** Hashes that are 0n: flat frames (black, a fade, a plain card), ignored by matching and the index. */
export const FLAT_FRAME = 0n;
// Standard deviation of a mean frame's gray levels (0–255) below which it counts as flat.
const FLAT_STDDEV = 6;
// A hash with fewer bits set than this (or more than 64 minus this) shows no structure across the
// picture (plain ground, vertical bars): it would match any other such frame.
const MIN_BITS = 14;

export interface Fingerprint {
  intervalMs: number;
  /** One 64-bit hash per sample point, in time order; 0n for a flat frame. */
  frames: bigint[];
}

/** ffmpeg's arguments: the video at 2 fps, centre 80 %, 36x32 gray, raw bytes into `output`. */
export function fingerprintArgs(input: string, output: string): string[] {
  return [
    ...COMMON_ARGS,
    '-i',
    input,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-vf',
    `fps=${DECODE_FPS},crop=trunc(iw*0.8):trunc(ih*0.8),scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:flags=area,format=gray`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    output,
  ];
}

/**
 * The 64-bit difference hash of one gray frame of FRAME_WIDTH x FRAME_HEIGHT pixels (row by row,
 * 0–255; a mean frame may hold fractions): the frame as 9x8 cells of 4x4 pixels, one bit per pair of
 * horizontal neighbours, set when the right cell is brighter. FLAT_FRAME when its gray levels hardly vary.
 */
export function frameHash(gray: ArrayLike<number>): bigint {
  const pixels = FRAME_WIDTH * FRAME_HEIGHT;
  if (gray.length !== pixels) throw new RangeError(`a frame has ${pixels} pixels, not ${gray.length}`);
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < pixels; i++) {
    const g = gray[i]!;
    sum += g;
    squares += g * g;
  }
  const mean = sum / pixels;
  if (Math.sqrt(Math.max(0, squares / pixels - mean * mean)) < FLAT_STDDEV) return FLAT_FRAME;
  const cw = FRAME_WIDTH / CELLS_X;
  const ch = FRAME_HEIGHT / CELLS_Y;
  const cells = new Float64Array(CELLS_X * CELLS_Y);
  for (let y = 0; y < FRAME_HEIGHT; y++) {
    const row = Math.floor(y / ch) * CELLS_X;
    for (let x = 0; x < FRAME_WIDTH; x++) cells[row + Math.floor(x / cw)]! += gray[y * FRAME_WIDTH + x]!;
  }
  let hash = 0n;
  let bit = 0n;
  for (let cy = 0; cy < CELLS_Y; cy++) {
    for (let cx = 0; cx < CELLS_X - 1; cx++) {
      if (cells[cy * CELLS_X + cx + 1]! > cells[cy * CELLS_X + cx]!) hash |= 1n << bit;
      bit += 1n;
    }
  }
  const ones = hammingDistance(hash, 0n);
  return ones < MIN_BITS || ones > 64 - MIN_BITS ? FLAT_FRAME : hash;
}

/**
 * The fingerprint of raw gray frames decoded at `fps` (FRAME_WIDTH x FRAME_HEIGHT bytes each): one hash per
 * `intervalMs`, each of the triangle-weighted mean of the frames within ±intervalMs of its time.
 */
export function fingerprintOfFrames(
  raw: Uint8Array,
  fps = DECODE_FPS,
  intervalMs = FINGERPRINT_INTERVAL_MS,
): bigint[] {
  const pixels = FRAME_WIDTH * FRAME_HEIGHT;
  const count = Math.floor(raw.length / pixels);
  if (count === 0) return [];
  const step = (fps * intervalMs) / 1000; // decoded frames per hash
  const samples = Math.floor((count - 1) / step) + 1;
  const mean = new Float64Array(pixels);
  const hashes: bigint[] = [];
  for (let k = 0; k < samples; k++) {
    const centre = k * step;
    mean.fill(0);
    let weights = 0;
    for (let f = Math.ceil(centre - step); f <= Math.floor(centre + step); f++) {
      if (f < 0 || f >= count) continue;
      const w = step - Math.abs(f - centre) + 1e-9;
      if (w <= 0) continue;
      weights += w;
      const offset = f * pixels;
      for (let p = 0; p < pixels; p++) mean[p]! += raw[offset + p]! * w;
    }
    for (let p = 0; p < pixels; p++) mean[p]! /= weights;
    hashes.push(frameHash(mean));
  }
  return hashes;
}

/** Decodes `file` with ffmpeg (runner.ts: timeout, abort) and fingerprints it. */
export async function computeFingerprint(
  file: string,
  options: { signal?: AbortSignal; timeoutMs?: number; workDir?: string } = {},
): Promise<Fingerprint> {
  const dir = await mkdtemp(path.join(options.workDir ?? tmpdir(), 'fingerprint-'));
  try {
    const output = path.join(dir, 'frames.gray');
    await runFfmpeg(fingerprintArgs(file, output), {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 30 * 60_000,
    });
    const raw = await readFile(output);
    return { intervalMs: FINGERPRINT_INTERVAL_MS, frames: fingerprintOfFrames(raw) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// --- comparing ---------------------------------------------------------------------------------------

function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const MASK32 = 0xffffffffn;

/** Number of bits in which two 64-bit hashes differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  const x = BigInt.asUintN(64, a ^ b);
  return popcount32(Number(x & MASK32)) + popcount32(Number(x >> 32n));
}

/** Hashes as two 32-bit halves, for fast comparison; flat frames kept (they never match). */
interface Packed {
  hi: Uint32Array;
  lo: Uint32Array;
  flat: Uint8Array;
  informative: number;
}

function pack(frames: readonly bigint[]): Packed {
  const hi = new Uint32Array(frames.length);
  const lo = new Uint32Array(frames.length);
  const flat = new Uint8Array(frames.length);
  let informative = 0;
  frames.forEach((f, i) => {
    const x = BigInt.asUintN(64, f);
    hi[i] = Number(x >> 32n);
    lo[i] = Number(x & MASK32);
    if (x === FLAT_FRAME) flat[i] = 1;
    else informative += 1;
  });
  return { hi, lo, flat, informative };
}

export interface SimilarityResult {
  /** 0–1: the share of the shorter video's informative frames that match at one time offset. */
  similarity: number;
  /** Frames matched at the best offset. */
  matched: number;
  /** Where `b` is against `a` at the best offset, in frames (b's frame i + offset is a's frame i). */
  offset: number;
}

/**
 * How much of two fingerprints (same interval) show the same pictures at one consistent time offset:
 * for each offset d, the frames i of `a` whose hash is within `maxDistance` of b's frame i + d or
 * i + d + 1 (a copy trimmed by an odd second falls between two samples); the best d wins. Divided
 * by the informative frames of the shorter video (at least MIN_FRAMES_FOR_SIMILARITY), so a clip
 * cut from a longer video matches it in both directions.
 */
export function sequenceSimilarity(
  a: readonly bigint[],
  b: readonly bigint[],
  maxDistance = MATCH_MAX_DISTANCE,
): SimilarityResult {
  return similarityPacked(pack(a), pack(b), maxDistance);
}

function similarityPacked(a: Packed, b: Packed, maxDistance: number): SimilarityResult {
  const na = a.hi.length;
  const nb = b.hi.length;
  const none = { similarity: 0, matched: 0, offset: 0 };
  if (a.informative === 0 || b.informative === 0) return none;
  // close[i * nb + j]: a's frame i and b's frame j show the same picture.
  const close = new Uint8Array(na * nb);
  let any = false;
  for (let i = 0; i < na; i++) {
    if (a.flat[i]) continue;
    const ahi = a.hi[i]!;
    const alo = a.lo[i]!;
    for (let j = 0; j < nb; j++) {
      if (b.flat[j]) continue;
      if (popcount32(ahi ^ b.hi[j]!) + popcount32(alo ^ b.lo[j]!) <= maxDistance) {
        close[i * nb + j] = 1;
        any = true;
      }
    }
  }
  if (!any) return none;
  let best = none;
  const denominator = Math.max(Math.min(a.informative, b.informative), MIN_FRAMES_FOR_SIMILARITY);
  for (let d = -na; d < nb; d++) {
    let matched = 0;
    for (let i = 0; i < na; i++) {
      const j = i + d;
      if ((j >= 0 && j < nb && close[i * nb + j]) || (j + 1 >= 0 && j + 1 < nb && close[i * nb + j + 1])) {
        matched += 1;
      }
    }
    if (matched > best.matched) best = { similarity: Math.min(1, matched / denominator), matched, offset: d };
  }
  return best;
}

export interface CandidateFingerprint {
  video_id: number;
  frames: readonly bigint[];
}

export interface FingerprintMatch {
  video_id: number;
  /** 0–1, rounded to 3 decimals. */
  similarity: number;
}

/** The candidates that match `frames` at `minSimilarity` or more, best first (then by id). */
export function matchAgainst(
  frames: readonly bigint[],
  candidates: readonly CandidateFingerprint[],
  options: { minSimilarity?: number; maxDistance?: number } = {},
): FingerprintMatch[] {
  const minSimilarity = options.minSimilarity ?? DEFAULT_MIN_SIMILARITY;
  const query = pack(frames);
  const found: FingerprintMatch[] = [];
  for (const candidate of candidates) {
    const { similarity } = similarityPacked(
      query,
      pack(candidate.frames),
      options.maxDistance ?? MATCH_MAX_DISTANCE,
    );
    if (similarity >= minSimilarity && similarity > 0) {
      found.push({ video_id: candidate.video_id, similarity: Math.round(similarity * 1000) / 1000 });
    }
  }
  return found.sort((x, y) => y.similarity - x.similarity || x.video_id - y.video_id);
}

// --- storage and index keys --------------------------------------------------------------------------

/** 8 bytes a frame, big-endian: what `video_fingerprints.frames` holds. */
export function encodeFrames(frames: readonly bigint[]): Uint8Array {
  const bytes = new Uint8Array(frames.length * 8);
  const view = new DataView(bytes.buffer);
  for (const [i, f] of frames.entries()) view.setBigUint64(i * 8, BigInt.asUintN(64, f));
  return bytes;
}

export function decodeFrames(bytes: Uint8Array): bigint[] {
  if (bytes.length % 8 !== 0) throw new RangeError('a fingerprint is a whole number of 8-byte frames');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.length / 8 }, (_, i) => view.getBigUint64(i * 8));
}

/** The index splits each hash into 4 bands of 16 bits: two hashes ≤ 3 bits apart share one exactly. */
export const BANDS = 4;
/** At most this many frames of one video go into the index (spread evenly); queries use all theirs. */
export const MAX_INDEXED_FRAMES = 120;

export interface BandKey {
  band: number;
  /** 0–65535. */
  value: number;
}

/** The 16-bit bands of one hash: band 0 is the lowest 16 bits. */
export function bandsOf(hash: bigint): BandKey[] {
  const x = BigInt.asUintN(64, hash);
  return Array.from({ length: BANDS }, (_, band) => ({
    band,
    value: Number((x >> BigInt(band * 16)) & 0xffffn),
  }));
}

/**
 * The distinct band keys of a fingerprint's informative frames: all of them for a query, at most
 * `maxFrames` frames spread evenly for what a stored video puts in the index.
 */
export function bandKeys(frames: readonly bigint[], maxFrames = Number.POSITIVE_INFINITY): BandKey[] {
  const informative = frames.filter((f) => BigInt.asUintN(64, f) !== FLAT_FRAME);
  const picked =
    informative.length <= maxFrames
      ? informative
      : Array.from(
          { length: maxFrames },
          (_, i) => informative[Math.floor((i * informative.length) / maxFrames)]!,
        );
  const seen = new Set<number>();
  const keys: BandKey[] = [];
  for (const hash of picked) {
    for (const key of bandsOf(hash)) {
      const id = key.band * 65536 + key.value;
      if (seen.has(id)) continue;
      seen.add(id);
      keys.push(key);
    }
  }
  return keys;
}
