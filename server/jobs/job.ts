// A job is a definition (typed name, payload schema, retry and timeout policy) plus exactly one handler.
import type { z } from 'zod';

export interface RetryPolicy {
  /** Retries after the first attempt; 0 means run once. */
  retryLimit: number;
  /** Delay before the first retry; with backoff it doubles (with jitter) on each further retry. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  retryDelayMaxSeconds?: number;
}

export interface JobDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  name: N;
  /** Payloads carry ids, not data: the handler loads what it needs, so a retry sees fresh state. */
  payload: S;
  retry: RetryPolicy;
  /** A run longer than this is failed (and retried): a worker that died mid-run does not hold it forever. */
  timeoutSeconds: number;
  /** Jobs of this name one worker process runs at once; default 1 (ffmpeg already uses every core). */
  concurrency?: number;
  /**
   * A running job proves it is alive this often (≥ 10 s; the queue refreshes it from the worker's
   * event loop). A job whose worker died (SIGKILL, power loss) is failed and retried once it misses
   * it, instead of waiting for `timeoutSeconds`. Unset: only the timeout catches a dead worker.
   */
  heartbeatSeconds?: number;
}

export type PayloadOf<D extends JobDefinition> = z.infer<D['payload']>;

export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first run, then 1, 2... */
  retryCount: number;
  singletonKey: string | null;
  /** Aborted when the job times out or the queue stops without waiting. */
  signal: AbortSignal;
  /** Records progress (0–100) where the pipeline can read it. */
  progress(percent: number): Promise<void>;
}

/** Must be safe to run twice: a retry after a crash repeats whatever part already happened. */
export type JobHandler<D extends JobDefinition = JobDefinition> = (
  payload: PayloadOf<D>,
  context: JobContext,
) => Promise<void>;

const NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

export function defineJob<const N extends string, S extends z.ZodType>(
  definition: JobDefinition<N, S>,
): JobDefinition<N, S> {
  if (!NAME.test(definition.name)) throw new Error(`Job name ${definition.name} must be lower-case words`);
  if (definition.timeoutSeconds < 1) throw new Error(`Job ${definition.name}: timeoutSeconds must be ≥ 1`);
  const heartbeat = definition.heartbeatSeconds;
  if (heartbeat !== undefined && (!Number.isInteger(heartbeat) || heartbeat < 10))
    throw new Error(`Job ${definition.name}: heartbeatSeconds must be an integer ≥ 10`);
  return definition;
}
