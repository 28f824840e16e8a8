// Issue 29, item 3: /media/ serves a JPEG picture's WebP variants (contract/image-variants.ts) with their
// type and the long cache of every media file, makes a missing one from its JPEG on the first request
// (a video stored before the variants, on local disk or S3), and applies the JPEG's rules to them: the
// UK gate leaves pictures open, an unlisted video's are its owner's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariantMaker } from '../media/image-variants.ts';
import { type ImagePort, images } from '../media/images.ts';
import { S3Storage } from '../storage/s3-storage.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { registerContract } from './contract.ts';
import { registerErrorHandler } from './error-handler.ts';
import { MEDIA_CACHE_CONTROL, registerMediaRoutes } from './media.routes.ts';

const HOST = 'tube.test';
const GB = { 'cf-ipcountry': 'GB' };
const JP = { 'cf-ipcountry': 'JP' };

/** A synthetic 640x360 JPEG: a gradient, so that it compresses like a picture and not like a flat fill. */
async function jpeg(width = 640, height = 360): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x + y) * 97) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** The image port, counting its encodes. */
function countingImages(): ImagePort & { encodes: number } {
  const port = {
    encodes: 0,
    facts: images.facts,
    encodeToFile: images.encodeToFile,
    encode: async (...args: Parameters<ImagePort['encode']>) => {
      port.encodes += 1;
      return images.encode(...args);
    },
  };
  return port;
}

describe('WebP variants at /media/', () => {
  let t: TestApp;
  let listed = 0;
  let unlisted = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { COUNTRY_HEADER: 'cf-ipcountry' } });
    const db = t.database.handle.db;
    const addVideo = async (slug: string, isPrivate: boolean) => {
      const at = new Date(Date.now() - 3_600_000);
      const row = await db
        .insertInto('videos')
        .values({
          dir: slug,
          title: slug,
          description: slug,
          status: 1,
          is_private: isPrivate,
          duration: 60,
          width: 640,
          height: 360,
          post_date: at,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const picture = await jpeg();
      for (const name of ['poster.jpg', 'thumbs/1.jpg']) {
        await t.services.storage.putStream(`videos/${row.id}/${name}`, Readable.from([picture]), {
          contentType: 'image/jpeg',
        });
      }
      await t.services.storage.putStream(`videos/${row.id}/240p.mp4`, Readable.from([Buffer.alloc(64)]), {
        contentType: 'video/mp4',
      });
      await db
        .insertInto('video_files')
        .values([
          {
            video_id: row.id,
            kind: 'poster',
            format: '',
            storage_key: `videos/${row.id}/poster.jpg`,
            mime: 'image/jpeg',
          },
          {
            video_id: row.id,
            kind: 'mp4',
            format: '240p',
            storage_key: `videos/${row.id}/240p.mp4`,
            mime: 'video/mp4',
            width: 426,
            height: 240,
            size_bytes: 64,
          },
        ])
        .execute();
      return row.id;
    };
    listed = await addVideo('variant-listed', false);
    unlisted = await addVideo('variant-unlisted', true);
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: { host: HOST, ...headers } });

  it('makes a missing variant from its JPEG, stores it and serves it as image/webp for good', async () => {
    const key = `videos/${listed}/poster.320w.webp`;
    expect(await t.services.storage.exists(key)).toBe(false);
    const res = await get(`/media/${key}`, JP);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 180 });
    expect(await t.services.storage.exists(key)).toBe(true);
    const jpegSize = (await t.services.storage.stat(`videos/${listed}/poster.jpg`))!.size;
    expect(res.rawPayload.length).toBeLessThan(jpegSize / 2);

    // Stored: the next answer is the same file, with its validators.
    const again = await get(`/media/${key}`, { ...JP, 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    const head = await get(`/media/videos/${listed}/poster.640w.webp`, JP, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });

  it('never makes one wider than its JPEG', async () => {
    const small = `videos/${listed}/small.jpg`;
    await t.services.storage.putStream(small, Readable.from([await jpeg(200, 112)]), {
      contentType: 'image/jpeg',
    });
    const res = await get(`/media/videos/${listed}/small.640w.webp`, JP);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200 });
  });

  it('never makes a WebP heavier than its JPEG, even of fine noise (where WebP loses at its usual quality)', async () => {
    const [width, height] = [640, 360];
    const raw = Buffer.alloc(width * height * 3);
    let seed = 7;
    for (let i = 0; i < raw.length; i += 3) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      raw.fill((seed >> 16) & 1 ? 255 : 0, i, i + 3);
    }
    const noise = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    const usual = await sharp(noise).webp({ quality: 78 }).toBuffer();
    expect(usual.length).toBeGreaterThan(noise.length);
    await t.services.storage.putStream(`videos/${listed}/noise.jpg`, Readable.from([noise]), {
      contentType: 'image/jpeg',
    });
    const res = await get(`/media/videos/${listed}/noise.640w.webp`, JP);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });
    expect(res.rawPayload.length).toBeLessThanOrEqual(noise.length);
  });

  it('answers 404 for a variant without its JPEG or of a width it does not make, and stores nothing', async () => {
    for (const name of ['missing.320w.webp', 'poster.480w.webp', 'poster.320w.avif']) {
      const res = await get(`/media/videos/${listed}/${name}`, JP);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
      expect(await t.services.storage.exists(`videos/${listed}/${name}`)).toBe(false);
    }
    // A stored file that is no JPEG: no variant, no 500.
    await t.services.storage.putStream(`videos/${listed}/broken.jpg`, Readable.from([Buffer.from('nope')]), {
      contentType: 'image/jpeg',
    });
    expect((await get(`/media/videos/${listed}/broken.320w.webp`, JP)).statusCode).toBe(404);
  });

  it('keeps the UK gate: a guest from gb gets thumbnails and posters (and their variants), not the video', async () => {
    expect((await get(`/media/videos/${listed}/240p.mp4`, GB)).statusCode).toBe(403);
    for (const name of ['thumbs/1.jpg', 'thumbs/1.320w.webp', 'thumbs/1.640w.webp', 'poster.640w.webp']) {
      const res = await get(`/media/videos/${listed}/${name}`, GB);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    }
    const thumb = await get(`/media/videos/${listed}/thumbs/1.640w.webp`, GB);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });
  });

  it("an unlisted video's variants are as closed as its JPEG: a stranger gets 404 and none is made", async () => {
    const key = `videos/${unlisted}/poster.320w.webp`;
    expect((await get(`/media/videos/${unlisted}/poster.jpg`, JP)).statusCode).toBe(404);
    expect((await get(`/media/${key}`, JP)).statusCode).toBe(404);
    expect(await t.services.storage.exists(key)).toBe(false);
  });

  it('serves a stored AVIF as image/avif with the same cache', async () => {
    const avif = await sharp(await jpeg(64, 36))
      .avif({ quality: 50, effort: 0 })
      .toBuffer();
    await t.services.storage.putStream(`videos/${listed}/poster.avif`, Readable.from([avif]), {
      contentType: 'image/avif',
    });
    const res = await get(`/media/videos/${listed}/poster.avif`, GB);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
  });
});

describe('the variant maker', () => {
  let directory: string;
  let server: S3rver;
  let storage: S3Storage;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'tube-variants-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      vhostBuckets: false,
      configureBuckets: [{ name: 'media' }],
    });
    const { port } = await server.run();
    storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'media',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      publicUrl: 'https://cdn.example.com/media/',
    });
  });
  afterAll(async () => {
    storage?.close();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('on S3, stores a missing variant in the bucket before it redirects there, once', async () => {
    await storage.putStream('demo/clip-01/poster.jpg', Readable.from([await jpeg()]), {
      contentType: 'image/jpeg',
    });
    const port = countingImages();
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await registerContract(app, { siteName: 'Test', publicUrl: 'http://tube.test', checkResponses: true });
    registerMediaRoutes(app, storage, undefined, createVariantMaker(storage, { images: port }));
    await app.ready();
    try {
      const answers = await Promise.all(
        [1, 2, 3].map(() => app.inject('/media/demo/clip-01/poster.320w.webp')),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('https://cdn.example.com/media/demo/clip-01/poster.320w.webp');
      }
      expect(port.encodes).toBe(1);
      const stored = await storage.stat('demo/clip-01/poster.320w.webp');
      expect(stored?.contentType).toBe('image/webp');
      const chunks: Buffer[] = [];
      for await (const c of await storage.get('demo/clip-01/poster.320w.webp')) chunks.push(Buffer.from(c));
      expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ format: 'webp', width: 320 });

      expect((await app.inject('/media/demo/clip-01/poster.320w.webp')).statusCode).toBe(302);
      expect(port.encodes).toBe(1);
      expect((await app.inject('/media/demo/clip-02/poster.320w.webp')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
