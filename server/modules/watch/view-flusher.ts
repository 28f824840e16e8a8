// The view counter's flush timer, run by the web process (main.ts): views are staged rows in the
// database (durable), so a timer here only decides how fresh the counters are; a job queue round trip
// every few seconds would buy nothing. Several processes may each run one: the flush takes its batch
// with FOR UPDATE SKIP LOCKED, so they never count a view twice.
import { type FlushTimer, startFlushTimer } from '../../lib/flush-timer.ts';
import type { WatchService } from './watch.service.ts';

export const VIEW_FLUSH_INTERVAL_MS = 5000;

export type ViewFlusher = FlushTimer;

export function startViewFlusher(
  watch: Pick<WatchService, 'flushViews'>,
  options: { intervalMs?: number; log: { error(obj: unknown, msg: string): void } },
): ViewFlusher {
  return startFlushTimer(
    { name: 'view flush', flush: () => watch.flushViews() },
    { intervalMs: options.intervalMs ?? VIEW_FLUSH_INTERVAL_MS, log: options.log },
  );
}
