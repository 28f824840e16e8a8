// Pure builder of the hover preview: a few short, muted moments of the video stitched together.
import { COMMON_ARGS } from './ffmpeg.ts';

export interface PreviewSpec {
  input: string;
  durationSeconds: number;
  output: string;
  /** Moments to show; default 5. */
  segments?: number;
  /** Length of each, seconds; default 1.5. */
  segmentSeconds?: number;
  /** Output width; default 320 (the card size), height in aspect and even. */
  width?: number;
}

/**
 * Where the moments start: spread over the video with the same spacing as thumbnails. A video too
 * short for all of them gets fewer; one shorter than a moment is shown whole (start 0).
 */
export function previewSegmentStarts(
  durationSeconds: number,
  segments: number,
  segmentSeconds: number,
): number[] {
  if (!(durationSeconds > 0)) throw new RangeError('duration must be positive');
  const fit = Math.min(segments, Math.floor(durationSeconds / segmentSeconds));
  if (fit <= 1) return [0];
  const spacing = durationSeconds / (fit + 1);
  return Array.from({ length: fit }, (_, i) => {
    const centre = (i + 1) * spacing;
    const start = Math.max(0, Math.min(durationSeconds - segmentSeconds, centre - segmentSeconds / 2));
    return Math.round(start * 1000) / 1000;
  });
}

/**
 * One input per moment, each reached by a fast input seek and cut by `-t`, so nothing between them is
 * decoded; concat joins them, no audio, small H.264 for a card.
 */
export function previewClipArgs(spec: PreviewSpec): string[] {
  const segmentSeconds = spec.segmentSeconds ?? 1.5;
  const starts = previewSegmentStarts(spec.durationSeconds, spec.segments ?? 5, segmentSeconds);
  const length = Math.min(segmentSeconds, spec.durationSeconds);
  const inputs = starts.flatMap((start) => ['-ss', String(start), '-t', String(length), '-i', spec.input]);
  const width = spec.width ?? 320;
  const scaled = starts.map((_, i) => `[${i}:v:0]scale=${width}:-2,setsar=1,fps=25[p${i}]`);
  const concat = `${starts.map((_, i) => `[p${i}]`).join('')}concat=n=${starts.length}:v=1:a=0[out]`;
  return [
    ...COMMON_ARGS,
    ...inputs,
    '-filter_complex',
    [...scaled, concat].join(';'),
    '-map',
    '[out]',
    '-an',
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-preset',
    'veryfast',
    '-crf',
    '28',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    spec.output,
  ];
}
