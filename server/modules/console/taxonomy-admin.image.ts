// The picture of a category, model or channel (issue 17): read by content through the image port (JPEG,
// PNG, WebP, GIF whatever the file is called), at least 100×100, then cropped to fill the kind's size and
// written as WebP without metadata. The port decodes on libuv's thread pool, off the event loop.
import {
  type ImageKind,
  TAXONOMY_IMAGE_MAX_BYTES,
  TAXONOMY_IMAGE_MIN,
  TAXONOMY_IMAGE_SIZE,
} from '../../../contract/admin-taxonomy.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { type ImageFacts, images } from '../../media/images.ts';

const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Decoding stops past this many pixels (a decompression bomb is refused, not decoded). */
const MAX_PIXELS = 50_000_000;

const onFile = (code: string, message: string, status = 400, info?: Record<string, unknown>) =>
  new DomainError(code, { status, message, codes: [{ field: 'file', code }], info });

export const imageTooLarge = () =>
  onFile('file_too_large', english('api.file_too_large'), 413, {
    max_mb: TAXONOMY_IMAGE_MAX_BYTES / 1024 / 1024,
  });

/** The stored picture of `file`, or a DomainError on the field `file`. */
export async function resizeTaxonomyImage(kind: ImageKind, file: Buffer): Promise<Buffer> {
  if (file.length > TAXONOMY_IMAGE_MAX_BYTES) throw imageTooLarge();
  let meta: ImageFacts;
  try {
    meta = await images.facts(file, { maxPixels: MAX_PIXELS });
  } catch {
    throw onFile('file_type', english('form.error.file_type'));
  }
  if (!FORMATS.has(meta.format ?? '')) throw onFile('file_type', english('form.error.file_type'));
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width < TAXONOMY_IMAGE_MIN || height < TAXONOMY_IMAGE_MIN) {
    throw onFile('image_too_small', english('api.image_too_small'), 400, {
      width: TAXONOMY_IMAGE_MIN,
      height: TAXONOMY_IMAGE_MIN,
    });
  }
  const size = TAXONOMY_IMAGE_SIZE[kind];
  try {
    const stored = await images.encode(file, {
      maxPixels: MAX_PIXELS,
      autoOrient: true,
      resize: { width: size.width, height: size.height, fit: 'cover', position: 'attention' },
      format: 'webp',
      quality: 82,
    });
    return stored.data;
  } catch {
    throw onFile('image_resize', english('form.error.image_resize_failed'));
  }
}
