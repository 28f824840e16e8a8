// Members act on videos (issue 13; content.md §5–§9, shell.md §6): the form-encoded acts of
// POST /api/input.php other than `view`, their answers, the comment read shape and the limits. One
// source for the server (validation, rules), the browser (forms, notifications) and the tests.
//
// Every field arrives as a string (or missing). A schema's messages are the spec's codes, so the first
// problem becomes `{code, codes:[{field, code}]}`: `required`, `min_length`, `max_length` (the bound is
// in the constants below), `invalid_{field}`, `unknown_act`, `invalid_section`.
import { z } from 'zod';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH,
  COMMENTS_LIFETIME,
  COMMENTS_MAX_COUNT,
  normaliseTag,
  PLAYLIST_CATEGORIES,
  PLAYLIST_DESCRIPTION,
  PLAYLIST_TITLE,
  plainTextLines,
  SUBSCRIBE_SECTIONS,
  TAG_MAX_LENGTH,
  TAG_MIN_LENGTH,
  tagDirOf,
  type VideoList,
  VOTE_SECTIONS,
} from './acts-values.ts';
import { GENDERS } from './catalog.ts';
import { jsonTail } from './catalog-api.ts';
import { plainText } from './plain-text.ts';

// Limits, codes, paths and the text helpers are zod-free in acts-values.ts (the video page imports
// that); re-exported here for the server and the tests.
export * from './acts-values.ts';

// --- Field schemas ----------------------------------------------------------------------------------

const ID = /^[1-9]\d{0,14}$/;

/** A form value that must be there: missing or blank is `required`, anything else not a string `code`. */
const formString = (code: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? 'required' : code) });

/** A positive integer id sent as a string. */
export const formId = (code: string) =>
  formString(code).trim().min(1, 'required').regex(ID, code).transform(Number);

const textField = (bounds: { min: number; max: number }, clean: (s: string) => string, code: string) =>
  formString(code)
    .transform(clean)
    .pipe(z.string().min(1, 'required').min(bounds.min, 'min_length').max(bounds.max, 'max_length'));

/** `1,5,7` → [1, 5, 7]: ids, 1 to 3 of them ('categories_count' otherwise). */
function parseCategories(raw: string, ctx: z.RefinementCtx): number[] {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.some((part) => !ID.test(part))) {
    ctx.addIssue({ code: 'custom', message: 'invalid_categories' });
    return z.NEVER;
  }
  const ids = [...new Set(parts.map(Number))];
  if (ids.length < PLAYLIST_CATEGORIES.min || ids.length > PLAYLIST_CATEGORIES.max) {
    ctx.addIssue({ code: 'custom', message: 'categories_count' });
    return z.NEVER;
  }
  return ids;
}
const categoriesText = z.string({ error: 'invalid_categories' }).optional();

const title = textField(PLAYLIST_TITLE, plainText, 'invalid_title');
const desc = textField(PLAYLIST_DESCRIPTION, plainTextLines, 'invalid_desc');
const visible = z.enum(['0', '1'], { error: 'invalid_visible' });
const objectId = formId('invalid_object_id');
const videoId = formId('invalid_video_id');
const section = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'invalid_section' });

// --- Acts (content.md §7) ---------------------------------------------------------------------------

/** act=favourite|watch_later section=add|rem: video_id. */
const listAct = <const A extends VideoList>(act: A) =>
  z.object({ act: z.literal(act), section: section(['add', 'rem']), video_id: videoId });
export const favouriteActSchema = listAct('favourite');
export const watchLaterActSchema = listAct('watch_later');

/**
 * act=playlist: new (title, desc, visible, orientation, categories), upd (title, desc, visible,
 * object_id, categories), add (object_id, video_id), del (object_id), rem (object_id, video_id).
 * `categories` is the category ids joined by commas (a repeated form field keeps only its first value).
 * Orientation is set on create only (default str); visible defaults to 1 (public) on create and is left
 * as it was on upd when missing; categories are left as they were on upd when missing.
 */
export const playlistActSchema = z.discriminatedUnion(
  'section',
  [
    z.object({
      act: z.literal('playlist'),
      section: z.literal('new'),
      title,
      desc,
      visible: visible.default('1'),
      orientation: z.enum(GENDERS, { error: 'invalid_orientation' }).default('str'),
      categories: categoriesText.transform((raw, ctx) => parseCategories(raw ?? '', ctx)),
    }),
    z.object({
      act: z.literal('playlist'),
      section: z.literal('upd'),
      object_id: objectId,
      title,
      desc,
      visible: visible.optional(),
      categories: categoriesText.transform((raw, ctx) =>
        raw === undefined ? undefined : parseCategories(raw, ctx),
      ),
    }),
    z.object({
      act: z.literal('playlist'),
      section: z.literal('add'),
      object_id: objectId,
      video_id: videoId,
    }),
    z.object({ act: z.literal('playlist'), section: z.literal('del'), object_id: objectId }),
    z.object({
      act: z.literal('playlist'),
      section: z.literal('rem'),
      object_id: objectId,
      video_id: videoId,
    }),
  ],
  { error: 'invalid_section' },
);

/** act=vote: section (video|playlist), vote (1 like, -1 dislike), object_id. */
export const voteActSchema = z.object({
  act: z.literal('vote'),
  section: section(VOTE_SECTIONS),
  vote: z.enum(['1', '-1'], { error: 'invalid_vote' }).transform((v) => (v === '1' ? 1 : -1) as 1 | -1),
  object_id: objectId,
});

/** act=subscribe / act=unsubscribe: section (model|channel|member), object_id. */
export const subscribeActSchema = z.object({
  act: z.literal('subscribe'),
  section: section(SUBSCRIBE_SECTIONS),
  object_id: objectId,
});
export const unsubscribeActSchema = subscribeActSchema.extend({ act: z.literal('unsubscribe') });

/** act=comm: section=video with msg and object_id (the video); section=del with object_id (the comment). */
export const commentActSchema = z.discriminatedUnion(
  'section',
  [
    z.object({
      act: z.literal('comm'),
      section: z.literal('video'),
      object_id: objectId,
      msg: textField({ min: COMMENT_MIN_LENGTH, max: COMMENT_MAX_LENGTH }, plainTextLines, 'invalid_msg'),
    }),
    z.object({ act: z.literal('comm'), section: z.literal('del'), object_id: objectId }),
  ],
  { error: 'invalid_section' },
);

/** section=video act=add_tag: tag, object_id (the video). */
export const addTagActSchema = z.object({
  act: z.literal('add_tag'),
  section: z.literal('video', { error: 'invalid_section' }),
  object_id: objectId,
  tag: textField({ min: TAG_MIN_LENGTH, max: TAG_MAX_LENGTH }, normaliseTag, 'invalid_tag').refine(
    (tag) => tagDirOf(tag) !== '',
    'invalid_tag',
  ),
});

/** Every member act, keyed by act and then section. `view` (contract/watch.ts) is not a member act. */
export const memberActSchema = z.discriminatedUnion(
  'act',
  [
    favouriteActSchema,
    watchLaterActSchema,
    playlistActSchema,
    voteActSchema,
    subscribeActSchema,
    unsubscribeActSchema,
    commentActSchema,
    addTagActSchema,
  ],
  { error: 'unknown_act' },
);
export type MemberActInput = z.output<typeof memberActSchema>;
export const MEMBER_ACTS = [
  'favourite',
  'watch_later',
  'playlist',
  'vote',
  'subscribe',
  'unsubscribe',
  'comm',
  'add_tag',
] as const satisfies readonly MemberActInput['act'][];
export type MemberAct = (typeof MEMBER_ACTS)[number];

// --- Answers ----------------------------------------------------------------------------------------

/** content.md §3 Comment. `comment` is plain text (lines kept): render it as text, never as markup. */
export const commentSchema = z
  .object({
    comment_id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    added_date: z.string().describe('ISO 8601'),
    comment: z.string(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

/** GET /api/json/comments/...: newest first, and how many the object has. */
export const commentsResponseSchema = z
  .object({ comments: z.array(commentSchema), total_count: z.number().int().min(0) })
  .meta({ id: 'Comments' });
export type CommentsResponse = z.infer<typeof commentsResponseSchema>;

export const actOkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'ActOk' });
/** playlist new and upd. */
export const playlistSavedSchema = actOkSchema
  .extend({ playlist_id: z.number().int() })
  .meta({ id: 'PlaylistSaved' });
/** comm section=video: the new comment, to show at the top of the list at once. */
export const commentAddedSchema = actOkSchema
  .extend({ comment_id: z.number().int(), comment: commentSchema })
  .meta({ id: 'CommentAdded' });
/** add_tag: `accepted` when the tag is on the video now (this suggestion or earlier ones put it there). */
export const tagSuggestedSchema = actOkSchema.extend({ accepted: z.boolean() }).meta({ id: 'TagSuggested' });

export const actResponseSchema = z.union([
  commentAddedSchema,
  playlistSavedSchema,
  tagSuggestedSchema,
  actOkSchema,
]);
export type ActOk = z.infer<typeof actOkSchema>;
export type PlaylistSaved = z.infer<typeof playlistSavedSchema>;
export type CommentAdded = z.infer<typeof commentAddedSchema>;
export type TagSuggested = z.infer<typeof tagSuggestedSchema>;
export type ActResponse = ActOk | PlaylistSaved | CommentAdded | TagSuggested;

/** A member's subscription as their subscriptions page lists it. */
export const subscriptionItemSchema = z
  .object({
    section: z.enum(SUBSCRIBE_SECTIONS),
    object_id: z.number().int(),
    /** model and channel: their dir (the page URL); a member's page is by id. */
    dir: z.string().nullable(),
    title: z.string(),
    img: z.string().nullable(),
    subscribers: z.number().int().min(0),
    added_date: z.string(),
  })
  .meta({ id: 'Subscription' });
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;
export const subscriptionsResponseSchema = z
  .object({ subscriptions: z.array(subscriptionItemSchema), total_count: z.number().int().min(0) })
  .meta({ id: 'Subscriptions' });
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponseSchema>;

/** What the video page needs to know about the signed-in member and one video. */
export interface MemberVideoState {
  favourite: boolean;
  watch_later: boolean;
  /** 1 liked, -1 disliked, null not voted. */
  vote: 1 | -1 | null;
}

// --- The comments read call (content.md §7, §9) -----------------------------------------------------

/**
 * GET /api/json/comments/{lifetime}/{section}/{count}/{object_id}.{page}.json → CommentsResponse, newest
 * first. The shape of the other paged read calls (videos_related2: `{count}/{video_id}.{page}.json`);
 * `section` is `video`, the one object members comment on. `{lifetime}` is 3600 or 0 only:
 * - 3600 (guests): the public answer, the same for everyone, cached (Cache-Control public, max-age=3600,
 *   and the server's response cache); a new comment shows to guests within the hour.
 * - 0 (signed-in members): no-store, never stored nor answered from a shared cache, so a member sees a
 *   comment they just posted at once; the uploader and staff also read a private video's comments.
 * A member asking with 3600 gets the public answer (nothing in it depends on who asks).
 */
export const COMMENTS_SECTIONS = ['video'] as const;
const INT = /^(0|[1-9]\d{0,14})$/;
/** Pages of a video's comments: enough for 100 000 at the largest count, bounded for the cache's sake. */
export const COMMENTS_MAX_PAGE = 1000;

const boundedInt = (code: string, min: number, max: number) =>
  z
    .string()
    .regex(INT, code)
    .transform(Number)
    .refine((n) => n >= min && n <= max, code);

export const commentsParams = z.object({
  lifetime: z
    .enum([String(COMMENTS_LIFETIME.member), String(COMMENTS_LIFETIME.guest)], { error: 'invalid_lifetime' })
    .transform((value) => (value === '0' ? COMMENTS_LIFETIME.member : COMMENTS_LIFETIME.guest))
    .describe('3600 for guests (cached), 0 for signed-in members (no-store)'),
  section: z.enum(COMMENTS_SECTIONS, { error: 'invalid_section' }),
  count: boundedInt('invalid_count', 1, COMMENTS_MAX_COUNT).describe(`1 to ${COMMENTS_MAX_COUNT}`),
  file: jsonTail(
    ['object_id', 'page'],
    z.object({
      object_id: z
        .string()
        .regex(/^[1-9]\d{0,14}$/, 'invalid_object_id')
        .transform(Number),
      page: boundedInt('invalid_page', 1, COMMENTS_MAX_PAGE),
    }),
  ),
});

// --- The Suggest Tag modal's choices ----------------------------------------------------------------

/**
 * GET /api/tags.php?q={text}: up to TAG_MODAL_RANDOM_TAGS tags for the Suggest Tag modal. Without `q`
 * (or blank) a random choice; with it the tags whose title contains the text, shortest first. An empty
 * list is the modal's 'No tags found'.
 */
export const tagChoicesQuery = z.object({
  q: z.string({ error: 'invalid_q' }).max(TAG_MAX_LENGTH, 'max_length').optional(),
});
export const tagChoiceSchema = z
  .object({ tag_id: z.number().int(), title: z.string(), dir: z.string() })
  .meta({ id: 'TagChoice' });
export type TagChoice = z.infer<typeof tagChoiceSchema>;
export const tagChoicesResponseSchema = z
  .object({ tags: z.array(tagChoiceSchema) })
  .meta({ id: 'TagChoices' });
export type TagChoicesResponse = z.infer<typeof tagChoicesResponseSchema>;
