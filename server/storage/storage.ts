// The storage port: every media file goes through it, so local disk and S3 are interchangeable.
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  /** Quoted, as it goes into an ETag header. */
  etag: string;
  lastModified: Date;
  contentType: string;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType: string;
}

export interface UrlOptions {
  /** Lifetime of a signed URL; ignored where URLs are public. Default 1 hour. */
  expiresInSeconds?: number;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * True when url() answers short-lived signed URLs (S3 without S3_PUBLIC_URL): a response cached for
   * longer than they live must link to /media/{key}, which redirects to a fresh one.
   */
  readonly urlsExpire: boolean;
  putFile(key: string, file: string, options: PutOptions): Promise<StoredObject>;
  putStream(key: string, body: Readable, options: PutOptions): Promise<StoredObject>;
  /** Throws StorageNotFoundError when the key does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** null when the key does not exist. */
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error (handlers run twice). */
  delete(key: string): Promise<void>;
  /** Deletes every key under `prefix` (which ends with '/'); returns how many went. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * The names of the folders right under `prefix` (which ends with '/'): for 'records/', the `12` of
   * every 'records/12/…' key, each once, in no set order. For sweeps that only the storage can answer
   * (files whose database rows are gone); read lazily, so a large listing is not held at once.
   */
  listFolders(prefix: string): AsyncIterable<string>;
  /** Where a browser fetches the key: a public URL, or a short-lived signed one. */
  url(key: string, options?: UrlOptions): Promise<string>;
  /**
   * One cheap request that proves the storage answers (S3: HEAD of the bucket; local disk: the root is
   * writable); rejects when it does not, or when `signal` aborts first. Never called per page: the
   * health answer caches it (storage-health.ts).
   */
  check(options?: { signal?: AbortSignal }): Promise<void>;
}

export class StorageNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
    this.key = key;
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string, why: string) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${why}`);
    this.name = 'InvalidStorageKeyError';
  }
}

// Segments never start with a dot: that rules out '.' and '..' and leaves dot-names free for the
// local store's temporary files, which can then never collide with a key.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Keys are relative, slash-separated paths of plain names: no '..', no absolute paths, no backslashes. */
export function assertValidKey(key: string): void {
  if (key.length === 0 || key.length > 512) throw new InvalidStorageKeyError(key, 'length');
  if (key.startsWith('/')) throw new InvalidStorageKeyError(key, 'absolute path');
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment))
      throw new InvalidStorageKeyError(key, `bad segment ${JSON.stringify(segment)}`);
  }
}

/** A prefix is a valid key followed by '/', so 'videos/1/' never matches 'videos/12/...'. */
export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new InvalidStorageKeyError(prefix, 'a prefix ends with /');
  assertValidKey(prefix.slice(0, -1));
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  ts: 'video/mp2t',
  m3u8: 'application/vnd.apple.mpegurl',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  vtt: 'text/vtt',
  json: 'application/json',
};

/** Content type from the key's extension; local disk keeps no metadata, so this is its only source. */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot === -1 ? '' : key.slice(dot + 1).toLowerCase();
  return MIME_BY_EXTENSION[ext] ?? 'application/octet-stream';
}

export function assertValidRange(range: ByteRange): void {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0) {
    throw new RangeError('byte range offsets must be non-negative integers');
  }
  if (range.end < range.start) throw new RangeError('byte range ends before it starts');
}
