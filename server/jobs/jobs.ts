// The site's jobs and how a process starts them: the web process (WORKERS=inline works them,
// WORKERS=off only enqueues) and `npm run worker` (works them, no HTTP).
import type { DatabaseHandle } from '../db/database.ts';
import { PgBossQueue, type PgBossQueueOptions } from './pg-boss-queue.ts';
import type { JobQueue } from './queue.ts';
import { JobRegistry } from './registry.ts';

/** Where pg-boss's errors (failed polls, maintenance) go: the server's pino logger fits. */
export interface JobsLogger {
  error(details: object, message: string): void;
}

/**
 * Every job definition with its handler. The pipeline's jobs (probe, transcode, stills, sprites,
 * preview) are defined and handled here as they land; the registry's check refuses to boot when
 * one has no handler.
 */
export function createJobRegistry(): JobRegistry {
  return new JobRegistry();
}

export interface StartJobsOptions {
  /** Take jobs in this process (a worker, or the web process with WORKERS=inline). */
  work: boolean;
  log: JobsLogger;
  registry?: JobRegistry;
  queue?: PgBossQueueOptions;
}

/** Checks the registry, starts pg-boss (installing its schema on first start), registers the queues. */
export async function startJobs(handle: DatabaseHandle, options: StartJobsOptions): Promise<JobQueue> {
  const registry = options.registry ?? createJobRegistry();
  // Before anything touches the database: an inconsistent registry never boots.
  registry.check();
  const queue = new PgBossQueue(handle, {
    ...options.queue,
    onError: (error) => options.log.error({ err: error }, 'job queue error'),
  });
  try {
    await registry.start(queue, { work: options.work });
  } catch (error) {
    await queue.stop({ timeoutMs: 0 }).catch(() => {});
    throw error;
  }
  return queue;
}
