// Members (issue 14; content.md §2, §3, §6, §8, §9): a member's public profile, the sections of their
// page, the value meanings of the profile fields, and the read calls /api/json/member/… and
// /api/json/subscriptions/…. One source for the server (validation, answers), the pages and the tests.
import { z } from 'zod';
import type { Gender } from './catalog.ts';
import { jsonTail, type PlaylistListItem } from './catalog-api.ts';
import {
  MEMBER_GENDERS,
  MEMBER_LIFETIME,
  MEMBER_MAX_PAGE,
  ORIENTATIONS,
  RELATIONSHIPS,
  SUBSCRIPTIONS_MAX_COUNT,
} from './members-values.ts';

// Constants, sections, value meanings and codes are zod-free in members-values.ts (the pages import
// that); re-exported here for the server and the tests.
export * from './members-values.ts';

// --- Answers ----------------------------------------------------------------------------------------

/** A count in an answer: a whole number, 0 or more. */
export const count = z.number().int().min(0);
/** A coded field (1..n) with its meanings in the document (members' and the community's answers). */
export const code = (meanings: Record<number, string>) =>
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
