// The queue port. The one implementation is pg-boss (pg-boss-queue.ts), on PostgreSQL or PGlite.
import type { JobDefinition, JobHandler, PayloadOf } from './job.ts';

export interface EnqueueOptions {
  /**
   * At most one job per key is queued or running: a second enqueue with the same key while one is
   * waiting or active is dropped (enqueue resolves null). No key: never deduplicated.
   */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
}

export interface StopOptions {
  /** How long running handlers get to finish; after that they are failed and will retry. Default 30 s. */
  timeoutMs?: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobInfo {
  state: JobState;
  retryCount: number;
}

export interface JobQueue {
  /** Creates the queue of each definition (idempotent); enqueue and work only accept registered ones. */
  register(definitions: readonly JobDefinition[]): Promise<void>;
  /** Validates the payload against the definition; resolves the job id, or null when deduplicated. */
  enqueue<D extends JobDefinition>(
    definition: D,
    payload: PayloadOf<D>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /** Starts taking jobs of this definition in this process. */
  work<D extends JobDefinition>(definition: D, handler: JobHandler<D>): Promise<void>;
  /** State of one job, null when unknown (or already cleaned up). */
  info(definition: JobDefinition, id: string): Promise<JobInfo | null>;
  /** Stops taking jobs, waits for running ones up to the timeout, then fails the rest (they retry). */
  stop(options?: StopOptions): Promise<void>;
}

/**
 * Periodic work (docs/decisions.md): a job sent by a clock every working process runs, but that sends
 * each due time once for the whole fleet (pg-boss's cron: one process per check wins it, and the
 * forward carries a per-minute singleton), so two workers on one database sweep once per tick.
 */
export interface JobSchedule {
  definition: JobDefinition;
  /** Five-field cron, UTC; the clock has minute resolution. */
  cron: string;
  payload: unknown;
}

export interface JobScheduler {
  /** Stores each schedule (or updates its cron and payload); a working process's clock sends it when due. */
  schedule(schedules: readonly JobSchedule[]): Promise<void>;
  /** Removes the schedules of these definitions, if any (a definition that no longer has one). */
  unschedule(definitions: readonly JobDefinition[]): Promise<void>;
}
