// The `link.import` job (issue 11, F12): a link accepted by POST /api/video_edit.php is downloaded
// here, outside any request, with the minimum rate and the deadline of link-import.ts; the file is
// checked like a tus upload, stored as the video's source, and the video handed over to
// `video.process`. A failure rejects the video with its code (runImport, link-import.flow.ts).
// At least once: a run of an import that already ended does nothing; a run after a crash starts the
// download again from nothing (the partial file has a fixed name and is removed first).
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/job.ts';
import type { JobRegistry } from '../../jobs/registry.ts';
import type { UploadService } from './upload.service.ts';

export const linkImportJob = defineJob({
  name: 'link.import',
  payload: z.object({ videoId: z.number().int().positive() }),
  // Failures of the link itself end the import at once; these retries are for the rest (database,
  // storage, a worker that died).
  retry: { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, retryDelayMaxSeconds: 600 },
  // The download's own deadline is 30 minutes; then the probe, the hash and the copy to storage.
  timeoutSeconds: 45 * 60,
  heartbeatSeconds: 30,
  // Downloads wait on the network, not the CPU: a few at once per worker.
  concurrency: 3,
});

/** The singleton key of a video's import job: at most one queued or running per video. */
export const linkImportKey = (videoId: number) => `link-import-${videoId}`;

/**
 * After this long an import still marked running is failed (its job was lost: a process killed
 * between the insert and the enqueue, or every attempt killed). Above the attempts' timeouts.
 */
export const IMPORT_STALE_MS = 3 * 3600_000;

export function linkImportHandler(
  uploads: Pick<UploadService, 'runImport'>,
): JobHandler<typeof linkImportJob> {
  return async ({ videoId }, context) => {
    await uploads.runImport(videoId, {
      signal: context.signal,
      lastAttempt: context.retryCount >= linkImportJob.retry.retryLimit,
    });
  };
}

export function registerLinkImportJob(
  registry: JobRegistry,
  uploads: Pick<UploadService, 'runImport'>,
): JobRegistry {
  return registry.define(linkImportJob).handle(linkImportJob, linkImportHandler(uploads));
}
