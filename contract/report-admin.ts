// The staff view of the contact/report form: GET/POST /api/admin/reports.php and the /admin/reports/
// page. Schemas, limits and the input checks, shared by the server route, the page and the tests; no
// server dependencies (the page imports it).
import { z } from 'zod';
import { CLOCK_STATES } from './complaint-clock.ts';
import type { FieldError } from './errors.ts';

export type { FieldError } from './errors.ts';

export const REPORT_ADMIN_PATH = '/api/admin/reports.php';

export const REPORT_LIST_STATUSES = ['open', 'handled'] as const;
export type ReportListStatus = (typeof REPORT_LIST_STATUSES)[number];

/**
 * handle / reopen any report; confirm_removal (the video stays down) and reinstate (its earlier status
 * back) answer a performer's removal request (issue 31).
 */
export const REPORT_ADMIN_ACTIONS = ['handle', 'reopen', 'confirm_removal', 'reinstate'] as const;
export type ReportAdminAction = (typeof REPORT_ADMIN_ACTIONS)[number];

/** Reports per page of either list. */
export const REPORTS_PAGE_SIZE = 20;
/** The last page number accepted (as the moderation queue). */
export const REPORTS_MAX_PAGE = 1000;

// Inputs are form fields (or JSON): text is trimmed; a list, a number or an object is `invalid`. Each
// schema's message is the field's code (`required` or `invalid`), one code per field.
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const missingOr = (code: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === '' ? 'required' : code;

/** `?status=open|handled&page=N`; both optional (open, page 1). */
export const reportListQuerySchema = z.object({
  status: z
    .preprocess(trimmed, z.enum(REPORT_LIST_STATUSES, { error: 'invalid' }))
    .default('open')
    .describe('Which list: open (default) or handled.'),
  page: z
    .preprocess(
      trimmed,
      z
        .string({ error: 'invalid' })
        .regex(/^[1-9]\d{0,3}$/, 'invalid')
        .transform(Number)
        .pipe(z.number().max(REPORTS_MAX_PAGE, 'invalid')),
    )
    .default(1)
    .describe(`Page number, 1 (default) to ${REPORTS_MAX_PAGE}.`),
});
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

/** The POST fields, form-encoded (or JSON): act=handle|reopen, report_id. */
export const reportAdminInputSchema = z.object({
  act: z
    .preprocess(trimmed, z.enum(REPORT_ADMIN_ACTIONS, { error: missingOr('invalid') }))
    .describe('handle (mark handled) or reopen.'),
  report_id: z
    .preprocess(
      trimmed,
      z
        .string({ error: missingOr('invalid') })
        .min(1, { error: 'required', abort: true })
        .regex(/^[1-9]\d{0,14}$/, 'invalid')
        .transform(Number),
    )
    .describe('The report.'),
});

export interface ReportAdminCommand {
  act: ReportAdminAction;
  reportId: number;
}

const userRefSchema = z.object({ user_id: z.number().int(), username: z.string() });

/** Where an open complaint stands against the 7-business-day limit (contract/complaint-clock.ts). */
export const clockSchema = z.object({
  state: z.enum(CLOCK_STATES),
  days: z.number().int(),
  deadline: z.string(),
});

export const REMOVAL_STATES = ['down', 'confirmed', 'reinstated'] as const;
export type RemovalState = (typeof REMOVAL_STATES)[number];

/** A performer's removal request (issue 31): the takedown it made and the staff's decision. */
export const removalRequestSchema = z.object({
  request_id: z.number().int(),
  state: z.enum(REMOVAL_STATES),
  /** True while this request holds the video down. */
  taken_down: z.boolean(),
  video_status: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  decided_by: userRefSchema.nullable(),
});
export type RemovalRequest = z.infer<typeof removalRequestSchema>;

export const adminReportSchema = z.object({
  report_id: z.number().int(),
  subject: z.string(),
  email: z.string(),
  /** The sender's name, when given (a removal request requires it). */
  reporter_name: z.string().nullable(),
  message: z.string(),
  referrer: z.string().nullable(),
  /** The video of the referrer, when the report was sent from one of its pages. */
  video: z.object({ video_id: z.number().int(), title: z.string(), dir: z.string() }).nullable(),
  /** The attached image's URL (/media/reports/…, staff only), or null. */
  attachment: z.string().nullable(),
  /** The sender, when signed in. */
  user: userRefSchema.nullable(),
  created_at: z.string(),
  status: z.enum(REPORT_LIST_STATUSES),
  handled_at: z.string().nullable(),
  handled_by: userRefSchema.nullable(),
  /** An open report's clock (null once handled). */
  clock: clockSchema.nullable(),
  removal: removalRequestSchema.nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportListSchema = z.object({
  reports: z.array(adminReportSchema),
  status: z.enum(REPORT_LIST_STATUSES),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminReportList = z.infer<typeof adminReportListSchema>;

export const reportAdminResultSchema = z.object({
  status: z.literal('success'),
  report_id: z.number().int(),
  state: z.enum(REPORT_LIST_STATUSES),
  /** After confirm_removal or reinstate: the request's state. */
  removal_state: z.enum(REMOVAL_STATES).optional(),
});
export type ReportAdminResult = z.infer<typeof reportAdminResultSchema>;

/** Each failing field once, with its schema's message as the code. */
function fieldCodes(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldError[] {
  const codes = new Map<string, string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'general');
    if (!codes.has(field)) codes.set(field, issue.message);
  }
  return [...codes].map(([field, code]) => ({ field, code }));
}

/** `?status=open|handled&page=N`, checked as the API route checks it (the page's loader). */
export function parseReportListQuery(
  input: Record<string, unknown>,
): { ok: true; query: ReportListQuery } | { ok: false; codes: FieldError[] } {
  const result = reportListQuerySchema.safeParse(input);
  return result.success
    ? { ok: true, query: result.data }
    : { ok: false, codes: fieldCodes(result.error.issues) };
}

/** The POST fields, checked as the API route checks them (the page's action). */
export function parseReportAdminInput(
  input: Record<string, unknown>,
): { ok: true; command: ReportAdminCommand } | { ok: false; codes: FieldError[] } {
  const result = reportAdminInputSchema.safeParse(input);
  if (!result.success) return { ok: false, codes: fieldCodes(result.error.issues) };
  return { ok: true, command: { act: result.data.act, reportId: result.data.report_id } };
}
