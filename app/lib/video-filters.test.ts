import { describe, expect, it } from 'vitest';
import { parseFilters, withQuery } from './video-filters.ts';

describe('parseFilters', () => {
  it('takes date only for dated sorts', () => {
    expect(parseFilters(new URLSearchParams('date=week'), 'top-rated')).toEqual({ date: 'week' });
    expect(parseFilters(new URLSearchParams('date=week'), 'latest-updates')).toEqual({});
    expect(parseFilters(new URLSearchParams('date=all'), 'most-popular')).toEqual({});
  });
  it('takes duration classes 1 to 3 and ignores the rest', () => {
    expect(parseFilters(new URLSearchParams('duration=2'), 'longest')).toEqual({ duration: 2 });
    expect(parseFilters(new URLSearchParams('duration=9'), 'longest')).toEqual({});
  });
});

describe('withQuery', () => {
  it('sets and removes parameters', () => {
    expect(withQuery('/videos/top-rated/1/', '?date=day&x=1', { date: null, duration: '3' })).toBe(
      '/videos/top-rated/1/?x=1&duration=3',
    );
    expect(withQuery('/a/', '')).toBe('/a/');
  });
});
