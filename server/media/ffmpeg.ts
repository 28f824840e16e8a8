// Pure builders of ffmpeg/ffprobe argument lists. Nothing here spawns a process or touches the disk:
// runner.ts runs what these return, and ffmpeg.test.ts pins every list exactly.

/** Synthetic video sources of libavfilter used for demo and test media. */
export type TestSource =
  | 'testsrc'
  | 'testsrc2'
  | 'smptebars'
  | 'smptehdbars'
  | 'pal75bars'
  | 'rgbtestsrc'
  | 'yuvtestsrc'
  | 'colorspectrum'
  | 'gradients'
  | 'mandelbrot'
  | 'life'
  | 'cellauto'
  | 'color';

export interface TestClipSpec {
  source: TestSource;
  /** Extra options of the source filter, in order (e.g. `{ rule: 110 }` for cellauto, `{ c: '0x1d3557' }`). */
  sourceOptions?: Readonly<Record<string, string | number>>;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  /** Drawn near the top; reduced to a character set that needs no filtergraph escaping. */
  title: string;
  /** Scroll the title across the frame instead of centring it (for otherwise static sources). */
  movingTitle?: boolean;
  /** Frequency of the sine tone of the audio track; null: no audio track at all (a silent clip). */
  toneHz: number | null;
  fontFile: string;
  output: string;
  /** x264 constant rate factor; default 31 (demo quality). */
  crf?: number;
  /** x264 preset; default veryfast. */
  preset?: string;
  /** Cap for noisy sources (life, cellauto...), in kbit/s; default 400. */
  maxrateKbps?: number;
  /** AAC bitrate in kbit/s; default 32. */
  audioKbps?: number;
}

/** Every command starts like this: no banner, never read stdin, overwrite (outputs are temp names). */
export const COMMON_ARGS: readonly string[] = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

// 32 kHz makes one AAC frame (1024 samples) exactly 32 ms, so a segment of a whole number of seconds
// divisible by 4 holds whole audio frames and loops without a gap.
const AUDIO_SAMPLE_RATE = 32_000;

/** Keeps letters, digits, spaces and `. - ! ? & ( )`: nothing drawtext or the filtergraph parser treats specially. */
export function drawtextSafe(text: string): string {
  return text
    .replace(/[^A-Za-z0-9 .!?&()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function sourceFilter(spec: TestClipSpec): string {
  const options: Array<[string, string | number]> = [
    ['size', `${spec.width}x${spec.height}`],
    ['rate', spec.fps],
    ...Object.entries(spec.sourceOptions ?? {}),
  ];
  return `${spec.source}=${options.map(([k, v]) => `${k}=${v}`).join(':')}`;
}

function titleFilters(spec: TestClipSpec): string {
  const font = `fontfile=${spec.fontFile}`;
  const titleSize = Math.round(spec.height / 15);
  const clockSize = Math.round(spec.height / 20);
  const box = 'fontcolor=white:box=1:boxcolor=black@0.55';
  // A moving title sways across the frame and back every 8 s without leaving it; it is centred at 1 s,
  // where the poster frame is taken.
  const titleX = spec.movingTitle ? '(w-text_w)/2*(1+sin((t-1)*PI/4))' : '(w-text_w)/2';
  const title = `drawtext=${font}:text='${drawtextSafe(spec.title)}':fontsize=${titleSize}:${box}:boxborderw=${Math.round(titleSize / 2)}:x=${titleX}:y=h*0.12`;
  // A running clock makes every frame distinct, so thumbnails taken at different times differ.
  const clock = `drawtext=${font}:text='%{pts\\:hms}':fontsize=${clockSize}:${box}:boxborderw=${Math.round(clockSize / 3)}:x=w-text_w-${clockSize}:y=h-text_h-${clockSize}`;
  return `${title},${clock}`;
}

/**
 * A test-pattern clip with its title drawn in and a sine tone: H.264 yuv420p + AAC mono, MP4 with
 * faststart. Without a tone (`toneHz: null`) the clip has no audio track.
 */
export function testClipArgs(spec: TestClipSpec): string[] {
  const maxrate = spec.maxrateKbps ?? 400;
  const tone = spec.toneHz;
  const toneInput =
    tone === null ? [] : ['-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=${AUDIO_SAMPLE_RATE}`];
  const audio = tone === null ? ['-an'] : ['-c:a', 'aac', '-b:a', `${spec.audioKbps ?? 32}k`, '-ac', '1'];
  return [
    ...COMMON_ARGS,
    '-f',
    'lavfi',
    '-i',
    sourceFilter(spec),
    ...toneInput,
    '-map',
    '0:v:0',
    ...(tone === null ? [] : ['-map', '1:a:0']),
    '-vf',
    titleFilters(spec),
    '-c:v',
    'libx264',
    '-preset',
    spec.preset ?? 'veryfast',
    '-crf',
    String(spec.crf ?? 31),
    '-maxrate',
    `${maxrate}k`,
    '-bufsize',
    `${maxrate * 2}k`,
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(spec.fps * 2),
    ...audio,
    '-t',
    String(spec.seconds),
    '-movflags',
    '+faststart',
    spec.output,
  ];
}

/** How many extra passes of a segment `-stream_loop` needs to cover `seconds`. */
export function loopCount(segmentSeconds: number, seconds: number): number {
  if (segmentSeconds <= 0) throw new RangeError('segmentSeconds must be positive');
  return Math.max(0, Math.ceil(seconds / segmentSeconds) - 1);
}

export interface LoopSpec {
  input: string;
  segmentSeconds: number;
  seconds: number;
  output: string;
}

/** Repeats a short segment up to `seconds` without re-encoding (stream copy). */
export function loopClipArgs(spec: LoopSpec): string[] {
  return [
    ...COMMON_ARGS,
    '-stream_loop',
    String(loopCount(spec.segmentSeconds, spec.seconds)),
    '-i',
    spec.input,
    '-map',
    '0',
    '-c',
    'copy',
    '-t',
    String(spec.seconds),
    '-movflags',
    '+faststart',
    spec.output,
  ];
}

export interface StillFrame {
  atSeconds: number;
  output: string;
}

export interface StillFramesSpec {
  input: string;
  /** Output width; the height follows the aspect ratio (rounded to even). */
  width: number;
  frames: readonly StillFrame[];
  /** JPEG quality scale, 2 (best) to 31; default 4. */
  quality?: number;
}

/**
 * Several JPEG stills of one video in one process: one fast-seeking input per frame, so no frame
 * before the wanted one is decoded beyond the previous keyframe.
 */
export function stillFramesArgs(spec: StillFramesSpec): string[] {
  if (spec.frames.length === 0) throw new RangeError('at least one frame');
  const inputs = spec.frames.flatMap((f) => ['-ss', String(f.atSeconds), '-i', spec.input]);
  const outputs = spec.frames.flatMap((f, i) => [
    '-map',
    `${i}:v:0`,
    '-frames:v',
    '1',
    '-vf',
    `scale=${spec.width}:-2`,
    '-q:v',
    String(spec.quality ?? 4),
    f.output,
  ]);
  return [...COMMON_ARGS, ...inputs, ...outputs];
}

/** ffprobe: container duration and the streams' type, size and duration, as JSON on stdout. */
export function probeArgs(file: string): string[] {
  return [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_entries',
    'format=duration:stream=codec_type,width,height,duration',
    file,
  ];
}

export interface ProbeResult {
  /** seconds, fractional */
  duration: number;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

interface ProbeJson {
  format?: { duration?: string };
  streams?: Array<{ codec_type?: string; width?: number; height?: number; duration?: string }>;
}

/** Reads the output of `probeArgs`. Throws when it is not ffprobe JSON or has no duration. */
export function parseProbe(stdout: string): ProbeResult {
  const json = JSON.parse(stdout) as ProbeJson;
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(json.format?.duration ?? video?.duration ?? Number.NaN);
  if (!Number.isFinite(duration)) throw new Error('ffprobe reported no duration');
  return {
    duration,
    width: video?.width ?? null,
    height: video?.height ?? null,
    hasVideo: video !== undefined,
    hasAudio: audio !== undefined,
  };
}
