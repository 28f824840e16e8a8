import { describe, expect, it } from 'vitest';
import { previewClipArgs, previewSegmentStarts } from './preview.ts';

describe('previewSegmentStarts', () => {
  it('spreads the moments over the video, centred on their spots', () => {
    expect(previewSegmentStarts(60, 5, 2)).toEqual([9, 19, 29, 39, 49]);
    expect(previewSegmentStarts(600, 3, 1.5)).toEqual([149.25, 299.25, 449.25]);
  });

  it('shows fewer moments of a short video, and a very short one whole', () => {
    expect(previewSegmentStarts(5, 5, 2)).toEqual([0.667, 2.333]);
    expect(previewSegmentStarts(3, 5, 2)).toEqual([0]);
    expect(previewSegmentStarts(1, 5, 2)).toEqual([0]);
  });
});

describe('previewClipArgs', () => {
  it('cuts each moment by input seek and stitches them muted', () => {
    expect(
      previewClipArgs({
        input: '/v/s.mp4',
        durationSeconds: 60,
        output: '/o/p.mp4',
        segments: 3,
        segmentSeconds: 2,
      }),
    ).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      ...['-ss', '14', '-t', '2', '-i', '/v/s.mp4'],
      ...['-ss', '29', '-t', '2', '-i', '/v/s.mp4'],
      ...['-ss', '44', '-t', '2', '-i', '/v/s.mp4'],
      '-filter_complex',
      '[0:v:0]scale=320:-2,setsar=1,fps=25[p0];[1:v:0]scale=320:-2,setsar=1,fps=25[p1];[2:v:0]scale=320:-2,setsar=1,fps=25[p2];[p0][p1][p2]concat=n=3:v=1:a=0[out]',
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
      '/o/p.mp4',
    ]);
  });

  it('takes a clip shorter than a moment whole', () => {
    const args = previewClipArgs({ input: 'i', durationSeconds: 1, output: 'o', width: 160 });
    expect(args.slice(5, 11)).toEqual(['-ss', '0', '-t', '1', '-i', 'i']);
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      '[0:v:0]scale=160:-2,setsar=1,fps=25[p0];[p0]concat=n=1:v=1:a=0[out]',
    );
  });
});
