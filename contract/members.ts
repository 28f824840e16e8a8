// Members (issue 14; content.md §2, §3, §6, §8, §9): a member's public profile, the sections of their
// page, the value meanings of the profile fields, and the read calls /api/json/member/… and
// /api/json/subscriptions/…. One source for the server (validation, answers), the pages and the tests.
import { z } from 'zod';
import type { Gender } from './catalog.ts';
import { jsonTail, type PlaylistListItem } from './catalog-api.ts';

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

export const MEMBER_MESSAGES = {
  forbidden: 'You do not have permission to view.',
  historyEmpty: 'Your viewing history is empty.',
  listEmpty: 'There is no data in this list.',
} as const;

// --- Answers ----------------------------------------------------------------------------------------

const count = z.number().int().min(0);
/** A coded field (1..n) with its meanings in the document. */
const code = (meanings: Record<number, string>) =>
  z
    .number()
    .int()
    .min(1)
    .max(Object.keys(meanings).length)
    .nullable()
    .describe(
      Object.entries(meanings)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    );

/** What a member's page shows about them (§3 member info fields, the Info object's about_me). */
export const memberProfileSchema = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    avatar: z.string().nullable().describe('/media/ URL, or null'),
    cover: z.string().nullable().describe('/media/ URL of the cover image, or null'),
    gender: code(MEMBER_GENDERS),
    age: z.number().int().min(0).nullable().describe('Years, from the birth date'),
    birth_date: z
      .string()
      .nullable()
      .describe("YYYY-MM-DD: in the owner's own answer only (others see the age)"),
    country: z.string().nullable().describe('ISO 3166 alpha-2, lower case'),
    relationship: code(RELATIONSHIPS),
    orientation: code(ORIENTATIONS),
    education: z.string().nullable(),
    website: z.string().nullable(),
    about_me: z.string().nullable().describe('Plain text: render as text'),
    added_date: z.string().describe('Registration, ISO 8601'),
    statistics: z.object({
      videos: count.describe('Uploads anyone can watch (the owner: every upload not deleted)'),
      favourites: count,
      playlists: count.describe('Public playlists (the owner: all of theirs)'),
      subscribers: count,
      subscriptions: count,
      friends: count.describe('Accepted friends (contract/community.ts)'),
      friend_requests: count
        .optional()
        .describe("Friend requests waiting for the member's answer: in the member's own answer only"),
    }),
  })
  .meta({ id: 'MemberProfile' });
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** The asker's relation to the member: only in the lifetime-0 answer (null in the public one). */
export const memberViewerSchema = z
  .object({ own: z.boolean(), subscribed: z.boolean() })
  .nullable()
  .meta({ id: 'MemberViewer' });
export type MemberViewer = z.infer<typeof memberViewerSchema>;

export const memberResponseSchema = z
  .object({ member: memberProfileSchema, viewer: memberViewerSchema })
  .meta({ id: 'Member' });
export type MemberResponse = z.infer<typeof memberResponseSchema>;

/** A playlist on its owner's page; the owner's own also carry what the edit form needs. */
export interface MemberPlaylist extends PlaylistListItem {
  orientation?: Gender;
  categories?: { id: number; dir: string; title: string }[];
}

// --- The read calls (content.md §7, §9) -------------------------------------------------------------

const INT = /^(0|[1-9]\d{0,14})$/;
const boundedInt = (c: string, min: number, max: number) =>
  z
    .string()
    .regex(INT, c)
    .transform(Number)
    .refine((n) => n >= min && n <= max, c);
const userId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'invalid_user_id')
  .transform(Number);

/** `{lifetime}`: 7200 (public, cached) or 0 (the asker's own view, no-store). */
export const memberLifetimeSchema = z
  .enum([String(MEMBER_LIFETIME.own), String(MEMBER_LIFETIME.public)], { error: 'invalid_lifetime' })
  .transform((value) => (value === '0' ? MEMBER_LIFETIME.own : MEMBER_LIFETIME.public))
  .describe("7200: the public answer, cached; 0: the asker's own view, no-store");

/** GET /api/json/member/{lifetime}/{user_id}.json → MemberResponse. */
export const memberParams = z.object({
  lifetime: memberLifetimeSchema,
  file: jsonTail(['user_id'], z.object({ user_id: userId })),
});

/** GET /api/json/subscriptions/{lifetime}/{count}/{user_id}.{page}.json → contract/acts.ts Subscriptions. */
export const subscriptionsParams = z.object({
  lifetime: memberLifetimeSchema,
  count: boundedInt('invalid_count', 1, SUBSCRIPTIONS_MAX_COUNT).describe(`1 to ${SUBSCRIPTIONS_MAX_COUNT}`),
  file: jsonTail(
    ['user_id', 'page'],
    z.object({ user_id: userId, page: boundedInt('invalid_page', 1, MEMBER_MAX_PAGE) }),
  ),
});

/**
 * GET /api/json/member_playlists/{lifetime}/{count}/{user_id}.{page}.json → contract/catalog-api.ts
 * Playlists: 7200 the public ones, cached; 0 the asker's own view (a member asking for their own gets
 * their private ones too: the AddTo modal's picker), no-store.
 */
export const memberPlaylistsParams = subscriptionsParams;

export function memberReadPath(userId: number, own = false): string {
  return `/api/json/member/${own ? MEMBER_LIFETIME.own : MEMBER_LIFETIME.public}/${userId}.json`;
}

export function subscriptionsReadPath(
  userId: number,
  page: number,
  count: number = MEMBER_PAGE_SIZE,
  lifetime: number = MEMBER_LIFETIME.public,
): string {
  return `/api/json/subscriptions/${lifetime}/${count}/${userId}.${page}.json`;
}
