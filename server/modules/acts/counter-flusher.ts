// The acts' counter flush timer, run by the web process beside the view flusher (main.ts): the staged
// events are rows in the database, so the timer only decides how fresh likes, favourites, comment and
// subscriber counts are. Several processes may each run one: the flush takes its batch with FOR UPDATE
// SKIP LOCKED, so no event is applied twice.
import { type FlushTimer, startFlushTimer } from '../../lib/flush-timer.ts';
import type { ActsService } from './acts.service.ts';

export const COUNTER_FLUSH_INTERVAL_MS = 5000;

export type CounterFlusher = FlushTimer;

export function startCounterFlusher(
  acts: Pick<ActsService, 'flushCounters'>,
  options: { intervalMs?: number; log: { error(obj: unknown, msg: string): void } },
): CounterFlusher {
  return startFlushTimer(
    { name: 'counter flush', flush: () => acts.flushCounters() },
    { intervalMs: options.intervalMs ?? COUNTER_FLUSH_INTERVAL_MS, log: options.log },
  );
}
