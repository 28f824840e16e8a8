// The read calls' lifetimes, segments' values and URL builders without zod: listings, the home page,
// the history and the video page's playlist strip build these URLs in the browser, and importing
// catalog-api.ts would bring its schemas, and zod, into their first load. catalog-api.ts re-exports it.
import type { DateWindow, DurationClass, Gender, ListingSort } from './catalog.ts';
import { VIDEO_SORTS } from './catalog.ts';

/**
 * Lifetimes (seconds) of content.md §9. Only these are accepted, so that one resource has a bounded
 * number of URLs (and cache entries); 0 means "do not cache" (history, members' own lists).
 */
export const LIFETIMES = [0, 3600, 7200, 14400, 43200, 86400, 432000, 864000, 2592000, 8640000] as const;
export type Lifetime = (typeof LIFETIMES)[number];
export const LIFETIME = {
  videos: 86400,
  videos2: 43200,
  related: 432000,
  stats: 14400,
  member: 7200,
  model: 3600,
  playlist: 86400,
  homePopular: 14400,
  homeLatest: 3600,
  history: 0,
} as const;

/** videos2 sections (docs/decisions.md, "Catalogue (issue 5)"). */
export const VIDEO_SECTIONS = [
  'videos',
  'categories',
  'tags',
  'channel',
  'model',
  'model_category',
  'member',
  'history',
  'playlist',
] as const;
export type VideoSection = (typeof VIDEO_SECTIONS)[number];

/** Search ranks by relevance unless another sort is asked for. */
export const SEARCH_SORTS = ['most-relevant', ...VIDEO_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** `type`: all videos, or HD only (720p and up). */
export const VIDEO_TYPES = ['all', 'hd'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

export const MAX_CATEGORIES = 3;
export const MAX_COUNT = 120;
export const SUGGEST_MIN = 3;
export const SUGGEST_MAX = 69;

/** The cup sizes a model may have (the filter's choices, the console's field). */
export const MODEL_CUP_SIZES = ['A', 'B', 'C', 'D', 'DD', 'E', 'F'] as const;

export const MODEL_RACES = ['asian', 'caucasian', 'ebony', 'latin'] as const;
/** The letters of the models' filter and the tag list (shell.md: "Letter list: 0 then a-z"). */
export const LETTERS = '0abcdefghijklmnopqrstuvwxyz'.split('');
/** The tag list's letters: LETTERS and `all` (content.md §2 /tags/{letter}). */
export const TAG_LETTERS = [...LETTERS, 'all'];
/** The models' hair filter (content.md §3: hair 1-5). */
export const MODEL_HAIRS = ['1', '2', '3', '4', '5'] as const;
/** The models' weight, height and age filters (content.md §3: 1-4 each). */
export const MODEL_RANGES = ['1', '2', '3', '4'] as const;
/**
 * What the range filters' values mean (the bounds are ours; the pornstars page's labels say the same:
 * locales/en.json catalogue.weight_1 … age_4): [from, to] kilograms, centimetres and years.
 */
export const WEIGHT_KG: Readonly<Record<number, readonly [number, number]>> = {
  1: [0, 50],
  2: [50, 60],
  3: [60, 70],
  4: [70, 999],
};
export const HEIGHT_CM: Readonly<Record<number, readonly [number, number]>> = {
  1: [0, 160],
  2: [160, 170],
  3: [170, 180],
  4: [180, 999],
};
export const AGE_YEARS: Readonly<Record<number, readonly [number, number]>> = {
  1: [18, 25],
  2: [26, 35],
  3: [36, 45],
  4: [46, 200],
};

/** Segments of the search call's `params`, the same order as videos2's path (see decisions). */
export function searchParams(p: { sort?: string; count?: number; page?: number; gender?: Gender }): string {
  return `${LIFETIME.videos2}/${p.gender ?? 'str'}/${p.sort ?? 'most-relevant'}/${p.count ?? 60}/search..${p.page ?? 1}.all.all.all`;
}

export function videos2Path(p: {
  lifetime?: number;
  gender: Gender;
  sort: ListingSort;
  count: number;
  section: VideoSection;
  objectId?: string | number;
  page: number;
  type?: VideoType;
  duration?: DurationClass;
  date?: DateWindow;
}): string {
  return `/api/json/videos2/${p.lifetime ?? LIFETIME.videos2}/${p.gender}/${p.sort}/${p.count}/${p.section}.${p.objectId ?? ''}.${p.page}.${p.type ?? 'all'}.${p.duration ?? 'all'}.${p.date ?? 'all'}.json`;
}

/** The bucket segment of /video/ and /playlist/ calls: the id rounded down to thousands. */
export const bucketOf = (id: number) => Math.floor(id / 1000) * 1000;
