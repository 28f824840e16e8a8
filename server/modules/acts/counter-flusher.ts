// The acts' counter flush timer, run by the web process beside the view flusher (main.ts): the staged
// events are rows in the database, so the timer only decides how fresh likes, favourites, comment and
// subscriber counts are. Several processes may each run one: the flush takes its batch with FOR UPDATE
// SKIP LOCKED, so no event is applied twice.
import type { ActsService } from './acts.service.ts';

export const COUNTER_FLUSH_INTERVAL_MS = 5000;

export interface CounterFlusher {
  /** Stops the timer and runs a last flush (SIGTERM). */
  stop(): Promise<void>;
}

export function startCounterFlusher(
  acts: Pick<ActsService, 'flushCounters'>,
  options: { intervalMs?: number; log: { error(obj: unknown, msg: string): void } },
): CounterFlusher {
  const interval = options.intervalMs ?? COUNTER_FLUSH_INTERVAL_MS;
  const flush = () =>
    acts.flushCounters().catch((error: unknown) => options.log.error({ err: error }, 'counter flush failed'));
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    running = flush().finally(() => {
      if (!stopped) timer = setTimeout(tick, interval);
    });
  };
  timer = setTimeout(tick, interval);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await flush();
    },
  };
}
