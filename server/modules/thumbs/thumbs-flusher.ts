// The thumbnail trials' timer (issue 32 part 1), run by the web process (main.ts) beside the other
// flushers: every 5 s the staged counts go to thumb_counts and the rule runs on the trials they touched;
// every SWEEP_EVERY ticks the sweep starts trials for new videos and ends those past the time cap.
// Several processes may each run one: a batch is written once (its id in the ledger), a trial moves once
// (the move is conditional on the state it was decided from), a trial starts once (its primary key).
import { type FlushTimer, startFlushTimer } from '../../lib/flush-timer.ts';
import type { ThumbsService } from './thumbs.service.ts';

export const THUMBS_FLUSH_INTERVAL_MS = 5000;
const SWEEP_EVERY = 12;

export type ThumbsFlusher = FlushTimer;

export function startThumbsFlusher(
  thumbs: Pick<ThumbsService, 'flush' | 'sweep'>,
  options: { intervalMs?: number; log: { error(obj: unknown, msg: string): void } },
): ThumbsFlusher {
  return startFlushTimer(
    {
      name: 'thumbnail trial flush',
      flush: () => thumbs.flush(),
      periodic: { every: SWEEP_EVERY, name: 'thumbnail trial sweep', run: () => thumbs.sweep() },
    },
    { intervalMs: options.intervalMs ?? THUMBS_FLUSH_INTERVAL_MS, log: options.log },
  );
}
