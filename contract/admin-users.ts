// The console's users and comments (issue 17): GET/POST /api/admin/users.php (administrators) and
// GET/POST /api/admin/comments.php (moderators and administrators), the /admin/users/ and
// /admin/comments/ pages and their tests. Schemas, limits and codes; no server dependencies.
import { z } from 'zod';
import { ROLES } from './accounts.ts';

export const ADMIN_USERS_PATH = '/api/admin/users.php';
export const ADMIN_COMMENTS_PATH = '/api/admin/comments.php';

export const USER_STATUSES = ['unconfirmed', 'active', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_ACTIONS = ['role', 'ban', 'unban', 'reset_password', 'delete'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export const COMMENT_STATUSES = ['active', 'hidden'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_ACTIONS = ['hide', 'unhide', 'delete', 'ban_author'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];

export const USERS_PAGE_SIZE = 50;
export const COMMENTS_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE = 1000;
export const SEARCH_MAX = 100;
export const BAN_REASON_MAX = 500;
/** Comments one bulk call acts on. */
export const BULK_MAX = 100;
/** A moderator's ban (ban_author) ends within this many days; administrators may ban for good. */
export const MODERATOR_BAN_MAX_DAYS = 30;
/** The latest end of a ban that has one: ten years ahead. */
export const BAN_MAX_DAYS = 3650;

// Inputs are form fields (or JSON): text is trimmed; a list, a number or an object is `invalid`.
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const missingOr = (code: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === '' ? 'required' : code;
/** '' is the same as not sent (a select left on "any"). */
const blankless = (value: unknown) => {
  const v = trimmed(value);
  return v === '' ? undefined : v;
};

const pageField = z
  .preprocess(
    trimmed,
    z
      .string({ error: 'invalid' })
      .regex(/^[1-9]\d{0,3}$/, 'invalid')
      .transform(Number)
      .pipe(z.number().max(ADMIN_MAX_PAGE, 'invalid')),
  )
  .default(1)
  .describe(`Page number, 1 (default) to ${ADMIN_MAX_PAGE}.`);

const idFilter = (what: string) =>
  z
    .preprocess(
      blankless,
      z
        .string({ error: 'invalid' })
        .regex(/^[1-9]\d{0,14}$/, 'invalid')
        .transform(Number)
        .optional(),
    )
    .describe(what);

const searchField = (what: string) =>
  z
    .preprocess(blankless, z.string({ error: 'invalid' }).max(SEARCH_MAX, 'max_length').optional())
    .describe(what);

const idField = (what: string) =>
  z
    .preprocess(
      trimmed,
      z
        .string({ error: missingOr('invalid') })
        .min(1, { error: 'required', abort: true })
        .regex(/^[1-9]\d{0,14}$/, 'invalid')
        .transform(Number),
    )
    .describe(what);

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The end of a ban: an ISO 8601 date (midnight UTC) or date-time with its zone; '' or absent: none. */
const untilField = z
  .preprocess(
    blankless,
    z
      .string({ error: 'invalid' })
      .regex(ISO_MOMENT, 'invalid')
      .refine((v) => !Number.isNaN(Date.parse(v)), 'invalid')
      .transform((v) => new Date(v))
      .optional(),
  )
  .describe(
    'When the ban ends: ISO 8601 (`2030-01-31` or `2030-01-31T18:00:00Z`), in the future; empty or absent: permanent.',
  );

const reasonField = z
  .preprocess(trimmed, z.string({ error: 'invalid' }).max(BAN_REASON_MAX, 'max_length').optional())
  .describe(
    `Why (act=ban, ban_author): 1 to ${BAN_REASON_MAX} characters; the member is told it at sign-in.`,
  );

// ---- Users ----

/** GET /api/admin/users.php?q=&role=&status=&page= */
export const usersQuerySchema = z.object({
  q: searchField('Part of the username or e-mail, or an exact user id.'),
  role: z.preprocess(blankless, z.enum(ROLES, { error: 'invalid' }).optional()).describe(ROLES.join(' | ')),
  status: z
    .preprocess(blankless, z.enum(USER_STATUSES, { error: 'invalid' }).optional())
    .describe(`${USER_STATUSES.join(' | ')} (a ban whose end has passed is over: active).`),
  page: pageField,
});
export type UsersQuery = z.output<typeof usersQuerySchema>;

export const usersInputSchema = z
  .object({
    act: z
      .preprocess(trimmed, z.enum(USER_ACTIONS, { error: missingOr('invalid') }))
      .describe(USER_ACTIONS.join(' | ')),
    user_id: idField('The member.'),
    role: z
      .preprocess(blankless, z.enum(ROLES, { error: 'invalid' }).optional())
      .describe(`act=role: ${ROLES.join(' | ')}.`),
    reason: reasonField,
    until: untilField,
  })
  .superRefine((input, ctx) => {
    if (input.act === 'role' && !input.role)
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'required' });
    if (input.act === 'ban' && !input.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });
export type UsersInput = z.output<typeof usersInputSchema>;

export const adminUserSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** As it is now: a ban whose end has passed reads active (or unconfirmed). */
  status: z.enum(USER_STATUSES),
  ban_reason: z.string().nullable(),
  /** ISO; null with status banned: permanent. */
  banned_until: z.string().nullable(),
  banned_at: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  videos_count: z.number().int(),
  comments_count: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserResultSchema = z.object({
  status: z.literal('success'),
  act: z.enum(USER_ACTIONS),
  user_id: z.number().int(),
  /** The member after the act; null once deleted. */
  user: adminUserSchema.nullable(),
});
export type AdminUserResult = z.infer<typeof adminUserResultSchema>;

// ---- Comments ----

/** GET /api/admin/comments.php?q=&status=&video_id=&user_id=&page= */
export const commentsQuerySchema = z.object({
  q: searchField('Part of the text.'),
  status: z
    .preprocess(blankless, z.enum(COMMENT_STATUSES, { error: 'invalid' }).optional())
    .describe(COMMENT_STATUSES.join(' | ')),
  video_id: idFilter('Comments on this video.'),
  user_id: idFilter('Comments by this member.'),
  page: pageField,
});
export type CommentsQuery = z.output<typeof commentsQuerySchema>;

/** `ids`: comma-separated comment ids (at most BULK_MAX), or one. */
const idsField = z
  .preprocess(
    trimmed,
    z
      .string({ error: missingOr('invalid') })
      .min(1, { error: 'required', abort: true })
      .regex(/^[1-9]\d{0,14}(\s*,\s*[1-9]\d{0,14})*$/, { error: 'invalid', abort: true })
      .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))])
      .pipe(z.array(z.number()).max(BULK_MAX, 'too_many')),
  )
  .describe(`Comment ids, comma-separated, at most ${BULK_MAX}.`);

export const commentsInputSchema = z
  .object({
    act: z
      .preprocess(trimmed, z.enum(COMMENT_ACTIONS, { error: missingOr('invalid') }))
      .describe(COMMENT_ACTIONS.join(' | ')),
    ids: idsField,
    reason: reasonField,
    until: untilField,
  })
  .superRefine((input, ctx) => {
    if (input.act === 'ban_author' && !input.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });
export type CommentsInput = z.output<typeof commentsInputSchema>;

const userRef = z.object({ user_id: z.number().int(), username: z.string() });

export const adminCommentSchema = z.object({
  comment_id: z.number().int(),
  comment: z.string(),
  status: z.enum(COMMENT_STATUSES),
  section: z.string(),
  object_id: z.number().int(),
  /** The video commented on (section video), if it still exists. */
  video: z.object({ video_id: z.number().int(), title: z.string(), dir: z.string() }).nullable(),
  author: userRef.extend({ status: z.enum(USER_STATUSES) }),
  added_date: z.string(),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;

export const adminCommentListSchema = z.object({
  comments: z.array(adminCommentSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminCommentList = z.infer<typeof adminCommentListSchema>;

export const adminCommentResultSchema = z.object({
  status: z.literal('success'),
  act: z.enum(COMMENT_ACTIONS),
  /** The comments the act changed (already hidden ones are not changed by hide, and so on). */
  changed: z.array(z.number().int()),
  /** Ids that named no comment. */
  not_found: z.array(z.number().int()),
  /** ban_author: the members banned. */
  banned: z.array(z.number().int()),
});
export type AdminCommentResult = z.infer<typeof adminCommentResultSchema>;

/** The sign-in refusal of a banned member (contract/accounts.ts LOGIN_CODES.banned), its info. */
export interface BanInfo {
  reason: string;
  /** ISO, or null: permanent. */
  until: string | null;
}
