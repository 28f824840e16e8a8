// The community listing (issue 14; content.md §2, §3, §7, §9): /community/{sort}/{page}/, its read call
// /api/json/members/…, and the subscriptions feed (the newest videos of what a member follows). One
// source for the server (validation, answers), the page and the tests. Value meanings of the profile
// fields are contract/members.ts's.
import { z } from 'zod';
import { countryCodeSchema, jsonTail } from './catalog-api.ts';
import { videoCardSchema } from './catalog-responses.ts';
import {
  COMMUNITY_LIST_MAX_PAGE,
  COMMUNITY_PAGE_SIZE,
  FEED_MAX_COUNT,
  MEMBER_SORTS,
  type MemberAgeBucket,
} from './community-list-values.ts';
import {
  code as coded,
  count,
  MEMBER_GENDERS,
  MEMBER_LIFETIME,
  MEMBER_MAX_PAGE,
  ORIENTATIONS,
  RELATIONSHIPS,
} from './members.ts';

// Sorts, sizes, filters and the read paths are zod-free in community-list-values.ts (the community
// page imports that); re-exported here for the server and the tests.
export * from './community-list-values.ts';

// --- Answers ----------------------------------------------------------------------------------------

/** A member in the community listing. */
export const memberCardSchema = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    avatar: z.string().nullable().describe('/media/ URL, or null'),
    country: z.string().nullable().describe('ISO 3166 alpha-2, lower case'),
    gender: coded(MEMBER_GENDERS),
    age: z.number().int().min(0).nullable().describe('Years, from the birth date'),
    added_date: z.string().describe('Registration, ISO 8601'),
    last_upload: z.string().nullable().describe('The newest listed upload, ISO 8601'),
    statistics: z.object({
      videos: count.describe('Listed uploads'),
      viewed: count.describe('Views of the listed uploads'),
      subscribers: count,
      subscriptions: count.describe('What the member follows'),
      comments: count,
    }),
  })
  .meta({ id: 'MemberCard' });
export type MemberCard = z.infer<typeof memberCardSchema>;

export const membersResponseSchema = z
  .object({ members: z.array(memberCardSchema), total_count: count })
  .meta({ id: 'Members' });
export type MembersResponse = z.infer<typeof membersResponseSchema>;

/** The subscriptions feed: the newest listed videos of the models, channels and members followed. */
export const subscriptionVideosResponseSchema = z
  .object({ videos: z.array(videoCardSchema), total_count: count })
  .meta({ id: 'SubscriptionVideos' });
export type SubscriptionVideosResponse = z.infer<typeof subscriptionVideosResponseSchema>;

// --- The read calls (content.md §7) -----------------------------------------------------------------

const INT = /^(0|[1-9]\d{0,14})$/;
const boundedInt = (c: string, min: number, max: number) =>
  z
    .string()
    .regex(INT, c)
    .transform(Number)
    .refine((n) => n >= min && n <= max, c);
/** `all`, or a value: a bad one is answered `invalid_{field}` (server/http/error-handler.ts). */
const anyOr = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.union([z.literal('all'), schema]).transform((v) => (v === 'all' ? undefined : (v as z.output<T>)));
const codeOf = (meanings: Record<number, string>) =>
  anyOr(boundedInt('Invalid value', 1, Object.keys(meanings).length));

/** Dotted tail: {page}.{country}.{gender}.{age}.{relationship}.{avatar}.{orientation}; `all`: any. */
export const memberTailSchema = z.object({
  page: boundedInt('invalid_page', 1, COMMUNITY_LIST_MAX_PAGE),
  country: anyOr(countryCodeSchema),
  gender: codeOf(MEMBER_GENDERS),
  age: anyOr(z.enum(['1', '2', '3', '4']).transform((v) => Number(v) as MemberAgeBucket)),
  relationship: codeOf(RELATIONSHIPS),
  avatar: anyOr(z.literal('1').transform(() => true as const)),
  orientation: codeOf(ORIENTATIONS),
});

/** `{lifetime}`: 7200 (the public answer, cached by URL) or 0 (no-store). */
const lifetime = z
  .enum([String(MEMBER_LIFETIME.public), String(MEMBER_LIFETIME.own)], { error: 'invalid_lifetime' })
  .transform(Number)
  .describe('7200: cached by URL; 0: never stored');

/**
 * GET /api/json/members/{lifetime}/{sort}/{count}/{page}.{country}.{gender}.{age}.{relationship}.{avatar}.{orientation}.json
 * → Members. Active accounts only (unconfirmed and banned ones are never listed).
 */
export const membersParams = z.object({
  lifetime,
  sort: z.enum(MEMBER_SORTS, { error: 'invalid_sort' }),
  count: boundedInt('invalid_count', 1, COMMUNITY_PAGE_SIZE).describe(`1 to ${COMMUNITY_PAGE_SIZE}`),
  file: jsonTail(
    ['page', 'country', 'gender', 'age', 'relationship', 'avatar', 'orientation'],
    memberTailSchema,
  ),
});

/**
 * GET /api/json/subscription_videos/0/{count}/{user_id}.{page}.json → SubscriptionVideos: the owner's
 * alone (a guest 401 login_required, anyone else 403 forbidden), so lifetime 0 only, never stored.
 */
export const subscriptionVideosParams = z.object({
  lifetime: z
    .enum([String(MEMBER_LIFETIME.own)], { error: 'invalid_lifetime' })
    .transform(Number)
    .describe("0 only: the owner's own feed, no-store"),
  count: boundedInt('invalid_count', 1, FEED_MAX_COUNT).describe(`1 to ${FEED_MAX_COUNT}`),
  file: jsonTail(
    ['user_id', 'page'],
    z.object({
      user_id: z
        .string()
        .regex(/^[1-9]\d{0,14}$/, 'invalid_user_id')
        .transform(Number),
      page: boundedInt('invalid_page', 1, MEMBER_MAX_PAGE),
    }),
  ),
});
