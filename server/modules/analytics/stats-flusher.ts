// The analytics counts' flush timer (issue 17), run by the web process (main.ts) beside the view
// flusher: every 5 s the staged counts go to stats_daily in one statement per batch. Several processes
// may each run one: a batch is taken by one of them (stats-stage.ts) and written once (its id in the
// ledger of applied batches).
import type { AnalyticsService } from './analytics.service.ts';

export const STATS_FLUSH_INTERVAL_MS = 5000;

export interface StatsFlusher {
  /** Stops the timer and runs a last flush (SIGTERM). */
  stop(): Promise<void>;
}

export function startStatsFlusher(
  analytics: Pick<AnalyticsService, 'flush'>,
  options: { intervalMs?: number; log: { error(obj: unknown, msg: string): void } },
): StatsFlusher {
  const interval = options.intervalMs ?? STATS_FLUSH_INTERVAL_MS;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const flush = () =>
    analytics.flush().catch((error: unknown) => options.log.error({ err: error }, 'analytics flush failed'));
  const tick = () => {
    running = flush().finally(() => {
      if (!stopped) timer = setTimeout(tick, interval);
    });
  };
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(tick, interval);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      await flush();
    },
  };
}
