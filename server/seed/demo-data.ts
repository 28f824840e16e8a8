// Deterministic generators of the demo catalogue's names and profiles. All randomness comes from a
// seeded PRNG, so the same seed and the same `now` give the same catalogue.
import type { Role } from '../../contract/accounts.ts';
import type { Gender } from '../../contract/catalog.ts';
import {
  ABOUT_ME_LINES,
  CHANNEL_TITLES,
  COUNTRIES_BY_RACE,
  CUP_SIZES,
  EDUCATION,
  ETHNICITY_BY_RACE,
  EYE_COLOURS,
  FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MEMBER_COUNTRIES,
  SOURCE_WORDS,
  TITLE_OPENERS,
  TITLE_SCENES,
} from './demo-words.ts';

export const DAY_MS = 86_400_000;

export interface Rng {
  /** [0, 1) */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** k distinct items, in random order. */
  sample<T>(items: readonly T[], k: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** Index drawn with probability proportional to its weight. */
  weighted(weights: readonly number[]): number;
}

/** mulberry32: tiny, fast and good enough for demo data. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    shuffle,
    sample: (items, k) => shuffle(items).slice(0, Math.max(0, Math.min(k, items.length))),
    weighted: (weights) => {
      const total = weights.reduce((a, b) => a + b, 0);
      let r = next() * total;
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i]!;
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
  };
}

/** Lowercase, url-safe: letters, digits and single hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A slug not in `taken` (adds -2, -3... when needed); records it. */
export function uniqueSlug(text: string, taken: Set<string>): string {
  const base = slugify(text) || 'item';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** 'YYYY-MM-DD' in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A moment uniformly between two dates. */
export function between(rng: Rng, from: Date, to: Date): Date {
  const a = from.getTime();
  const b = Math.max(a, to.getTime());
  return new Date(a + Math.floor(rng.next() * (b - a)));
}

/** A birth date that makes someone exactly `age` years old on `now` (UTC). */
export function birthDateForAge(rng: Rng, now: Date, age: number): string {
  // Born 1 to 360 days before this date, they turned `age` within the past year and are not yet age + 1.
  const turned = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  return isoDay(new Date(turned - rng.int(1, 360) * DAY_MS));
}

/** Whole years between a 'YYYY-MM-DD' birth date and `now` (UTC). */
export function ageOn(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

const ZODIAC: ReadonlyArray<[number, number, string]> = [
  [1, 20, 'capricorn'],
  [2, 19, 'aquarius'],
  [3, 21, 'pisces'],
  [4, 20, 'aries'],
  [5, 21, 'taurus'],
  [6, 21, 'gemini'],
  [7, 23, 'cancer'],
  [8, 23, 'leo'],
  [9, 23, 'virgo'],
  [10, 23, 'libra'],
  [11, 22, 'scorpio'],
  [12, 22, 'sagittarius'],
];

/** Western zodiac sign of a 'YYYY-MM-DD' date. */
export function zodiacOf(date: string): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  const [, start, sign] = ZODIAC[m - 1]!;
  if (d < start) return sign;
  return ZODIAC[m % 12]![2];
}

/** Long-tailed: most values small, a few large (log-uniform with a bias to the low end). */
export function longTail(rng: Rng, min: number, max: number, skew = 1.6): number {
  const lo = Math.log(min);
  const hi = Math.log(max);
  return Math.round(Math.exp(lo + (hi - lo) * rng.next() ** skew));
}

export interface PersonName {
  first: string;
  last: string;
}

/** Distinct invented first/last name pairs, first names from `firstNames`. */
export function personNames(
  rng: Rng,
  count: number,
  firstNames: readonly string[] = [...FIRST_NAMES, ...MALE_FIRST_NAMES],
): PersonName[] {
  const pairs = firstNames.flatMap((first) => LAST_NAMES.map((last) => ({ first, last })));
  return rng.sample(pairs, count);
}

export type Race = 'asian' | 'caucasian' | 'ebony' | 'latin';
const RACES: readonly Race[] = ['asian', 'caucasian', 'ebony', 'latin'];

export interface ModelProfile {
  dir: string;
  title: string;
  alias: string;
  gender: Gender;
  description: string;
  birth_date: string;
  country: string;
  ethnicity: string;
  race: Race;
  career_status: 0 | 1;
  career_start: number;
  career_end: number | null;
  debut_age: number;
  zodiac: string;
  hair: number;
  eye: string;
  tattoo: boolean;
  piercing: boolean;
  size_tits: string | null;
  measurements: string;
  height: number;
  weight: number;
  added_date: Date;
}

/** A fictional performer profile, aged 21 to 45 on `now`, every profile field filled. */
export function modelProfile(
  rng: Rng,
  name: PersonName,
  gender: Gender,
  now: Date,
  taken: Set<string>,
): ModelProfile {
  const age = rng.int(21, 45);
  const birth_date = birthDateForAge(rng, now, age);
  const birthYear = Number(birth_date.slice(0, 4));
  const debut_age = rng.int(21, Math.min(age, 32));
  const career_start = Math.min(now.getUTCFullYear(), birthYear + debut_age);
  const career_status: 0 | 1 = rng.chance(0.75) ? 1 : 0;
  const career_end = career_status === 0 ? rng.int(career_start, now.getUTCFullYear()) : null;
  const race = rng.pick(RACES);
  const male = gender === 'gay';
  const height = male ? rng.int(170, 195) : rng.int(152, 182);
  // A healthy body-mass index: 19 to 24 (women), 21 to 27 (men).
  const bmi = male ? 21 + 6 * rng.next() : 19 + 5 * rng.next();
  const weight = Math.round((height / 100) ** 2 * bmi);
  const chest = male ? rng.int(94, 112) : rng.int(80, 100);
  const waist = male ? rng.int(74, 90) : rng.int(58, 72);
  const hips = male ? rng.int(90, 104) : rng.int(84, 100);
  const title = `${name.first} ${name.last}`;
  const alias = rng.pick([
    `${name.first} ${name.last[0]}.`,
    `${name.first}${rng.int(2, 99)}`,
    `Miss ${name.last}`,
  ]);
  return {
    dir: uniqueSlug(title, taken),
    title,
    alias: male && alias.startsWith('Miss ') ? `Mr ${name.last}` : alias,
    gender,
    description: `${name.first} is a fictional performer profile of the demo catalogue, active in studio test sessions since ${career_start}.`,
    birth_date,
    country: rng.pick(COUNTRIES_BY_RACE[race]),
    ethnicity: ETHNICITY_BY_RACE[race],
    race,
    career_status,
    career_start,
    career_end,
    debut_age,
    zodiac: zodiacOf(birth_date),
    hair: rng.int(1, 5),
    eye: rng.pick(EYE_COLOURS),
    tattoo: rng.chance(0.4),
    piercing: rng.chance(0.45),
    size_tits: male ? null : rng.pick(CUP_SIZES),
    measurements: `${chest}-${waist}-${hips}`,
    height,
    weight,
    added_date: new Date(now.getTime() - rng.int(20, 760) * DAY_MS),
  };
}

export interface MemberProfile {
  username: string;
  email: string;
  role: Role;
  gender: number;
  birth_date: string;
  country: string;
  relationship: number;
  orientation: number;
  education: string;
  website: string | null;
  about_me: string;
  age_verified: boolean;
  created_at: Date;
  last_login_at: Date;
  profile_viewed: number;
}

const MALE = new Set<string>(MALE_FIRST_NAMES);
const USERNAME_SUFFIXES = [
  'fan',
  'viewer',
  'watch',
  'clips',
  'reels',
  'tv',
  'cinema',
  'frames',
  'loops',
  'bars',
];

/** Members: index 0 is the administrator, 1 and 2 moderators; the last few joined this month. */
export function memberProfiles(rng: Rng, count: number, now: Date): MemberProfile[] {
  const taken = new Set<string>();
  const names = personNames(rng, count);
  return names.map((name, i) => {
    let username: string;
    if (i === 0) username = 'demo_admin';
    else if (i <= 2) username = `mod_${name.first.toLowerCase()}`;
    else
      do {
        username = `${name.first.toLowerCase()}_${rng.pick(USERNAME_SUFFIXES)}${rng.chance(0.6) ? rng.int(1, 99) : ''}`;
      } while (taken.has(username));
    taken.add(username);
    const recent = i >= count - 4;
    const created_at = recent
      ? new Date(now.getTime() - rng.int(1, 25) * DAY_MS - rng.int(0, 86_000) * 1000)
      : new Date(now.getTime() - rng.int(740, 1100) * DAY_MS);
    return {
      username,
      email: `${username}@example.com`,
      role: i === 0 ? 'administrator' : i <= 2 ? 'moderator' : 'member',
      // 1 male, 2 female, 3 couple, 4 transsexual
      gender: rng.chance(0.12) ? 3 : MALE.has(name.first) ? 1 : rng.chance(0.1) ? 4 : 2,
      birth_date: birthDateForAge(rng, now, rng.int(21, 60)),
      country: rng.pick(MEMBER_COUNTRIES),
      relationship: rng.int(1, 3),
      orientation: rng.int(1, 5),
      education: rng.pick(EDUCATION),
      website: rng.chance(0.25) ? `https://example.com/~${username}` : null,
      about_me: rng.pick(ABOUT_ME_LINES),
      age_verified: rng.chance(0.3),
      created_at,
      last_login_at: between(rng, new Date(Math.max(created_at.getTime(), now.getTime() - 30 * DAY_MS)), now),
      profile_viewed: longTail(rng, 5, 20_000),
    };
  });
}

export interface ChannelProfile {
  dir: string;
  title: string;
  url: string;
  description: string;
  added_date: Date;
}

export function channelProfiles(rng: Rng, now: Date): ChannelProfile[] {
  const taken = new Set<string>();
  return CHANNEL_TITLES.map((title) => {
    const dir = uniqueSlug(title, taken);
    return {
      dir,
      title,
      url: `https://example.com/channels/${dir}/`,
      description: `${title} is a fictional channel of the demo catalogue publishing synthetic test-pattern clips.`,
      added_date: new Date(now.getTime() - rng.int(500, 800) * DAY_MS),
    };
  });
}

/** "Evening Drive Test Pattern 12": opener, scene, what the source shows, sometimes a number. */
export function videoTitle(rng: Rng, source: string, taken: Set<string>): string {
  const words = SOURCE_WORDS[source] ?? ['Test Pattern'];
  for (;;) {
    const base = `${rng.pick(TITLE_OPENERS)} ${rng.pick(TITLE_SCENES)} ${rng.pick(words)}`;
    const title = rng.chance(0.55) ? `${base} ${rng.int(2, 99)}` : base;
    const key = title.toLowerCase();
    if (!taken.has(key)) {
      taken.add(key);
      return title;
    }
  }
}
