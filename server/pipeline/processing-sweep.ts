// Videos left at status 2 (processing) with no video.process job to move them (audit F7): a process
// killed between a commit and its enqueue (video_edit.php, the demo seeder) left them waiting
// forever. A sweep at start and then periodically enqueues one for each, under the video's singleton
// key, so a sweep racing an enqueue (or another process's sweep) never doubles a job: pg-boss's
// 'exclusive' policy drops the second send. Chosen over enqueueing inside the insert's transaction:
// pg-boss talks to the database through its own executor, so one transaction over both would need
// pg-boss's `db` option per send on each database kind, and the sweep also repairs rows that are
// already stranded, and the ones the pipeline leaves waiting for a current ffmpeg.
import type { DB } from '../db/database.ts';
import type { JobsLogger } from '../jobs/jobs.ts';
import type { JobQueue } from '../jobs/queue.ts';
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

export interface ProcessingSweep {
  /** No further sweeps; resolves once a running one is done (before the queue stops). */
  stop(): Promise<void>;
}

/** The start-up sweep now, then one every `intervalMs` (default 5 minutes) until stopped. */
export function startProcessingSweep(
  db: DB,
  queue: Pick<JobQueue, 'enqueue'>,
  options: { log: JobsLogger; intervalMs?: number; schema?: string },
): ProcessingSweep {
  let running: Promise<void> | null = null;
  const run = (includeFinished: boolean, graceMs: number) => {
    // A slow sweep is never overlapped by the next tick.
    if (running) return;
    running = sweepProcessingVideos(db, queue, { includeFinished, graceMs, schema: options.schema })
      .then((ids) => {
        if (ids.length > 0)
          options.log.info?.({ videoIds: ids }, 'video.process enqueued for stranded videos');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'processing sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  run(true, 0);
  const timer = setInterval(() => run(false, 60_000), options.intervalMs ?? 5 * 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
