// The pipeline's jobs and their handlers, added to the site's registry by createJobRegistry().
// One job per video ('video.process') whose steps resume (process-video.ts), rather than a chain of
// jobs: ffmpeg already uses every core, so parallel steps would only compete; one job keeps one
// progress figure and one retry policy per video, and the exclusive singleton key `video-{id}` keeps
// two workers off the same video.
import type { JobHandler } from '../jobs/job.ts';
import type { JobRegistry } from '../jobs/registry.ts';
import {
  applyScreeningRejection,
  type RejectionNotice,
  ScreeningRejection,
} from '../modules/integrity/screening.ts';
import { storageReachable } from '../storage/storage-health.ts';
import { processVideoJob } from './definitions.ts';
import {
  PermanentPipelineError,
  type PipelineDeps,
  processVideo,
  recordProcessingError,
  rejectVideo,
} from './process-video.ts';

const FAILED_REASON = 'The video could not be processed.';
/** The start of processing_error while the video waits for the media storage. */
export const STORAGE_DOWN = 'waiting for the media storage';

/**
 * The 'video.process' handler: runs processVideo; a source that can never become a video is rejected
 * (status 4) at once, any other failure is recorded and thrown for pg-boss to retry with backoff, and
 * the last attempt's failure rejects the video. An abort (timeout, stop) is never a rejection, nor is a
 * failure while the media storage does not answer (the bucket down): the video waits at status 2 with
 * the reason recorded, the job retries with its backoff, and once its retries are spent the periodic
 * sweep (every 5 minutes) gives it a new job, for as long as the outage lasts.
 */
export interface PipelineJobHooks {
  /**
   * After an upload was rejected by screening (modules/integrity/screening.ts) and its files removed
   * or quarantined: the uploader's and the administrators' mails. A failure here is logged only.
   */
  onScreeningRejection?: (notice: RejectionNotice) => Promise<void>;
}

export function processVideoHandler(
  deps: PipelineDeps,
  hooks: PipelineJobHooks = {},
): JobHandler<typeof processVideoJob> {
  return async ({ videoId }, context) => {
    try {
      await processVideo(deps, videoId, { signal: context.signal, progress: context.progress });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (context.signal.aborted) throw error;
      // While the storage does not answer, any failure is put down to it (a missing source may be a 404
      // from a bucket that is not there): never a rejection, only a retry. One cheap check per failure.
      if (!(await storageReachable(deps.storage))) {
        deps.log?.error({ videoId, err: error }, 'video.process: the media storage does not answer; waiting');
        await recordProcessingError(deps.db, videoId, `${STORAGE_DOWN}: ${detail}`).catch(() => {});
        throw error;
      }
      if (error instanceof PermanentPipelineError || error instanceof ScreeningRejection) {
        deps.log?.info({ videoId, detail }, 'video.process: rejected');
        await rejectVideo(deps.db, videoId, error.reason, detail);
        // Screening (issue 31): the reject code and the block on the row, the files removed (a hash-list
        // match's source quarantined first), the audit entry, then the mails.
        if (error instanceof ScreeningRejection) {
          const notice = await applyScreeningRejection(deps, videoId, error);
          await hooks.onScreeningRejection?.(notice).catch((err: unknown) => {
            deps.log?.error({ videoId, err }, 'video.process: the rejection notice failed');
          });
        }
        return;
      }
      deps.log?.error({ videoId, err: error, retryCount: context.retryCount }, 'video.process failed');
      if (context.retryCount >= processVideoJob.retry.retryLimit) {
        await rejectVideo(deps.db, videoId, FAILED_REASON, detail);
        return;
      }
      await recordProcessingError(deps.db, videoId, detail).catch(() => {});
      throw error;
    }
  };
}

export function registerPipelineJobs(
  registry: JobRegistry,
  deps: PipelineDeps,
  hooks: PipelineJobHooks = {},
): JobRegistry {
  return registry.define(processVideoJob).handle(processVideoJob, processVideoHandler(deps, hooks));
}
