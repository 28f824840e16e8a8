// Videos left at status 2 (processing) with no video.process job to move them (audit F7): a process
// killed between a commit and its enqueue (video_edit.php, the demo seeder) left them waiting
// forever. A sweep at each working process's start, and the `video.sweep` job every 5 minutes (a
// pg-boss schedule: once per tick across the fleet), enqueues one for each, under the video's singleton
// key, so a sweep racing an enqueue (or another process's sweep) never doubles a job: pg-boss's
// 'exclusive' policy drops the second send. Chosen over enqueueing inside the insert's transaction:
// pg-boss talks to the database through its own executor, so one transaction over both would need
// pg-boss's `db` option per send on each database kind, and the sweep also repairs rows that are
// already stranded, and the ones the pipeline leaves waiting for a current ffmpeg.
import { z } from 'zod';
import type { DB } from '../db/database.ts';
import { defineJob, type JobHandler } from '../jobs/job.ts';
import type { JobsLogger } from '../jobs/jobs.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { JobRegistry } from '../jobs/registry.ts';
import { processVideoJob, processVideoKey } from './definitions.ts';
import { createPipelineRepository } from './pipeline.repository.ts';

export interface SweepOptions {
  /**
   * Also videos whose last job completed with the video still at status 2 (the pipeline left it
   * waiting, e.g. for a current ffmpeg): the start-up sweep retries them, the periodic one does not,
   * or it would run them again every few minutes for nothing.
   */
  includeFinished: boolean;
  /** Only videos created longer ago than this: a fresh one's own enqueue is about to happen. */
  graceMs?: number;
  now?: Date;
  /** pg-boss's schema (PgBossQueueOptions.schema). */
  schema?: string;
}

/** Enqueues video.process for every stranded status-2 video; resolves the ids it enqueued. */
export async function sweepProcessingVideos(
  db: DB,
  queue: Pick<JobQueue, 'enqueue'>,
  options: SweepOptions,
): Promise<number[]> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.graceMs ?? 0));
  const states = options.includeFinished
    ? ['created', 'retry', 'active']
    : ['created', 'retry', 'active', 'completed'];
  const stranded = await createPipelineRepository(db).strandedProcessing(
    cutoff,
    processVideoJob.name,
    states,
    options.schema ?? 'pgboss',
  );
  const enqueued: number[] = [];
  for (const videoId of stranded) {
    const id = await queue.enqueue(processVideoJob, { videoId }, { singletonKey: processVideoKey(videoId) });
    if (id !== null) enqueued.push(videoId);
  }
  return enqueued;
}

/** The periodic sweep: a scheduled job (one run per tick across every worker; docs/decisions.md). */
export const processingSweepJob = defineJob({
  name: 'video.sweep',
  payload: z.object({}),
  // The next tick is the retry.
  retry: { retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false },
  timeoutSeconds: 10 * 60,
});

/** Every 5 minutes (UTC). */
export const PROCESSING_SWEEP_CRON = '*/5 * * * *';

export interface ProcessingSweepDeps {
  db: DB;
  /** Where the video.process jobs go (the process's job sink). */
  queue: Pick<JobQueue, 'enqueue'>;
  log: JobsLogger;
  /** pg-boss's schema (PgBossQueueOptions.schema). */
  schema?: string;
}

/**
 * The periodic sweep's handler: videos stranded for over a minute, not the ones whose last job
 * finished with the video still waiting (the start-up sweep retries those, or it would run them again
 * every few minutes for nothing).
 */
export function processingSweepHandler(deps: ProcessingSweepDeps): JobHandler<typeof processingSweepJob> {
  return async () => {
    const ids = await sweepProcessingVideos(deps.db, deps.queue, {
      includeFinished: false,
      graceMs: 60_000,
      schema: deps.schema,
    });
    if (ids.length > 0) deps.log.info?.({ videoIds: ids }, 'video.process enqueued for stranded videos');
  };
}

export function registerProcessingSweepJob(
  registry: JobRegistry,
  deps: ProcessingSweepDeps,
  cron = PROCESSING_SWEEP_CRON,
): JobRegistry {
  return registry
    .define(processingSweepJob)
    .handle(processingSweepJob, processingSweepHandler(deps))
    .schedule(processingSweepJob, cron, {});
}

/**
 * The start-up sweep of a working process (not periodic: once, as it starts), including the videos
 * the pipeline left waiting, since this process may have the ffmpeg they waited for. Resolves when
 * done; never rejects (a failure is logged).
 */
export function runStartupSweep(
  db: DB,
  queue: Pick<JobQueue, 'enqueue'>,
  options: { log: JobsLogger; schema?: string },
): Promise<void> {
  return sweepProcessingVideos(db, queue, { includeFinished: true, graceMs: 0, schema: options.schema })
    .then((ids) => {
      if (ids.length > 0) options.log.info?.({ videoIds: ids }, 'video.process enqueued for stranded videos');
    })
    .catch((error: unknown) => options.log.error({ err: error }, 'processing sweep failed'));
}
