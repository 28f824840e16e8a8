// The demo catalogue's twelve clips as definitions (demo-media.ts makes them): an ffmpeg test source
// with a drawn title and a sine tone each, with a fallback for the packaged 2018 ffmpeg's missing filters.
import type { TestSource } from '../media/ffmpeg.ts';

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
  /** Drawn instead when the ffmpeg in use lacks `source` (the packaged 2018 build has no colorspectrum or gradients). */
  fallback?: Pick<DemoClipDefinition, 'source' | 'sourceOptions' | 'movingTitle'>;
}

/** The definition as this ffmpeg can draw it: its fallback when the source filter is missing. */
export function drawableClip(
  definition: DemoClipDefinition,
  filters: ReadonlySet<string>,
): DemoClipDefinition {
  if (filters.size === 0 || filters.has(definition.source) || !definition.fallback) return definition;
  const { fallback, ...rest } = definition;
  return { ...rest, sourceOptions: undefined, movingTitle: undefined, ...fallback };
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
    fallback: { source: 'pal75bars', movingTitle: true },
    width: 1280,
    height: 720,
    seconds: 390,
    toneHz: 587,
  },
  {
    title: 'Gradient Sweep Morning Light',
    source: 'gradients',
    sourceOptions: { speed: 0.02 },
    fallback: { source: 'color', sourceOptions: { c: '0x3d5a80' }, movingTitle: true },
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
