// The upload staging folder, {dataDir}/uploads: where tus writes an upload's bytes ({id}) and its
// metadata ({id}.json), and where a link import downloads its file, before the checks copy the file
// into storage (storage.ts). The one place the upload module meets the local disk (issue 12's ports):
// the service asks for files by id and never builds a path or calls node:fs itself. Staging stays on the
// local disk in every configuration: tus appends to it chunk by chunk, and ffprobe reads it.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/server';

/** The disk (or the user's quota) ran out while an upload's bytes or metadata were written. */
export class UploadNoSpaceError extends Error {
  readonly uploadId: string;
  constructor(uploadId: string, cause: unknown) {
    super(`No space left for upload ${uploadId}`, { cause });
    this.name = 'UploadNoSpaceError';
    this.uploadId = uploadId;
  }
}

const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);
const isNoSpace = (error: unknown) => NO_SPACE.has(String((error as { code?: unknown } | null)?.code));

/**
 * Whether a failure of the tus store is the disk (or quota) running out: an UploadNoSpaceError, or the
 * file system's own ENOSPC/EDQUOT. Both reach the tus server: @tus/server pipes the request into the
 * store's write, and its own pipeline rejects with the first error, the write stream's, before the
 * store's rejection arrives.
 */
export function isNoSpaceError(error: unknown): boolean {
  return error instanceof UploadNoSpaceError || isNoSpace(error);
}

/**
 * @tus/file-store's store, telling a full disk from any other failed write: its own `write` answers
 * every failure as a bare 500 (FILE_WRITE_ERROR), and `create` lets ENOSPC through as it is. The
 * upload routes answer a full disk with 413 upload_no_space and remove the upload.
 */
class StagingFileStore extends FileStore {
  override async create(upload: Upload): Promise<Upload> {
    try {
      return await super.create(upload);
    } catch (error) {
      if (isNoSpace(error)) throw new UploadNoSpaceError(upload.id, error);
      throw error;
    }
  }

  // FileStore.write (2.1.1) with the failure's reason kept.
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const file = path.join(this.directory, id);
    if (path.dirname(file) !== path.normalize(this.directory)) throw ERRORS.FILE_NOT_FOUND;
    const writeable = createWriteStream(file, { flags: 'r+', start: offset });
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, writeable);
    } catch (error) {
      if (isNoSpace(error)) throw new UploadNoSpaceError(id, error);
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + received;
  }
}

export interface UploadStaging {
  /** The folder (tests and the cleaner read it). */
  readonly directory: string;
  /** The tus data store over the folder, built on first use (a process that never uploads makes no folder). */
  tusStore(): FileStore;
  /** The path of an upload's bytes. */
  uploadFile(id: string): string;
  /** Removes an upload's bytes and metadata; a missing file is not an error. */
  removeUpload(id: string): Promise<void>;
  /** Free bytes on the folder's file system (made first if missing). */
  freeBytes(): Promise<number>;
  /** A file's size in bytes. */
  size(file: string): Promise<number>;
  /** A new file name for one run of a link import of `videoId` (the folder made first). */
  newDownload(videoId: number): Promise<string>;
  /** Removes one staged file; a missing file is not an error. */
  removeFile(file: string): Promise<void>;
  /** Removes the downloads of `videoId`'s imports last written more than `olderThanMs` ago. */
  removeStaleDownloads(videoId: number, olderThanMs: number): Promise<void>;
}

export function createUploadStaging(dataDir: string, uploadLifetimeMs: number): UploadStaging {
  const directory = path.join(dataDir, 'uploads');
  let store: FileStore | null = null;
  const made = () => mkdir(directory, { recursive: true });
  const removeFile = (file: string) => rm(file, { force: true });
  const downloadPrefix = (videoId: number) => `link-${videoId}-`;

  return {
    directory,
    tusStore() {
      store ??= new StagingFileStore({ directory, expirationPeriodInMilliseconds: uploadLifetimeMs });
      return store;
    },
    uploadFile: (id) => path.join(directory, id),
    async removeUpload(id) {
      await removeFile(path.join(directory, id));
      await removeFile(path.join(directory, `${id}.json`));
    },
    async freeBytes() {
      // @tus/file-store creates its folder without waiting for it: on the first upload of a process the
      // check could otherwise find no folder yet (ENOENT, a 500).
      await made();
      const disk = await statfs(directory);
      return disk.bavail * disk.bsize;
    },
    size: async (file) => (await stat(file)).size,
    async newDownload(videoId) {
      await made();
      return path.join(directory, `${downloadPrefix(videoId)}${randomBytes(6).toString('hex')}`);
    },
    removeFile,
    async removeStaleDownloads(videoId, olderThanMs) {
      const names = await readdir(directory).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.startsWith(downloadPrefix(videoId))) continue;
        const file = path.join(directory, name);
        const info = await stat(file).catch(() => null);
        if (info && Date.now() - info.mtimeMs > olderThanMs) await removeFile(file);
      }
    },
  };
}
