// The member pages' constants, sections, value meanings and codes without zod: the member pages (and
// the community and messages pages) are public first loads, and importing members.ts would bring its
// schemas, and zod, there. members.ts re-exports all of it.

// --- Constants (content.md §9) ----------------------------------------------------------------------

/**
 * Lifetimes of the member read calls: 7200 (§9 "member") is the public answer, the same for everyone
 * and cached; 0 is the asker's own view (the owner's private counts and birth date, whether the asker
 * follows the member), never stored.
 */
export const MEMBER_LIFETIME = { public: 7200, own: 0 } as const;
/** Member sections list 20 a page (§9 "model/channel/playlist pages 20", the member page's lists). */
export const MEMBER_PAGE_SIZE = 20;
/** The profile page's preview of the latest uploads. */
export const MEMBER_OVERVIEW_VIDEOS = 8;
/** Pages of a member's subscriptions the read call serves (the pages themselves stop at 20). */
export const MEMBER_MAX_PAGE = 1000;
/** The largest `{count}` of the subscriptions read call (the acts' service caps its pages there too). */
export const SUBSCRIPTIONS_MAX_COUNT = 100;

/**
 * The sections of /members/{id}/ (content.md §2), in the order of the page's tabs. `private`: the
 * owner's alone (watch later, history: others are told 'You do not have permission to view.');
 * `paged`: the route has a {page}.
 */
export const MEMBER_SECTIONS = [
  'info',
  'uploaded_videos',
  'favourite_videos',
  'playlists',
  'subscriptions',
  'watch_later_videos',
  'history',
  'friends',
  'wall',
  'edit',
] as const;
export type MemberSection = (typeof MEMBER_SECTIONS)[number];
export const PRIVATE_SECTIONS = ['watch_later_videos', 'history'] as const satisfies readonly MemberSection[];
export const UNPAGED_SECTIONS = ['info', 'edit'] as const satisfies readonly MemberSection[];

export const isPrivateSection = (section: MemberSection) =>
  (PRIVATE_SECTIONS as readonly MemberSection[]).includes(section);

/** The page of a member section, or the profile itself. */
export function memberPath(userId: number, section?: MemberSection, page = 1): string {
  if (!section) return `/members/${userId}/`;
  if ((UNPAGED_SECTIONS as readonly MemberSection[]).includes(section))
    return `/members/${userId}/${section}/`;
  return `/members/${userId}/${section}/${page}/`;
}

/** The member read call (/api/json/member/…): the public answer, or the asker's own view. */
export function memberReadPath(userId: number, own = false): string {
  return `/api/json/member/${own ? MEMBER_LIFETIME.own : MEMBER_LIFETIME.public}/${userId}.json`;
}

/** The subscriptions read call (/api/json/subscriptions/…). */
export function subscriptionsReadPath(
  userId: number,
  page: number,
  count: number = MEMBER_PAGE_SIZE,
  lifetime: number = MEMBER_LIFETIME.public,
): string {
  return `/api/json/subscriptions/${lifetime}/${count}/${userId}.${page}.json`;
}

// --- Value meanings (content.md §3) -----------------------------------------------------------------

/** users.gender: 1 male, 2 female, 3 couple, 4 transsexual (migration 0001). */
export const MEMBER_GENDERS = { 1: 'male', 2: 'female', 3: 'couple', 4: 'transsexual' } as const;
/** §3 catalogue value meanings: relationship 1 single, 2 married, 3 open. */
export const RELATIONSHIPS = { 1: 'single', 2: 'married', 3: 'open' } as const;
/** §3: orientation 1 not sure, 2 hetero, 3 gay, 4 lesbian, 5 bisexual. */
export const ORIENTATIONS = { 1: 'not_sure', 2: 'hetero', 3: 'gay', 4: 'lesbian', 5: 'bisexual' } as const;

// --- Codes (content.md §8) --------------------------------------------------------------------------

export const MEMBER_CODES = {
  /** 404: no such member (or not an active account). The page is 'Content not found!'. */
  memberNotFound: 'member_not_found',
  /** 404: a page above the last of a list (page 1 of an empty list is not: it is empty). */
  pageNotFound: 'not_found',
  /** 403: watch later or history of someone else ('You do not have permission to view.'). */
  forbidden: 'forbidden',
  /** 401: a guest asking for a section private to its owner. */
  loginRequired: 'login_required',
} as const;
