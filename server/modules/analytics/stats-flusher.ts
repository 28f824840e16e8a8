// The analytics counts' flush timer (issue 17), run by the web process (main.ts) beside the view
// flusher: every 5 s the staged counts go to stats_daily in one statement per batch (the ad events' stage
// uses it too). Several processes may each run one: a batch is taken by one of them (stats-stage.ts) and
// written once (its id in the ledger of applied batches).
import { type FlushTimer, startFlushTimer } from '../../lib/flush-timer.ts';
import type { AnalyticsService } from './analytics.service.ts';

export const STATS_FLUSH_INTERVAL_MS = 5000;

export type StatsFlusher = FlushTimer;

export function startStatsFlusher(
  analytics: Pick<AnalyticsService, 'flush'>,
  options: { intervalMs?: number; log: { error(obj: unknown, msg: string): void } },
): StatsFlusher {
  return startFlushTimer(
    { name: 'analytics flush', flush: () => analytics.flush() },
    { intervalMs: options.intervalMs ?? STATS_FLUSH_INTERVAL_MS, log: options.log },
  );
}
