import { describe, expect, it } from 'vitest';
import {
  drawtextSafe,
  loopClipArgs,
  loopCount,
  parseProbe,
  probeArgs,
  stillFramesArgs,
  testClipArgs,
} from './ffmpeg.ts';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

describe('testClipArgs', () => {
  it('builds a titled test-pattern clip with a sine tone', () => {
    expect(
      testClipArgs({
        source: 'testsrc2',
        width: 854,
        height: 480,
        fps: 20,
        seconds: 12,
        title: 'Evening Drive Test Pattern',
        toneHz: 440,
        fontFile: FONT,
        output: '/m/clip-01/segment.part.mp4',
      }),
    ).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=854x480:rate=20',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=32000',
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      '-vf',
      `drawtext=fontfile=${FONT}:text='Evening Drive Test Pattern':fontsize=32:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=16:x=(w-text_w)/2:y=h*0.12,` +
        `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontsize=24:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=8:x=w-text_w-24:y=h-text_h-24`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '31',
      '-maxrate',
      '400k',
      '-bufsize',
      '800k',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '40',
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      '-ac',
      '1',
      '-t',
      '12',
      '-movflags',
      '+faststart',
      '/m/clip-01/segment.part.mp4',
    ]);
  });

  it('passes source options in order, scrolls the title and honours encoder settings', () => {
    const args = testClipArgs({
      source: 'color',
      sourceOptions: { c: '0x1d3557' },
      width: 640,
      height: 360,
      fps: 15,
      seconds: 8,
      title: "Studio: Session, 'Colour' Bars 100%",
      movingTitle: true,
      toneHz: 330,
      fontFile: FONT,
      output: 'out.mp4',
      crf: 30,
      preset: 'ultrafast',
      maxrateKbps: 250,
      audioKbps: 24,
    });
    expect(args.slice(5, 9)).toEqual(['-f', 'lavfi', '-i', 'color=size=640x360:rate=15:c=0x1d3557']);
    expect(args[12]).toBe('sine=frequency=330:sample_rate=32000');
    expect(args[18]).toBe(
      `drawtext=fontfile=${FONT}:text='Studio Session Colour Bars 100':fontsize=24:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=12:x=(w-text_w)/2*(1+sin((t-1)*PI/4)):y=h*0.12,` +
        `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontsize=18:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=6:x=w-text_w-18:y=h-text_h-18`,
    );
    expect(args.slice(19)).toEqual([
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '30',
      '-maxrate',
      '250k',
      '-bufsize',
      '500k',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '30',
      '-c:a',
      'aac',
      '-b:a',
      '24k',
      '-ac',
      '1',
      '-t',
      '8',
      '-movflags',
      '+faststart',
      'out.mp4',
    ]);
  });

  it('leaves the tone and the audio track out of a silent clip', () => {
    expect(
      testClipArgs({
        source: 'testsrc',
        width: 320,
        height: 180,
        fps: 2,
        seconds: 8,
        title: 'Long Form',
        toneHz: null,
        fontFile: FONT,
        output: 'silent.mp4',
      }),
    ).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=2',
      '-map',
      '0:v:0',
      '-vf',
      `drawtext=fontfile=${FONT}:text='Long Form':fontsize=12:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=6:x=(w-text_w)/2:y=h*0.12,` +
        `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontsize=9:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=3:x=w-text_w-9:y=h-text_h-9`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '31',
      '-maxrate',
      '400k',
      '-bufsize',
      '800k',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '4',
      '-an',
      '-t',
      '8',
      '-movflags',
      '+faststart',
      'silent.mp4',
    ]);
  });
});

describe('drawtextSafe', () => {
  it('drops characters the filtergraph or drawtext would interpret', () => {
    expect(drawtextSafe("a:b,c;d'e\\f%g[h]i{j}")).toBe('a b c d e f g h i j');
    expect(drawtextSafe('  Dance & Move (Take 2) - Part 1!  ')).toBe('Dance & Move (Take 2) - Part 1!');
  });
});

describe('loopClipArgs', () => {
  it('repeats a segment with stream copy up to the duration', () => {
    expect(
      loopClipArgs({ input: 'segment.mp4', segmentSeconds: 12, seconds: 3480, output: '480p.part.mp4' }),
    ).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-stream_loop',
      '289',
      '-i',
      'segment.mp4',
      '-map',
      '0',
      '-c',
      'copy',
      '-t',
      '3480',
      '-movflags',
      '+faststart',
      '480p.part.mp4',
    ]);
  });

  it('counts the extra passes', () => {
    expect(loopCount(12, 12)).toBe(0);
    expect(loopCount(12, 13)).toBe(1);
    expect(loopCount(12, 30)).toBe(2);
    expect(loopCount(12, 5)).toBe(0);
    expect(() => loopCount(0, 5)).toThrow(RangeError);
  });
});

describe('stillFramesArgs', () => {
  it('takes several stills in one process, one seeking input per frame', () => {
    expect(
      stillFramesArgs({
        input: 'clip.mp4',
        width: 640,
        frames: [
          { atSeconds: 1, output: 'poster.part.jpg' },
          { atSeconds: 4.5, output: 'thumb-1.part.jpg' },
        ],
      }),
    ).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-ss',
      '1',
      '-i',
      'clip.mp4',
      '-ss',
      '4.5',
      '-i',
      'clip.mp4',
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      'scale=640:-2',
      '-q:v',
      '4',
      'poster.part.jpg',
      '-map',
      '1:v:0',
      '-frames:v',
      '1',
      '-vf',
      'scale=640:-2',
      '-q:v',
      '4',
      'thumb-1.part.jpg',
    ]);
  });

  it('refuses an empty frame list', () => {
    expect(() => stillFramesArgs({ input: 'a.mp4', width: 320, frames: [] })).toThrow(RangeError);
  });
});

describe('probe', () => {
  it('asks ffprobe for JSON', () => {
    expect(probeArgs('a.mp4')).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'format=duration:stream=codec_type,width,height,duration',
      'a.mp4',
    ]);
  });

  it('parses duration and size', () => {
    const out = JSON.stringify({
      streams: [
        { codec_type: 'video', width: 854, height: 480, duration: '12.000000' },
        { codec_type: 'audio' },
      ],
      format: { duration: '12.010000' },
    });
    expect(parseProbe(out)).toEqual({
      duration: 12.01,
      width: 854,
      height: 480,
      hasVideo: true,
      hasAudio: true,
    });
    expect(
      parseProbe(JSON.stringify({ streams: [{ codec_type: 'audio' }], format: { duration: '3.5' } })),
    ).toEqual({ duration: 3.5, width: null, height: null, hasVideo: false, hasAudio: true });
    expect(() => parseProbe('{}')).toThrow('no duration');
  });
});
