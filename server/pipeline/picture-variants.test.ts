// Issue 29, item 3: the pipeline writes the WebP variants of contract/image-variants.ts next to the
// poster and every thumbnail of a processed video (no file row: the page derives their names from the
// JPEG's URL), each at most its width and never wider than its JPEG.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS, imageVariantKey } from '../../contract/image-variants.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { filesUnder, insertProcessingVideo, makeSource, orphanFiles } from '../test/test-media.ts';
import { THUMB_COUNT } from './media-steps.ts';
import { processVideo } from './process-video.ts';

let dir: string;
let database: TestDatabase;
let storage: LocalStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'picture-variants-'));
  database = await createTestDatabase('pglite');
  storage = new LocalStorage({ root: path.join(dir, 'media') });
}, 120_000);
afterAll(async () => {
  await database?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('the pictures step', () => {
  it('writes the 320 and 640 px WebP variants of the poster and of every thumbnail', async () => {
    const clip = await makeSource(path.join(dir, 'clip.mp4'), {
      width: 640,
      height: 360,
      fps: 10,
      seconds: 4,
    });
    const id = await insertProcessingVideo(database.handle.db, storage, clip);
    const deps = {
      db: database.handle.db,
      storage,
      log: { info: () => {}, error: () => {} },
      workDir: path.join(dir, 'work'),
    };
    expect(await processVideo(deps, id, {})).toBe('done');

    const prefix = `videos/${id}/`;
    const jpegs = ['poster.jpg', ...Array.from({ length: THUMB_COUNT }, (_, i) => `thumbs/${i + 1}.jpg`)];
    const stored = new Set(await filesUnder(storage.root, prefix));
    for (const name of jpegs) {
      const jpegFile = path.join(storage.root, prefix, name);
      const jpeg = await sharp(jpegFile).metadata();
      expect(jpeg.format, name).toBe('jpeg');
      for (const width of IMAGE_VARIANT_WIDTHS) {
        const key = imageVariantKey(`${prefix}${name}`, width)!;
        expect(stored.has(key), key).toBe(true);
        const file = path.join(storage.root, key);
        const meta = await sharp(file).metadata();
        expect(meta.format, key).toBe('webp');
        // At most its width, never wider than the JPEG, the JPEG's aspect.
        expect(meta.width, key).toBe(Math.min(width, jpeg.width!));
        expect(meta.height! / meta.width!, key).toBeCloseTo(jpeg.height! / jpeg.width!, 1);
        if (meta.width === jpeg.width) {
          expect((await stat(file)).size, key).toBeLessThan((await stat(jpegFile)).size);
        }
      }
    }
    // The poster (640 px) gets a real 320 px one, smaller still.
    const poster320 = await stat(path.join(storage.root, prefix, 'poster.320w.webp'));
    const poster640 = await stat(path.join(storage.root, prefix, 'poster.640w.webp'));
    expect(poster320.size).toBeLessThan(poster640.size);

    // No row names them, and none is an orphan: they belong to their JPEG.
    const rows = await database.handle.db
      .selectFrom('video_files')
      .select('storage_key')
      .where('video_id', '=', id)
      .execute();
    expect(rows.filter((r) => /\.\d+w\.webp$/.test(r.storage_key))).toEqual([]);
    expect(await orphanFiles(database.handle.db, storage.root, id)).toEqual([]);
  }, 120_000);
});
