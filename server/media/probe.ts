// ffprobe for uploads: the real container and codecs, judged by content, never by the file name.
import { foreignFileType } from './file-signature.ts';

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

/**
 * When ffprobe cannot read a file at all: is it a known other kind of file (a picture, an archive, a
 * document, text, audio…) renamed to a video's name? Then the type is not allowed. Anything else is a
 * damaged video: a cut-off container, or bytes too broken to recognise.
 * `header` is the file's first 512 bytes (fewer if it is shorter).
 */
export function classifyUnreadable(header: Uint8Array): MediaProbeFailure {
  return header.length === 0 || foreignFileType(header) !== null ? 'not_a_video' : 'damaged';
}
