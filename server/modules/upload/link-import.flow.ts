// Link imports (content.md §3): a link sent with the upload form is checked and recorded, and the
// `link.import` job (link-import.job.ts) downloads it later, checks it like an upload and hands it to
// the pipeline. Part of the upload service (upload.service.ts), which answers its calls.
import type { VideoEditFields } from '../../../contract/upload.ts';
import { DomainError } from '../../errors.ts';
import type { JobSink } from '../../jobs/job-sink.ts';
import { processVideoJob, processVideoKey } from '../../pipeline/definitions.ts';
import type { Storage } from '../../storage/storage.ts';
import type { UploadStaging } from '../../storage/upload-staging.ts';
import { IMPORT_STALE_MS, linkImportJob, linkImportKey } from './link-import.job.ts';
import type { LinkImportRepository } from './link-import.repository.ts';
import { checkLinkTarget, downloadLink } from './link-import.ts';
import type { UploadRepository } from './upload.repository.ts';
import type { UploadServiceOptions, UploadUser } from './upload.service.ts';
import { fieldError, newVideoFields, type Preview, type UploadChecks } from './upload-checks.ts';
import { storeFiles } from './upload-files.ts';

export function createLinkImportFlow(deps: {
  repository: UploadRepository;
  imports: LinkImportRepository;
  staging: UploadStaging;
  storage: Storage;
  jobs: JobSink;
  options: UploadServiceOptions;
  checkFile: UploadChecks['checkFile'];
}) {
  const { repository, imports, staging, storage, jobs, options, checkFile } = deps;
  const linkPolicy = { allowPrivate: options.allowPrivateLinks, isBlocked: options.isBlockedAddress };

  /**
   * A link: checked (its form, and where its host points now), then the video is recorded waiting
   * for its download (status 2) and the `link.import` job enqueued; the answer does not wait for it.
   * One import at a time per member (audit F12), decided by the database (link_imports_one_per_member).
   */
  async function startImport(user: UploadUser, fields: VideoEditFields, preview: Preview | null) {
    const link = fields.link!;
    await checkLinkTarget(link, linkPolicy);
    const staleBefore = new Date(Date.now() - IMPORT_STALE_MS);
    const inProgress = () => fieldError('link', 'import_in_progress', 429);
    // Answered before anything is stored; the unique index decides between parallel requests.
    if (await imports.running(user.user_id, staleBefore)) throw inProgress();
    const videoId = await repository.reserveVideoId();
    const files = preview ? await storeFiles(storage, videoId, null, preview) : [];
    let accepted = false;
    try {
      accepted = await imports.create(
        videoId,
        {
          ...newVideoFields(user, fields),
          categoryIds: [...new Set(fields.categories)],
          recordsRequired: options.recordsRequired?.(user) ?? false,
        },
        files,
        link,
        staleBefore,
      );
    } finally {
      if (!accepted) await storage.deletePrefix(`videos/${videoId}/`).catch(() => {});
    }
    if (!accepted) throw inProgress();
    await jobs.enqueue(linkImportJob, { videoId }, { singletonKey: linkImportKey(videoId) });
    return videoId;
  }

  /**
   * The `link.import` job's work: download (the minimum rate, the deadline, the address checked per
   * connection), the file's checks, the source into storage, then `video.process`. A failure of the
   * link or of the file rejects the video with its code; any other error is thrown for a retry,
   * except on the last attempt, which rejects it as link_failed. Safe to run twice.
   */
  async function runImport(
    videoId: number,
    run: { signal?: AbortSignal; lastAttempt?: boolean } = {},
  ): Promise<'done' | 'failed' | 'skipped'> {
    const row = await imports.find(videoId);
    if (row?.state !== 'importing') return 'skipped';
    const fail = async (code: string, detail: string) => {
      // Only the run that ended the import removes its files (another may have finished it).
      if (!(await imports.fail(videoId, code, detail))) return 'skipped' as const;
      await storage.deletePrefix(`videos/${videoId}/`).catch(() => {});
      return 'failed' as const;
    };
    if (row.videoGone) return fail('link_failed', 'video deleted during its import');
    // Each run downloads to a file of its own; those of runs killed on this machine go first.
    // Partial downloads of this video's import older than the job's timeout: their run is over (the
    // queue aborts a run at its timeout), so the process that wrote them was killed.
    await staging.removeStaleDownloads(videoId, linkImportJob.timeoutSeconds * 1000);
    const file = await staging.newDownload(videoId);
    try {
      await downloadLink(row.link, file, {
        ...linkPolicy,
        ...options.linkLimits,
        maxBytes: options.maxBytes,
        signal: run.signal,
      });
      const { media, ext, hash, size } = await checkFile(file, row.isExclusive, 'link');
      const [source] = await storeFiles(storage, videoId, { file, ext, media, size }, null);
      let finished: boolean;
      try {
        finished = await imports.finish(videoId, {
          duration: Math.round(media.durationSeconds),
          width: media.width,
          height: media.height,
          contentHash: hash,
          source: source!,
        });
      } catch (error) {
        // Two videos with the same file at once: the unique index decides.
        if ((error as { code?: string }).code === '23505' && /content_hash/.test(String(error)))
          return await fail('duplicate_video', 'duplicate content hash');
        throw error;
      }
      if (!finished) return 'skipped';
      await jobs.enqueue(processVideoJob, { videoId }, { singletonKey: processVideoKey(videoId) });
      return 'done';
    } catch (error) {
      if (run.signal?.aborted) throw error;
      if (error instanceof DomainError) return await fail(error.code, error.message);
      if (run.lastAttempt) return await fail('link_failed', String((error as Error)?.message ?? error));
      throw error;
    } finally {
      await staging.removeFile(file);
    }
  }

  return { startImport, runImport };
}
