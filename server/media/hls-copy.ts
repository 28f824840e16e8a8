// Pure builder: HLS cut from a finished MP4 rendition by stream copy, no re-encode (issue 29). The demo
// catalogue's long clips are one short segment looped to their length (server/seed/demo-media.ts);
// encoding them again for HLS would cost minutes, cutting their renditions costs about a second.
// The muxer options and the file names come from hlsMuxerArgs (ladder.ts), shared with hlsArgs, so the
// player, the file list and /media/ treat both alike.

import { COMMON_ARGS } from './ffmpeg.ts';
import { hlsMuxerArgs } from './ladder.ts';

export interface HlsCopySpec {
  /** An H.264/AAC MP4 with keyframes every 2 s (mp4LadderArgs forces them): segments are cut on them. */
  input: string;
  hasAudio: boolean;
  /** The variant's folder: index.m3u8, the init file and seg_00000.m4s... */
  outputDir: string;
  /**
   * Name of the init segment; default init.mp4. hlsArgs writes every rung in one process, and there
   * ffmpeg names it init_{index}.mp4 as soon as there are two rungs or more: pass that to match.
   */
  initFilename?: string;
  segmentSeconds?: number;
}

/**
 * fMP4 HLS of one rendition, one process per rung: ffmpeg copying several inputs in one process
 * spends four times the CPU (its input threads wake each other for every packet), and the rungs are
 * cut the same either way.
 */
export function hlsCopyArgs(spec: HlsCopySpec): string[] {
  return [
    ...COMMON_ARGS,
    '-i',
    spec.input,
    '-map',
    '0:v:0',
    ...(spec.hasAudio ? ['-map', '0:a:0'] : []),
    '-c',
    'copy',
    ...hlsMuxerArgs({
      segmentSeconds: spec.segmentSeconds,
      initFilename: spec.initFilename ?? 'init.mp4',
      folder: spec.outputDir,
    }),
  ];
}
