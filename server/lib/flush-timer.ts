// The web process's flush timers (main.ts): staged views, acts' counters, analytics, thumbnail trials
// and ad events are written every few seconds by a timer of this shape. The next tick is set when the
// last one ends (a slow flush never overlaps itself); stop() ends the timer, waits for a running flush and
// runs a last one (SIGTERM). Several processes may each run one: each stage makes its own batches apply
// once. A failed flush is logged and the timer goes on.

export interface FlushTimer {
  /** Stops the timer and runs a last flush (SIGTERM). */
  stop(): Promise<void>;
}

export interface FlushTask {
  /** What the log says failed, e.g. 'view flush'. */
  name: string;
  flush(): Promise<unknown>;
  /** Work done after the flush on every `every`-th tick, the first tick included (e.g. a sweep). */
  periodic?: { every: number; name: string; run(): Promise<unknown> };
}

export function startFlushTimer(
  task: FlushTask,
  options: { intervalMs: number; log: { error(obj: unknown, msg: string): void } },
): FlushTimer {
  const guarded = (name: string, run: () => Promise<unknown>) => () =>
    run().catch((error: unknown) => options.log.error({ err: error }, `${name} failed`));
  const flush = guarded(task.name, () => task.flush());
  const periodic = task.periodic;
  const extra = periodic ? guarded(periodic.name, () => periodic.run()) : null;
  let stopped = false;
  let ticks = 0;
  let running: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const extraNow = extra !== null && ticks++ % periodic!.every === 0;
    running = flush()
      .then(() => (extraNow ? extra() : undefined))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  timer = setTimeout(tick, options.intervalMs);
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
