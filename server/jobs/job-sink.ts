// How the web layer enqueues work. Services are built before the queue starts (main.ts starts
// pg-boss after migrations), so the sink is late-bound: `attach` hands it the running queue, and an
// enqueue before that waits for it instead of failing.
import type { JobDefinition, PayloadOf } from './job.ts';
import type { EnqueueOptions, JobQueue } from './queue.ts';

export interface JobSink {
  enqueue<D extends JobDefinition>(
    definition: D,
    payload: PayloadOf<D>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /** Binds the running queue; later enqueues go straight to it. */
  attach(queue: JobQueue): void;
}

export function createJobSink(): JobSink {
  let bind: (queue: JobQueue) => void = () => {};
  const ready = new Promise<JobQueue>((resolve) => {
    bind = resolve;
  });
  return {
    async enqueue(definition, payload, options) {
      const queue = await ready;
      return queue.enqueue(definition, payload, options);
    },
    attach(queue) {
      bind(queue);
    },
  };
}
