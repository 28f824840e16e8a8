// /media/* over the storage port: local disk (ranges, validators, HEAD, keys) and S3 (redirects).
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../storage/local-storage.ts';
import { S3Storage } from '../storage/s3-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { registerContract } from './contract.ts';
import { registerErrorHandler } from './error-handler.ts';
import { MEDIA_CACHE_CONTROL, parseRange, registerMediaRoutes } from './media.routes.ts';

async function mediaApp(storage: Storage): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await registerContract(app, { siteName: 'Test', publicUrl: 'http://tube.test', checkResponses: true });
  registerMediaRoutes(app, storage);
  await app.ready();
  return app;
}

describe('parseRange', () => {
  it.each([
    ['bytes=0-3', 10, { start: 0, end: 3 }],
    ['bytes=2-', 10, { start: 2, end: 9 }],
    ['bytes=-4', 10, { start: 6, end: 9 }],
    ['bytes=-40', 10, { start: 0, end: 9 }],
    ['bytes=5-100', 10, { start: 5, end: 9 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=-0', 10, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=5-2', 10, null],
    ['bytes=0-1,4-5', 10, null],
    ['items=0-1', 10, null],
    ['bytes=-', 10, null],
  ] as const)('%s of %i bytes → %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('media on local disk', () => {
  let root: string;
  let storage: LocalStorage;
  let app: FastifyInstance;
  const body = Buffer.from('0123456789');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tube-media-'));
    storage = new LocalStorage({ root });
    await storage.putStream('videos/1/480p.mp4', Readable.from([body]), { contentType: 'video/mp4' });
    await storage.putStream('videos/1/1.60.5.vtt', Readable.from(['WEBVTT\n']), { contentType: 'text/vtt' });
    app = await mediaApp(storage);
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('sends the whole file with its type, validators and an immutable cache lifetime', async () => {
    const res = await app.inject('/media/videos/1/480p.mp4');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0123456789');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    const stat = (await storage.stat('videos/1/480p.mp4'))!;
    expect(res.headers.etag).toBe(stat.etag);
    expect(res.headers['last-modified']).toBe(stat.lastModified.toUTCString());
    const vtt = await app.inject('/media/videos/1/1.60.5.vtt');
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
  });

  it('answers a byte range with 206 and Content-Range, a suffix range too', async () => {
    const res = await app.inject({ url: '/media/videos/1/480p.mp4', headers: { range: 'bytes=2-5' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 2-5/10');
    expect(res.headers['content-length']).toBe('4');
    expect(res.body).toBe('2345');
    const tail = await app.inject({ url: '/media/videos/1/480p.mp4', headers: { range: 'bytes=-3' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('789');
  });

  it('answers 416 with the size for a range past the end, before opening the file', async () => {
    const res = await app.inject({ url: '/media/videos/1/480p.mp4', headers: { range: 'bytes=50-60' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10');
    expect(res.json()).toMatchObject({ code: 'bad_range' });
  });

  it('ignores a range whose If-Range no longer matches', async () => {
    const res = await app.inject({
      url: '/media/videos/1/480p.mp4',
      headers: { range: 'bytes=2-5', 'if-range': '"stale"' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0123456789');
  });

  it('answers 304 to a matching If-None-Match or a later If-Modified-Since', async () => {
    const first = await app.inject('/media/videos/1/480p.mp4');
    const etag = String(first.headers.etag);
    const byTag = await app.inject({
      url: '/media/videos/1/480p.mp4',
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);

    const byDate = await app.inject({
      url: '/media/videos/1/480p.mp4',
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(byDate.statusCode).toBe(304);

    const changed = await app.inject({
      url: '/media/videos/1/480p.mp4',
      headers: { 'if-none-match': '"other"', 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(changed.statusCode).toBe(200);
    const older = await app.inject({
      url: '/media/videos/1/480p.mp4',
      headers: { 'if-modified-since': new Date(0).toUTCString() },
    });
    expect(older.statusCode).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body, for ranges too', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/media/videos/1/480p.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const ranged = await app.inject({
      method: 'HEAD',
      url: '/media/videos/1/480p.mp4',
      headers: { range: 'bytes=0-0' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 0-0/10');
    expect(ranged.headers['content-length']).toBe('1');
  });

  it.each([
    '/media/videos/1/missing.mp4',
    '/media/videos/1',
    '/media/..%2f..%2f..%2fetc%2fpasswd',
    '/media/.hidden',
    '/media/',
  ])('answers 404 for %s (missing, a directory, outside the keys)', async (url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'not_found', codes: [] });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('media keys over a real socket', () => {
  // inject() resolves dot segments like a browser; a raw client (curl --path-as-is) does not.
  it('answers 404 to a path with .. segments sent as is', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'tube-media-'));
    const storage = new LocalStorage({ root: path.join(root, 'media') });
    await storage.putStream('a/b.mp4', Readable.from([Buffer.from('x')]), { contentType: 'video/mp4' });
    const app = await mediaApp(storage);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    try {
      const statusOf = (rawPath: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path: rawPath }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      expect(await statusOf('/media/a/b.mp4')).toBe(200);
      expect(await statusOf('/media/a/../a/b.mp4')).toBe(404);
      expect(await statusOf('/media/../media/a/b.mp4')).toBe(404);
      expect(await statusOf('/media/a/%2e%2e/a/b.mp4')).toBe(404);
    } finally {
      await app.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('media on S3', () => {
  let directory: string;
  let server: S3rver;
  let endpoint: string;
  const storages: S3Storage[] = [];

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'tube-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      vhostBuckets: false,
      configureBuckets: [{ name: 'media' }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const s of storages) s.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  const s3 = (publicUrl?: string) => {
    const storage = new S3Storage({
      endpoint,
      bucket: 'media',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      publicUrl,
    });
    storages.push(storage);
    return storage;
  };

  it('redirects to a presigned URL that serves the file', async () => {
    const storage = s3();
    await storage.putStream('videos/2/720p.mp4', Readable.from([Buffer.from('abcdef')]), {
      contentType: 'video/mp4',
    });
    const app = await mediaApp(storage);
    const res = await app.inject('/media/videos/2/720p.mp4');
    await app.close();
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${endpoint}/media/videos/2/720p.mp4?`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const fetched = await fetch(location, { headers: { range: 'bytes=1-2' } });
    expect(fetched.status).toBe(206);
    expect(await fetched.text()).toBe('bc');
  });

  it('redirects to S3_PUBLIC_URL when set, and refuses keys outside the store', async () => {
    const app = await mediaApp(s3('https://cdn.example.com/media/'));
    const res = await app.inject('/media/videos/2/720p.mp4');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://cdn.example.com/media/videos/2/720p.mp4');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const bad = await app.inject('/media/..%2f..%2fetc%2fpasswd');
    expect(bad.statusCode).toBe(404);
    await app.close();
  });
});
