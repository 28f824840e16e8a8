// The jobs' metrics (issue 12): how long each job ran and how it ended, failures, and the depth of each
// queue. They live in prom-client's default registry, shared by everything in the process (the queue
// works in the web process or in a worker); /metrics serves them beside the HTTP ones.
import { Counter, Gauge, Histogram, register } from 'prom-client';

export interface QueueDepth {
  name: string;
  /** Runnable now. */
  ready: number;
  /** Waiting for a later start (retries with backoff, delayed sends). */
  deferred: number;
  active: number;
  /** Failed jobs still kept by the queue's retention. */
  failed: number;
}

const duration = new Histogram({
  name: 'job_duration_seconds',
  help: 'Time a job ran, by job name and outcome (completed or failed)',
  labelNames: ['name', 'outcome'] as const,
  // From a thumbnail to a long transcode.
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800, 3600, 7200],
});

const failures = new Counter({
  name: 'job_failures_total',
  help: 'Job runs that failed (each is retried while its retry policy allows)',
  labelNames: ['name'] as const,
});

let depthOf: (() => Promise<QueueDepth[]>) | null = null;

new Gauge({
  name: 'job_queue_depth',
  help: "Jobs per queue and state, as the queue's monitor last counted them (every minute)",
  labelNames: ['name', 'state'] as const,
  async collect() {
    this.reset();
    const queues = depthOf ? await depthOf().catch(() => []) : [];
    for (const q of queues) {
      for (const state of ['ready', 'deferred', 'active', 'failed'] as const) {
        this.set({ name: q.name, state }, q[state]);
      }
    }
  },
});

/** Times one run of `name`; a throw counts as a failure and is passed on. */
export async function timeJob<T>(name: string, run: () => Promise<T>): Promise<T> {
  const end = duration.startTimer({ name });
  try {
    const result = await run();
    end({ outcome: 'completed' });
    return result;
  } catch (error) {
    end({ outcome: 'failed' });
    failures.inc({ name });
    throw error;
  }
}

/** Where the depth gauge reads from: the process's queue (null when it stops). */
export function observeQueueDepth(source: (() => Promise<QueueDepth[]>) | null): void {
  depthOf = source;
}

/** The process-wide registry these metrics are in. */
export const jobMetricsRegistry = register;
