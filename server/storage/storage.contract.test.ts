// One contract, run against local disk and against S3 (a real S3-compatible server on loopback).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { assertValidKey, type Storage, StorageNotFoundError } from './storage.ts';

interface Harness {
  storage: Storage;
  /** Fetches what `url()` returned (relative local URLs are resolved against the disk). */
  fetchUrl(url: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const root = await mkdtemp(path.join(tmpdir(), 'tube-local-'));
  const storage = new LocalStorage({ root, publicBase: '/media' });
  return {
    storage,
    fetchUrl: async (url) => {
      const key = decodeURIComponent(url.replace(/^\/media\//, ''));
      return { status: 200, body: await text(await storage.get(key)) };
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Harness(options: { publicUrl?: string } = {}): Promise<Harness & { endpoint: string }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'tube-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: 'media' }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storage = new S3Storage({
    endpoint,
    bucket: 'media',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    publicUrl: options.publicUrl,
    // Small parts so that the multipart path runs on a small file.
    partSize: 5 * 1024 * 1024,
  });
  return {
    storage,
    endpoint,
    fetchUrl: async (url) => {
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    },
    close: async () => {
      storage.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

describe('storage keys', () => {
  it.each(['a', 'videos/12/720p.mp4', 'a-b_c/d.e.f'])('accepts %s', (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });
  it.each(['', '/etc/passwd', '../x', 'a/../b', 'a/./b', 'a//b', 'a/', 'a\\b', '.hidden', 'a/b c', 'C:/x'])(
    'refuses %j',
    (key) => {
      expect(() => assertValidKey(key)).toThrow(/Invalid storage key/);
    },
  );
});

describe.each([
  ['local', localHarness],
  ['s3', () => s3Harness()],
] as const)('%s storage', (_name, makeHarness) => {
  let h: Harness;
  let scratch: string;
  beforeAll(async () => {
    h = await makeHarness();
    scratch = await mkdtemp(path.join(tmpdir(), 'tube-scratch-'));
  });
  afterAll(async () => {
    await h?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('puts a file and a stream, and reads them back with stat', async () => {
    const file = path.join(scratch, 'a.txt');
    await writeFile(file, 'hello world');
    const put = await h.storage.putFile('v/1/a.txt', file, { contentType: 'text/plain' });
    expect(put.size).toBe(11);
    expect(put.etag).toMatch(/^".+"$/);
    expect(put.lastModified).toBeInstanceOf(Date);
    expect(await text(await h.storage.get('v/1/a.txt'))).toBe('hello world');

    await h.storage.putStream('v/1/b.vtt', Readable.from([Buffer.from('WEBVTT\n\n')]), {
      contentType: 'text/vtt',
    });
    const stat = await h.storage.stat('v/1/b.vtt');
    expect(stat).toMatchObject({ size: 8, contentType: 'text/vtt' });
    expect(await h.storage.exists('v/1/b.vtt')).toBe(true);
  });

  it('reads a byte range (inclusive ends)', async () => {
    await h.storage.putStream('v/2/range.bin', Readable.from([Buffer.from('0123456789')]), {
      contentType: 'application/octet-stream',
    });
    expect(await text(await h.storage.get('v/2/range.bin', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await h.storage.get('v/2/range.bin', { start: 9, end: 9 }))).toBe('9');
    await expect(h.storage.get('v/2/range.bin', { start: 5, end: 2 })).rejects.toThrow(RangeError);
  });

  it('overwrites a key whole, and changes its etag', async () => {
    const first = await h.storage.putStream('v/3/x.txt', Readable.from(['one']), {
      contentType: 'text/plain',
    });
    const second = await h.storage.putStream('v/3/x.txt', Readable.from(['second']), {
      contentType: 'text/plain',
    });
    expect(second.size).toBe(6);
    expect(second.etag).not.toBe(first.etag);
    expect(await text(await h.storage.get('v/3/x.txt'))).toBe('second');
  });

  it('answers missing keys: stat null, exists false, get StorageNotFoundError, delete quietly', async () => {
    expect(await h.storage.stat('nope/x.mp4')).toBeNull();
    expect(await h.storage.exists('nope/x.mp4')).toBe(false);
    await expect(h.storage.get('nope/x.mp4')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(h.storage.delete('nope/x.mp4')).resolves.toBeUndefined();
  });

  it('deletes one key, and a prefix without touching its neighbours', async () => {
    for (const key of ['p/1/a.jpg', 'p/1/sub/b.jpg', 'p/12/c.jpg', 'p/1.jpg']) {
      await h.storage.putStream(key, Readable.from(['x']), { contentType: 'image/jpeg' });
    }
    await h.storage.delete('p/1.jpg');
    expect(await h.storage.exists('p/1.jpg')).toBe(false);
    expect(await h.storage.deletePrefix('p/1/')).toBe(2);
    expect(await h.storage.exists('p/1/a.jpg')).toBe(false);
    expect(await h.storage.exists('p/1/sub/b.jpg')).toBe(false);
    expect(await h.storage.exists('p/12/c.jpg')).toBe(true);
    expect(await h.storage.deletePrefix('p/1/')).toBe(0);
    await expect(h.storage.deletePrefix('p/1')).rejects.toThrow(/ends with/);
  });

  it('lists the folders right under a prefix, each once', async () => {
    for (const key of ['f/7/a.bin', 'f/7/b.bin', 'f/7/sub/c.bin', 'f/42/d.bin', 'f/top.bin', 'g/9/e.bin']) {
      await h.storage.putStream(key, Readable.from(['x']), { contentType: 'application/octet-stream' });
    }
    const names: string[] = [];
    for await (const name of h.storage.listFolders('f/')) names.push(name);
    expect(names.sort()).toEqual(['42', '7']);
    const none: string[] = [];
    for await (const name of h.storage.listFolders('nothing/')) none.push(name);
    expect(none).toEqual([]);
    await expect(async () => {
      for await (const _ of h.storage.listFolders('f')) break;
    }).rejects.toThrow(/ends with/);
  });

  it('refuses bad keys before touching anything', async () => {
    await expect(
      h.storage.putStream('../escape.txt', Readable.from(['x']), { contentType: 'text/plain' }),
    ).rejects.toThrow(/Invalid storage key/);
    await expect(h.storage.get('/etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });

  it('gives a URL that serves the object', async () => {
    await h.storage.putStream('u/poster.jpg', Readable.from(['jpeg-bytes']), { contentType: 'image/jpeg' });
    const url = await h.storage.url('u/poster.jpg', { expiresInSeconds: 60 });
    expect(await h.fetchUrl(url)).toEqual({ status: 200, body: 'jpeg-bytes' });
  });

  it('stores a file larger than one part intact (multipart on S3)', async () => {
    const file = path.join(scratch, 'big.bin');
    const data = randomBytes(11 * 1024 * 1024 + 17);
    await writeFile(file, data);
    const put = await h.storage.putFile('big/big.bin', file, { contentType: 'application/octet-stream' });
    expect(put.size).toBe(data.length);
    const hash = createHash('sha256');
    for await (const chunk of await h.storage.get('big/big.bin')) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
  });
});

describe('local storage specifics', () => {
  it('never leaves a half file under the key when the source stream fails', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'tube-local-'));
    const storage = new LocalStorage({ root });
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('connection dropped');
    }
    await expect(
      storage.putStream('v/9/source.mp4', Readable.from(failing()), { contentType: 'video/mp4' }),
    ).rejects.toThrow('connection dropped');
    expect(await storage.exists('v/9/source.mp4')).toBe(false);
    expect(await readdir(path.join(root, 'v', '9'))).toEqual([]);
    expect(await storage.url('v/9/a b.mp4').catch((e: Error) => e.message)).toMatch(/Invalid storage key/);
    expect(await storage.url('v/9/source.mp4')).toBe('/media/v/9/source.mp4');
    expect(storage.urlsExpire).toBe(false);
    await rm(root, { recursive: true, force: true });
  });
});

describe('s3 storage URLs', () => {
  it('are presigned and short-lived without S3_PUBLIC_URL', async () => {
    const h = await s3Harness();
    try {
      const url = new URL(await h.storage.url('k/a.mp4', { expiresInSeconds: 120 }));
      expect(url.origin).toBe(h.endpoint);
      expect(url.pathname).toBe('/media/k/a.mp4');
      expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(h.storage.urlsExpire).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('are public when S3_PUBLIC_URL is set', async () => {
    const h = await s3Harness({ publicUrl: 'https://cdn.example.test/media/' });
    try {
      expect(await h.storage.url('k/a.mp4')).toBe('https://cdn.example.test/media/k/a.mp4');
      expect(h.storage.urlsExpire).toBe(false);
    } finally {
      await h.close();
    }
  });
});
