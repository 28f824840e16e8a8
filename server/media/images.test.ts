// The image port on its sharp adapter, with real pictures made here: facts (the EXIF orientation
// applied to the shown size), encoding (upright, cropped or fitted, never enlarged on request), the
// pixel limit, and refusing bytes that are no picture.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { images } from './images.ts';

/** A `width`×`height` JPEG whose EXIF says "turn 90° clockwise" when `orientation` is 6. */
function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const picture = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return (orientation ? picture.withMetadata({ orientation }) : picture).jpeg().toBuffer();
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'images-port-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the image port', () => {
  it('reads the facts of a picture, the shown size with its orientation applied', async () => {
    expect(await images.facts(await jpeg(300, 200))).toEqual({
      format: 'jpeg',
      width: 300,
      height: 200,
      orientation: 1,
      shownWidth: 300,
      shownHeight: 200,
    });
    expect(await images.facts(await jpeg(300, 200, 6))).toMatchObject({
      width: 300,
      height: 200,
      orientation: 6,
      shownWidth: 200,
      shownHeight: 300,
    });
  });

  it('refuses bytes that are no picture', async () => {
    await expect(images.facts(Buffer.from('not a picture at all'))).rejects.toThrow();
    await expect(images.encode(Buffer.from('nope'), { format: 'jpeg', quality: 80 })).rejects.toThrow();
  });

  it('turns a picture upright, crops it to fill a box and encodes it, without its EXIF', async () => {
    const out = await images.encode(await jpeg(300, 200, 6), {
      autoOrient: true,
      resize: { width: 100, height: 100, fit: 'cover', position: 'attention' },
      format: 'webp',
      quality: 80,
    });
    expect({ width: out.width, height: out.height }).toEqual({ width: 100, height: 100 });
    expect(await images.facts(out.data)).toMatchObject({ format: 'webp', orientation: 1 });
  });

  it('fits inside a box, keeps the aspect ratio from a width, and never enlarges when told not to', async () => {
    const upright = await images.encode(await jpeg(300, 200, 6), {
      autoOrient: true,
      resize: { width: 100, height: 100, fit: 'inside' },
      format: 'jpeg',
      quality: 85,
    });
    expect([upright.width, upright.height]).toEqual([67, 100]);
    const byWidth = await images.encode(await jpeg(300, 200), {
      resize: { width: 150 },
      format: 'jpeg',
      quality: 82,
      mozjpeg: true,
    });
    expect([byWidth.width, byWidth.height]).toEqual([150, 100]);
    const small = await images.encode(await jpeg(80, 40), {
      resize: { width: 640, withoutEnlargement: true },
      format: 'webp',
      quality: 78,
    });
    expect([small.width, small.height]).toEqual([80, 40]);
  });

  it('refuses a picture of more pixels than allowed', async () => {
    const big = await jpeg(400, 400);
    await expect(images.encode(big, { maxPixels: 1000, format: 'jpeg', quality: 80 })).rejects.toThrow();
    await expect(
      images.encode(big, { maxPixels: 400 * 400, format: 'jpeg', quality: 80 }),
    ).resolves.toBeTruthy();
  });

  it('writes an encoded picture to a file', async () => {
    const file = path.join(dir, 'poster.jpg');
    const size = await images.encodeToFile(await jpeg(320, 180), file, {
      resize: { width: 160, withoutEnlargement: true },
      format: 'jpeg',
      quality: 82,
    });
    expect(size).toEqual({ width: 160, height: 90 });
    expect(await images.facts(readFileSync(file))).toMatchObject({ format: 'jpeg', width: 160, height: 90 });
  });
});
