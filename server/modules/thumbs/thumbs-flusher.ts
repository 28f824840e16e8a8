// The thumbnail trials' timer (issue 32 part 1), run by the web process (main.ts) beside the other
// flushers: every 5 s the staged counts go to thumb_counts and the rule runs on the trials they touched;
// every SWEEP_EVERY ticks the sweep starts trials for new videos and ends those past the time cap.
// Several processes may each run one: a batch is written once (its id in the ledger), a trial moves once
// (the move is conditional on the state it was decided from), a trial starts once (its primary key).
import type { ThumbsService } from './thumbs.service.ts';

export const THUMBS_FLUSH_INTERVAL_MS = 5000;
const SWEEP_EVERY = 12;

export interface ThumbsFlusher {
  /** Stops the timer and runs a last flush (SIGTERM). */
  stop(): Promise<void>;
}

export function startThumbsFlusher(
  thumbs: Pick<ThumbsService, 'flush' | 'sweep'>,
  options: { intervalMs?: number; log: { error(obj: unknown, msg: string): void } },
): ThumbsFlusher {
  const interval = options.intervalMs ?? THUMBS_FLUSH_INTERVAL_MS;
  let stopped = false;
  let ticks = 0;
  let running: Promise<unknown> = Promise.resolve();
  const flush = () =>
    thumbs
      .flush()
      .catch((error: unknown) => options.log.error({ err: error }, 'thumbnail trial flush failed'));
  const sweep = () =>
    thumbs
      .sweep()
      .catch((error: unknown) => options.log.error({ err: error }, 'thumbnail trial sweep failed'));
  const tick = () => {
    const sweepNow = ticks++ % SWEEP_EVERY === 0;
    running = flush()
      .then(() => (sweepNow ? sweep() : undefined))
      .finally(() => {
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
