// Friends and the wall (issue 14; content.md §2, §6, §7): the acts `friend` and `wall` of
// POST /api/input.php, the read calls /api/json/friends/… and /api/json/wall/…, their answers, codes and
// limits. One source for the server (validation, rules), the member pages and the tests.
//
// Every field arrives as a string (or missing); a schema's messages are the codes of the answer
// (`required`, `min_length`, `max_length`, `invalid_object_id`, `invalid_section`), as in contract/acts.ts.
import { z } from 'zod';
import { actOkSchema, formId, plainTextLines } from './acts.ts';
import { jsonTail } from './catalog-api.ts';
import {
  COMMUNITY_MAX_COUNT,
  COMMUNITY_MAX_PAGE,
  FRIEND_MESSAGE_MAX,
  FRIEND_STATES,
  FRIENDS_LIFETIME,
  WALL_LIFETIME,
  WALL_POST_LENGTH,
  WALL_REFUSALS,
} from './community-values.ts';

// Constants, states, codes and the read paths are zod-free in community-values.ts (the member pages
// import that); re-exported here for the server and the tests.
export * from './community-values.ts';

// --- Acts (content.md §7 style) ---------------------------------------------------------------------

const memberId = formId('invalid_object_id').describe('The other member (user_id)');
const optionalText = (max: number, code: string) =>
  z
    .string({ error: code })
    .optional()
    .transform((raw) => (raw === undefined ? '' : plainTextLines(raw)))
    .pipe(z.string().max(max, 'max_length'));
const wallText = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_msg') })
  .transform(plainTextLines)
  .pipe(
    z
      .string()
      .min(1, 'required')
      .min(WALL_POST_LENGTH.min, 'min_length')
      .max(WALL_POST_LENGTH.max, 'max_length'),
  );

/**
 * act=friend: `add` object_id [message] (a request; to someone who asked the asker already, it accepts
 * theirs), `accept` and `decline` object_id (the member who asked), `rem` object_id (ends a friendship,
 * or withdraws the asker's pending request).
 */
export const friendActSchema = z.discriminatedUnion(
  'section',
  [
    z.object({
      act: z.literal('friend'),
      section: z.literal('add'),
      object_id: memberId,
      message: optionalText(FRIEND_MESSAGE_MAX, 'invalid_message').describe(
        `Optional note, plain text, up to ${FRIEND_MESSAGE_MAX}`,
      ),
    }),
    z.object({ act: z.literal('friend'), section: z.literal('accept'), object_id: memberId }),
    z.object({ act: z.literal('friend'), section: z.literal('decline'), object_id: memberId }),
    z.object({ act: z.literal('friend'), section: z.literal('rem'), object_id: memberId }),
  ],
  { error: 'invalid_section' },
);
export type FriendActInput = z.output<typeof friendActSchema>;

/** act=wall: `add` object_id (the wall's owner) msg; `del` object_id (the post). */
export const wallActSchema = z.discriminatedUnion(
  'section',
  [
    z.object({
      act: z.literal('wall'),
      section: z.literal('add'),
      object_id: formId('invalid_object_id').describe("The wall's owner (user_id)"),
      msg: wallText.describe(`Plain text, ${WALL_POST_LENGTH.min} to ${WALL_POST_LENGTH.max}`),
    }),
    z.object({
      act: z.literal('wall'),
      section: z.literal('del'),
      object_id: formId('invalid_object_id').describe('The post (post_id)'),
    }),
  ],
  { error: 'invalid_section' },
);
export type WallActInput = z.output<typeof wallActSchema>;
export type CommunityActInput = FriendActInput | WallActInput;

// --- Answers ----------------------------------------------------------------------------------------

/** act=friend: the relation after the act, as the asker sees it. */
export const friendActResponseSchema = actOkSchema
  .extend({ state: z.enum(FRIEND_STATES) })
  .meta({ id: 'FriendActed' });
export type FriendActResponse = z.infer<typeof friendActResponseSchema>;

const memberRef = z.object({
  user_id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable().describe('/media/ URL, or null'),
});
export type MemberRef = z.infer<typeof memberRef>;

/** A friend (or a request) on the friends page. `message`: a request's note, plain text. */
export const friendCardSchema = memberRef
  .extend({
    added_date: z.string().describe('ISO 8601: since when (friends), or when asked (requests)'),
    message: z.string().nullable(),
  })
  .meta({ id: 'FriendCard' });
export type FriendCard = z.infer<typeof friendCardSchema>;

export const friendsResponseSchema = z
  .object({
    friends: z.array(friendCardSchema),
    total_count: z.number().int().min(0),
    requests: z
      .object({ incoming: z.array(friendCardSchema), outgoing: z.array(friendCardSchema) })
      .nullable()
      .describe("The owner's pending requests (lifetime 0, the owner asking); null otherwise"),
    state: z
      .enum(FRIEND_STATES)
      .nullable()
      .describe("The asker's relation to the member (lifetime 0, another member asking); null otherwise"),
  })
  .meta({ id: 'Friends' });
export type FriendsResponse = z.infer<typeof friendsResponseSchema>;

/** A post on a member's wall. `message` is plain text (lines kept): render it as text. */
export const wallPostSchema = z
  .object({
    post_id: z.number().int(),
    wall_id: z.number().int().describe("The wall's owner"),
    author: memberRef,
    message: z.string(),
    added_date: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'WallPost' });
export type WallPost = z.infer<typeof wallPostSchema>;

export const wallViewerSchema = z
  .object({
    can_post: z.boolean(),
    refusal: z.enum(WALL_REFUSALS).nullable().describe('Why not, when can_post is false'),
    can_delete_any: z.boolean().describe("The wall's owner or staff: every post; others their own"),
  })
  .nullable()
  .meta({ id: 'WallViewer' });
export type WallViewer = z.infer<typeof wallViewerSchema>;

export const wallResponseSchema = z
  .object({
    posts: z.array(wallPostSchema),
    total_count: z.number().int().min(0),
    viewer: wallViewerSchema.describe('Lifetime 0 only; null in the public answer'),
  })
  .meta({ id: 'Wall' });
export type WallResponse = z.infer<typeof wallResponseSchema>;

/** act=wall section=add: the new post, to show at the top at once. */
export const wallPostedSchema = actOkSchema
  .extend({ post_id: z.number().int(), post: wallPostSchema })
  .meta({ id: 'WallPosted' });
export type WallPosted = z.infer<typeof wallPostedSchema>;

// --- The read calls ---------------------------------------------------------------------------------

const INT = /^(0|[1-9]\d{0,14})$/;
const boundedInt = (code: string, min: number, max: number) =>
  z
    .string()
    .regex(INT, code)
    .transform(Number)
    .refine((n) => n >= min && n <= max, code);
const lifetimeOf = (lifetimes: { public: number; own: number }) =>
  z
    .enum([String(lifetimes.own), String(lifetimes.public)], { error: 'invalid_lifetime' })
    .transform((value) => (value === '0' ? lifetimes.own : lifetimes.public));
const pagedTail = jsonTail(
  ['user_id', 'page'],
  z.object({
    user_id: z
      .string()
      .regex(/^[1-9]\d{0,14}$/, 'invalid_user_id')
      .transform(Number),
    page: boundedInt('invalid_page', 1, COMMUNITY_MAX_PAGE),
  }),
);
const countParam = boundedInt('invalid_count', 1, COMMUNITY_MAX_COUNT).describe(
  `1 to ${COMMUNITY_MAX_COUNT}`,
);

/** GET /api/json/friends/{7200|0}/{count}/{user_id}.{page}.json → Friends. */
export const friendsParams = z.object({
  lifetime: lifetimeOf(FRIENDS_LIFETIME).describe("7200: the public list, cached; 0: the asker's own view"),
  count: countParam,
  file: pagedTail,
});

/** GET /api/json/wall/{3600|0}/{count}/{user_id}.{page}.json → Wall. */
export const wallParams = z.object({
  lifetime: lifetimeOf(WALL_LIFETIME).describe("3600: the public answer, cached; 0: the asker's own view"),
  count: countParam,
  file: pagedTail,
});
