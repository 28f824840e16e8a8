// The picture of a category, model or channel (issue 17): read by content with sharp (JPEG, PNG, WebP,
// GIF whatever the file is called), at least 100×100, then cropped to fill the kind's size and written
// as WebP without metadata. sharp decodes on libuv's thread pool, off the event loop.
import sharp, { type Metadata } from 'sharp';
import {
  type ImageKind,
  TAXONOMY_IMAGE_MAX_BYTES,
  TAXONOMY_IMAGE_MIN,
  TAXONOMY_IMAGE_SIZE,
} from '../../../contract/admin-taxonomy.ts';
import { DomainError } from '../../errors.ts';

const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Decoding stops past this many pixels (a decompression bomb is refused, not decoded). */
const MAX_PIXELS = 50_000_000;

const onFile = (code: string, message: string, status = 400, info?: Record<string, unknown>) =>
  new DomainError(code, { status, message, codes: [{ field: 'file', code }], info });

export const imageTooLarge = () =>
  onFile('file_too_large', 'File too large', 413, { max_mb: TAXONOMY_IMAGE_MAX_BYTES / 1024 / 1024 });

/** The stored picture of `file`, or a DomainError on the field `file`. */
export async function resizeTaxonomyImage(kind: ImageKind, file: Buffer): Promise<Buffer> {
  if (file.length > TAXONOMY_IMAGE_MAX_BYTES) throw imageTooLarge();
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw onFile('file_type', 'File type not allowed');
  }
  if (!FORMATS.has(meta.format ?? '')) throw onFile('file_type', 'File type not allowed');
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width < TAXONOMY_IMAGE_MIN || height < TAXONOMY_IMAGE_MIN) {
    throw onFile('image_too_small', 'Image too small', 400, {
      width: TAXONOMY_IMAGE_MIN,
      height: TAXONOMY_IMAGE_MIN,
    });
  }
  const size = TAXONOMY_IMAGE_SIZE[kind];
  try {
    return await sharp(file, { limitInputPixels: MAX_PIXELS })
      .autoOrient()
      .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw onFile('image_resize', 'Error resizing image');
  }
}
