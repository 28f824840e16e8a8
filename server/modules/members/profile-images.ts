// The avatar and cover images (issue 14; content.md §5, §8): read by content with sharp (JPEG, PNG,
// WebP, GIF whatever the file is called), at least the section's minimum, then cropped to fill the
// stored size and written as WebP. sharp decodes on libuv's thread pool, off the event loop.
import sharp, { type Metadata } from 'sharp';
import {
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_RULES,
  type ImageSection,
  PROFILE_CODES,
  PROFILE_MESSAGES,
} from '../../../contract/profile.ts';
import { DomainError } from '../../errors.ts';

const onField = (section: ImageSection, code: string, message: string, status = 400, info?: object) =>
  new DomainError(code, {
    status,
    message,
    codes: [{ field: section, code }],
    info: info as Record<string, unknown> | undefined,
  });

/** The stored image of `file`, or a DomainError with the spec's code on the section's field. */
export async function resizeProfileImage(section: ImageSection, file: Buffer): Promise<Buffer> {
  const rule = IMAGE_RULES[section];
  if (file.length > IMAGE_MAX_BYTES) {
    throw onField(section, PROFILE_CODES.fileTooLarge, 'File too large', 413, {
      max_mb: IMAGE_MAX_BYTES / 1024 / 1024,
    });
  }
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
  } catch {
    throw onField(section, PROFILE_CODES.imageLoad, PROFILE_MESSAGES.imageLoad);
  }
  if (!(IMAGE_FORMATS as readonly string[]).includes(meta.format ?? '')) {
    throw onField(section, PROFILE_CODES.fileType, 'File type not allowed');
  }
  // EXIF orientations 5–8 turn the picture a quarter: its shown width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width < rule.minWidth || height < rule.minHeight) {
    throw onField(section, PROFILE_CODES.imageTooSmall, PROFILE_MESSAGES.imageTooSmall, 400, {
      width: rule.minWidth,
      height: rule.minHeight,
    });
  }
  try {
    return await sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS })
      .autoOrient()
      .resize(rule.width, rule.height, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw onField(section, PROFILE_CODES.imageResize, PROFILE_MESSAGES.imageResize);
  }
}
