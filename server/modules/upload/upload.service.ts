// Uploads (content.md §3, §5): who owns a tus upload, and POST /api/video_edit.php turning a finished
// upload (or a link) into a video row waiting for the pipeline. Form mistakes keep the uploaded file
// (the member fixes the form and sends it again); a file that breaks a rule is deleted at once, and
// nothing is inserted. A link is imported by the `link.import` job (link-import.job.ts): the request
// records the video at status 2 and answers; runImport downloads and checks it later. The checks are in
// upload-checks.ts, the link import's steps in link-import.flow.ts, the files' storing in upload-files.ts.
import {
  hasAllowedExtension,
  isValidFileName,
  UPLOADER_NOT_VERIFIED,
  UPLOADER_VERIFY_PAGE,
  type VideoEditFields,
} from '../../../contract/upload.ts';
import type { DB } from '../../db/database.ts';
import { DomainError } from '../../errors.ts';
import type { JobSink } from '../../jobs/job-sink.ts';
import { english } from '../../lib/english.ts';
import { foreignFileType } from '../../media/file-signature.ts';
import { processVideoJob, processVideoKey } from '../../pipeline/definitions.ts';
import type { Storage } from '../../storage/storage.ts';
import { storageReachable } from '../../storage/storage-health.ts';
import { createUploadStaging, isNoSpaceError, UploadNoSpaceError } from '../../storage/upload-staging.ts';
import { createAgeVerificationRepository } from '../age-verification/age-verification.repository.ts';
import { createLinkImportFlow } from './link-import.flow.ts';
import { IMPORT_STALE_MS } from './link-import.job.ts';
import { createLinkImportRepository } from './link-import.repository.ts';
import type { DownloadOptions } from './link-import.ts';
import { createUploadRepository } from './upload.repository.ts';
import { createUploadChecks, fieldError, newVideoFields, type Preview } from './upload-checks.ts';
import { storeFiles } from './upload-files.ts';

/** An unfinished or unsubmitted upload is removed a day after it started. */
export const UPLOAD_LIFETIME_MS = 24 * 3600_000;

/** Defaults of the upload caps (audit F9); UPLOAD_MAX_OPEN, UPLOAD_MAX_OPEN_BYTES, UPLOAD_MIN_FREE_BYTES. */
export const UPLOAD_CAPS = { maxOpen: 5, maxOpenBytes: 20 * 1024 ** 3, minFreeBytes: 1024 ** 3 } as const;

export interface UploadServiceOptions {
  dataDir: string;
  maxBytes: number;
  allowPrivateLinks: boolean;
  /** Tests only: which addresses a link may not reach (default: private, reserved and own ones). */
  isBlockedAddress?: (address: string) => boolean;
  /** Tests only: the download's minimum rate and deadline (default 64 KiB per 30 s, 30 minutes). */
  linkLimits?: Pick<DownloadOptions, 'minBytesPerWindow' | 'rateWindowMs' | 'totalTimeoutMs'>;
  /** Live (unsubmitted) tus uploads one member may hold at once. */
  maxOpen?: number;
  /** Declared bytes of one member's live uploads together. */
  maxOpenBytes?: number;
  /** A new upload is refused when its declared length would leave less free disk than this. */
  minFreeBytes?: number;
  /** Whether `user`'s video needs performer records (modules/records; UPLOAD_RECORDS). */
  recordsRequired?: (user: UploadUser) => boolean;
  /**
   * UPLOADER_VERIFICATION (issue 31): when records are required for `user`, they must have passed the
   * age verification once (users.age_verified) before an upload is taken in. Default: not asked.
   */
  uploaderVerification?: () => 'required' | 'off';
}

export interface UploadUser {
  user_id: number;
  role?: string;
}

/** Seconds a member is asked to wait before sending the form again while the media storage is away. */
export const STORAGE_RETRY_AFTER_S = 30;

/** 503 while the media storage does not answer: briefly unavailable, the upload kept (video-edit.routes.ts adds Retry-After). */
export const storageUnavailable = () =>
  new DomainError('service_unavailable', { status: 503, message: english('api.database_unavailable') });

export function createUploadService(db: DB, storage: Storage, jobs: JobSink, options: UploadServiceOptions) {
  const repository = createUploadRepository(db);
  // Getters: the options may be the site settings in effect (modules/settings), read at each check.
  const caps = {
    get maxOpen() {
      return options.maxOpen ?? UPLOAD_CAPS.maxOpen;
    },
    get maxOpenBytes() {
      return options.maxOpenBytes ?? UPLOAD_CAPS.maxOpenBytes;
    },
    minFreeBytes: options.minFreeBytes ?? UPLOAD_CAPS.minFreeBytes,
  };
  const imports = createLinkImportRepository(db);
  const verifications = createAgeVerificationRepository(db);
  // The tus store (mounted by upload-tus.routes.ts) and the link imports' downloads, on the local disk.
  const staging = createUploadStaging(options.dataDir, UPLOAD_LIFETIME_MS);
  const discardUpload = async (id: string) => {
    await staging.removeUpload(id);
    await repository.deleteUpload(id);
  };
  const { checkForm, checkFile } = createUploadChecks({
    repository,
    staging,
    maxBytes: () => options.maxBytes,
  });
  const { startImport, runImport } = createLinkImportFlow({
    repository,
    imports,
    staging,
    storage,
    jobs,
    options,
    checkFile,
  });

  /**
   * Uploaders verified once (issue 31): 403 `uploader_not_verified` while a member whose uploads need
   * records has not passed the age verification (read from the database: an approval counts at once).
   */
  async function assertMayUpload(user: UploadUser) {
    if (options.uploaderVerification?.() !== 'required' || !options.recordsRequired?.(user)) return;
    if (await verifications.isAgeVerified(user.user_id)) return;
    throw new DomainError(UPLOADER_NOT_VERIFIED, {
      status: 403,
      message: english('api.uploader_not_verified'),
      codes: [{ field: 'file', code: UPLOADER_NOT_VERIFIED }],
      info: { verify: UPLOADER_VERIFY_PAGE },
    });
  }

  return {
    tusStore: staging.tusStore,
    directory: staging.directory,
    get maxBytes() {
      return options.maxBytes;
    },

    assertMayUpload,

    /** Whether `user` must pass the age verification before uploading (the upload page's state). */
    verificationRequired(user: UploadUser): boolean {
      return options.uploaderVerification?.() === 'required' && (options.recordsRequired?.(user) ?? false);
    },

    /** Categories and channels for the upload form. */
    formOptions(user: UploadUser) {
      return repository.formOptions(user.user_id, user.role === 'administrator');
    },

    /** Called by the tus endpoint before the upload's file is created. */
    async registerUpload(id: string, user: UploadUser, fileName: string, size: number) {
      if (!isValidFileName(fileName)) throw fieldError('file', 'file_name_invalid');
      if (!hasAllowedExtension(fileName)) throw fieldError('file', 'file_type_not_allowed');
      if (size > options.maxBytes) throw fieldError('file', 'file_too_large', 413);
      staging.tusStore();
      if ((await staging.freeBytes()) - size < caps.minFreeBytes)
        throw fieldError('file', 'upload_no_space', 413);
      const verdict = await repository.reserveUpload(
        { id, userId: user.user_id, fileName, size, expiresAt: new Date(Date.now() + UPLOAD_LIFETIME_MS) },
        caps,
      );
      // 429: the member may start another once one is sent or cancelled (tus clients do not retry it).
      if (verdict !== 'ok') throw fieldError('file', verdict, 429);
    },

    /**
     * The first bytes of an upload, as its first chunk arrives: a known other kind of file (a picture, an
     * archive, a document…) is refused before it is stored, and the upload goes. Unknown bytes pass:
     * ffprobe judges the whole file when the form is sent.
     */
    async checkFirstBytes(id: string, head: Uint8Array) {
      if (foreignFileType(head) === null) return;
      await discardUpload(id);
      throw fieldError('file', 'file_type_not_allowed');
    },

    /**
     * After tus failed to create or write upload `uploadId` (null when the request names none): when the
     * upload folder's disk filled, the partial file, its metadata and its row go, and the answer is 413
     * upload_no_space (the member starts again later; nothing of it stays to fill the disk). Any other
     * failure: null (tus answers it).
     */
    async storeFailed(error: unknown, uploadId: string | null): Promise<DomainError | null> {
      if (!isNoSpaceError(error)) return null;
      const id = error instanceof UploadNoSpaceError ? error.uploadId : uploadId;
      if (id) await discardUpload(id);
      return fieldError('file', 'upload_no_space', 413);
    },

    /** After the owner cancelled an upload (tus DELETE): its row goes too. */
    async forgetUpload(id: string) {
      await discardUpload(id);
    },

    /** The owner of a tus upload, or null when there is no such (live) upload. */
    async uploadOwner(id: string): Promise<number | null> {
      const row = await repository.findUpload(id);
      return row && row.expires_at.getTime() > Date.now() ? row.user_id : null;
    },

    /** POST /api/video_edit.php. */
    async submit(user: UploadUser, raw: Record<string, unknown>, image: Buffer | null): Promise<number> {
      await assertMayUpload(user);
      const { fields, preview } = await checkForm(user, raw, image);

      if (fields.upload_id) {
        const row = await repository.findUpload(fields.upload_id);
        if (!row || row.user_id !== user.user_id) throw fieldError('file', 'upload_not_found');
        const upload = await staging
          .tusStore()
          .getUpload(row.id)
          .catch(() => null);
        if (!upload) {
          await discardUpload(row.id);
          throw fieldError('file', 'upload_not_found');
        }
        if (upload.size === undefined || upload.offset !== upload.size)
          throw fieldError('file', 'upload_incomplete');
        return accept(user, fields, preview, staging.uploadFile(row.id), row.id);
      }
      return startImport(user, fields, preview);
    },

    runImport,

    /**
     * Removes uploads older than their lifetime (finished or not) with their files, and fails link
     * imports whose job was lost (IMPORT_STALE_MS).
     */
    async cleanExpired(now = new Date()): Promise<number> {
      const ids = await repository.expiredUploadIds(now);
      for (const id of ids) await discardUpload(id);
      const stale = await imports.expireStale(new Date(now.getTime() - IMPORT_STALE_MS));
      for (const videoId of stale) await storage.deletePrefix(`videos/${videoId}/`).catch(() => {});
      return ids.length;
    },
  };

  /** Checks the file, stores it under the new video's id, then inserts the rows and enqueues the job. */
  async function accept(
    user: UploadUser,
    fields: VideoEditFields,
    preview: Preview | null,
    file: string,
    uploadId: string | null,
  ): Promise<number> {
    const field = fields.link ? 'link' : 'file';
    const discard = () => (uploadId ? discardUpload(uploadId) : staging.removeFile(file));

    try {
      const { media, ext, hash, size } = await checkFile(file, fields.exclusive === '1', field);
      const videoId = await repository.reserveVideoId();
      // The copy happens before, and outside, the transaction (audit F8); `storeFiles` cleans up
      // after itself, and a failed insert removes what it stored.
      const files = await storeFiles(storage, videoId, { file, ext, media, size }, preview);
      try {
        await repository.createVideo(
          videoId,
          {
            ...newVideoFields(user, fields),
            duration: Math.round(media.durationSeconds),
            width: media.width,
            height: media.height,
            contentHash: hash,
            categoryIds: [...new Set(fields.categories)],
            recordsRequired: options.recordsRequired?.(user) ?? false,
          },
          files,
        );
      } catch (error) {
        await storage.deletePrefix(`videos/${videoId}/`).catch(() => {});
        // Two members sending the same file at once: the unique index decides.
        if ((error as { code?: string }).code === '23505' && /content_hash/.test(String(error))) {
          throw fieldError(field, 'duplicate_video');
        }
        throw error;
      }
      await discard();
      await jobs.enqueue(processVideoJob, { videoId }, { singletonKey: processVideoKey(videoId) });
      return videoId;
    } catch (error) {
      if (error instanceof DomainError) await discard();
      // The media storage does not answer (the bucket down): the upload stays where it is, for a day,
      // and the same form can be sent again (503, Retry-After). Nothing was inserted.
      else if (!(await storageReachable(storage))) throw storageUnavailable();
      throw error;
    }
  }
}

export type UploadService = ReturnType<typeof createUploadService>;
