// The community listing's sorts, sizes, filters and read paths without zod: the community page is a
// public first load, and importing community-list.ts would bring its schemas, and zod, there.
// community-list.ts re-exports all of it.
import { COMMUNITY_SORTS, MAX_PAGE, PAGE_SIZE } from './catalog.ts';
import { MEMBER_LIFETIME } from './members-values.ts';

// --- Constants (content.md §3, §9) ------------------------------------------------------------------

/**
 * The sorts of the members read call: the community page's five (§3 "Community/model sorts") and the
 * three §3 "Member sorts add". count-subs: most subscribers (as a model's); most-subscribed: follows the
 * most (the member's own subscriptions); latest-updates: newest listed upload; most-popular-videos: the
 * most views over the member's listed uploads (docs/decisions.md).
 */
export const MEMBER_SORTS = [...COMMUNITY_SORTS, 'alphabet', 'most-commented', 'most-subscribed'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];
export const DEFAULT_COMMUNITY_SORT: CommunitySort = 'recent';

/** §9: members 96 a page; the read call's `{count}` goes up to it. */
export const COMMUNITY_PAGE_SIZE = PAGE_SIZE.members;
/** The listing stops at page 20 (§9); past it the read call is 400 invalid_page, the page the 404 page. */
export const COMMUNITY_LIST_MAX_PAGE = MAX_PAGE;

/** The age filter's buckets, in whole years (inclusive; null: no upper bound). */
export const MEMBER_AGE_BUCKETS = {
  1: [18, 25],
  2: [26, 35],
  3: [36, 45],
  4: [46, null],
} as const satisfies Record<number, readonly [number, number | null]>;
export type MemberAgeBucket = keyof typeof MEMBER_AGE_BUCKETS;

/** The member filters of §3 (object_id is the subscriptions' own); absent: any. */
export interface MemberFilters {
  /** ISO 3166 alpha-2, lower case */
  country?: string;
  /** contract/members.ts MEMBER_GENDERS */
  gender?: number;
  age?: MemberAgeBucket;
  /** contract/members.ts RELATIONSHIPS */
  relationship?: number;
  /** true: only members with an avatar */
  avatar?: true;
  /** contract/members.ts ORIENTATIONS */
  orientation?: number;
}
export const MEMBER_FILTER_KEYS = [
  'country',
  'gender',
  'age',
  'relationship',
  'avatar',
  'orientation',
] as const satisfies readonly (keyof MemberFilters)[];

export function membersReadPath(p: {
  sort: MemberSort;
  page: number;
  filters?: MemberFilters;
  count?: number;
  lifetime?: number;
}): string {
  const f = p.filters ?? {};
  const part = (v: string | number | true | undefined) => (v === undefined ? 'all' : v === true ? '1' : v);
  const tail = [p.page, ...MEMBER_FILTER_KEYS.map((k) => part(f[k]))].join('.');
  return `/api/json/members/${p.lifetime ?? MEMBER_LIFETIME.public}/${p.sort}/${p.count ?? COMMUNITY_PAGE_SIZE}/${tail}.json`;
}

/** The feed's largest `{count}` (a videos page: §9 videos 60). */
export const FEED_MAX_COUNT = PAGE_SIZE.videos;
/** The owner's subscriptions page shows this many of the newest videos above the list. */
export const FEED_STRIP_SIZE = 12;

export function subscriptionVideosPath(userId: number, page = 1, count: number = FEED_STRIP_SIZE): string {
  return `/api/json/subscription_videos/0/${count}/${userId}.${page}.json`;
}
