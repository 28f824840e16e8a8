import { describe, expect, it } from 'vitest';
import { isoDuration, percent, relativeDate, shortNumber, titleFromDir } from './format.ts';

describe('shortNumber', () => {
  it('keeps up to 3 digits as they are', () => {
    expect(shortNumber(0)).toBe('0');
    expect(shortNumber(7)).toBe('7');
    expect(shortNumber(999)).toBe('999');
  });
  it('turns 4 to 6 digits into leading digits plus K', () => {
    expect(shortNumber(1000)).toBe('1K');
    expect(shortNumber(1999)).toBe('1K');
    expect(shortNumber(12_345)).toBe('12K');
    expect(shortNumber(999_999)).toBe('999K');
  });
  it('turns 7 or more digits into leading digits plus M', () => {
    expect(shortNumber(1_000_000)).toBe('1M');
    expect(shortNumber(12_345_678)).toBe('12M');
    expect(shortNumber(1_234_567_890)).toBe('1234M');
  });
  it('answers 0 for values that are not counts', () => {
    expect(shortNumber(Number.NaN)).toBe('0');
    expect(shortNumber(-5)).toBe('0');
  });
});

describe('percent', () => {
  it('divides by 0.05 and rounds', () => {
    expect(percent(0.35)).toBe(7);
    expect(percent(4.5)).toBe(90);
    expect(percent(3.333)).toBe(67);
  });
  it('caps at 100 and floors at 0', () => {
    expect(percent(5)).toBe(100);
    expect(percent(9)).toBe(100);
    expect(percent(0)).toBe(0);
    expect(percent(-1)).toBe(0);
  });
});

describe('relativeDate', () => {
  const now = Date.UTC(2025, 5, 15, 12);
  const daysAgo = (d: number) => now - d * 86_400_000;
  it('says today under one day and for future dates', () => {
    expect(relativeDate(now - 3_600_000, now)).toEqual({ key: 'today', count: 0 });
    expect(relativeDate(now + 86_400_000, now)).toEqual({ key: 'today', count: 0 });
  });
  it('counts days below 30', () => {
    expect(relativeDate(daysAgo(1), now)).toEqual({ key: 'days_ago', count: 1 });
    expect(relativeDate(daysAgo(29), now)).toEqual({ key: 'days_ago', count: 29 });
  });
  it('counts months as days / 30 below 365 days', () => {
    expect(relativeDate(daysAgo(30), now)).toEqual({ key: 'months_ago', count: 1 });
    expect(relativeDate(daysAgo(364), now)).toEqual({ key: 'months_ago', count: 12 });
  });
  it('counts years as days / 365', () => {
    expect(relativeDate(daysAgo(365), now)).toEqual({ key: 'years_ago', count: 1 });
    expect(relativeDate(new Date(daysAgo(800)).toISOString(), now)).toEqual({ key: 'years_ago', count: 2 });
  });
  it('treats an unreadable date as today', () => {
    expect(relativeDate('not a date', now)).toEqual({ key: 'today', count: 0 });
  });
});

describe('isoDuration', () => {
  it('writes schema.org durations', () => {
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(59)).toBe('PT59S');
    expect(isoDuration(125)).toBe('PT2M5S');
    expect(isoDuration(3600)).toBe('PT1H0M0S');
    expect(isoDuration(3725)).toBe('PT1H2M5S');
  });
});

describe('titleFromDir', () => {
  it('capitalises the words of a dir', () => {
    expect(titleFromDir('jane-doe')).toBe('Jane Doe');
    expect(titleFromDir('big_tits')).toBe('Big Tits');
  });
});
