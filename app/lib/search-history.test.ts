// The local search history (content.md §2/§3): newest first, a term searched again moves to the top
// once, and keeps its video count.
import { describe, expect, it } from 'vitest';
import { addSearchHistory } from './storage.ts';

describe('addSearchHistory', () => {
  it('adds a new term at the top with its count', () => {
    expect(addSearchHistory([{ title: 'city' }], 'beach', 12)).toEqual([
      { title: 'beach', total_videos: 12 },
      { title: 'city' },
    ]);
  });

  it('moves a term searched again to the top, once, keeping its count unless a new one is known', () => {
    const items = [{ title: 'city' }, { title: 'beach', total_videos: 3 }, { title: 'night' }];
    expect(addSearchHistory(items, 'beach')).toEqual([
      { title: 'beach', total_videos: 3 },
      { title: 'city' },
      { title: 'night' },
    ]);
    expect(addSearchHistory(items, 'beach', 5)[0]).toEqual({ title: 'beach', total_videos: 5 });
  });

  it('keeps 20 and ignores an empty term', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ title: `t${i}` }));
    const next = addSearchHistory(many, 'new');
    expect(next).toHaveLength(20);
    expect(next[0]).toEqual({ title: 'new' });
    expect(addSearchHistory(many, '')).toBe(many);
  });
});
