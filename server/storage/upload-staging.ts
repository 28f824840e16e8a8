// The upload staging folder, {dataDir}/uploads: where tus writes an upload's bytes ({id}) and its
// metadata ({id}.json), and where a link import downloads its file, before the checks copy the file
// into storage (storage.ts). The one place the upload module meets the local disk (issue 12's ports):
// the service asks for files by id and never builds a path or calls node:fs itself. Staging stays on the
// local disk in every configuration: tus appends to it chunk by chunk, and ffprobe reads it.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';

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
      store ??= new FileStore({ directory, expirationPeriodInMilliseconds: uploadLifetimeMs });
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
