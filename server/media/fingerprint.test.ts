// The perceptual fingerprint: its pure parts (frame hash, Hamming distance, offset-tolerant similarity,
// storage encoding, index keys, the ffmpeg argument list), then real ffmpeg on generated clips: altered
// copies of a clip (other bitrate, other resolution, 5 % crop, 3 s trimmed, corner watermark, all at
// once) match it, and a dozen different generated clips match neither it nor each other.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClipArgs } from './ffmpeg.ts';
import {
  BANDS,
  bandKeys,
  bandsOf,
  computeFingerprint,
  DEFAULT_MIN_SIMILARITY,
  decodeFrames,
  encodeFrames,
  FINGERPRINT_INTERVAL_MS,
  FLAT_FRAME,
  FRAME_HEIGHT,
  FRAME_WIDTH,
  fingerprintArgs,
  fingerprintOfFrames,
  frameHash,
  hammingDistance,
  matchAgainst,
  sequenceSimilarity,
} from './fingerprint.ts';
import {
  alteredCopyArgs,
  COPY_ALTERATIONS,
  seededRandom,
  syntheticClip,
  syntheticClipArgs,
} from './fingerprint-clips.ts';
import { runFfmpeg } from './runner.ts';
import { DRAWTEXT_FONT_FILE } from './tools.ts';

const PIXELS = FRAME_WIDTH * FRAME_HEIGHT;

/** A gray frame from a function of the pixel's position (0–1 each way). */
const frame = (f: (x: number, y: number) => number) =>
  Uint8Array.from({ length: PIXELS }, (_, i) =>
    Math.max(
      0,
      Math.min(
        255,
        Math.round(f((i % FRAME_WIDTH) / FRAME_WIDTH, Math.floor(i / FRAME_WIDTH) / FRAME_HEIGHT)),
      ),
    ),
  );

function randomHashes(seed: number, n: number): bigint[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    let h = 0n;
    for (let b = 0n; b < 64n; b++) if (random() < 0.5) h |= 1n << b;
    return h;
  });
}

/** The hash with `bits` of its bits flipped (spread, seeded). */
function flip(hash: bigint, bits: number, seed: number): bigint {
  const random = seededRandom(seed);
  const chosen = new Set<number>();
  while (chosen.size < bits) chosen.add(Math.floor(random() * 64));
  let out = hash;
  for (const b of chosen) out ^= 1n << BigInt(b);
  return out;
}

describe('frame hashes', () => {
  it('counts differing bits over all 64', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, (1n << 64n) - 1n)).toBe(64);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance(1n << 63n, 1n)).toBe(2);
  });

  it('gives a flat frame no hash, and a picture one that survives noise and brightness', () => {
    expect(frameHash(frame(() => 128))).toBe(FLAT_FRAME);
    expect(frameHash(frame((x) => 120 + x * 6))).toBe(FLAT_FRAME); // a gentle, almost plain ground
    const picture = (x: number, y: number) => 128 + 90 * Math.sin(x * 7 + y * 3) * Math.cos(y * 5 - x * 2);
    const hash = frameHash(frame(picture));
    expect(hash).not.toBe(FLAT_FRAME);
    const random = seededRandom(5);
    const noisy = frameHash(frame((x, y) => picture(x, y) * 0.8 + 30 + (random() - 0.5) * 10));
    expect(hammingDistance(hash, noisy)).toBeLessThanOrEqual(6);
    const other = frameHash(frame((x, y) => 128 + 90 * Math.cos(x * 11 - y * 9)));
    expect(hammingDistance(hash, other)).toBeGreaterThan(16);
    expect(() => frameHash(new Uint8Array(10))).toThrow(RangeError);
  });

  it('averages decoded frames around each second', () => {
    const still = frame((x, y) => 128 + 100 * Math.sin(x * 9) * Math.cos(y * 4));
    // 9 frames at 2 fps: 4 s, hashes at 0, 1, 2, 3 and 4 s; all the same picture.
    const raw = new Uint8Array(PIXELS * 9);
    for (let i = 0; i < 9; i++) raw.set(still, i * PIXELS);
    const hashes = fingerprintOfFrames(raw);
    expect(hashes).toHaveLength(5);
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toBe(frameHash(still));
    expect(fingerprintOfFrames(new Uint8Array(0))).toEqual([]);
  });

  it('decodes with ffmpeg at 2 fps, centre 80 %, 36x32 gray, raw', () => {
    expect(fingerprintArgs('in.mp4', 'out.gray')).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-i',
      'in.mp4',
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-vf',
      'fps=2,crop=trunc(iw*0.8):trunc(ih*0.8),scale=36:32:flags=area,format=gray',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      'out.gray',
    ]);
  });
});

describe('similarity of two fingerprints', () => {
  const a = randomHashes(1, 30);

  it('is 1 for the same frames and 0 for unrelated ones', () => {
    expect(sequenceSimilarity(a, a)).toMatchObject({ similarity: 1, matched: 30 });
    expect(sequenceSimilarity(a, randomHashes(2, 30)).similarity).toBe(0);
    expect(sequenceSimilarity([], a).similarity).toBe(0);
    expect(sequenceSimilarity([FLAT_FRAME, FLAT_FRAME], [FLAT_FRAME, FLAT_FRAME]).similarity).toBe(0);
  });

  it('finds a trimmed, noisy copy at its time offset, from either side', () => {
    const copy = a.slice(4).map((h, i) => flip(h, 6, i));
    const forward = sequenceSimilarity(copy, a);
    expect(forward.similarity).toBe(1);
    expect([3, 4]).toContain(forward.offset);
    expect(sequenceSimilarity(a, copy).similarity).toBe(1);
    // Too many bits changed: no longer the same pictures.
    expect(
      sequenceSimilarity(
        a.map((h, i) => flip(h, 20, i)),
        a,
      ).similarity,
    ).toBe(0);
  });

  it('needs one consistent offset: frames matching in a shuffled order count once each at best', () => {
    const shuffled = [...a].reverse();
    expect(sequenceSimilarity(shuffled, a).similarity).toBeLessThan(0.2);
  });

  it('counts a short clip against at least 8 frames', () => {
    expect(sequenceSimilarity(a.slice(0, 2), a).similarity).toBeCloseTo(2 / 8);
    expect(sequenceSimilarity(a.slice(0, 8), a).similarity).toBe(1);
  });

  it('ranks candidates best first and leaves out those under the threshold', () => {
    const half = [...a.slice(0, 15), ...randomHashes(3, 15)];
    const found = matchAgainst(a, [
      { video_id: 7, frames: randomHashes(4, 30) },
      { video_id: 5, frames: half },
      { video_id: 9, frames: a.map((h, i) => flip(h, 4, i + 100)) },
    ]);
    expect(found).toEqual([
      { video_id: 9, similarity: 1 },
      { video_id: 5, similarity: 0.5 },
    ]);
    expect(matchAgainst(a, [{ video_id: 5, frames: half }], { minSimilarity: 0.6 })).toEqual([]);
  });
});

describe('storage and index keys', () => {
  it('stores 8 bytes a frame and reads them back', () => {
    const frames = [0n, 1n, (1n << 64n) - 1n, 0x0123456789abcdefn];
    const bytes = encodeFrames(frames);
    expect(bytes).toHaveLength(32);
    expect(decodeFrames(bytes)).toEqual(frames);
    expect(() => decodeFrames(new Uint8Array(7))).toThrow(RangeError);
  });

  it('splits a hash into four 16-bit bands; close hashes share one', () => {
    expect(bandsOf(0x0123456789abcdefn)).toEqual([
      { band: 0, value: 0xcdef },
      { band: 1, value: 0x89ab },
      { band: 2, value: 0x4567 },
      { band: 3, value: 0x0123 },
    ]);
    for (let seed = 0; seed < 50; seed++) {
      const [h] = randomHashes(seed, 1);
      const near = flip(h!, 3, seed);
      const shared = bandsOf(h!).filter((k, i) => bandsOf(near)[i]!.value === k.value);
      expect(shared.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('indexes distinct keys of informative frames, at most maxFrames of them', () => {
    const frames = [FLAT_FRAME, ...randomHashes(9, 300)];
    expect(bandKeys([FLAT_FRAME, FLAT_FRAME])).toEqual([]);
    expect(bandKeys([frames[1]!, frames[1]!])).toHaveLength(BANDS);
    expect(bandKeys(frames, 10).length).toBeLessThanOrEqual(10 * BANDS);
    expect(bandKeys(frames).length).toBeGreaterThan(10 * BANDS);
  });
});

describe('fingerprints of generated clips (real ffmpeg)', () => {
  let dir: string;
  // Two 20 s uploads at 320x180: a test card with a moving title (what the other tests upload) and a
  // zoom into the Mandelbrot set; each with its altered copies.
  const originals: Array<{ name: string; frames: bigint[]; copies: Map<string, bigint[]> }> = [];
  const others: Array<{ seed: number; frames: bigint[] }> = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fingerprint-test-'));
    const card = path.join(dir, 'card.mp4');
    const fractal = path.join(dir, 'fractal.mp4');
    const sources: Array<[string, string[]]> = [
      [
        card,
        testClipArgs({
          source: 'testsrc2',
          width: 320,
          height: 180,
          fps: 10,
          seconds: 20,
          title: 'Fingerprint test',
          movingTitle: true,
          toneHz: null,
          fontFile: DRAWTEXT_FONT_FILE,
          output: card,
          preset: 'ultrafast',
        }),
      ],
      [fractal, syntheticClipArgs(syntheticClip(10, { width: 320, height: 180, seconds: 20 }), fractal)],
    ];
    for (const [file, args] of sources) {
      await runFfmpeg(args);
      const copies = new Map<string, bigint[]>();
      for (const alteration of COPY_ALTERATIONS) {
        const copy = path.join(dir, `${path.basename(file, '.mp4')}-${alteration}.mp4`);
        await runFfmpeg(
          alteredCopyArgs(file, copy, alteration, { width: 320, height: 180, fontFile: DRAWTEXT_FONT_FILE }),
        );
        copies.set(alteration, (await computeFingerprint(copy, { workDir: dir })).frames);
      }
      originals.push({ name: path.basename(file), frames: (await computeFingerprint(file)).frames, copies });
    }
    for (let seed = 101; seed <= 112; seed++) {
      const other = path.join(dir, `other-${seed}.mp4`);
      await runFfmpeg(syntheticClipArgs(syntheticClip(seed), other));
      others.push({ seed, frames: (await computeFingerprint(other)).frames });
    }
  }, 240_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('hashes every second of a clip', () => {
    expect(FINGERPRINT_INTERVAL_MS).toBe(1000);
    for (const original of originals) {
      expect(original.frames.length).toBe(20);
      expect(original.frames.filter((f) => f !== FLAT_FRAME).length).toBeGreaterThanOrEqual(16);
    }
  });

  it.each(COPY_ALTERATIONS)('matches a copy altered by: %s', (alteration) => {
    for (const original of originals) {
      const copy = original.copies.get(alteration)!;
      expect(sequenceSimilarity(copy, original.frames).similarity, original.name).toBeGreaterThanOrEqual(
        DEFAULT_MIN_SIMILARITY,
      );
      expect(sequenceSimilarity(original.frames, copy).similarity, original.name).toBeGreaterThanOrEqual(
        DEFAULT_MIN_SIMILARITY,
      );
    }
  });

  it('matches none of 12 different clips, and they match none of each other', () => {
    const candidates = others.map((o) => ({ video_id: o.seed, frames: o.frames }));
    for (const original of originals) {
      expect(matchAgainst(original.frames, candidates)).toEqual([]);
      for (const copy of original.copies.values()) expect(matchAgainst(copy, candidates)).toEqual([]);
    }
    expect(sequenceSimilarity(originals[0]!.frames, originals[1]!.frames).similarity).toBeLessThan(
      DEFAULT_MIN_SIMILARITY,
    );
    for (const o of others) {
      expect(
        matchAgainst(
          o.frames,
          candidates.filter((c) => c.video_id !== o.seed),
        ),
      ).toEqual([]);
    }
  });
});
