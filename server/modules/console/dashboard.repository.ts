// SQL of the console's dashboard (issue 17): the counts of the work waiting, the time series of
// stats_daily and the sign-ups and uploads, storage used, and pg-boss's job table read directly (the
// queue runs on the same database, schema `pgboss`: server/jobs/pg-boss-queue.ts). Decides nothing.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { videoStatus } from '../../db/video-status-sql.ts';

/** pg-boss's schema (PgBossQueueOptions.schema's default, which main.ts keeps). */
export const PGBOSS_SCHEMA = 'pgboss';
/** pg-boss's own queues (its timekeeper's) are not the site's. */
const INTERNAL_QUEUE = '__pgboss%';

export interface JobRow {
  id: string;
  name: string;
  state: string;
  video_id: number | null;
  error: string | null;
  retry_count: number;
  created_at: Date;
  completed_at: Date | null;
  singleton_key: string | null;
  policy: string | null;
}

export interface SeriesRow {
  day: string;
  page_views: number;
  video_views: number;
  signups: number;
  uploads: number;
  goals: number;
}

const num = (v: unknown) => Number(v ?? 0);
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

export function createDashboardRepository(db: DB, schema = PGBOSS_SCHEMA) {
  const jobs = sql.table(`${schema}.job`);
  // The columns of a listed job. `output` is what pg-boss stored on failure: a serialised Error
  // ({name, message, stack}), or {value: {message}} for its own timeouts.
  const jobColumns = sql`
    j.id::text AS id, j.name, j.state::text AS state,
    CASE WHEN jsonb_typeof(j.data->'videoId') = 'number' THEN (j.data->>'videoId')::bigint END AS video_id,
    CASE WHEN j.output IS NULL THEN NULL
      ELSE left(COALESCE(j.output->>'message', j.output->'value'->>'message', j.output->>'value', j.output::text), 2000)
    END AS error,
    j.retry_count, j.created_on AS created_at, j.completed_on AS completed_at, j.singleton_key, j.policy`;
  const toJob = (r: Record<string, unknown>): JobRow => ({
    id: String(r.id),
    name: String(r.name),
    state: String(r.state),
    video_id: r.video_id === null || r.video_id === undefined ? null : Number(r.video_id),
    error: r.error === null || r.error === undefined ? null : String(r.error),
    retry_count: num(r.retry_count),
    created_at: dateOf(r.created_at),
    completed_at: r.completed_at ? dateOf(r.completed_at) : null,
    singleton_key: r.singleton_key === null || r.singleton_key === undefined ? null : String(r.singleton_key),
    policy: r.policy === null || r.policy === undefined ? null : String(r.policy),
  });

  async function job(id: string): Promise<JobRow | undefined> {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT ${jobColumns} FROM ${jobs} j WHERE j.id = ${id}::uuid`.execute(db);
    return rows[0] ? toJob(rows[0]) : undefined;
  }

  /** Whether pg-boss has installed its schema (the queue started at least once on this database). */
  async function hasJobTable(): Promise<boolean> {
    const { rows } = await sql<{ ok: boolean }>`
      SELECT to_regclass(${`${schema}.job`}) IS NOT NULL AS ok`.execute(db);
    return rows[0]?.ok === true;
  }

  return {
    job,
    hasJobTable,

    /**
     * The work waiting for staff, and the site's size. `clock`: open reports and appeals that arrived
     * before these times are due soon (or overdue) and overdue (contract/complaint-clock.ts clockBounds).
     */
    async counts(clock: { dueSoon: Date; overdue: Date }) {
      const dueSoon = clock.dueSoon.toISOString();
      const overdue = clock.overdue.toISOString();
      const { rows } = await sql<Record<string, unknown>>`
        SELECT
          (SELECT count(*) FROM videos WHERE status = ${videoStatus('waiting')} AND deleted_at IS NULL) AS waiting_moderation,
          (SELECT count(*) FROM videos WHERE status = ${videoStatus('processing')} AND deleted_at IS NULL) AS processing,
          (SELECT count(*) FROM reports WHERE status = 'open') AS reports_open,
          (SELECT count(*) FROM appeals WHERE state = 'open') AS appeals_open,
          (SELECT count(*) FROM reports WHERE status = 'open' AND created_at < ${dueSoon}::timestamptz)
            + (SELECT count(*) FROM appeals WHERE state = 'open' AND created_at < ${dueSoon}::timestamptz)
            - (SELECT count(*) FROM reports WHERE status = 'open' AND created_at < ${overdue}::timestamptz)
            - (SELECT count(*) FROM appeals WHERE state = 'open' AND created_at < ${overdue}::timestamptz)
            AS complaints_due_soon,
          (SELECT count(*) FROM reports WHERE status = 'open' AND created_at < ${overdue}::timestamptz)
            + (SELECT count(*) FROM appeals WHERE state = 'open' AND created_at < ${overdue}::timestamptz)
            AS complaints_overdue,
          (SELECT count(*) FROM age_verifications WHERE status = 'pending') AS age_verifications_pending,
          (SELECT count(*) FROM users) AS members,
          (SELECT count(*) FROM videos WHERE deleted_at IS NULL) AS videos,
          (SELECT count(*) FROM videos WHERE status = ${videoStatus('active')} AND deleted_at IS NULL) AS videos_listed`.execute(
        db,
      );
      const r = rows[0] ?? {};
      return {
        waiting_moderation: num(r.waiting_moderation),
        processing: num(r.processing),
        reports_open: num(r.reports_open),
        appeals_open: num(r.appeals_open),
        complaints_due_soon: num(r.complaints_due_soon),
        complaints_overdue: num(r.complaints_overdue),
        age_verifications_pending: num(r.age_verifications_pending),
        members: num(r.members),
        videos: num(r.videos),
        videos_listed: num(r.videos_listed),
      };
    },

    /**
     * One row per UTC day from `from` to `to` (YYYY-MM-DD, inclusive), zeros where nothing happened:
     * page views and goals summed over their names, video views, sign-ups and uploads.
     */
    async series(from: string, to: string): Promise<SeriesRow[]> {
      const start = `${from}T00:00:00Z`;
      const { rows } = await sql<Record<string, unknown>>`
        WITH days AS (
          SELECT generate_series(${from}::date, ${to}::date, interval '1 day')::date AS day
        ), stats AS (
          SELECT day,
            sum(count) FILTER (WHERE metric = 'page_view') AS page_views,
            sum(count) FILTER (WHERE metric = 'video_view') AS video_views,
            sum(count) FILTER (WHERE metric = 'goal') AS goals
          FROM stats_daily WHERE day BETWEEN ${from}::date AND ${to}::date
          GROUP BY day
        ), signups AS (
          SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
          FROM users WHERE created_at >= ${start}::timestamptz GROUP BY 1
        ), uploads AS (
          SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
          FROM videos WHERE created_at >= ${start}::timestamptz GROUP BY 1
        )
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
          COALESCE(s.page_views, 0) AS page_views, COALESCE(s.video_views, 0) AS video_views,
          COALESCE(s.goals, 0) AS goals, COALESCE(su.n, 0) AS signups, COALESCE(up.n, 0) AS uploads
        FROM days d
        LEFT JOIN stats s ON s.day = d.day
        LEFT JOIN signups su ON su.day = d.day
        LEFT JOIN uploads up ON up.day = d.day
        ORDER BY d.day`.execute(db);
      return rows.map((r) => ({
        day: String(r.day),
        page_views: num(r.page_views),
        video_views: num(r.video_views),
        signups: num(r.signups),
        uploads: num(r.uploads),
        goals: num(r.goals),
      }));
    },

    /** Bytes and files of video_files by kind. */
    async storageByKind() {
      const rows = await db
        .selectFrom('video_files')
        .select((eb) => [
          'kind',
          eb.fn.countAll<string>().as('files'),
          eb.fn.coalesce(eb.fn.sum<string>('size_bytes'), sql<string>`0`).as('bytes'),
        ])
        .groupBy('kind')
        .orderBy('kind')
        .execute();
      return rows.map((r) => ({ kind: String(r.kind), files: num(r.files), bytes: num(r.bytes) }));
    },

    /** Jobs per queue and state (pg-boss keeps completed and failed ones for days, then deletes them). */
    async jobCounts() {
      const { rows } = await sql<{ name: string; state: string; n: string | number }>`
        SELECT j.name, j.state::text AS state, count(*) AS n FROM ${jobs} j
        WHERE j.name NOT LIKE ${INTERNAL_QUEUE}
        GROUP BY j.name, j.state ORDER BY j.name`.execute(db);
      return rows.map((r) => ({ name: r.name, state: r.state, count: num(r.n) }));
    },

    /** Failed jobs, newest first. */
    async failedJobs(limit: number): Promise<JobRow[]> {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${jobColumns} FROM ${jobs} j
        WHERE j.state = 'failed' AND j.name NOT LIKE ${INTERNAL_QUEUE}
        ORDER BY j.completed_on DESC NULLS LAST, j.created_on DESC LIMIT ${limit}`.execute(db);
      return rows.map(toJob);
    },

    /** The jobs touched last, whatever their state. */
    async recentJobs(limit: number): Promise<JobRow[]> {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${jobColumns} FROM ${jobs} j
        WHERE j.name NOT LIKE ${INTERNAL_QUEUE}
        ORDER BY GREATEST(j.created_on, j.started_on, j.completed_on) DESC, j.id LIMIT ${limit}`.execute(db);
      return rows.map(toJob);
    },

    /**
     * Puts a failed job back in line as pg-boss's own `retry(name, id)` does (plans.retryJobs: state
     * 'retry', one more attempt allowed, completion cleared), unless another job of its queue with the
     * same singleton key is waiting or running ('exclusive' policy: one per key). 'retried', 'busy'
     * (such a sibling exists) or 'not_failed' (it changed meanwhile).
     */
    async retryFailed(target: Pick<JobRow, 'id' | 'name'>): Promise<'retried' | 'busy' | 'not_failed'> {
      try {
        const { rows } = await sql<{ id: string }>`
          UPDATE ${jobs} AS j
          SET state = 'retry', retry_limit = j.retry_limit + 1, completed_on = NULL
          WHERE j.name = ${target.name} AND j.id = ${target.id}::uuid AND j.state = 'failed'
            AND NOT EXISTS (
              SELECT 1 FROM ${jobs} o
              WHERE o.name = j.name AND o.id <> j.id AND j.singleton_key IS NOT NULL
                AND o.singleton_key = j.singleton_key AND o.state IN ('created', 'retry', 'active'))
          RETURNING j.id::text AS id`.execute(db);
        if (rows.length > 0) return 'retried';
      } catch (error) {
        // A sibling enqueued in the same instant: the exclusive policy's unique index refuses.
        if ((error as { code?: string }).code === '23505') return 'busy';
        throw error;
      }
      const now = await job(target.id);
      return now?.state === 'failed' ? 'busy' : 'not_failed';
    },

    /**
     * Videos at status 2 (not deleted, not a link import still downloading), created before `cutoff`,
     * with no job of `jobName` waiting or running under the video's singleton key (`video-{id}`): the
     * processing sweep's rule (server/pipeline/processing-sweep.ts), with the newest job's state.
     */
    async stuckVideos(cutoff: Date, jobName: string, withJobs: boolean, limit: number) {
      const live = withJobs
        ? sql`AND NOT EXISTS (
            SELECT 1 FROM ${jobs} j WHERE j.name = ${jobName} AND j.singleton_key = 'video-' || v.id::text
              AND j.state IN ('created', 'retry', 'active'))`
        : sql``;
      const last = withJobs
        ? sql`(SELECT j.state::text FROM ${jobs} j WHERE j.name = ${jobName}
              AND j.singleton_key = 'video-' || v.id::text ORDER BY j.created_on DESC LIMIT 1)`
        : sql`NULL::text`;
      const { rows } = await sql<Record<string, unknown>>`
        SELECT v.id, v.title, v.created_at, v.processing_error, ${last} AS last_job_state
        FROM videos v
        WHERE v.status = ${videoStatus('processing')} AND v.deleted_at IS NULL AND v.created_at < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM link_imports li WHERE li.video_id = v.id AND li.state = 'importing')
          ${live}
        ORDER BY v.created_at, v.id LIMIT ${limit}`.execute(db);
      return rows.map((r) => ({
        video_id: Number(r.id),
        title: String(r.title ?? ''),
        created_at: dateOf(r.created_at),
        processing_error: r.processing_error ? String(r.processing_error) : null,
        last_job_state: r.last_job_state ? String(r.last_job_state) : null,
      }));
    },

    /** A video's state for a reprocess; undefined when there is no such row. */
    async video(videoId: number) {
      return db
        .selectFrom('videos')
        .leftJoin('link_imports', (join) =>
          join.onRef('link_imports.video_id', '=', 'videos.id').on('link_imports.state', '=', 'importing'),
        )
        .select(['videos.id', 'videos.status', 'videos.deleted_at', 'link_imports.video_id as importing'])
        .where('videos.id', '=', videoId)
        .executeTakeFirst();
    },

    /** Whether a job of `jobName` with this singleton key is waiting or running. */
    async hasLiveJob(jobName: string, singletonKey: string): Promise<boolean> {
      if (!(await hasJobTable())) return false;
      const { rows } = await sql<{ n: string | number }>`
        SELECT count(*) AS n FROM ${jobs} j WHERE j.name = ${jobName} AND j.singleton_key = ${singletonKey}
          AND j.state IN ('created', 'retry', 'active')`.execute(db);
      return num(rows[0]?.n) > 0;
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
