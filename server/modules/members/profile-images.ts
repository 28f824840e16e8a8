// The avatar and cover images (issue 14; content.md §5, §8): read by content through the image port
// (JPEG, PNG, WebP, GIF whatever the file is called), at least the section's minimum, then cropped to
// fill the stored size and written as WebP. The port decodes on libuv's thread pool, off the event loop.
import {
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_RULES,
  type ImageSection,
  PROFILE_CODES,
} from '../../../contract/profile.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { type ImageFacts, images } from '../../media/images.ts';

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
    throw onField(section, PROFILE_CODES.fileTooLarge, english('api.file_too_large'), 413, {
      max_mb: IMAGE_MAX_BYTES / 1024 / 1024,
    });
  }
  let meta: ImageFacts;
  try {
    meta = await images.facts(file, { maxPixels: IMAGE_MAX_PIXELS });
  } catch {
    throw onField(section, PROFILE_CODES.imageLoad, english('form.error.image_load_failed'));
  }
  if (!(IMAGE_FORMATS as readonly string[]).includes(meta.format ?? '')) {
    throw onField(section, PROFILE_CODES.fileType, english('form.error.file_type'));
  }
  // EXIF orientations 5–8 turn the picture a quarter: its shown width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width < rule.minWidth || height < rule.minHeight) {
    throw onField(
      section,
      PROFILE_CODES.imageTooSmall,
      english('form.error.image_too_small', { width: rule.minWidth, height: rule.minHeight }),
      400,
      {
        width: rule.minWidth,
        height: rule.minHeight,
      },
    );
  }
  try {
    const stored = await images.encode(file, {
      maxPixels: IMAGE_MAX_PIXELS,
      autoOrient: true,
      resize: { width: rule.width, height: rule.height, fit: 'cover', position: 'centre' },
      format: 'webp',
      quality: 82,
    });
    return stored.data;
  } catch {
    throw onField(section, PROFILE_CODES.imageResize, english('form.error.image_resize_failed'));
  }
}
