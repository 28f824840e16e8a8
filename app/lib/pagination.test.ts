import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './pagination.ts';

describe('pageCount', () => {
  it('rounds up and caps at 20 pages', () => {
    expect(pageCount(0, 60)).toBe(1);
    expect(pageCount(61, 60)).toBe(2);
    expect(pageCount(100_000, 60)).toBe(20);
  });
});

describe('pageWindow', () => {
  it('centres a window of 5 links', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
  it('shrinks when there are fewer pages', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});
