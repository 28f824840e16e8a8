// Synthetic clips and their altered copies, to measure the fingerprint (bench/fingerprint.ts and
// fingerprint.test.ts): pure builders of ffmpeg argument lists from a seed. Each clip is a different
// picture: a zooming region of the Mandelbrot set, a seeded Game of Life or cellular automaton, a panned
// window onto a test card, or moving boxes on a plain ground, in random colours.
import { COMMON_ARGS } from './ffmpeg.ts';

/** A small deterministic generator (mulberry32), so that a seed always makes the same clip. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SyntheticKind = 'mandelbrot' | 'life' | 'cellauto' | 'pattern' | 'shapes';
export const SYNTHETIC_KINDS: readonly SyntheticKind[] = [
  'mandelbrot',
  'life',
  'cellauto',
  'pattern',
  'shapes',
];

export interface SyntheticClip {
  seed: number;
  kind: SyntheticKind;
  seconds: number;
  width: number;
  height: number;
  /** The lavfi filtergraph that draws it. */
  graph: string;
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;
const hex = (random: () => number) =>
  `0x${Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

/** The clip a seed makes: its kind cycles with the seed, everything else is drawn from it. */
export function syntheticClip(
  seed: number,
  options: { width?: number; height?: number; seconds?: number } = {},
): SyntheticClip {
  const random = seededRandom(seed * 7919 + 17);
  const width = options.width ?? 160;
  const height = options.height ?? 90;
  const seconds = options.seconds ?? 10 + Math.floor(random() * 11);
  const kind = SYNTHETIC_KINDS[seed % SYNTHETIC_KINDS.length]!;
  const size = `${width}x${height}`;
  const hue = `hue=h=${Math.floor(random() * 360)}:s=${round(0.6 + random() * 1.4, 2)}`;
  let graph: string;
  switch (kind) {
    case 'mandelbrot': {
      // Points near the set's edge, where there is detail at every zoom.
      const edge = [
        [-0.745, 0.113],
        [-0.1011, 0.9563],
        [-1.25066, 0.02012],
        [-0.7453, 0.1127],
        [0.2501, 0.0],
        [-1.7687, 0.0017],
        [-0.16, 1.0405],
        [-0.722, 0.246],
      ][Math.floor(random() * 8)]!;
      const startScale = round(0.05 + random() * 1.5, 3);
      // Off the point by up to a third of the view: clips of one point do not show the same picture.
      const x = round(edge[0]! + (random() - 0.5) * 0.6 * startScale, 6);
      const y = round(edge[1]! + (random() - 0.5) * 0.6 * startScale, 6);
      graph = `mandelbrot=size=${size}:rate=10:start_x=${x}:start_y=${y}:start_scale=${startScale}:end_scale=${round(startScale / (2 + random() * 20), 5)}:end_pts=${seconds * 10}:outer=${['iteration_count', 'normalized_iteration_count'][Math.floor(random() * 2)]},${hue}`;
      break;
    }
    case 'life': {
      const rules = ['S23/B3', 'S23/B36', 'S1234/B3', 'S245/B368', 'S34/B34', 'S12345/B3', 'S238/B357'];
      const cells = [8, 10, 12, 16][Math.floor(random() * 4)]!;
      graph = `life=size=${Math.ceil(width / cells)}x${Math.ceil(height / cells)}:rate=${2 + Math.floor(random() * 6)}:seed=${Math.floor(random() * 1e9)}:ratio=${round(0.15 + random() * 0.5, 2)}:rule=${rules[Math.floor(random() * rules.length)]}:mold=${Math.floor(random() * 40)}:life_color=${hex(random)}:death_color=${hex(random)}:mold_color=${hex(random)},scale=${size}:flags=neighbor,fps=10`;
      break;
    }
    case 'cellauto': {
      const rules = [30, 45, 73, 89, 90, 105, 110, 122, 126, 150, 182, 225];
      const cells = [5, 6, 8][Math.floor(random() * 3)]!;
      graph = `cellauto=size=${Math.ceil(width / cells)}x${Math.ceil(height / cells)}:rate=${4 + Math.floor(random() * 12)}:rule=${rules[Math.floor(random() * rules.length)]}:seed=${Math.floor(random() * 1e9)}:random_fill_ratio=${round(0.2 + random() * 0.6, 2)}:scroll=1,scale=${size}:flags=neighbor,format=yuv420p,lutrgb=r='val*${round(random(), 2)}':g='val*${round(random(), 2)}':b='val*${round(random(), 2)}',fps=10`;
      break;
    }
    case 'pattern': {
      // A window a third to a half of a 640x360 card, panning, mirrored at random, recoloured.
      const card = ['testsrc', 'testsrc2', 'rgbtestsrc', 'yuvtestsrc', 'smptehdbars'][
        Math.floor(random() * 5)
      ]!;
      const w = Math.round(640 * (0.3 + random() * 0.2));
      const h = Math.round((w * height) / width);
      const x0 = Math.floor(random() * (640 - w));
      const y0 = Math.floor(random() * (360 - h));
      const dx = round((random() - 0.5) * 16, 2);
      const dy = round((random() - 0.5) * 8, 2);
      const flip = ['', ',hflip', ',vflip', ',hflip,vflip'][Math.floor(random() * 4)];
      graph = `${card}=size=640x360:rate=10,crop=${w}:${h}:x='clip(${x0}+${dx}*t,0,${640 - w})':y='clip(${y0}+${dy}*t,0,${360 - h})',scale=${size}${flip},${hue}`;
      break;
    }
    case 'shapes': {
      // Three boxes of random size and colour crossing a plain ground at their own speed.
      let chain = `color=c=${hex(random)}:size=${size}:rate=10[g0]`;
      let last = 'g0';
      for (let i = 1; i <= 3; i++) {
        const bw = Math.round(width * (0.15 + random() * 0.35));
        const bh = Math.round(height * (0.15 + random() * 0.45));
        const vx = round(5 + random() * 30, 1);
        const vy = round(3 + random() * 20, 1);
        const px = Math.floor(random() * width);
        const py = Math.floor(random() * height);
        chain += `;color=c=${hex(random)}:size=${bw}x${bh}:rate=10[b${i}];[${last}][b${i}]overlay=x='mod(${px}+${vx}*t,${width + bw})-${bw}':y='mod(${py}+${vy}*t,${height + bh})-${bh}'[g${i}]`;
        last = `g${i}`;
      }
      graph = chain.replace(/\[g3\]$/, '');
      break;
    }
  }
  return { seed, kind, seconds, width, height, graph };
}

/** Encodes a synthetic clip: H.264 ultrafast, no sound, a keyframe every 2 s. */
export function syntheticClipArgs(clip: SyntheticClip, output: string): string[] {
  return [
    ...COMMON_ARGS,
    '-f',
    'lavfi',
    '-i',
    clip.graph,
    '-t',
    String(clip.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '23',
    '-g',
    '20',
    '-pix_fmt',
    'yuv420p',
    output,
  ];
}

/** How a copy differs from its original (issue 31: what must still match). */
export type CopyAlteration = 'bitrate' | 'resolution' | 'crop' | 'trim' | 'watermark' | 'all';
export const COPY_ALTERATIONS: readonly CopyAlteration[] = [
  'bitrate',
  'resolution',
  'crop',
  'trim',
  'watermark',
  'all',
];

// A 5 % crop, the same share from each edge (a one-sided crop of fine texture does not match: see docs/decisions.md).
const CROP = 'crop=trunc(iw*0.95/2)*2:trunc(ih*0.95/2)*2';
// A site's mark in the top right corner: a box with a word, about a tenth of the width.
const watermark = (fontFile: string) =>
  `drawbox=x=iw*0.86:y=ih*0.04:w=iw*0.12:h=ih*0.1:color=white@0.7:t=fill,drawtext=fontfile=${fontFile}:text='TUBE':fontsize=h*0.07:fontcolor=black:x=w*0.87:y=h*0.05`;

/** Re-encodes `input` into `output` with one alteration (or all of them at once). */
export function alteredCopyArgs(
  input: string,
  output: string,
  alteration: CopyAlteration,
  options: { width: number; height: number; fontFile: string },
): string[] {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const other = `scale=${even(options.width * 1.5)}:${even(options.height * 1.5)}`;
  const filters: Record<CopyAlteration, string | null> = {
    bitrate: null,
    resolution: other,
    crop: CROP,
    trim: null,
    watermark: watermark(options.fontFile),
    all: `${CROP},${other},${watermark(options.fontFile)}`,
  };
  const trim = alteration === 'trim' || alteration === 'all' ? ['-ss', '3'] : [];
  const filter = filters[alteration];
  const bitrate = alteration === 'bitrate' || alteration === 'all' ? ['-b:v', '40k'] : ['-crf', '28'];
  return [
    ...COMMON_ARGS,
    ...trim,
    '-i',
    input,
    ...(filter ? ['-vf', filter] : []),
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    ...bitrate,
    '-pix_fmt',
    'yuv420p',
    output,
  ];
}
