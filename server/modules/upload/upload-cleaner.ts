// Uploads never finished or never submitted go a day after they started (UPLOAD_LIFETIME_MS): their
// bytes and tus metadata in DATA_DIR/uploads, and their row. A timer of the web process rather than a
// pg-boss schedule: the files are on the disk of the process that received them (tus writes there),
// while a queued job may run in a worker on another machine.
import type { UploadService } from './upload.service.ts';

export const UPLOAD_CLEAN_INTERVAL_MS = 3600_000;

export interface UploadCleaner {
  /** No further runs; resolves once a running one is done. */
  stop(): Promise<void>;
}

/** cleanExpired every `intervalMs` (default an hour) until stopped; a slow run is never overlapped. */
export function startUploadCleaner(
  uploads: Pick<UploadService, 'cleanExpired'>,
  options: { log: { error(details: object, message: string): void }; intervalMs?: number },
): UploadCleaner {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = uploads
      .cleanExpired()
      .then(() => undefined)
      .catch((error: unknown) => options.log.error({ err: error }, 'upload cleanup failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs ?? UPLOAD_CLEAN_INTERVAL_MS);
  // The timer alone never keeps a process alive (tests, CLI scripts building the app).
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
