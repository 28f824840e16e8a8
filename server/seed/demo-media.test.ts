import { describe, expect, it } from 'vitest';
import { spriteLayout } from '../media/stills.ts';
import { loopedSpriteVtt } from '../pipeline/media-steps.ts';
import { DEMO_CLIPS, demoVttKey, drawableClip } from './demo-media.ts';

/** [start, end, sheet, x, y, w, h] of every cue. */
function cues(vtt: string): Array<[number, number, string, number, number, number, number]> {
  const time = (t: string) => {
    const [h, m, s] = t.split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  return [...vtt.matchAll(/(\S+) --> (\S+)\n(\S+)#xywh=(\d+),(\d+),(\d+),(\d+)/g)].map((m) => [
    time(m[1]!),
    time(m[2]!),
    m[3]!,
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
    Number(m[7]),
  ]);
}

describe('loopedSpriteVtt', () => {
  const video = { width: 640, height: 360 };
  const segment = spriteLayout({ ...video, durationSeconds: 8 });

  it('spans the whole duration on its own grid and points into the segment sheet', () => {
    const full = spriteLayout({ ...video, durationSeconds: 3481 });
    expect(full).toMatchObject({ intervalSeconds: 20, count: 175 });
    const list = cues(loopedSpriteVtt(segment, full, 8, 3481, (n) => `sprites/${n}.jpg`));
    expect(list).toHaveLength(full.count);
    list.forEach(([start], i) => {
      expect(start).toBe(i * 20);
    });
    expect(list.at(-1)![1]).toBe(3481);
    // The middle of the cue, in the 8 s segment, picks one of its four 2 s tiles: 10 s → 2 s → tile 1.
    expect(list[0]).toEqual([0, 20, 'sprites/0.jpg', 160, 0, 160, 90]);
    // 30 s → 6 s → tile 3.
    expect(list[1]!.slice(2)).toEqual(['sprites/0.jpg', 480, 0, 160, 90]);
    for (const [, , sheet, x, y, w, h] of list) {
      expect(sheet).toBe('sprites/0.jpg');
      expect(x + w).toBeLessThanOrEqual(segment.count * segment.tileWidth);
      expect(y + h).toBeLessThanOrEqual(segment.tileHeight);
    }
  });

  it('never points past the last tile of a segment that is not a whole number of intervals', () => {
    const odd = spriteLayout({ ...video, durationSeconds: 7 });
    const full = spriteLayout({ ...video, durationSeconds: 700 });
    for (const [, , , x] of cues(loopedSpriteVtt(odd, full, 7, 700, (n) => `s/${n}.jpg`)))
      expect(x).toBeLessThan(odd.count * odd.tileWidth);
  });
});

describe('demoVttKey', () => {
  it('names the index as the player reads it, next to the clip sprites', () => {
    expect(
      demoVttKey({ mediaKey: 'demo/clip-03', timeline: { count: 80, intervalSeconds: 2, vtt: '' } }, 42),
    ).toBe('demo/clip-03/42.80.2.vtt');
  });
});

describe('drawableClip', () => {
  const spectrum = DEMO_CLIPS.find((c) => c.source === 'colorspectrum')!;
  const gradients = DEMO_CLIPS.find((c) => c.source === 'gradients')!;

  it('keeps a source the ffmpeg in use has, and an unknown filter list', () => {
    expect(drawableClip(spectrum, new Set(['colorspectrum', 'pal75bars']))).toBe(spectrum);
    expect(drawableClip(spectrum, new Set())).toBe(spectrum);
  });

  it('draws the fallback, without the missing source options, when the filter is absent (ffmpeg 4.1)', () => {
    const filters = new Set(['pal75bars', 'color', 'testsrc2']);
    expect(drawableClip(spectrum, filters)).toMatchObject({ source: 'pal75bars', movingTitle: true });
    const drawn = drawableClip(gradients, filters);
    expect(drawn).toMatchObject({ source: 'color', sourceOptions: { c: '0x3d5a80' }, movingTitle: true });
    expect(drawn.title).toBe(gradients.title);
    expect(drawn).not.toHaveProperty('fallback');
  });

  it('has a fallback for every source the packaged ffmpeg lacks', () => {
    for (const clip of DEMO_CLIPS.filter((c) => c.source === 'colorspectrum' || c.source === 'gradients')) {
      expect(clip.fallback?.source).toMatch(/^(pal75bars|color)$/);
    }
  });
});
