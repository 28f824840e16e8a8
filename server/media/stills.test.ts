import { describe, expect, it } from 'vitest';
import {
  posterAndThumbsArgs,
  posterTimestamp,
  spreadTimestamps,
  spriteLayout,
  spriteSheetsArgs,
  spriteVtt,
  spriteVttName,
} from './stills.ts';

const HEAD = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

describe('timestamps', () => {
  it('spreads thumbnails inside the video', () => {
    expect(spreadTimestamps(100, 4)).toEqual([20, 40, 60, 80]);
    expect(spreadTimestamps(10, 3)).toEqual([2.5, 5, 7.5]);
    expect(spreadTimestamps(1, 2)).toEqual([0.333, 0.667]);
    expect(() => spreadTimestamps(0, 3)).toThrow(RangeError);
    expect(() => spreadTimestamps(10, 0)).toThrow(RangeError);
  });

  it('takes the poster at 10%, at most 60 s in', () => {
    expect(posterTimestamp(30)).toBe(3);
    expect(posterTimestamp(3600)).toBe(60);
  });
});

describe('posterAndThumbsArgs', () => {
  it('seeks each frame in one process', () => {
    expect(
      posterAndThumbsArgs({
        input: '/v/source.mp4',
        durationSeconds: 30,
        width: 640,
        posterOutput: '/o/poster.jpg',
        thumbOutputs: ['/o/t1.jpg', '/o/t2.jpg'],
      }),
    ).toEqual([
      ...HEAD,
      '-ss',
      '3',
      '-i',
      '/v/source.mp4',
      '-ss',
      '10',
      '-i',
      '/v/source.mp4',
      '-ss',
      '20',
      '-i',
      '/v/source.mp4',
      ...['-map', '0:v:0', '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '3', '/o/poster.jpg'],
      ...['-map', '1:v:0', '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '3', '/o/t1.jpg'],
      ...['-map', '2:v:0', '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '3', '/o/t2.jpg'],
    ]);
  });
});

describe('sprites', () => {
  it('picks the shortest interval that keeps at most 200 frames', () => {
    expect(spriteLayout({ durationSeconds: 250, width: 1280, height: 720 })).toEqual({
      intervalSeconds: 2,
      count: 125,
      columns: 10,
      rows: 10,
      tileWidth: 160,
      tileHeight: 90,
      sheets: 2,
    });
    expect(spriteLayout({ durationSeconds: 600, width: 640, height: 480 })).toMatchObject({
      intervalSeconds: 5,
      count: 120,
      tileHeight: 120,
      sheets: 2,
    });
    expect(spriteLayout({ durationSeconds: 2.5, width: 320, height: 180 })).toMatchObject({
      intervalSeconds: 2,
      count: 2,
      sheets: 1,
    });
    expect(spriteLayout({ durationSeconds: 7200, width: 1920, height: 1080 })).toMatchObject({
      intervalSeconds: 60,
      count: 120,
    });
  });

  it('builds the sheets from keyframes only, with the tile filter', () => {
    const layout = spriteLayout({ durationSeconds: 600, width: 640, height: 360 }, { columns: 5, rows: 4 });
    expect(spriteSheetsArgs({ input: '/v/240p.mp4', layout, outputPattern: '/o/sprite_%03d.jpg' })).toEqual([
      ...HEAD,
      '-skip_frame',
      'nokey',
      '-i',
      '/v/240p.mp4',
      '-map',
      '0:v:0',
      '-vf',
      'fps=1/5:eof_action=pass,scale=160:90,tile=5x4',
      '-frames:v',
      '6',
      '-start_number',
      '0',
      '-q:v',
      '5',
      '/o/sprite_%03d.jpg',
    ]);
  });

  it('names the index as the player asks for it', () => {
    expect(spriteVttName(42, { count: 120, intervalSeconds: 5 })).toBe('42.120.5.vtt');
  });

  it('writes one cue per frame with #xywh fragments into the right sheet', () => {
    const layout = spriteLayout(
      { durationSeconds: 23, width: 320, height: 180 },
      { columns: 2, rows: 2, tileWidth: 100 },
    );
    expect(layout).toMatchObject({ intervalSeconds: 2, count: 12, tileHeight: 56, sheets: 3 });
    const vtt = spriteVtt(layout, 23, (n) => `sprite_${n}.jpg`);
    const cues = vtt.split('\n\n');
    expect(cues[0]).toBe('WEBVTT');
    expect(cues.slice(1, 6)).toEqual([
      '00:00:00.000 --> 00:00:02.000\nsprite_0.jpg#xywh=0,0,100,56',
      '00:00:02.000 --> 00:00:04.000\nsprite_0.jpg#xywh=100,0,100,56',
      '00:00:04.000 --> 00:00:06.000\nsprite_0.jpg#xywh=0,56,100,56',
      '00:00:06.000 --> 00:00:08.000\nsprite_0.jpg#xywh=100,56,100,56',
      '00:00:08.000 --> 00:00:10.000\nsprite_1.jpg#xywh=0,0,100,56',
    ]);
    expect(cues.at(-1)).toBe('00:00:22.000 --> 00:00:23.000\nsprite_2.jpg#xywh=100,56,100,56\n');
    expect(cues).toHaveLength(13);
  });

  it('formats hours in cue times', () => {
    const layout = spriteLayout({ durationSeconds: 3725, width: 160, height: 90 });
    const vtt = spriteVtt(layout, 3725, () => 's.jpg');
    expect(layout).toMatchObject({ intervalSeconds: 20, count: 187, sheets: 2 });
    expect(vtt).toContain('01:01:00.000 --> 01:01:20.000\ns.jpg#xywh=');
    expect(vtt.endsWith('01:02:00.000 --> 01:02:05.000\ns.jpg#xywh=960,720,160,90\n')).toBe(true);
  });
});
