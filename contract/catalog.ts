import type { z } from 'zod';
import type { videoCardSchema, videoDetailSchema, videoStatisticsSchema } from './catalog-responses.ts';
// The catalogue's vocabulary from spec/content.md §3 and §9, shared by server, browser and tests.

export const GENDERS = ['str', 'gay', 'shemale'] as const;
export type Gender = (typeof GENDERS)[number];
export const DEFAULT_GENDER: Gender = 'str';

/** The site's languages (shell.md §9), in the spec's order. */
export const LANGUAGES = [
  'cn',
  'cz',
  'de',
  'dk',
  'en',
  'es',
  'fi',
  'fr',
  'hu',
  'it',
  'ja',
  'kr',
  'nl',
  'no',
  'pl',
  'pt',
  'ru',
  'se',
  'th',
  'tr',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const VIDEO_SORTS = [
  'latest-updates',
  'longest',
  'most-commented',
  'most-popular',
  'most-viewed',
  'top-rated',
] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];
export const DEFAULT_VIDEO_SORT: VideoSort = 'latest-updates';
/**
 * The /videos/ listing's sorts (and videos2's, section `videos` only): the spec's six and `trending`, the
 * trending.refresh job's order (issue 32; docs/decisions.md "Trending listing and home block").
 */
// Written out rather than spread from VIDEO_SORTS: a literal is side-effect free, so the bundler keeps
// the browser's chunks that read this file independent of the one that holds it (first-load budget).
export const LISTING_SORTS = [
  'latest-updates',
  'longest',
  'most-commented',
  'most-popular',
  'most-viewed',
  'top-rated',
  'trending',
] as const satisfies readonly (VideoSort | 'trending')[];
export type ListingSort = (typeof LISTING_SORTS)[number];

export const DATE_WINDOWS = ['all', 'day', 'week', 'month'] as const;
export type DateWindow = (typeof DATE_WINDOWS)[number];

/** 1: under 10 min, 2: 10 to 40 min, 3: over 40 min. */
export const DURATION_CLASSES = [1, 2, 3] as const;
export type DurationClass = (typeof DURATION_CLASSES)[number];

export const MODEL_SORTS = [
  'most-popular',
  'latest-updates',
  'recent',
  'count-videos',
  'count-subs',
  'most-popular-videos',
  'alphabetaz',
  'alphabetza',
] as const;
/** Category listing sorts (content.md §3). */
export const CATEGORY_SORTS = [
  'alphabetaz',
  'count-videos',
  'latest-updates',
  'most-popular',
  'most-viewed',
  'recent',
  'top-rated',
] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
export type ModelSort = (typeof MODEL_SORTS)[number];
export const PLAYLIST_SORTS = ['latest-updates', 'most-popular', 'most-viewed', 'top-rated'] as const;
export type PlaylistSort = (typeof PLAYLIST_SORTS)[number];
export const COMMUNITY_SORTS = [
  'recent',
  'count-subs',
  'count-videos',
  'latest-updates',
  'most-popular-videos',
] as const;

export const PAGE_SIZE = {
  videos: 60,
  members: 96,
  models: 48,
  objectVideos: 20,
  related: 20,
  home: 60,
} as const;

/** Pagination stops at 20 pages; past that the routes answer 404. */
export const MAX_PAGE = 20;

/** The video sorts with a date filter (content.md §3: date is shown only with top-rated or most-popular). */
export const DATED_SORTS: readonly VideoSort[] = ['top-rated', 'most-popular'];
export const isDatedSort = (sort: string) => (DATED_SORTS as readonly string[]).includes(sort);

/** Seconds of each duration class (content.md §3): [from, below); null is no upper bound. */
export const DURATION_SECONDS: Readonly<Record<DurationClass, readonly [number, number | null]>> = {
  1: [0, 600],
  2: [600, 2400],
  3: [2400, null],
};

/** The search page's content tabs (content.md §3), videos first (the page without `tab`). */
export const SEARCH_TABS = ['videos', 'playlists', 'pornstars', 'members', 'pornsites'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
/** The tabs that find objects by name (the videos tab is the full-text search). */
export const OBJECT_SEARCH_KINDS = [
  'playlists',
  'pornstars',
  'members',
  'pornsites',
] as const satisfies Exclude<SearchTab, 'videos'>[];
export type ObjectSearchKind = (typeof OBJECT_SEARCH_KINDS)[number];

/**
 * videos.status, the video's `status_id` (content.md §3): 1 active (listed once public), 2 processing,
 * 3 waiting for moderation, 4 rejected, 5 unavailable (the player is not set up; a DMCA takedown).
 */
export const VIDEO_STATUS = { active: 1, processing: 2, waiting: 3, rejected: 4, unavailable: 5 } as const;
export type VideoStatus = (typeof VIDEO_STATUS)[keyof typeof VIDEO_STATUS];
export const VIDEO_STATUSES = [1, 2, 3, 4, 5] as const satisfies readonly VideoStatus[];

export type VideoStatistics = z.infer<typeof videoStatisticsSchema>;

export type VideoCard = z.infer<typeof videoCardSchema>;

export interface NamedLink {
  id: number;
  dir: string;
  title: string;
}

export interface VideoFileLink {
  format: string;
  url: string;
  mime: string;
  height: number | null;
}

export type VideoDetail = z.infer<typeof videoDetailSchema>;

export interface VideoChannelExtras {
  url: string | null;
  /** a partner channel (content.md §2, migration 0044): no channel block, a 'Watch' button in the player */
  partner: boolean;
  /** the channel's image URL */
  scr1?: string | null;
  /** the channel's video count */
  videos?: number;
  /** the channel's listed videos added in the last 24 hours */
  vda?: number;
}

export interface VideoModelExtras {
  /** the model's image URL */
  img?: string | null;
  /** the model's video count */
  videos?: number;
}

export interface VideoListResult {
  videos: VideoCard[];
  total_count: number;
}

export interface CategoryItem {
  id: number;
  dir: string;
  title: string;
  total_videos: number;
  scr: string | null;
}

export interface ModelCard {
  id: number;
  dir: string;
  title: string;
  img: string | null;
  total_videos: number;
}

export interface VideoListQuery {
  gender: Gender;
  sort: ListingSort;
  page: number;
  perPage: number;
  date?: DateWindow;
  duration?: DurationClass;
  /** all of these category dirs must match (up to 3) */
  categoryDirs?: string[];
  /** one channel's videos (the videos listing's `csg` channel filter, content.md §2) */
  channelId?: number;
}
