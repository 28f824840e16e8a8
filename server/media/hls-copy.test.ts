import { describe, expect, it } from 'vitest';
import { hlsCopyArgs } from './hls-copy.ts';
import { hlsArgs, ladderFor } from './ladder.ts';

const HEAD = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

describe('hlsCopyArgs', () => {
  it('cuts one rendition into fMP4 segments with stream copy, its init file named as asked', () => {
    expect(
      hlsCopyArgs({
        input: '/w/full/360p.mp4',
        hasAudio: true,
        outputDir: '/w/hls/360p',
        initFilename: 'init_1.mp4',
      }),
    ).toEqual([
      ...HEAD,
      '-i',
      '/w/full/360p.mp4',
      '-map',
      '0:v:0',
      '-map',
      '0:a:0',
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      '6',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_flags',
      'independent_segments',
      '-hls_fmp4_init_filename',
      'init_1.mp4',
      '-hls_segment_filename',
      '/w/hls/360p/seg_%05d.m4s',
      '/w/hls/360p/index.m3u8',
    ]);
  });

  it('maps no audio for a silent video, names the init file init.mp4 by default, takes another length', () => {
    expect(
      hlsCopyArgs({ input: '/w/180p.mp4', hasAudio: false, outputDir: '/w/hls/180p', segmentSeconds: 4 }),
    ).toEqual([
      ...HEAD,
      '-i',
      '/w/180p.mp4',
      '-map',
      '0:v:0',
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      '4',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_flags',
      'independent_segments',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      '/w/hls/180p/seg_%05d.m4s',
      '/w/hls/180p/index.m3u8',
    ]);
  });

  it("muxes as the pipeline's HLS encode does: same options, same file names", () => {
    const rungs = ladderFor({ width: 854, height: 480 });
    const encode = hlsArgs({ input: '/w/source.mp4', rungs, hasAudio: true, outputDir: '/w/hls' });
    const copy = hlsCopyArgs({ input: '/w/480p.mp4', hasAudio: true, outputDir: '/w/hls/480p' });
    const value = (args: string[], option: string) => args[args.indexOf(option) + 1];
    for (const option of [
      '-f',
      '-hls_time',
      '-hls_playlist_type',
      '-hls_segment_type',
      '-hls_flags',
      '-hls_fmp4_init_filename',
    ])
      expect(value(copy, option), option).toBe(value(encode, option));
    const base = (file: string | undefined) => file?.split('/').at(-1);
    expect(base(value(copy, '-hls_segment_filename'))).toBe(base(value(encode, '-hls_segment_filename')));
    expect(base(copy.at(-1))).toBe(base(encode.at(-1)));
  });
});
