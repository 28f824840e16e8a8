// The flush timers' common shape (flush-timer.ts): ticks never overlap, a failure is logged and the timer
// goes on, the periodic work runs on the first tick and every n-th after it, stop() runs a last flush.
import { describe, expect, it, vi } from 'vitest';
import { startFlushTimer } from './flush-timer.ts';

describe('startFlushTimer', () => {
  it('flushes on a timer, sweeps every n-th tick, logs failures and goes on, flushes once more at stop', async () => {
    const order: string[] = [];
    let active = 0;
    let overlapped = false;
    let calls = 0;
    const errors: string[] = [];
    const timer = startFlushTimer(
      {
        name: 'test flush',
        async flush() {
          calls += 1;
          active += 1;
          if (active > 1) overlapped = true;
          await new Promise((resolve) => setImmediate(resolve));
          active -= 1;
          order.push('flush');
          if (calls === 2) throw new Error('database away');
        },
        periodic: { every: 3, name: 'test sweep', run: async () => order.push('sweep') },
      },
      { intervalMs: 2, log: { error: (_obj, msg) => errors.push(msg) } },
    );
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(7), { timeout: 5000, interval: 5 });
    await timer.stop();
    const stoppedAt = calls;
    expect(overlapped).toBe(false);
    expect(errors).toContain('test flush failed');
    // Ticks 1, 4, 7 … sweep after their flush; the last flush of stop() does not sweep.
    const ticks = order.join(',').split('flush').length - 1;
    expect(order.slice(0, 6)).toEqual(['flush', 'sweep', 'flush', 'flush', 'flush', 'sweep']);
    expect(order.at(-1)).toBe('flush');
    expect(ticks).toBe(stoppedAt);
  });
});
