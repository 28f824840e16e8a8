// The photo's checks (issue 15): one image, JPEG, PNG or WebP by its content, at most 10 MB, at least
// 240 px a side. It is re-encoded as JPEG (turned upright, at most 2000 px a side), which drops its
// metadata (location, camera) before anything is stored. sharp works off the event loop.
import sharp, { type Metadata } from 'sharp';
import {
  AGE_PHOTO_FORMATS,
  AGE_PHOTO_MAX_BYTES,
  AGE_PHOTO_MIN_SIDE,
} from '../../../contract/age-verification.ts';
import { IMAGE_MAX_PIXELS } from '../../../contract/profile.ts';
import { DomainError } from '../../errors.ts';

const onFile = (code: string, message: string, status = 400) =>
  new DomainError(code, { status, message, codes: [{ field: 'file', code }] });

export const photoRequired = () => onFile('required', 'Please choose a photo');
export const photoTooLarge = () => onFile('file_too_large', 'File too large', 413);

export async function normalizePhoto(file: Buffer): Promise<Buffer> {
  if (file.length > AGE_PHOTO_MAX_BYTES) throw photoTooLarge();
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
  } catch {
    throw onFile('file_type', 'File type not allowed');
  }
  if (!(AGE_PHOTO_FORMATS as readonly string[]).includes(meta.format ?? '')) {
    throw onFile('file_type', 'File type not allowed');
  }
  if ((meta.width ?? 0) < AGE_PHOTO_MIN_SIDE || (meta.height ?? 0) < AGE_PHOTO_MIN_SIDE) {
    throw onFile('image_too_small', `Image upload at least ${AGE_PHOTO_MIN_SIDE}x${AGE_PHOTO_MIN_SIDE}`);
  }
  try {
    return await sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS })
      .autoOrient()
      .resize(2000, 2000, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw onFile('image_load', 'Failed to load image!');
  }
}
