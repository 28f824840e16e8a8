// Pure builders for the renditions of an upload: the H.264/AAC MP4 ladder, and HLS for long videos.
import { COMMON_ARGS } from './ffmpeg.ts';

export const LADDER_HEIGHTS = [240, 360, 480, 720, 1080] as const;
export type LadderHeight = (typeof LADDER_HEIGHTS)[number];

/** Videos longer than this also get HLS (a long MP4 seeks badly on slow links). */
export const HLS_MIN_DURATION_SECONDS = 1800;

export function needsHls(durationSeconds: number): boolean {
  return durationSeconds > HLS_MIN_DURATION_SECONDS;
}

export interface Rung {
  /** The ladder name, e.g. '720p': the short side of the frame. */
  name: string;
  width: number;
  height: number;
  /** Peak video bitrate, kbit/s. */
  maxrateKbps: number;
  audioKbps: number;
}

const MAXRATE_KBPS: Readonly<Record<LadderHeight, number>> = {
  240: 400,
  360: 800,
  480: 1400,
  720: 2800,
  1080: 5000,
};

function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}

function evenDown(n: number): number {
  return Math.max(2, Math.floor(n / 2) * 2);
}

/**
 * The rungs for a source: every ladder step up to the source's short side (never upscaled), sizes even
 * and in the source's aspect. A source smaller than 240p gets one rung at its own (even) size.
 * Portrait video is laddered by its width, so a 1080x1920 phone clip gets a '1080p' too.
 */
export function ladderFor(
  source: { width: number; height: number },
  // The rungs on offer (the transcoding setting, modules/settings); a source below all of them gets
  // the largest standard rung it reaches, so every video has one.
  allowed: readonly number[] = LADDER_HEIGHTS,
): Rung[] {
  if (!(source.width > 0 && source.height > 0)) throw new RangeError('source size must be positive');
  const portrait = source.height > source.width;
  const short = portrait ? source.width : source.height;
  const long = portrait ? source.height : source.width;
  const reachable = LADDER_HEIGHTS.filter((h) => h <= short);
  const chosen = reachable.filter((h) => allowed.includes(h));
  const steps = chosen.length > 0 ? chosen : reachable.slice(-1);
  const sizes: Array<[number, LadderHeight]> =
    steps.length > 0 ? steps.map((h) => [h, h]) : [[evenDown(short), 240]];
  return sizes.map(([shortSide, step]) => {
    const longSide = Math.min(even((long * shortSide) / short), evenDown(long));
    return {
      name: `${shortSide}p`,
      width: portrait ? shortSide : longSide,
      height: portrait ? longSide : shortSide,
      maxrateKbps: MAXRATE_KBPS[step],
      audioKbps: step <= 360 ? 64 : 128,
    };
  });
}

/** One split + scale per rung in a single filtergraph, so the source is decoded once. */
function scaleGraph(rungs: readonly Rung[]): string {
  const split = `[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[v${i}]`);
  return [split, ...scales].join(';');
}

/** x264 High, yuv420p: what every browser and phone decodes. Same for every rung of one command. */
function videoCodecArgs(preset: string): string[] {
  return [
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-preset',
    preset,
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    // A keyframe every 2 s whatever the frame rate: seeking and HLS segments line up on it.
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
  ];
}

/** Peak rate of one rung; `stream` is the output video stream index when one output holds several. */
function rateArgs(rung: Rung, stream?: number): string[] {
  const spec = stream === undefined ? '' : `:v:${stream}`;
  return [`-maxrate${spec}`, `${rung.maxrateKbps}k`, `-bufsize${spec}`, `${rung.maxrateKbps * 2}k`];
}

export interface Mp4LadderSpec {
  input: string;
  rungs: ReadonlyArray<{ rung: Rung; output: string }>;
  /** x264 preset; default veryfast (NOTES.md: the ladder at faster than realtime on 2 cores). */
  preset?: string;
}

/** The whole MP4 ladder in one ffmpeg process (one decode, several encodes): faststart, AAC stereo. */
export function mp4LadderArgs(spec: Mp4LadderSpec): string[] {
  if (spec.rungs.length === 0) throw new RangeError('at least one rung');
  const preset = spec.preset ?? 'veryfast';
  const outputs = spec.rungs.flatMap(({ rung, output }, i) => [
    '-map',
    `[v${i}]`,
    // '?': a source without sound still transcodes.
    '-map',
    '0:a:0?',
    ...videoCodecArgs(preset),
    ...rateArgs(rung),
    '-c:a',
    'aac',
    '-b:a',
    `${rung.audioKbps}k`,
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    output,
  ]);
  return [
    ...COMMON_ARGS,
    '-i',
    spec.input,
    '-filter_complex',
    scaleGraph(spec.rungs.map((r) => r.rung)),
    ...outputs,
  ];
}

export interface HlsSpec {
  input: string;
  rungs: readonly Rung[];
  hasAudio: boolean;
  /** Directory of the playlists: one folder per rung, named by its index (0, 1, …). */
  outputDir: string;
  segmentSeconds?: number;
  preset?: string;
}

/**
 * fMP4 HLS (what hls.js and Safari both play), every rung in one process. Layout:
 * {outputDir}/{index}/index.m3u8, init.mp4, seg_00000.m4s... The master playlist is written by
 * hlsMasterPlaylist(), not by ffmpeg: ffmpeg 4.1 (the packaged build) refuses `name:` in
 * var_stream_map and crashes on -master_pl_name, and current releases accept this form too.
 */
export function hlsArgs(spec: HlsSpec): string[] {
  if (spec.rungs.length === 0) throw new RangeError('at least one rung');
  const preset = spec.preset ?? 'veryfast';
  const videoMaps = spec.rungs.flatMap((_, i) => ['-map', `[v${i}]`]);
  const audioMaps = spec.hasAudio ? spec.rungs.flatMap(() => ['-map', '0:a:0']) : [];
  const rates = spec.rungs.flatMap((rung, i) => rateArgs(rung, i));
  const audio = spec.hasAudio
    ? ['-c:a', 'aac', '-ac', '2', ...spec.rungs.flatMap((rung, i) => [`-b:a:${i}`, `${rung.audioKbps}k`])]
    : [];
  const streamMap = spec.rungs.map((_, i) => (spec.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  return [
    ...COMMON_ARGS,
    '-i',
    spec.input,
    '-filter_complex',
    scaleGraph(spec.rungs),
    ...videoMaps,
    ...audioMaps,
    ...videoCodecArgs(preset),
    ...rates,
    ...audio,
    ...hlsMuxerArgs({
      segmentSeconds: spec.segmentSeconds,
      initFilename: 'init.mp4',
      folder: `${spec.outputDir}/%v`,
      extra: ['-var_stream_map', streamMap],
    }),
  ];
}

/**
 * The fMP4 HLS muxer's options and file names, shared by the encoding ladder (hlsArgs) and the stream
 * copy of a finished rendition (hls-copy.ts) so that the player, the file list and /media/ treat both
 * alike: `{folder}/index.m3u8`, `{folder}/{initFilename}`, `{folder}/seg_00000.m4s`…
 */
export function hlsMuxerArgs(options: {
  segmentSeconds?: number;
  initFilename: string;
  folder: string;
  /** Options that go after the muxer's own and before the playlist (hlsArgs: -var_stream_map). */
  extra?: readonly string[];
}): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(options.segmentSeconds ?? 6),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
    '-hls_fmp4_init_filename',
    options.initFilename,
    '-hls_segment_filename',
    `${options.folder}/seg_%05d.m4s`,
    ...(options.extra ?? []),
    `${options.folder}/index.m3u8`,
  ];
}

/** H.264 High at a level that fits the rung (RFC 6381 `avc1.64LLLL`): 3.0 to 480p, 3.1 to 720p, 4.0 above. */
function avcCodec(rung: Rung): string {
  const pixels = rung.width * rung.height;
  const level = pixels <= 854 * 480 ? '1e' : pixels <= 1280 * 720 ? '1f' : '28';
  return `avc1.6400${level}`;
}

/**
 * The master playlist of an HLS ladder whose rung playlists are `{rung.name}/index.m3u8`, in ladder order.
 * BANDWIDTH is the peak (video maxrate plus audio) in bit/s.
 */
export function hlsMasterPlaylist(rungs: readonly Rung[], hasAudio: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of rungs) {
    const bandwidth = (rung.maxrateKbps + (hasAudio ? rung.audioKbps : 0)) * 1000;
    const codecs = hasAudio ? `${avcCodec(rung)},mp4a.40.2` : avcCodec(rung);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${rung.width}x${rung.height},CODECS="${codecs}"`,
      `${rung.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}
