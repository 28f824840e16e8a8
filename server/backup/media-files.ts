// The media folder of local storage, copied file by file with a SHA-256 of each. Stored files are never
// changed once under their key (the local store writes a dot-named temporary file and renames it), so a
// file copied while the site runs is whole; dot-names are those temporary files and are left out.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './backup-error.ts';
import { type FileEntry, MEDIA_FOLDER, mediaKeyOf } from './manifest.ts';

/** Copies `source` into `target`, SHA-256 on the way; answers the size and hash of what was written. */
export async function copyWithHash(
  source: string,
  target: string,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  const counter = { size: 0 };
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(
    createReadStream(source),
    hashing(hash, counter),
    createWriteStream(target, { flags: 'wx' }),
  );
  return { size: counter.size, sha256: hash.digest('hex') };
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

function hashing(hash: Hash, counter: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      counter.size += chunk.length;
      done(null, chunk);
    },
  });
}

/** Every stored file under `root` as a storage key, dot-names (temporary files) left out. */
export async function listStoredKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  const keys: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (key.split('/').some((segment) => segment.startsWith('.'))) continue;
    keys.push(key);
  }
  return keys.sort();
}

/**
 * Copies the media folder into `backupDir/media`. A file deleted while the copy runs is skipped (its row
 * was deleted after the database dump, or the check of referenced keys reports it); one added meanwhile
 * is copied or not, either way harmless: the dumped database does not name it.
 */
export async function backUpMedia(
  mediaRoot: string,
  backupDir: string,
  onProgress?: (copied: number, total: number) => void,
): Promise<FileEntry[]> {
  const keys = await listStoredKeys(mediaRoot);
  const entries: FileEntry[] = [];
  for (const [i, key] of keys.entries()) {
    const entryPath = `${MEDIA_FOLDER}/${key}`;
    try {
      const copied = await copyWithHash(
        path.join(mediaRoot, ...key.split('/')),
        path.join(backupDir, entryPath),
      );
      entries.push({ path: entryPath, ...copied });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    onProgress?.(i + 1, keys.length);
  }
  return entries;
}

/** Copies the backup's media files into `targetRoot`, each checked against its size and SHA-256. */
export async function restoreMedia(
  backupDir: string,
  entries: FileEntry[],
  targetRoot: string,
  onProgress?: (copied: number, total: number) => void,
): Promise<void> {
  for (const [i, entry] of entries.entries()) {
    const key = mediaKeyOf(entry.path);
    const source = path.join(backupDir, ...entry.path.split('/'));
    const info = await stat(source).catch(() => null);
    if (!info?.isFile()) throw new BackupError(`${source} is missing: the backup is incomplete.`);
    const copied = await copyWithHash(source, path.join(targetRoot, ...key.split('/')));
    if (copied.size !== entry.size || copied.sha256 !== entry.sha256) {
      throw new BackupError(`${source} does not match its SHA-256 in the manifest: the backup is damaged.`);
    }
    onProgress?.(i + 1, entries.length);
  }
}
