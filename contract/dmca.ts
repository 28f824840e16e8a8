// The staff's DMCA workflow (issue 15): GET/POST /api/admin/dmca.php and the cases on the
// /admin/reports/ page. A DMCA report naming a video becomes a case; the staff take the video down
// (status 5), record a counter-notice, restore it (its previous status), close the case. The
// uploader's repeat-infringer count is their cases whose video is down. No server dependencies.
import { z } from 'zod';

export const DMCA_ADMIN_PATH = '/api/admin/dmca.php';

export const DMCA_CASE_STATES = ['open', 'taken_down', 'restored', 'closed'] as const;
export type DmcaCaseState = (typeof DMCA_CASE_STATES)[number];

export const DMCA_ACTIONS = ['open', 'take_down', 'counter_notice', 'restore', 'close'] as const;
export type DmcaAction = (typeof DMCA_ACTIONS)[number];

/** The counter-notice as the staff record it (its text, or a summary of it). */
export const COUNTER_NOTICE_MAX = 5000;
/** Cases per page of the list. */
export const DMCA_PAGE_SIZE = 20;
export const DMCA_MAX_PAGE = 1000;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const missingOr = (code: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === '' ? 'required' : code;
const idField = (what: string) =>
  z
    .preprocess(
      trimmed,
      z
        .string({ error: missingOr('invalid') })
        .regex(/^[1-9]\d{0,14}$/, 'invalid')
        .transform(Number)
        .optional(),
    )
    .describe(what);

/** `?page=N` (default 1) or `?case_id=N` (one case). */
export const dmcaQuerySchema = z.object({
  page: z
    .preprocess(
      trimmed,
      z
        .string({ error: 'invalid' })
        .regex(/^[1-9]\d{0,3}$/, 'invalid')
        .transform(Number)
        .pipe(z.number().max(DMCA_MAX_PAGE, 'invalid')),
    )
    .default(1)
    .describe(`Page number, 1 (default) to ${DMCA_MAX_PAGE}.`),
  case_id: idField('One case only.'),
});
export type DmcaQuery = z.output<typeof dmcaQuerySchema>;

/**
 * The POST fields, form-encoded (or JSON). `open` takes report_id; the others case_id;
 * `counter_notice` takes message (required; multi-line) and received (YYYY-MM-DD, today by default).
 */
export const dmcaInputSchema = z.object({
  act: z
    .preprocess(trimmed, z.enum(DMCA_ACTIONS, { error: missingOr('invalid') }))
    .describe(DMCA_ACTIONS.join(' | ')),
  report_id: idField('The DMCA report (act=open).'),
  case_id: idField('The case (every other act).'),
  message: z
    .preprocess(trimmed, z.string({ error: 'invalid' }).max(COUNTER_NOTICE_MAX, 'max_length').optional())
    .describe(`The counter-notice (act=counter_notice), at most ${COUNTER_NOTICE_MAX} characters.`),
  received: z
    .preprocess(
      trimmed,
      z
        .string({ error: 'invalid' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
        .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'invalid')
        .optional(),
    )
    .describe('When the counter-notice arrived, YYYY-MM-DD (act=counter_notice; today by default).'),
});
export type DmcaInput = z.output<typeof dmcaInputSchema>;

const userRef = z.object({ user_id: z.number().int(), username: z.string() });

export const dmcaCaseSchema = z.object({
  case_id: z.number().int(),
  report_id: z.number().int(),
  state: z.enum(DMCA_CASE_STATES),
  /** The video is down because of this case (taken down, not restored). */
  taken_down: z.boolean(),
  video: z
    .object({ video_id: z.number().int(), title: z.string(), dir: z.string(), status: z.number().int() })
    .nullable(),
  /** The uploader, with their repeat-infringer count: their cases whose video is down. */
  uploader: userRef.extend({ takedowns: z.number().int() }).nullable(),
  report: z.object({ email: z.string(), message: z.string(), created_at: z.string() }),
  opened_at: z.string(),
  opened_by: userRef.nullable(),
  taken_down_at: z.string().nullable(),
  counter_notice: z.string().nullable(),
  counter_notice_at: z.string().nullable(),
  restored_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type DmcaCase = z.infer<typeof dmcaCaseSchema>;

export const dmcaCaseListSchema = z.object({
  cases: z.array(dmcaCaseSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type DmcaCaseList = z.infer<typeof dmcaCaseListSchema>;

export const dmcaResultSchema = z.object({ status: z.literal('success'), case: dmcaCaseSchema });
export type DmcaResult = z.infer<typeof dmcaResultSchema>;
