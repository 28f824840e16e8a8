import { describe, expect, it, vi } from 'vitest';
import type { VideoSource } from '../../../contract/videofile.ts';
import { spriteLayout, spriteVtt } from '../../../server/media/stills.ts';
import { cameFromHome, createViewTimer, viewForm } from '../../lib/view-beacon.ts';
import { clockTime, cueAt, parseThumbnailVtt, pickSource, SeekBurst, wantsHls } from './timeline.ts';

const source = (height: number): VideoSource => ({
  format: `${height}p`,
  video_url: `/media/v/${height}p.mp4`,
  mime: 'video/mp4',
  width: Math.round((height * 16) / 9),
  height,
  size: 1,
});

describe('the thumbnail index', () => {
  it('reads what the pipeline writes, sheets resolved against the index URL', () => {
    const layout = spriteLayout({ durationSeconds: 250, width: 1280, height: 720 });
    const text = spriteVtt(layout, 250, (n) => `sprite_${String(n).padStart(3, '0')}.jpg`);
    const cues = parseThumbnailVtt(text, 'http://site.test/media/videos/7/timelines/7.125.2.vtt');
    expect(cues).toHaveLength(125);
    expect(cues[0]).toEqual({
      start: 0,
      end: 2,
      url: 'http://site.test/media/videos/7/timelines/sprite_000.jpg',
      x: 0,
      y: 0,
      w: 160,
      h: 90,
    });
    // Cue 101 is the second sheet's second tile.
    expect(cues[101]).toMatchObject({
      start: 202,
      url: expect.stringMatching(/sprite_001\.jpg$/),
      x: 160,
      y: 0,
    });
    expect(cueAt(cues, 203.9)?.start).toBe(202);
    expect(cueAt(cues, 9999)?.start).toBe(248);
    expect(cueAt(cues, -1)?.start).toBe(0);
  });

  it('skips malformed cues and takes mm:ss stamps and CRLF', () => {
    const text =
      'WEBVTT\r\n\r\n00:01.000 --> 00:03.500\r\na.jpg#xywh=1,2,3,4\r\n\r\nbad --> worse\r\nb.jpg#xywh=0,0,1,1\r\n\r\n00:04.000 --> 00:05.000\r\nc.jpg\r\n\r\n1\n00:00:05.000 --> 00:00:06.000 align:start\nhttps://cdn.test/d.jpg#xywh=5,6,7,8\n';
    const cues = parseThumbnailVtt(text, 'http://site.test/x/i.vtt');
    expect(cues).toEqual([
      { start: 1, end: 3.5, url: 'http://site.test/x/a.jpg', x: 1, y: 2, w: 3, h: 4 },
      { start: 5, end: 6, url: 'https://cdn.test/d.jpg', x: 5, y: 6, w: 7, h: 8 },
    ]);
    expect(cueAt([], 3)).toBeNull();
  });
});

describe('the rendition to start with', () => {
  const ladder = [source(1080), source(720), source(480), source(240)];
  it('takes the next rung up from the need, capped at 720p', () => {
    expect(pickSource(ladder, 300)?.format).toBe('480p');
    expect(pickSource(ladder, 500)?.format).toBe('720p');
    expect(pickSource(ladder, 2000)?.format).toBe('720p');
    expect(pickSource(ladder, 2000, 1080)?.format).toBe('1080p');
  });
  it('falls back to the lowest when everything is above the cap, and to nothing without sources', () => {
    expect(pickSource([source(1080)], 360)?.format).toBe('1080p');
    expect(pickSource([], 360)).toBeNull();
  });
  it('uses HLS only above 1800 s with a master playlist', () => {
    expect(wantsHls(1800, '/m.m3u8')).toBe(false);
    expect(wantsHls(1801, '/m.m3u8')).toBe(true);
    expect(wantsHls(4000, null)).toBe(false);
  });
});

describe('±10 s bursts (1.5 s debounce)', () => {
  it('adds up taps closer than 1.5 s from where the burst started', () => {
    const burst = new SeekBurst();
    expect(burst.tap(1, 30, 600, 0)).toEqual({ target: 40, offset: 10 });
    // The video has not reached 40 yet: the burst still counts from 30.
    expect(burst.tap(1, 31, 600, 1000)).toEqual({ target: 50, offset: 20 });
    expect(burst.tap(1, 33, 600, 2400)).toEqual({ target: 60, offset: 30 });
    // The other way: a new burst from the current time.
    expect(burst.tap(-1, 58, 600, 2500)).toEqual({ target: 48, offset: -10 });
    expect(burst.tap(-1, 50, 600, 2600)).toEqual({ target: 38, offset: -20 });
    // More than 1.5 s later: a new burst from the current time.
    expect(burst.tap(-1, 45, 600, 4200)).toEqual({ target: 35, offset: -10 });
  });
  it('stops at both ends', () => {
    const burst = new SeekBurst();
    expect(burst.tap(-1, 4, 60, 0).target).toBe(0);
    expect(burst.tap(-1, 0, 60, 100).target).toBe(0);
    expect(burst.tap(1, 0, 60, 200).target).toBe(10);
    const end = new SeekBurst();
    expect(end.tap(1, 55, 60, 0).target).toBe(60);
    expect(end.tap(-1, 60, 60, 100).target).toBe(50);
  });
  it('starts over after a reset', () => {
    const burst = new SeekBurst();
    burst.tap(1, 10, 100, 0);
    burst.reset();
    expect(burst.tap(1, 70, 100, 100)).toEqual({ target: 80, offset: 10 });
  });
});

describe('labels and the view call', () => {
  it('formats clock times', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(75.9)).toBe('1:15');
    expect(clockTime(3725)).toBe('1:02:05');
    expect(clockTime(Number.NaN)).toBe('0:00');
  });
  it('builds the form and knows the home referrers', () => {
    expect(viewForm(12, false).toString()).toBe('act=view&section=video&object_id=12');
    expect(viewForm(12, true).get('home')).toBe('1');
    expect(cameFromHome('http://site.test/', 'http://site.test')).toBe(true);
    expect(cameFromHome('http://site.test/de/', 'http://site.test')).toBe(true);
    expect(cameFromHome('http://site.test/videos/', 'http://site.test')).toBe(false);
    expect(cameFromHome('http://other.test/', 'http://site.test')).toBe(false);
    expect(cameFromHome('', 'http://site.test')).toBe(false);
  });
  it('sends once after the delay of playback, pauses not counted', () => {
    // A fake clock: the timer's setTimeout and its performance.now() readings move only when told.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      let sent = 0;
      const timer = createViewTimer(() => sent++, 60);
      timer.playing(true);
      vi.advanceTimersByTime(40);
      timer.playing(false);
      vi.advanceTimersByTime(60);
      expect(sent).toBe(0);
      timer.playing(true);
      vi.advanceTimersByTime(19);
      expect(sent).toBe(0);
      vi.advanceTimersByTime(1);
      expect(sent).toBe(1);
      timer.playing(false);
      timer.playing(true);
      vi.advanceTimersByTime(80);
      expect(sent).toBe(1);
      expect(timer.sent).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
