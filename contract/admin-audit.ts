// The audit log of staff actions (issue 17): GET /api/admin/audit.php and the /admin/audit/ page,
// administrators only. The query is what the page's filter form sends (a GET form, so an empty field
// means "any"); schemas shared by the route, the page and the tests, no server dependencies.
import { z } from 'zod';

export const ADMIN_AUDIT_PATH = '/api/admin/audit.php';

/** Entries per page (the service's AUDIT_PAGE_SIZE). */
export const AUDIT_PER_PAGE = 50;
/** The last page number accepted. */
export const AUDIT_MAX_PAGE = 1000;
export const AUDIT_FILTER_MAX = 64;

/** `video.approve`, `ad_zone.edit`, or a prefix ending in '.': `video.`. */
const ACTION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*\.?$/;
const TARGET_TYPE = /^[a-z][a-z0-9_]*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A form field: trimmed; an empty one is absent (the page's GET form sends every field). */
const field = (pattern: RegExp | null, description: string) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z
        .string({ error: 'invalid' })
        .max(AUDIT_FILTER_MAX, 'invalid')
        .refine((value) => !pattern || pattern.test(value), 'invalid')
        .optional(),
    )
    .describe(description);

function isDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const day = (description: string) =>
  field(DAY, description).refine(
    // A real day: 2024-02-31 is refused, not read as 2 March.
    (value) => value === undefined || isDay(value),
    'invalid',
  );

export const auditQuerySchema = z
  .object({
    action: field(ACTION, "An action (`video.approve`) or a prefix ending in '.' (`video.`)."),
    actor: field(null, 'The staff member: a user id or a username.'),
    target_type: field(TARGET_TYPE, 'What was acted on: video, user, report, dmca_case, ad_zone…'),
    target_id: field(null, 'Its id (with target_type, or alone).'),
    from: day('First day (YYYY-MM-DD, UTC), inclusive.'),
    to: day('Last day (YYYY-MM-DD, UTC), inclusive.'),
    page: z
      .preprocess(
        (value) => (typeof value === 'string' ? value.trim() || undefined : value),
        z
          .string({ error: 'invalid' })
          .regex(/^[1-9]\d{0,3}$/, 'invalid')
          .transform(Number)
          .pipe(z.number().max(AUDIT_MAX_PAGE, 'invalid'))
          .optional(),
      )
      .describe(`Page number, 1 (default) to ${AUDIT_MAX_PAGE}.`),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'invalid' });
    }
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The repository's filter of a checked query: days become instants, a numeric actor an id. */
export function auditFilterOf(query: AuditQuery) {
  const actor = query.actor;
  return {
    action: query.action,
    ...(actor ? (/^\d{1,9}$/.test(actor) ? { actorId: Number(actor) } : { actorName: actor }) : {}),
    targetType: query.target_type,
    targetId: query.target_id,
    from: query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined,
    to: query.to ? new Date(`${query.to}T23:59:59.999Z`) : undefined,
  };
}

export const auditEntrySchema = z.object({
  id: z.string().describe('The entry (a bigint, as text).'),
  at: z.string().describe('When, ISO 8601.'),
  actor: z.object({
    user_id: z.number().int().nullable().describe('null once the account is deleted.'),
    username: z.string().describe('The name at the time of the action.'),
  }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()).describe('What changed; never a password or a secret.'),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total_count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
  actions: z.array(z.string()).describe('Every action recorded so far, for the filter.'),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * The console or site page an entry's target is, when there is one: a video's page, a member's page,
 * the reports inbox (reports and DMCA cases), the ad zones, the age-verification queue.
 */
export function auditTargetHref(target: { type: string; id: string } | null): string | null {
  if (!target || !/^[\w-]{1,64}$/.test(target.id)) return null;
  const id = encodeURIComponent(target.id);
  switch (target.type) {
    case 'video':
      // Any dir: the video page answers a 301 to its own (staff may open an unlisted one).
      return /^\d+$/.test(target.id) ? `/video/${id}/v/` : null;
    case 'user':
      return /^\d+$/.test(target.id) ? `/members/${id}/` : null;
    case 'report':
    case 'dmca_case':
      return '/admin/reports/';
    case 'ad_zone':
      return '/admin/ads/';
    case 'age_verification':
      return '/admin/age-verification/';
    default:
      return null;
  }
}
