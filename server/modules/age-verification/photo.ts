// The photo's checks (issue 15): one image, JPEG, PNG or WebP by its content, at most 10 MB, at least
// 240 px a side. It is re-encoded as JPEG (turned upright, at most 2000 px a side), which drops its
// metadata (location, camera) before anything is stored. The image port works off the event loop.
import {
  AGE_PHOTO_FORMATS,
  AGE_PHOTO_MAX_BYTES,
  AGE_PHOTO_MIN_SIDE,
} from '../../../contract/age-verification.ts';
import { IMAGE_MAX_PIXELS } from '../../../contract/profile.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { type ImageFacts, images } from '../../media/images.ts';

const onFile = (code: string, message: string, status = 400) =>
  new DomainError(code, { status, message, codes: [{ field: 'file', code }] });

export const photoRequired = () => onFile('required', english('api.photo_required'));
export const photoTooLarge = () => onFile('file_too_large', english('api.file_too_large'), 413);

export async function normalizePhoto(file: Buffer): Promise<Buffer> {
  if (file.length > AGE_PHOTO_MAX_BYTES) throw photoTooLarge();
  let meta: ImageFacts;
  try {
    meta = await images.facts(file, { maxPixels: IMAGE_MAX_PIXELS });
  } catch {
    throw onFile('file_type', english('form.error.file_type'));
  }
  if (!(AGE_PHOTO_FORMATS as readonly string[]).includes(meta.format ?? '')) {
    throw onFile('file_type', english('form.error.file_type'));
  }
  if ((meta.width ?? 0) < AGE_PHOTO_MIN_SIDE || (meta.height ?? 0) < AGE_PHOTO_MIN_SIDE) {
    throw onFile(
      'image_too_small',
      english('form.error.image_too_small', { width: AGE_PHOTO_MIN_SIDE, height: AGE_PHOTO_MIN_SIDE }),
    );
  }
  try {
    const upright = await images.encode(file, {
      maxPixels: IMAGE_MAX_PIXELS,
      autoOrient: true,
      resize: { width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true },
      format: 'jpeg',
      quality: 85,
    });
    return upright.data;
  } catch {
    throw onFile('image_load', english('form.error.image_load_failed'));
  }
}
