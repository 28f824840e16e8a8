// The checks the upload form makes before any byte is sent, with the server's codes (contract/upload.ts
// holds the limits; the server checks everything again).
import type { FieldError } from '../../../contract/errors.ts';
import {
  CATEGORIES_MAX,
  CATEGORIES_MIN,
  hasAllowedExtension,
  isValidFileName,
  PREVIEW_MIN_HEIGHT,
  PREVIEW_MIN_WIDTH,
  TITLE_MAX,
  TITLE_MIN,
  UPLOAD_MAX_BYTES,
} from '../../../contract/upload-values.ts';
import type { Values } from './upload-state.ts';

export type ImageSize = { width: number; height: number } | null;

/** Width and height of a picked image; null when the browser cannot decode it. */
export function imageSize(file: File): Promise<ImageSize> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    img.src = url;
  });
}

/** A link to import: http(s) and no spaces. */
const LINK_PATTERN = /^https?:\/\/\S+$/i;

/**
 * Every local error, in the order the fields show. `measure` reads the preview image's size (the
 * browser's decoder by default; tests pass their own).
 */
export async function localErrors(
  values: Values,
  file: File | null,
  image: File | null,
  measure: (image: File) => Promise<ImageSize> = imageSize,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const title = values.title.trim();
  if (!title) errors.push({ field: 'title', code: 'required' });
  else if (title.length < TITLE_MIN || title.length > TITLE_MAX)
    errors.push({ field: 'title', code: 'title_length' });
  if (values.categories.length < CATEGORIES_MIN) errors.push({ field: 'categories', code: 'required' });
  if (values.categories.length > CATEGORIES_MAX)
    errors.push({ field: 'categories', code: 'categories_count' });
  if (!values.preview) errors.push({ field: 'preview', code: 'preview_not_chosen' });
  if (values.preview === 'image') errors.push(...(await previewErrors(image, measure)));
  if (values.source === 'file') {
    if (!file) errors.push({ field: 'file', code: 'required' });
    else if (!isValidFileName(file.name)) errors.push({ field: 'file', code: 'file_name_invalid' });
    else if (!hasAllowedExtension(file.name)) errors.push({ field: 'file', code: 'file_type_not_allowed' });
    else if (file.size > UPLOAD_MAX_BYTES) errors.push({ field: 'file', code: 'file_too_large' });
  } else if (!LINK_PATTERN.test(values.link.trim())) {
    errors.push({ field: 'link', code: values.link.trim() ? 'invalid' : 'required' });
  }
  return errors;
}

async function previewErrors(
  image: File | null,
  measure: (image: File) => Promise<ImageSize>,
): Promise<FieldError[]> {
  if (!image) return [{ field: 'preview_image', code: 'preview_not_chosen' }];
  const size = await measure(image);
  if (!size) return [{ field: 'preview_image', code: 'preview_upload_error' }];
  if (size.width < PREVIEW_MIN_WIDTH || size.height < PREVIEW_MIN_HEIGHT) {
    return [{ field: 'preview_image', code: 'image_too_small' }];
  }
  return [];
}
