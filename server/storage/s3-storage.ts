// S3-compatible object storage (AWS, MinIO, R2, Ceph...), chosen when S3_* variables are set.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat as statFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertValidKey,
  assertValidPrefix,
  assertValidRange,
  type ByteRange,
  type PutOptions,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
  type UrlOptions,
} from './storage.ts';

export interface S3StorageConfig {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Public base URL of the bucket (CDN or public bucket); unset means presigned GET URLs. */
  publicUrl?: string;
  /** Files larger than this go up in parts of this size; default 64 MiB (S3's minimum part is 5 MiB). */
  partSize?: number;
}

const DEFAULT_PART_SIZE = 64 * 1024 * 1024;
const DEFAULT_URL_SECONDS = 3600;
const CONNECT_TIMEOUT_MS = 5_000;

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly #bucket: string;
  readonly #publicUrl: string | undefined;
  readonly urlsExpire: boolean;
  readonly #partSize: number;

  constructor(config: S3StorageConfig) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Custom endpoints (MinIO, s3rver, Ceph) rarely have wildcard DNS for bucket subdomains.
      forcePathStyle: true,
      // The default CRC32 checksums send aws-chunked bodies that many S3-compatible servers reject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An endpoint that does not answer at all (a dropped route, a firewall) fails a request after 5 s
      // instead of the operating system's minutes: uploads then wait and retry (docs/ARCHITECTURE.md).
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
    });
    this.#bucket = config.bucket;
    this.#publicUrl = config.publicUrl?.replace(/\/+$/, '');
    this.urlsExpire = this.#publicUrl === undefined;
    this.#partSize = config.partSize ?? DEFAULT_PART_SIZE;
  }

  async putFile(key: string, file: string, options: PutOptions): Promise<StoredObject> {
    assertValidKey(key);
    const { size } = await statFile(file);
    if (size <= this.#partSize) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: options.contentType,
        }),
      );
    } else {
      await this.#putMultipart(key, file, size, options);
    }
    return (await this.stat(key))!;
  }

  // Parts are read straight from the file, so memory stays at one part whatever the size (a single
  // PUT stops at 5 GB; uploads go to 10 GB).
  async #putMultipart(key: string, file: string, size: number, options: PutOptions): Promise<void> {
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key: key, ContentType: options.contentType }),
    );
    try {
      const parts: Array<{ ETag: string; PartNumber: number }> = [];
      for (let start = 0, n = 1; start < size; start += this.#partSize, n++) {
        const end = Math.min(size, start + this.#partSize) - 1;
        const { ETag } = await this.client.send(
          new UploadPartCommand({
            Bucket: this.#bucket,
            Key: key,
            UploadId,
            PartNumber: n,
            Body: createReadStream(file, { start, end }),
            ContentLength: end - start + 1,
          }),
        );
        parts.push({ ETag: ETag!, PartNumber: n });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.#bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: key, UploadId }))
        .catch(() => {});
      throw error;
    }
  }

  // S3 needs the length up front; a stream of unknown length is spooled to a temp file first.
  async putStream(key: string, body: Readable, options: PutOptions): Promise<StoredObject> {
    assertValidKey(key);
    const dir = await mkdtemp(path.join(tmpdir(), 'tube-s3-'));
    try {
      const file = path.join(dir, 'body');
      await pipeline(body, createWriteStream(file));
      return await this.putFile(key, file, options);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return out.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return {
        size: out.ContentLength ?? 0,
        etag: out.ETag ?? '""',
        lastModified: out.LastModified ?? new Date(0),
        contentType: out.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix);
    let deleted = 0;
    // Listing again from the start after each batch: the deleted keys are gone from the listing.
    for (;;) {
      const list = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, MaxKeys: 1000 }),
      );
      const keys = (list.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return deleted;
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.#bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      deleted += keys.length;
    }
  }

  async *listFolders(prefix: string): AsyncIterable<string> {
    assertValidPrefix(prefix);
    let token: string | undefined;
    do {
      const list = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: prefix,
          Delimiter: '/',
          MaxKeys: 1000,
          ContinuationToken: token,
        }),
      );
      for (const common of list.CommonPrefixes ?? []) {
        const name = common.Prefix?.slice(prefix.length, -1);
        if (name) yield name;
      }
      token = list.IsTruncated ? list.NextContinuationToken : undefined;
    } while (token);
  }

  async url(key: string, options: UrlOptions = {}): Promise<string> {
    assertValidKey(key);
    if (this.#publicUrl) return `${this.#publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.#bucket, Key: key }), {
      expiresIn: options.expiresInSeconds ?? DEFAULT_URL_SECONDS,
    });
  }

  async check(options: { signal?: AbortSignal } = {}): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.#bucket }), { abortSignal: options.signal });
  }

  close(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}
