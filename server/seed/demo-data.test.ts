import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthDateForAge,
  createRng,
  memberProfiles,
  modelProfile,
  personNames,
  slugify,
  uniqueSlug,
  videoTitle,
  zodiacOf,
} from './demo-data.ts';
import * as words from './demo-words.ts';

describe('createRng', () => {
  it('is reproducible from its seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws integers in range, distinct samples and weighted picks', () => {
    const rng = createRng(7);
    const ints = Array.from({ length: 2000 }, () => rng.int(3, 8));
    expect(Math.min(...ints)).toBe(3);
    expect(Math.max(...ints)).toBe(8);
    const sample = rng.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
    expect(rng.sample([1, 2], 5)).toHaveLength(2);
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[rng.weighted([1, 0, 3])]!++;
    expect(counts[1]).toBe(0);
    expect(counts[2]!).toBeGreaterThan(counts[0]! * 2);
  });
});

describe('slugs', () => {
  it('makes lowercase url-safe slugs', () => {
    expect(slugify('  Evening Drive: Test Pattern #12 ')).toBe('evening-drive-test-pattern-12');
    expect(slugify('Q And A')).toBe('q-and-a');
  });

  it('keeps slugs unique', () => {
    const taken = new Set<string>();
    expect(uniqueSlug('Studio Bars', taken)).toBe('studio-bars');
    expect(uniqueSlug('Studio  Bars!', taken)).toBe('studio-bars-2');
    expect(uniqueSlug('studio bars', taken)).toBe('studio-bars-3');
  });
});

describe('dates', () => {
  it('gives exactly the requested age, on any day of the year', () => {
    const rng = createRng(1);
    for (const now of [
      new Date('2024-02-29T12:00:00Z'),
      new Date('2025-01-01T00:00:00Z'),
      new Date('2025-12-31T23:59:59Z'),
    ]) {
      for (let age = 21; age <= 45; age++) {
        for (let i = 0; i < 20; i++) expect(ageOn(birthDateForAge(rng, now, age), now)).toBe(age);
      }
    }
  });

  it('knows the zodiac', () => {
    expect(zodiacOf('1990-01-19')).toBe('capricorn');
    expect(zodiacOf('1990-01-20')).toBe('aquarius');
    expect(zodiacOf('1990-03-21')).toBe('aries');
    expect(zodiacOf('1990-07-22')).toBe('cancer');
    expect(zodiacOf('1990-12-21')).toBe('sagittarius');
    expect(zodiacOf('1990-12-22')).toBe('capricorn');
  });
});

describe('profiles', () => {
  const now = new Date('2025-06-15T10:00:00Z');

  it('fills every profile field of a model, aged 21 to 45', () => {
    const rng = createRng(3);
    const taken = new Set<string>();
    for (const [i, name] of personNames(rng, 40).entries()) {
      const m = modelProfile(rng, name, i % 3 === 0 ? 'gay' : 'str', now, taken);
      const age = ageOn(m.birth_date, now);
      expect(age).toBeGreaterThanOrEqual(21);
      expect(age).toBeLessThanOrEqual(45);
      expect(m.debut_age).toBeGreaterThanOrEqual(21);
      expect(m.debut_age).toBeLessThanOrEqual(age);
      expect(m.career_start).toBeLessThanOrEqual(now.getUTCFullYear());
      if (m.career_status === 0) expect(m.career_end).toBeGreaterThanOrEqual(m.career_start);
      else expect(m.career_end).toBeNull();
      expect(['asian', 'caucasian', 'ebony', 'latin']).toContain(m.race);
      expect(m.hair).toBeGreaterThanOrEqual(1);
      expect(m.hair).toBeLessThanOrEqual(5);
      expect(m.measurements).toMatch(/^\d+-\d+-\d+$/);
      for (const field of ['alias', 'country', 'ethnicity', 'zodiac', 'eye', 'description'] as const) {
        expect(m[field]).toBeTruthy();
      }
      expect(m.height).toBeGreaterThan(150);
      expect(m.weight).toBeGreaterThan(40);
    }
    expect(taken.size).toBe(40);
  });

  it('makes one administrator, two moderators and adult members with unique names', () => {
    const members = memberProfiles(createRng(5), 50, now);
    expect(members.map((m) => m.role).filter((r) => r === 'administrator')).toHaveLength(1);
    expect(members.map((m) => m.role).filter((r) => r === 'moderator')).toHaveLength(2);
    expect(new Set(members.map((m) => m.username.toLowerCase())).size).toBe(50);
    for (const m of members) {
      expect(m.email).toBe(`${m.username}@example.com`);
      expect(ageOn(m.birth_date, now)).toBeGreaterThanOrEqual(21);
      expect(m.created_at.getTime()).toBeLessThan(now.getTime());
    }
  });

  it('titles videos after their test source, without repeats', () => {
    const rng = createRng(9);
    const taken = new Set<string>();
    const titles = Array.from({ length: 300 }, () => videoTitle(rng, 'smptebars', taken));
    expect(new Set(titles).size).toBe(300);
    expect(titles.every((t) => /Colour Bars|Studio Bars/.test(t))).toBe(true);
  });
});

describe('vocabulary', () => {
  it('has 30 categories and 100 tags, all distinct', () => {
    expect(new Set(words.CATEGORY_TITLES.map((t) => t.toLowerCase())).size).toBe(30);
    expect(new Set(words.TAG_TITLES.map((t) => t.toLowerCase())).size).toBe(100);
    expect(new Set(words.CHANNEL_TITLES).size).toBe(15);
    for (const title of Object.keys(words.CATEGORY_GENDERS)) expect(words.CATEGORY_TITLES).toContain(title);
  });

  it('stays neutral: nothing suggesting minors, animals or violence', () => {
    const banned =
      /\b(teen|young|youth|kid|child|girl|boy|school|student|underage|little|petite|baby|daddy|mommy|step|animal|dog|horse|rape|force|blood|violence|abuse|drunk|sleep)/i;
    const all = Object.values(words).flatMap((v) =>
      Array.isArray(v) ? v : typeof v === 'object' ? Object.entries(v).flat(2) : [],
    );
    const offending = all.filter((w) => typeof w === 'string' && banned.test(w));
    expect(offending).toEqual([]);
  });
});
