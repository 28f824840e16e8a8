// The console's dashboard and job queue (issue 17): what waits for staff, the jobs by queue and state
// with each failed one's error, the videos stuck at processing, storage used and the time series.
// Retrying a failed job and reprocessing a stuck video are staff writes: permission, existence, state,
// then the act and its audit entry. No HTTP, no SQL.

import type { CurrentUser } from '../../../contract/accounts.ts';
import type { OperatorDetailName } from '../../../contract/admin-dashboard.ts';
import {
  DASHBOARD_LIST_MAX,
  type Dashboard,
  JOB_STATES,
  type JobActResult,
  type JobCommand,
  type JobItem,
  type JobStateName,
  type QueueCounts,
  RECENT_JOBS_MAX,
} from '../../../contract/admin-dashboard.ts';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import { clockBounds } from '../../../contract/complaint-clock.ts';
import { DomainError } from '../../errors.ts';
import type { JobSink } from '../../jobs/job-sink.ts';
import { english } from '../../lib/english.ts';
import { processVideoJob, processVideoKey } from '../../pipeline/definitions.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DashboardRepository, JobRow } from './dashboard.repository.ts';

export interface DashboardService {
  /** Everything the /admin/ page shows; `days` of time series ending today (UTC). Staff only. */
  overview(user: CurrentUser | null | undefined, days: number): Promise<Dashboard>;
  /** Retry a failed job, or enqueue video.process for a stuck video. Staff only. */
  act(user: CurrentUser | null | undefined, command: JobCommand): Promise<JobActResult>;
}

export interface DashboardDeps {
  repo: DashboardRepository;
  jobs: Pick<JobSink, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
  storage: { kind: 'local' | 's3' };
  /** Free and total bytes where local media are stored; absent with object storage. */
  disk?: () => Promise<{ free: number; total: number } | null>;
  /** A video younger than this is not stuck yet: its own enqueue is about to happen. Default 2 min. */
  stuckGraceMs?: number;
  /** The operator details the legal pages still lack (settings/operator-details.ts). */
  missingOperatorDetails?: () => OperatorDetailName[];
  now?: () => Date;
}

const isState = (s: string): s is JobStateName => (JOB_STATES as readonly string[]).includes(s);

function jobItem(row: JobRow): JobItem {
  return {
    id: row.id,
    name: row.name,
    state: isState(row.state) ? row.state : 'failed',
    video_id: row.video_id,
    error: row.error,
    retry_count: row.retry_count,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at ? row.completed_at.toISOString() : null,
  };
}

/** The UTC day `back` days before `date`, as YYYY-MM-DD. */
export function utcDay(date: Date, back = 0): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - back));
  return d.toISOString().slice(0, 10);
}

const jobNotFound = () =>
  new DomainError('job_not_found', { status: 404, message: english('api.job_not_found') });

export function createDashboardService(deps: DashboardDeps): DashboardService {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const grace = deps.stuckGraceMs ?? 2 * 60_000;

  async function queues(): Promise<QueueCounts[]> {
    const byName = new Map<string, QueueCounts>();
    for (const { name, state, count } of await repo.jobCounts()) {
      let q = byName.get(name);
      if (!q) {
        q = { name, created: 0, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 0 };
        byName.set(name, q);
      }
      if (isState(state)) q[state] += count;
    }
    return [...byName.values()];
  }

  async function retry(user: CurrentUser, jobId: string): Promise<JobActResult> {
    if (!(await repo.hasJobTable())) throw jobNotFound();
    const job = await repo.job(jobId);
    if (!job) throw jobNotFound();
    const invalidState = () =>
      new DomainError('invalid_state', {
        status: 409,
        message: english('api.job_not_failed'),
        info: { state: job.state },
      });
    if (job.state !== 'failed') throw invalidState();
    const outcome = await repo.retryFailed(job);
    if (outcome === 'not_failed') throw invalidState();
    if (outcome === 'busy') {
      throw new DomainError('already_queued', {
        status: 409,
        message: english('api.job_already_queued'),
      });
    }
    await deps.audit.record(
      user,
      'job.retry',
      { type: 'job', id: job.id },
      {
        name: job.name,
        video_id: job.video_id,
        error: job.error?.slice(0, 200) ?? null,
      },
    );
    const after = await repo.job(job.id);
    return {
      status: 'success',
      act: 'retry',
      job_id: job.id,
      video_id: job.video_id,
      state: after && isState(after.state) ? after.state : null,
    };
  }

  async function reprocess(user: CurrentUser, videoId: number): Promise<JobActResult> {
    const video = await repo.video(videoId);
    if (!video || video.deleted_at !== null) {
      throw new DomainError('video_not_found', {
        status: 404,
        message: english('notify.video_not_found'),
      });
    }
    if (video.status !== VIDEO_STATUS.processing || video.importing !== null) {
      throw new DomainError('invalid_state', {
        status: 409,
        message: english('api.video_not_stuck'),
        info: { status_id: video.status },
      });
    }
    const key = processVideoKey(videoId);
    const alreadyQueued = () =>
      new DomainError('already_queued', {
        status: 409,
        message: english('api.video_already_queued'),
      });
    if (await repo.hasLiveJob(processVideoJob.name, key)) throw alreadyQueued();
    // The exclusive policy drops a second job of the key: null means one was queued meanwhile.
    const jobId = await deps.jobs.enqueue(processVideoJob, { videoId }, { singletonKey: key });
    if (jobId === null) throw alreadyQueued();
    await deps.audit.record(user, 'video.reprocess', { type: 'video', id: videoId }, { job_id: jobId });
    return { status: 'success', act: 'reprocess', job_id: jobId, video_id: videoId, state: 'created' };
  }

  return {
    async overview(user, days) {
      requireModerator(user);
      const today = now();
      const withJobs = await repo.hasJobTable();
      const [counts, series, byKind, disk, queueCounts, failed, recent, stuck] = await Promise.all([
        repo.counts(clockBounds(today)),
        repo.series(utcDay(today, days - 1), utcDay(today)),
        repo.storageByKind(),
        deps.storage.kind === 'local' && deps.disk ? deps.disk() : Promise.resolve(null),
        withJobs ? queues() : Promise.resolve([]),
        withJobs ? repo.failedJobs(DASHBOARD_LIST_MAX) : Promise.resolve([]),
        withJobs ? repo.recentJobs(RECENT_JOBS_MAX) : Promise.resolve([]),
        repo.stuckVideos(
          new Date(today.getTime() - grace),
          processVideoJob.name,
          withJobs,
          DASHBOARD_LIST_MAX,
        ),
      ]);
      return {
        generated_at: today.toISOString(),
        days,
        counts,
        jobs: {
          available: withJobs,
          queues: queueCounts,
          failed: failed.map(jobItem),
          recent: recent.map(jobItem),
        },
        stuck: stuck.map((v) => ({
          video_id: v.video_id,
          title: v.title,
          created_at: v.created_at.toISOString(),
          processing_error: v.processing_error,
          last_job_state: v.last_job_state && isState(v.last_job_state) ? v.last_job_state : null,
        })),
        storage: {
          kind: deps.storage.kind,
          total_bytes: byKind.reduce((sum, k) => sum + k.bytes, 0),
          by_kind: byKind,
          free_bytes: disk ? disk.free : null,
          disk_bytes: disk ? disk.total : null,
        },
        series,
        setup: { missing_operator_details: deps.missingOperatorDetails?.() ?? [] },
      };
    },

    async act(user, command) {
      requireModerator(user);
      return command.act === 'retry' ? retry(user, command.jobId) : reprocess(user, command.videoId);
    },
  };
}
