import { describe, expect, it } from 'vitest';
import { ProgressParser, progressPercent } from './progress.ts';

describe('progressPercent', () => {
  it('clamps to 0–100 and needs a duration', () => {
    expect(progressPercent(5, 20)).toBe(25);
    expect(progressPercent(1, 3)).toBe(33.3);
    expect(progressPercent(25, 20)).toBe(100);
    expect(progressPercent(5, 0)).toBeNull();
    expect(progressPercent(5, undefined)).toBeNull();
  });
});

describe('ProgressParser', () => {
  it('answers one update per block, across chunk boundaries', () => {
    const parser = new ProgressParser(10);
    expect(
      parser.push('frame=10\nout_time_us=N/A\nspeed=N/A\nprogress=continue\nframe=20\nout_time_us=25'),
    ).toEqual([{ outTimeSeconds: 0, percent: 0, speed: null, done: false }]);
    expect(parser.push('00000\nout_time_ms=2500000\nspeed=1.52x\nprogress=cont')).toEqual([]);
    expect(parser.push('inue\nout_time_us=9960000\nspeed=2x\nprogress=end\n')).toEqual([
      { outTimeSeconds: 2.5, percent: 25, speed: 1.52, done: false },
      { outTimeSeconds: 9.96, percent: 100, speed: 2, done: true },
    ]);
  });

  it('leaves percent null without a duration', () => {
    expect(new ProgressParser().push('out_time_us=1000000\nprogress=end\n')).toEqual([
      { outTimeSeconds: 1, percent: null, speed: null, done: true },
    ]);
  });
});
