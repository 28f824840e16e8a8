// The console's dashboard and job queue (issue 17): GET /api/admin/dashboard.php, POST
// /api/admin/jobs.php and the /admin/ page. Shared by the server, the page and the tests.
import { z } from 'zod';
import type { FieldError } from './errors.ts';

export const DASHBOARD_PATH = '/api/admin/dashboard.php';
export const JOBS_PATH = '/api/admin/jobs.php';

/** The chart ranges the page offers; the call takes any number of days in DASHBOARD_DAYS. */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export const DASHBOARD_DAYS = { min: 1, max: 365, default: 30 } as const;
/** At most this many failed jobs, recent jobs and stuck videos are listed. */
export const DASHBOARD_LIST_MAX = 50;
export const RECENT_JOBS_MAX = 20;

/** pg-boss's job states, in its own order. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

/** `?days=N`: 1–365, 30 by default; anything else is 400 `invalid` on days. */
export function parseDays(raw: unknown): number | null {
  if (raw === undefined) return DASHBOARD_DAYS.default;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,2}$/.test(raw)) return null;
  const days = Number(raw);
  return days <= DASHBOARD_DAYS.max ? days : null;
}

export const dashboardQuery = z.object({
  days: z
    .string({ error: 'invalid' })
    .optional()
    .transform((raw, ctx) => {
      const days = parseDays(raw);
      if (days === null) {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
      return days;
    })
    .describe(
      `Days of the time series, ${DASHBOARD_DAYS.min} to ${DASHBOARD_DAYS.max} (default ${DASHBOARD_DAYS.default})`,
    ),
});

const count = z.number().int().nonnegative();

export const jobItemSchema = z.object({
  id: z.string(),
  name: z.string().describe('The queue, e.g. video.process'),
  state: z.enum(JOB_STATES),
  video_id: z.number().int().nullable().describe('The video the job concerns (its payload’s videoId)'),
  error: z.string().nullable().describe('The last failure’s message (pg-boss output)'),
  retry_count: count,
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type JobItem = z.infer<typeof jobItemSchema>;

export const queueCountsSchema = z.object({
  name: z.string(),
  created: count,
  retry: count,
  active: count,
  completed: count,
  cancelled: count,
  failed: count,
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const stuckVideoSchema = z.object({
  video_id: z.number().int(),
  title: z.string(),
  created_at: z.string(),
  processing_error: z.string().nullable(),
  last_job_state: z.enum(JOB_STATES).nullable().describe('State of its newest video.process job, if any'),
});
export type StuckVideo = z.infer<typeof stuckVideoSchema>;

export const seriesPointSchema = z.object({
  day: z.string().describe('UTC day, YYYY-MM-DD'),
  page_views: count,
  video_views: count,
  signups: count,
  uploads: count,
  goals: count,
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;
export const SERIES_METRICS = ['page_views', 'video_views', 'signups', 'uploads', 'goals'] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];

/** The operator details the legal pages print, as the settings name them. */
export const OPERATOR_DETAILS = [
  'operator_name',
  'operator_address',
  'dmca_agent_email',
  'custodian_of_records',
] as const;
export type OperatorDetailName = (typeof OPERATOR_DETAILS)[number];

export const dashboardSchema = z
  .object({
    generated_at: z.string(),
    days: z.number().int(),
    counts: z.object({
      waiting_moderation: count.describe('Videos at status 3'),
      processing: count.describe('Videos at status 2'),
      reports_open: count,
      appeals_open: count.describe('Uploaders’ appeals waiting for an answer (issue 31)'),
      complaints_due_soon: count.describe(
        'Open reports and appeals at most 2 business days from their 7-business-day limit (contract/complaint-clock.ts)',
      ),
      complaints_overdue: count.describe('Open reports and appeals past their 7-business-day limit'),
      age_verifications_pending: count,
      members: count,
      videos: count.describe('Videos not deleted, any status'),
      videos_listed: count.describe('Videos at status 1'),
    }),
    jobs: z.object({
      available: z.boolean().describe('False until the job queue has started once (no pg-boss schema)'),
      queues: z.array(queueCountsSchema),
      failed: z.array(jobItemSchema).describe(`Newest first, at most ${DASHBOARD_LIST_MAX}`),
      recent: z.array(jobItemSchema).describe(`The ${RECENT_JOBS_MAX} jobs touched last, any state`),
    }),
    stuck: z
      .array(stuckVideoSchema)
      .describe('Videos at status 2 with no video.process job waiting or running (a Reprocess enqueues one)'),
    storage: z.object({
      kind: z.enum(['local', 's3']),
      total_bytes: count,
      by_kind: z.array(z.object({ kind: z.string(), files: count, bytes: count })),
      free_bytes: count.nullable().describe('Free disk where media are stored (local storage only)'),
      disk_bytes: count.nullable(),
    }),
    series: z.array(seriesPointSchema).describe('One point per UTC day, oldest first, zeros included'),
    setup: z
      .object({
        missing_operator_details: z
          .array(z.enum(OPERATOR_DETAILS))
          .describe('Operator details the legal pages still lack (set them at /admin/settings/)'),
      })
      .describe('What a new site still has to set up'),
  })
  .meta({ id: 'AdminDashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const JOB_ACTS = ['retry', 'reprocess'] as const;
export type JobAct = (typeof JOB_ACTS)[number];

export type JobCommand = { act: 'retry'; jobId: string } | { act: 'reprocess'; videoId: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/admin/jobs.php fields, each a string or missing; the same codes in browser and server. */
export function parseJobInput(input: {
  act?: unknown;
  job_id?: unknown;
  video_id?: unknown;
}): { ok: true; command: JobCommand } | { ok: false; codes: FieldError[] } {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined ? '' : null);
  const act = str(input.act);
  const jobId = str(input.job_id);
  const videoId = str(input.video_id);
  if (act === '') return { ok: false, codes: [{ field: 'act', code: 'required' }] };
  if (act === 'retry') {
    if (jobId === '') return { ok: false, codes: [{ field: 'job_id', code: 'required' }] };
    if (jobId === null || !UUID.test(jobId))
      return { ok: false, codes: [{ field: 'job_id', code: 'invalid' }] };
    return { ok: true, command: { act, jobId: jobId.toLowerCase() } };
  }
  if (act === 'reprocess') {
    if (videoId === '') return { ok: false, codes: [{ field: 'video_id', code: 'required' }] };
    if (videoId === null || !/^[1-9]\d{0,14}$/.test(videoId))
      return { ok: false, codes: [{ field: 'video_id', code: 'invalid' }] };
    return { ok: true, command: { act, videoId: Number(videoId) } };
  }
  return { ok: false, codes: [{ field: 'act', code: 'invalid' }] };
}

const formText = (description: string) => z.string({ error: 'invalid' }).optional().describe(description);

export const jobsForm = z
  .object({
    act: formText(JOB_ACTS.join(' or ')),
    job_id: formText('For retry: the failed job (a UUID)'),
    video_id: formText('For reprocess: a video stuck at status 2'),
  })
  .transform((input, ctx) => {
    const parsed = parseJobInput(input);
    if (parsed.ok) return parsed.command;
    for (const { field, code } of parsed.codes)
      ctx.addIssue({ code: 'custom', path: [field], message: code });
    return z.NEVER;
  });

export const jobActResultSchema = z.object({
  status: z.literal('success'),
  act: z.enum(JOB_ACTS),
  job_id: z.string().describe('The job re-queued or enqueued'),
  video_id: z.number().int().nullable(),
  state: z.enum(JOB_STATES).nullable().describe('The job’s state now'),
});
export type JobActResult = z.infer<typeof jobActResultSchema>;
