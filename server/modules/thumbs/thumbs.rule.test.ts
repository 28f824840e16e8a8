// The thumbnail trial's rule (thumbs.rule.ts): when it waits, drops a still, settles; its Monte Carlo is
// deterministic; candidates spread over the thumbnails.
import { describe, expect, it } from 'vitest';
import {
  bestMean,
  candidatesOf,
  decide,
  MAX_DAYS,
  MAX_IMPRESSIONS,
  MIN_IMPRESSIONS,
  probabilityBest,
  seededRandom,
  seedOf,
} from './thumbs.rule.ts';

const count = (still: number, impressions: number, clicks: number) => ({ still, impressions, clicks });

describe('the thumbnail trial rule', () => {
  it('picks the poster and three thumbnails spread over the video', () => {
    expect(candidatesOf([1, 2, 3, 4, 5, 6])).toEqual([0, 2, 4, 6]);
    expect(candidatesOf([3, 1])).toEqual([0, 1, 3]);
    expect(candidatesOf([])).toEqual([0]);
    expect(candidatesOf([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([0, 3, 6, 9]);
  });

  it('waits until every live still has its minimum of impressions', () => {
    const counts = [count(0, MIN_IMPRESSIONS - 1, 0), count(2, 5000, 500)];
    expect(decide({ videoId: 1, live: [0, 2], counts, ageDays: 1 })).toEqual({ kind: 'wait' });
  });

  it('settles on a still that is best with probability ≥ 0.95', () => {
    const counts = [count(0, 2000, 60), count(2, 2000, 130), count(4, 2000, 70)];
    expect(decide({ videoId: 1, live: [0, 2, 4], counts, ageDays: 1 })).toEqual({
      kind: 'settle',
      still: 2,
      reason: 'confident',
    });
  });

  it('drops a clear loser while the others are still in doubt', () => {
    const counts = [count(0, 1500, 15), count(2, 1500, 90), count(4, 1500, 88)];
    expect(decide({ videoId: 1, live: [0, 2, 4], counts, ageDays: 1 })).toEqual({
      kind: 'drop',
      live: [2, 4],
    });
  });

  it('settles on the best mean at the impressions cap or the time cap, the poster winning a tie', () => {
    const even = [count(0, MAX_IMPRESSIONS / 2, 100), count(2, MAX_IMPRESSIONS / 2, 100)];
    expect(decide({ videoId: 1, live: [0, 2], counts: even, ageDays: 1 })).toEqual({
      kind: 'settle',
      still: 0,
      reason: 'cap',
    });
    const few = [count(0, 10, 0), count(2, 10, 1)];
    expect(decide({ videoId: 1, live: [0, 2], counts: few, ageDays: MAX_DAYS })).toEqual({
      kind: 'settle',
      still: 2,
      reason: 'time',
    });
    expect(bestMean([count(4, 0, 0), count(0, 0, 0)])).toBe(0);
  });

  it('estimates probabilities that add up to 1, the same for the same counts', () => {
    const counts = [count(0, 800, 30), count(2, 800, 40), count(4, 800, 45)];
    const p = probabilityBest(counts, seededRandom(seedOf(9, counts)));
    expect([...p.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(p.get(4)!).toBeGreaterThan(p.get(0)!);
    expect(probabilityBest(counts, seededRandom(seedOf(9, counts)))).toEqual(p);
  });
});
