import { describe, expect, it } from 'vitest';
import { hlsArgs, hlsMasterPlaylist, ladderFor, mp4LadderArgs, needsHls } from './ladder.ts';

const HEAD = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
const X264 = [
  '-c:v',
  'libx264',
  '-profile:v',
  'high',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-force_key_frames',
  'expr:gte(t,n_forced*2)',
];

describe('ladderFor', () => {
  it('stops at the source height and keeps the aspect with even sizes', () => {
    expect(ladderFor({ width: 1280, height: 720 }).map((r) => [r.name, r.width, r.height])).toEqual([
      ['240p', 426, 240],
      ['360p', 640, 360],
      ['480p', 854, 480],
      ['720p', 1280, 720],
    ]);
    expect(ladderFor({ width: 1920, height: 1080 }).map((r) => r.name)).toEqual([
      '240p',
      '360p',
      '480p',
      '720p',
      '1080p',
    ]);
    expect(ladderFor({ width: 3840, height: 2160 }).at(-1)).toMatchObject({
      name: '1080p',
      width: 1920,
      height: 1080,
    });
    // 700 px high: no 720p (never upscaled).
    expect(ladderFor({ width: 1244, height: 700 }).map((r) => r.name)).toEqual(['240p', '360p', '480p']);
  });

  it('ladders portrait video by its width, and keeps a tiny source at its own size', () => {
    expect(ladderFor({ width: 720, height: 1280 }).at(-1)).toMatchObject({
      name: '720p',
      width: 720,
      height: 1280,
    });
    expect(ladderFor({ width: 720, height: 1280 })[0]).toMatchObject({
      name: '240p',
      width: 240,
      height: 426,
    });
    expect(ladderFor({ width: 321, height: 181 })).toEqual([
      { name: '180p', width: 320, height: 180, maxrateKbps: 400, audioKbps: 64 },
    ]);
  });

  it('sets rates per rung', () => {
    expect(ladderFor({ width: 1920, height: 1080 }).map((r) => [r.maxrateKbps, r.audioKbps])).toEqual([
      [400, 64],
      [800, 64],
      [1400, 128],
      [2800, 128],
      [5000, 128],
    ]);
  });

  it('refuses an empty size', () => {
    expect(() => ladderFor({ width: 0, height: 720 })).toThrow(RangeError);
  });
});

describe('needsHls', () => {
  it('is for videos longer than 30 minutes', () => {
    expect(needsHls(1800)).toBe(false);
    expect(needsHls(1800.5)).toBe(true);
  });
});

describe('mp4LadderArgs', () => {
  it('encodes every rung in one process from one decode', () => {
    const [r240, r360] = ladderFor({ width: 640, height: 360 });
    expect(
      mp4LadderArgs({
        input: '/in/source.mov',
        rungs: [
          { rung: r240!, output: '/out/240p.mp4' },
          { rung: r360!, output: '/out/360p.mp4' },
        ],
      }),
    ).toEqual([
      ...HEAD,
      '-i',
      '/in/source.mov',
      '-filter_complex',
      '[0:v:0]split=2[s0][s1];[s0]scale=426:240:flags=bicubic,setsar=1[v0];[s1]scale=640:360:flags=bicubic,setsar=1[v1]',
      '-map',
      '[v0]',
      '-map',
      '0:a:0?',
      ...X264,
      '-maxrate',
      '400k',
      '-bufsize',
      '800k',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '/out/240p.mp4',
      '-map',
      '[v1]',
      '-map',
      '0:a:0?',
      ...X264,
      '-maxrate',
      '800k',
      '-bufsize',
      '1600k',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '/out/360p.mp4',
    ]);
  });

  it('needs a rung', () => {
    expect(() => mp4LadderArgs({ input: 'a', rungs: [] })).toThrow(RangeError);
  });
});

describe('hlsArgs', () => {
  const rungs = ladderFor({ width: 854, height: 480 }).slice(1);

  it('writes fMP4 segments and a playlist for every rung in one process, streams named by index', () => {
    expect(hlsArgs({ input: '/in/s.mp4', rungs, hasAudio: true, outputDir: '/out/hls' })).toEqual([
      ...HEAD,
      '-i',
      '/in/s.mp4',
      '-filter_complex',
      '[0:v:0]split=2[s0][s1];[s0]scale=640:360:flags=bicubic,setsar=1[v0];[s1]scale=854:480:flags=bicubic,setsar=1[v1]',
      '-map',
      '[v0]',
      '-map',
      '[v1]',
      '-map',
      '0:a:0',
      '-map',
      '0:a:0',
      ...X264,
      '-maxrate:v:0',
      '800k',
      '-bufsize:v:0',
      '1600k',
      '-maxrate:v:1',
      '1400k',
      '-bufsize:v:1',
      '2800k',
      '-c:a',
      'aac',
      '-ac',
      '2',
      '-b:a:0',
      '64k',
      '-b:a:1',
      '128k',
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
      'init.mp4',
      '-hls_segment_filename',
      '/out/hls/%v/seg_%05d.m4s',
      '-var_stream_map',
      'v:0,a:0 v:1,a:1',
      '/out/hls/%v/index.m3u8',
    ]);
  });

  it('leaves audio out of the map for a silent source', () => {
    const args = hlsArgs({ input: 'i', rungs, hasAudio: false, outputDir: 'o', segmentSeconds: 4 });
    expect(args).not.toContain('0:a:0');
    expect(args).not.toContain('aac');
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0 v:1');
    expect(args[args.indexOf('-hls_time') + 1]).toBe('4');
  });
});

describe('hlsMasterPlaylist', () => {
  const rungs = ladderFor({ width: 1920, height: 1080 }).slice(2);

  it('names every rung folder with its peak rate, size and codecs', () => {
    expect(hlsMasterPlaylist(rungs, true)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=1528000,RESOLUTION=854x480,CODECS="avc1.64001e,mp4a.40.2"',
        '480p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=2928000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
        '720p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=5128000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
        '1080p/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('leaves the audio codec and rate out for a silent source', () => {
    expect(hlsMasterPlaylist(rungs.slice(0, 1), false)).toContain(
      'BANDWIDTH=1400000,RESOLUTION=854x480,CODECS="avc1.64001e"\n480p/index.m3u8',
    );
  });
});
