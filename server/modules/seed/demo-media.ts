// The demo catalogue's media: twelve synthetic clips (ffmpeg test sources with a drawn title and a
// sine tone), each with a poster and three thumbnails, under mediaDir/demo/clip-NN/.
//
// Crash-safe and reusable: every file is written under a temporary name and renamed into place, and
// a clip's manifest (clip.json) is renamed in last, so a clip with a manifest is complete. A clip
// whose manifest matches its recipe is reused as it is.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { loopClipArgs, stillFramesArgs, type TestSource, testClipArgs } from '../../media/ffmpeg.ts';
import { probe, runFfmpeg } from '../../media/runner.ts';

export const DEMO_MEDIA_PREFIX = 'demo';
export const DEFAULT_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

export interface DemoClipDefinition {
  title: string;
  source: TestSource;
  sourceOptions?: Readonly<Record<string, string | number>>;
  width: number;
  height: number;
  /** Target duration in seconds. */
  seconds: number;
  toneHz: number;
  movingTitle?: boolean;
}

/**
 * Durations cover the spec's duration filters: under 10 min (6), 10 to 40 min (4), over 40 min (2).
 * Noisy sources get the short durations; nearly static ones the long, so the total stays small.
 */
export const DEMO_CLIPS: readonly DemoClipDefinition[] = [
  {
    title: 'Evening Drive Test Pattern',
    source: 'testsrc2',
    width: 854,
    height: 480,
    seconds: 30,
    toneHz: 440,
  },
  {
    title: 'Garden Party Cell Garden',
    source: 'life',
    sourceOptions: { mold: 10, ratio: 0.1, life_color: '#f4d35e', death_color: '#1b263b' },
    width: 640,
    height: 360,
    seconds: 75,
    toneHz: 392,
  },
  {
    title: 'Pixel Rain Studio Session',
    source: 'cellauto',
    sourceOptions: { rule: 110 },
    width: 640,
    height: 360,
    seconds: 160,
    toneHz: 523,
  },
  {
    title: 'Fractal Zoom Late Show',
    source: 'mandelbrot',
    width: 854,
    height: 480,
    seconds: 245,
    toneHz: 349,
  },
  {
    title: 'Colour Spectrum Lounge',
    source: 'colorspectrum',
    width: 1280,
    height: 720,
    seconds: 390,
    toneHz: 587,
  },
  {
    title: 'Gradient Sweep Morning Light',
    source: 'gradients',
    sourceOptions: { speed: 0.02 },
    width: 854,
    height: 480,
    seconds: 525,
    toneHz: 330,
  },
  {
    title: 'Studio Session HD Bars',
    source: 'smptehdbars',
    width: 1280,
    height: 720,
    seconds: 720,
    toneHz: 659,
  },
  {
    title: 'Classic Test Card Evening',
    source: 'testsrc',
    width: 854,
    height: 480,
    seconds: 1100,
    toneHz: 294,
  },
  {
    title: 'RGB Stripes Weekend Cut',
    source: 'rgbtestsrc',
    width: 640,
    height: 360,
    seconds: 1620,
    toneHz: 698,
  },
  {
    title: 'Signal Check Rooftop',
    source: 'yuvtestsrc',
    width: 640,
    height: 360,
    seconds: 2160,
    toneHz: 262,
  },
  {
    title: 'Title Card Night Walk',
    source: 'color',
    sourceOptions: { c: '0x1d3557' },
    width: 854,
    height: 480,
    seconds: 2640,
    toneHz: 494,
    movingTitle: true,
  },
  {
    title: 'Studio Session Colour Bars',
    source: 'smptebars',
    width: 640,
    height: 360,
    seconds: 3480,
    toneHz: 440,
  },
];

export const DEMO_FPS = 20;
/** Length of the segment encoded once and looped; a multiple of 4 s keeps whole AAC frames. */
export const DEFAULT_SEGMENT_SECONDS = 12;
const POSTER_WIDTH = 640;
const THUMB_WIDTH = 320;
const THUMB_COUNT = 3;
// Bump when the way clips are made changes: existing clips are then made again.
const RECIPE_VERSION = 1;

export interface DemoClipFile {
  kind: 'mp4' | 'poster' | 'thumb';
  /** '480p' for an mp4, '' for the poster, '1'..'3' for thumbnails. */
  format: string;
  storageKey: string;
  mime: string;
  width: number;
  height: number;
  sizeBytes: number;
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
}

export function clipMediaKey(n: number): string {
  return `${DEMO_MEDIA_PREFIX}/clip-${String(n).padStart(2, '0')}`;
}

/** Makes the clips that are missing or stale, in parallel, and returns all twelve. */
export async function ensureDemoClips(mediaDir: string, options: DemoMediaOptions = {}): Promise<DemoClip[]> {
  const durations = options.durations ?? DEMO_CLIPS.map((c) => c.seconds);
  if (durations.length !== DEMO_CLIPS.length)
    throw new Error(`durations must list ${DEMO_CLIPS.length} values`);
  const jobs = DEMO_CLIPS.map(
    (definition, i) => () =>
      ensureClip(mediaDir, i + 1, { ...definition, seconds: durations[i]! }, options.segmentSeconds, options),
  );
  return runLimited(jobs, options.concurrency ?? 2);
}

async function runLimited<T>(jobs: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < jobs.length && !failed) {
      const i = next++;
      try {
        results[i] = await jobs[i]!();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

function readManifest(dir: string, recipe: string): DemoClip | null {
  const file = path.join(dir, 'clip.json');
  if (!existsSync(file)) return null;
  try {
    const { recipe: stored, ...clip } = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    if (stored !== recipe) return null;
    const complete = clip.files.every((f) => {
      const full = path.join(dir, path.basename(f.storageKey));
      return existsSync(full) && statSync(full).size === f.sizeBytes;
    });
    return complete ? clip : null;
  } catch {
    return null;
  }
}

/** Writes `name` through a temporary sibling (same extension, so ffmpeg picks the right muxer). */
function partName(dir: string, name: string): string {
  const ext = path.extname(name);
  return path.join(dir, `${path.basename(name, ext)}.part${ext}`);
}

async function ensureClip(
  mediaDir: string,
  n: number,
  definition: DemoClipDefinition,
  segmentSecondsOption: number | undefined,
  options: DemoMediaOptions,
): Promise<DemoClip> {
  const mediaKey = clipMediaKey(n);
  const dir = path.join(mediaDir, mediaKey);
  const segmentSeconds = Math.min(segmentSecondsOption ?? DEFAULT_SEGMENT_SECONDS, definition.seconds);
  const recipe = JSON.stringify({ v: RECIPE_VERSION, definition, segmentSeconds, fps: DEMO_FPS });
  const existing = readManifest(dir, recipe);
  if (existing) return existing;

  const started = Date.now();
  mkdirSync(dir, { recursive: true });
  // Leftovers of an interrupted run, and files of an older recipe.
  for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { force: true });

  const format = `${definition.height}p`;
  const videoName = `${format}.mp4`;
  const videoPart = partName(dir, videoName);
  const needsLoop = definition.seconds > segmentSeconds;
  const segment = needsLoop ? path.join(dir, 'segment.part.mp4') : videoPart;
  await runFfmpeg(
    testClipArgs({
      ...definition,
      fps: DEMO_FPS,
      seconds: segmentSeconds,
      fontFile: options.fontFile ?? DEFAULT_FONT_FILE,
      output: segment,
    }),
  );
  if (needsLoop) {
    await runFfmpeg(
      loopClipArgs({ input: segment, segmentSeconds, seconds: definition.seconds, output: videoPart }),
    );
    rmSync(segment, { force: true });
  }
  renameSync(videoPart, path.join(dir, videoName));
  const info = await probe(path.join(dir, videoName));

  // Poster at ~1 s; thumbnails spread over the first segment (the rest repeats it).
  const stills = [
    {
      name: 'poster.jpg',
      kind: 'poster' as const,
      format: '',
      at: Math.min(1, segmentSeconds / 2),
      width: POSTER_WIDTH,
    },
    ...Array.from({ length: THUMB_COUNT }, (_, i) => ({
      name: `thumb-${i + 1}.jpg`,
      kind: 'thumb' as const,
      format: String(i + 1),
      at: Math.round(segmentSeconds * (0.3 + (0.5 * i) / THUMB_COUNT) * 100) / 100,
      width: THUMB_WIDTH,
    })),
  ];
  for (const width of [POSTER_WIDTH, THUMB_WIDTH]) {
    const group = stills.filter((s) => s.width === width);
    await runFfmpeg(
      stillFramesArgs({
        input: path.join(dir, videoName),
        width,
        frames: group.map((s) => ({ atSeconds: s.at, output: partName(dir, s.name) })),
      }),
    );
  }
  for (const s of stills) renameSync(partName(dir, s.name), path.join(dir, s.name));

  const fileOf = (
    name: string,
    kind: DemoClipFile['kind'],
    fileFormat: string,
    mime: string,
  ): DemoClipFile => {
    const full = path.join(dir, name);
    const size = kind === 'mp4' ? { width: info.width ?? 0, height: info.height ?? 0 } : jpegSize(full);
    return {
      kind,
      format: fileFormat,
      storageKey: `${mediaKey}/${name}`,
      mime,
      ...size,
      sizeBytes: statSync(full).size,
    };
  };
  const clip: DemoClip = {
    number: n,
    mediaKey,
    title: definition.title,
    source: definition.source,
    duration: info.duration,
    width: info.width ?? definition.width,
    height: info.height ?? definition.height,
    files: [
      fileOf(videoName, 'mp4', format, 'video/mp4'),
      ...stills.map((s) => fileOf(s.name, s.kind, s.format, 'image/jpeg')),
    ],
  };
  const manifest: Manifest = { ...clip, recipe };
  writeFileSync(path.join(dir, 'clip.part.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(path.join(dir, 'clip.part.json'), path.join(dir, 'clip.json'));
  options.log?.(
    `clip ${n} ${definition.title}: ${format}, ${Math.round(info.duration)} s in ${Date.now() - started} ms`,
  );
  return clip;
}

/** Width and height from a JPEG's start-of-frame marker. */
export function jpegSize(file: string): { width: number; height: number } {
  const data = readFileSync(file);
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) throw new Error(`${file}: not a JPEG marker at ${i}`);
    const marker = data[i + 1]!;
    const length = data.readUInt16BE(i + 2);
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  throw new Error(`${file}: no JPEG frame header`);
}
