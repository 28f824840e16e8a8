// ffprobe for uploads: the real container and codecs, judged by content, never by the file name.

/** ffprobe: every format and stream field, as JSON on stdout. */
export function mediaProbeArgs(file: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
}

export interface MediaProbe {
  /** ffprobe's demuxer names, e.g. 'mov,mp4,m4a,3gp,3g2,mj2' or 'matroska,webm'. */
  formatName: string;
  videoCodec: string;
  /** null: no sound. */
  audioCodec: string | null;
  durationSeconds: number;
  width: number;
  height: number;
  /** Frames per second; null when the container does not say. */
  frameRate: number | null;
}

export type MediaProbeFailure = 'damaged' | 'not_a_video';

export class MediaProbeError extends Error {
  readonly code: MediaProbeFailure;
  constructor(code: MediaProbeFailure, detail: string) {
    super(`${code === 'damaged' ? 'Damaged video file' : 'Not a video file'}: ${detail}`);
    this.name = 'MediaProbeError';
    this.code = code;
  }
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number };
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: ProbeStream[];
}

// Still-image demuxers: ffprobe reports a picture as a one-frame "video".
const IMAGE_FORMAT = /(^|,)(image2|gif|webp|apng|[a-z0-9]+_pipe)(,|$)/;

function frameRate(stream: ProbeStream): number | null {
  for (const value of [stream.avg_frame_rate, stream.r_frame_rate]) {
    const [num, den] = (value ?? '').split('/').map(Number);
    if (num && den && Number.isFinite(num / den)) return Math.round((num / den) * 1000) / 1000;
  }
  return null;
}

/** Reads the output of `mediaProbeArgs`. Throws MediaProbeError for what cannot be a usable video. */
export function parseMediaProbe(stdout: string): MediaProbe {
  let json: ProbeJson;
  try {
    json = JSON.parse(stdout) as ProbeJson;
  } catch {
    throw new MediaProbeError('damaged', 'ffprobe output is not JSON');
  }
  const formatName = json.format?.format_name ?? '';
  const streams = json.streams ?? [];
  // Cover art in an audio file is an "attached picture" video stream, not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video || IMAGE_FORMAT.test(formatName)) {
    throw new MediaProbeError(
      'not_a_video',
      formatName ? `container ${formatName} holds no video` : 'no video stream',
    );
  }
  const duration = Number(json.format?.duration ?? video.duration ?? Number.NaN);
  if (!Number.isFinite(duration) || duration <= 0) throw new MediaProbeError('damaged', 'no duration');
  if (!video.width || !video.height) throw new MediaProbeError('damaged', 'no frame size');
  return {
    formatName,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    durationSeconds: duration,
    width: video.width,
    height: video.height,
    frameRate: frameRate(video),
  };
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);

/**
 * When ffprobe cannot read a file at all: does it at least start like a video container? Then it is a
 * damaged video (typically a cut-off upload); otherwise it is something else renamed.
 * `header` is the file's first 512 bytes (fewer if it is shorter).
 */
export function classifyUnreadable(header: Uint8Array): MediaProbeFailure {
  const box = ascii(header, 4, 8);
  const looksLikeVideo =
    ['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip'].includes(box) || // MP4, MOV, 3GP, M4V, F4V
    startsWith(header, [0x1a, 0x45, 0xdf, 0xa3]) || // Matroska, WebM
    (ascii(header, 0, 4) === 'RIFF' && ascii(header, 8, 12) === 'AVI ') ||
    ascii(header, 0, 3) === 'FLV' ||
    startsWith(header, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]) || // ASF, WMV
    startsWith(header, [0x00, 0x00, 0x01, 0xba]) || // MPEG program stream: MPG, VOB, DAT
    startsWith(header, [0x00, 0x00, 0x01, 0xb3]) || // MPEG video elementary stream: M2V
    (header[0] === 0x47 && (header.length <= 188 || header[188] === 0x47)) || // MPEG-TS: M2T
    (header[4] === 0x47 && (header.length <= 196 || header[196] === 0x47)) || // M2TS, MTS
    ascii(header, 0, 4) === '.RMF'; // RealMedia
  return looksLikeVideo ? 'damaged' : 'not_a_video';
}
