// Appeals (issue 31): an uploader appeals a decision about their video once — a rejection (status 4), a
// DMCA takedown or a performer's removal (status 5) — with a text; the staff uphold or overturn it with
// a message. Member calls: GET/POST /api/appeals.php; staff: GET/POST /api/admin/appeals.php and the
// /admin/appeals/ page. Schemas, limits and codes; no server dependencies (the pages import it).
import { z } from 'zod';
import {
  APPEAL_ANSWERS,
  APPEAL_KINDS,
  APPEAL_LIST_STATUSES,
  APPEAL_STATES,
  APPEAL_TEXT_MAX,
  APPEALS_MAX_PAGE,
} from './appeals-values.ts';
import { clockSchema } from './report-admin.ts';

// The paths, kinds, states and limits are zod-free in appeals-values.ts (the uploads page imports that).
export * from './appeals-values.ts';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const missingOr = (code: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === '' ? 'required' : code;
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
const textField = (what: string) =>
  z
    .preprocess(
      trimmed,
      z
        .string({ error: missingOr('invalid') })
        .min(1, { error: 'required', abort: true })
        .max(APPEAL_TEXT_MAX, 'max_length'),
    )
    .describe(what);
const pageField = z
  .preprocess(
    trimmed,
    z
      .string({ error: 'invalid' })
      .regex(/^[1-9]\d{0,3}$/, 'invalid')
      .transform(Number)
      .pipe(z.number().max(APPEALS_MAX_PAGE, 'invalid')),
  )
  .default(1)
  .describe(`Page number, 1 (default) to ${APPEALS_MAX_PAGE}.`);

/** `?video_id=N`: the uploader's view of one video's appeals. */
export const appealQuerySchema = z.object({ video_id: idField('One of the asker’s videos.') });

/** The uploader's POST: video_id, message. */
export const appealInputSchema = z.object({
  video_id: idField('The video whose latest decision is appealed.'),
  message: textField(`Why the decision should be changed (at most ${APPEAL_TEXT_MAX} characters).`),
});

const userRefSchema = z.object({ user_id: z.number().int(), username: z.string() });

export const appealSchema = z.object({
  appeal_id: z.number().int(),
  video_id: z.number().int().nullable(),
  kind: z.enum(APPEAL_KINDS),
  message: z.string(),
  state: z.enum(APPEAL_STATES),
  /** The staff's message (null while open). */
  answer: z.string().nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** What the uploader may appeal now on this video, and the appeals they made. */
export const videoAppealsSchema = z.object({
  video_id: z.number().int(),
  /** The decision open to an appeal (none: null); false `open` when it was appealed already. */
  appealable: z.object({ kind: z.enum(APPEAL_KINDS), open: z.boolean() }).nullable(),
  appeals: z.array(appealSchema),
});
export type VideoAppeals = z.infer<typeof videoAppealsSchema>;

export const myAppealsSchema = z.object({ appeals: z.array(appealSchema) });
export type MyAppeals = z.infer<typeof myAppealsSchema>;

export const appealSentSchema = z.object({ status: z.literal('success'), appeal: appealSchema });
export type AppealSent = z.infer<typeof appealSentSchema>;

/** `?status=open|answered&page=N` (open, page 1). */
export const appealListQuerySchema = z.object({
  status: z
    .preprocess(trimmed, z.enum(APPEAL_LIST_STATUSES, { error: 'invalid' }))
    .default('open')
    .describe('open (default, oldest first: the clock) or answered (newest answer first).'),
  page: pageField,
});
export type AppealListQuery = z.output<typeof appealListQuerySchema>;

/** The staff's POST: appeal_id, act=uphold|overturn, answer. */
export const appealAnswerInputSchema = z.object({
  appeal_id: idField('The appeal.'),
  act: z
    .preprocess(trimmed, z.enum(APPEAL_ANSWERS, { error: missingOr('invalid') }))
    .describe('uphold (the decision stands) or overturn (the video gets back its earlier status).'),
  answer: textField(`The message the uploader reads (at most ${APPEAL_TEXT_MAX} characters).`),
});

export const adminAppealSchema = appealSchema.extend({
  video: z
    .object({ video_id: z.number().int(), title: z.string(), dir: z.string(), status: z.number().int() })
    .nullable(),
  uploader: userRefSchema,
  /** The decision appealed: the report of a removal, the DMCA case, or the rejection's reason. */
  decision: z.object({
    report_id: z.number().int().nullable(),
    case_id: z.number().int().nullable(),
    reason: z.string().nullable(),
  }),
  answered_by: userRefSchema.nullable(),
  clock: clockSchema.nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

export const adminAppealListSchema = z.object({
  appeals: z.array(adminAppealSchema),
  status: z.enum(APPEAL_LIST_STATUSES),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminAppealList = z.infer<typeof adminAppealListSchema>;

export const appealAnsweredSchema = z.object({ status: z.literal('success'), appeal: adminAppealSchema });
export type AppealAnswered = z.infer<typeof appealAnsweredSchema>;

export interface FieldCode {
  field: string;
  code: string;
}
function fieldCodes(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldCode[] {
  const codes = new Map<string, string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'general');
    if (!codes.has(field)) codes.set(field, issue.message);
  }
  return [...codes].map(([field, code]) => ({ field, code }));
}

/** The console page's query, checked as the API checks it. */
export function parseAppealListQuery(
  input: Record<string, unknown>,
): { ok: true; query: AppealListQuery } | { ok: false; codes: FieldCode[] } {
  const result = appealListQuerySchema.safeParse(input);
  return result.success
    ? { ok: true, query: result.data }
    : { ok: false, codes: fieldCodes(result.error.issues) };
}
