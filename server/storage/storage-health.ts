// Whether the media storage answers, for GET /healthz and the pipeline's "wait, or reject?" (issue 28).
// The health answer may be asked for many times a second (every load balancer, every probe): one check
// (storage.check(): a HEAD of the bucket) runs at most every 10 s per process, with a 2 s timeout,
// callers in between sharing its result or the check in flight. Pages never check the storage: their
// media links are URLs made without a request (a public base, or a locally signed URL).
import type { Storage } from './storage.ts';

export const STORAGE_CHECK_INTERVAL_MS = 10_000;
export const STORAGE_CHECK_TIMEOUT_MS = 2_000;

export interface StorageHealthReport {
  kind: Storage['kind'];
  status: 'ok' | 'unreachable';
  /** When the check this report comes from ran (ISO 8601). */
  checkedAt: string;
  /** Why it failed (the error's message, one line); only when unreachable. */
  error?: string;
}

export interface StorageHealth {
  /** The last check's result, checking again first when it is older than the interval. */
  report(): Promise<StorageHealthReport>;
}

/** A fresh check now; false when the storage did not answer within the timeout. */
export async function storageReachable(
  storage: Pick<Storage, 'check'>,
  timeoutMs = STORAGE_CHECK_TIMEOUT_MS,
): Promise<boolean> {
  return (await checkOnce(storage, timeoutMs)) === null;
}

/** null when the storage answered; else why not. */
async function checkOnce(storage: Pick<Storage, 'check'>, timeoutMs: number): Promise<string | null> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // The SDK may retry a refused connection for longer than the timeout's abort takes to reach it.
    await Promise.race([
      storage.check({ signal }),
      new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => reject(new Error(`no answer within ${timeoutMs} ms`)), {
          once: true,
        });
      }),
    ]);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message || error.name : String(error);
    return message.split('\n')[0]!.slice(0, 200);
  }
}

export function createStorageHealth(
  storage: Pick<Storage, 'check' | 'kind'>,
  options: { intervalMs?: number; timeoutMs?: number; now?: () => number } = {},
): StorageHealth {
  const intervalMs = options.intervalMs ?? STORAGE_CHECK_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? STORAGE_CHECK_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let last: { at: number; report: StorageHealthReport } | null = null;
  let inFlight: Promise<StorageHealthReport> | null = null;

  const check = async (): Promise<StorageHealthReport> => {
    const at = now();
    const error = await checkOnce(storage, timeoutMs);
    const report: StorageHealthReport = {
      kind: storage.kind,
      status: error === null ? 'ok' : 'unreachable',
      checkedAt: new Date(at).toISOString(),
      ...(error === null ? {} : { error }),
    };
    last = { at, report };
    return report;
  };

  return {
    report() {
      if (last && now() - last.at < intervalMs) return Promise.resolve(last.report);
      inFlight ??= check().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
