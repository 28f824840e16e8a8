// The view counter's flush timer, run by the web process (main.ts): views are staged rows in the
// database (durable), so a timer here only decides how fresh the counters are; a job queue round trip
// every few seconds would buy nothing. Several processes may each run one: the flush takes its batch
// with FOR UPDATE SKIP LOCKED, so they never count a view twice.
import type { WatchService } from './watch.service.ts';

export const VIEW_FLUSH_INTERVAL_MS = 5000;

export interface ViewFlusher {
  /** Stops the timer and runs a last flush (SIGTERM). */
  stop(): Promise<void>;
}

export function startViewFlusher(
  watch: Pick<WatchService, 'flushViews'>,
  options: { intervalMs?: number; log: { error(obj: unknown, msg: string): void } },
): ViewFlusher {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = watch
      .flushViews()
      .catch((error: unknown) => options.log.error({ err: error }, 'view flush failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? VIEW_FLUSH_INTERVAL_MS);
      });
  };
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(
    tick,
    options.intervalMs ?? VIEW_FLUSH_INTERVAL_MS,
  );
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      await watch
        .flushViews()
        .catch((error: unknown) => options.log.error({ err: error }, 'view flush failed'));
    },
  };
}
