// The periodic removal of expired uploads: runs every interval, never two at once, logs a failure
// and keeps going, and stops for good (waiting for a running pass).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUploadCleaner, UPLOAD_CLEAN_INTERVAL_MS } from './upload-cleaner.ts';

describe('startUploadCleaner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const log = () => ({ error: vi.fn() });

  it('runs cleanExpired once an hour by default, not at start', async () => {
    const cleanExpired = vi.fn(async () => 0);
    const cleaner = startUploadCleaner({ cleanExpired }, { log: log() });
    expect(cleanExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(UPLOAD_CLEAN_INTERVAL_MS - 1);
    expect(cleanExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(cleanExpired).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * UPLOAD_CLEAN_INTERVAL_MS);
    expect(cleanExpired).toHaveBeenCalledTimes(3);
    await cleaner.stop();
  });

  it('never overlaps a slow pass, and stop waits for it', async () => {
    let finish: () => void = () => {};
    const cleanExpired = vi.fn(
      () =>
        new Promise<number>((resolve) => {
          finish = () => resolve(1);
        }),
    );
    const cleaner = startUploadCleaner({ cleanExpired }, { log: log(), intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(cleanExpired).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = cleaner.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(cleanExpired).toHaveBeenCalledTimes(1);
  });

  it('logs a failed pass and runs again at the next tick', async () => {
    const logger = log();
    const cleanExpired = vi.fn().mockRejectedValueOnce(new Error('disk gone')).mockResolvedValue(0);
    const cleaner = startUploadCleaner({ cleanExpired }, { log: logger, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(logger.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'disk gone' }) },
      'upload cleanup failed',
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(cleanExpired).toHaveBeenCalledTimes(2);
    await cleaner.stop();
  });
});
