// Local disk under DATA_DIR/media: the zero-setup default.
import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidPrefix,
  assertValidRange,
  type ByteRange,
  contentTypeOf,
  type PutOptions,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
  type UrlOptions,
} from './storage.ts';

export interface LocalStorageOptions {
  root: string;
  /** URL path (or origin + path) the root is served at; default '/media'. */
  publicBase?: string;
}

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly urlsExpire = false;
  readonly root: string;
  readonly #publicBase: string;

  constructor(options: LocalStorageOptions) {
    this.root = path.resolve(options.root);
    this.#publicBase = (options.publicBase ?? '/media').replace(/\/+$/, '');
  }

  async check(options: { signal?: AbortSignal } = {}): Promise<void> {
    options.signal?.throwIfAborted();
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  #path(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  // Written under a dot-name in the final directory, then renamed: a crash leaves at worst a stray
  // dot-file, never a half file under the key. Dot-names cannot be keys (see assertValidKey).
  async #write(key: string, write: (tempPath: string) => Promise<void>): Promise<StoredObject> {
    const final = this.#path(key);
    await mkdir(path.dirname(final), { recursive: true });
    const temp = path.join(
      path.dirname(final),
      `.${path.basename(final)}.${randomBytes(6).toString('hex')}.partial`,
    );
    try {
      await write(temp);
      await rename(temp, final);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return (await this.stat(key))!;
  }

  putFile(key: string, file: string, _options: PutOptions): Promise<StoredObject> {
    // A copy, never a move or a hard link: the caller keeps its file (an upload stays resendable if the
    // transaction fails; a retried ffmpeg step may rewrite its work file in place). On filesystems with
    // reflinks (btrfs, XFS) the copy shares the blocks until one side changes, so it costs no disk.
    return this.#write(key, (temp) => copyFile(file, temp, constants.COPYFILE_FICLONE));
  }

  putStream(key: string, body: Readable, _options: PutOptions): Promise<StoredObject> {
    return this.#write(key, (temp) => pipeline(body, createWriteStream(temp, { flags: 'wx' })));
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.#path(key);
    if (range) assertValidRange(range);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new StorageNotFoundError(key);
    // A 1 MiB highWaterMark reads ranges ~30% faster than the 64 KiB default (see NOTES.md).
    return createReadStream(file, { start: range?.start, end: range?.end, highWaterMark: 1024 * 1024 });
  }

  async stat(key: string): Promise<StoredObject | null> {
    const info = await stat(this.#path(key)).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      size: info.size,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
      contentType: contentTypeOf(key),
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix);
    const dir = path.join(this.root, ...prefix.slice(0, -1).split('/'));
    const count = await countFiles(dir);
    await rm(dir, { recursive: true, force: true });
    return count;
  }

  async *listFolders(prefix: string): AsyncIterable<string> {
    assertValidPrefix(prefix);
    const dir = path.join(this.root, ...prefix.slice(0, -1).split('/'));
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.name.startsWith('.')) yield entry.name;
    }
  }

  async url(key: string, _options?: UrlOptions): Promise<string> {
    assertValidKey(key);
    return `${this.#publicBase}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.name.startsWith('.')).length;
}
