// The checks of a submitted upload (upload.service.ts): the form apart from the file, with the
// preview image, every field problem at once; then the file itself by its content (size, type, damage,
// length, duplicate). Used for an upload's form and for a link import's download.
import {
  CATEGORIES_MAX,
  CATEGORIES_MIN,
  PREVIEW_MIN_HEIGHT,
  PREVIEW_MIN_WIDTH,
  type VideoEditFields,
  videoEditFields,
} from '../../../contract/upload.ts';
import { DomainError, type FieldError } from '../../errors.ts';
import { images } from '../../media/images.ts';
import { MediaProbeError } from '../../media/probe.ts';
import { probeMedia } from '../../media/runner.ts';
import type { UploadStaging } from '../../storage/upload-staging.ts';
import { sha256File } from './hash-file.ts';
import type { UploadRepository } from './upload.repository.ts';
import { containerExtension, dirFromTitle, minimumSeconds, uploadMessage } from './upload.rules.ts';
import type { UploadUser } from './upload.service.ts';

export type Preview = { width: number; height: number; jpeg: Buffer };

/** A new video's row as the upload form describes it: the same for a file upload and a link import. */
export function newVideoFields(user: UploadUser, fields: VideoEditFields) {
  return {
    dir: dirFromTitle(fields.title),
    title: fields.title,
    description: fields.description,
    userId: user.user_id,
    channelId: fields.channel,
    gender: fields.gender,
    isPrivate: fields.visibility === '1',
    isExclusive: fields.exclusive === '1',
  };
}

export const fieldError = (field: string, code: string, status = 400) =>
  new DomainError(code, { status, message: uploadMessage(code), codes: [{ field, code }] });

const formError = (codes: FieldError[]) => {
  const code = codes[0]?.code ?? 'invalid';
  const info = codes.some((c) => c.code === 'categories_count')
    ? { min: CATEGORIES_MIN, max: CATEGORIES_MAX }
    : undefined;
  return new DomainError(code, { message: uploadMessage(code), codes, info });
};

export function createUploadChecks(deps: {
  repository: UploadRepository;
  staging: UploadStaging;
  /** Read at each check: the limit may change with the site settings. */
  maxBytes: () => number;
}) {
  const { repository, staging } = deps;

  /** Checks the form (apart from the file) and the preview image; returns every field problem at once. */
  async function checkForm(user: UploadUser, raw: Record<string, unknown>, image: Buffer | null) {
    const codes: FieldError[] = [];
    const parsed = videoEditFields.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'general');
        if (!codes.some((c) => c.field === field)) codes.push({ field, code: issue.message });
      }
    }
    const fields = parsed.success ? parsed.data : null;
    let preview: { width: number; height: number; jpeg: Buffer } | null = null;
    if (fields?.preview === 'image' && !image)
      codes.push({ field: 'preview_image', code: 'preview_not_chosen' });
    if (image) {
      const checked = await checkPreviewImage(image);
      if (typeof checked === 'string') codes.push({ field: 'preview_image', code: checked });
      else preview = checked;
    }
    if (fields) {
      const known = await repository.existingCategoryIds(fields.categories);
      if (new Set(known).size !== new Set(fields.categories).size)
        codes.push({ field: 'categories', code: 'invalid' });
      if (fields.channel !== null) {
        const channel = await repository.findChannel(fields.channel);
        const mayUse = channel && (channel.user_id === user.user_id || user.role === 'administrator');
        if (!mayUse) codes.push({ field: 'channel', code: 'invalid' });
      }
    }
    if (codes.length > 0 || !fields) throw formError(codes);
    return { fields, preview: fields.preview === 'image' ? preview : null };
  }

  /** Size, type (by content), damage, length and duplicate checks of the video file. */
  async function checkFile(file: string, exclusive: boolean, field: string) {
    const size = await staging.size(file);
    if (size > deps.maxBytes()) throw fieldError(field, 'file_too_large');
    let media: Awaited<ReturnType<typeof probeMedia>>;
    try {
      media = await probeMedia(file);
    } catch (error) {
      if (error instanceof MediaProbeError) {
        throw fieldError(field, error.code === 'damaged' ? 'file_damaged' : 'file_type_not_allowed');
      }
      throw error;
    }
    const ext = containerExtension(media.formatName);
    if (!ext) throw fieldError(field, 'file_type_not_allowed');
    if (media.durationSeconds < minimumSeconds(exclusive)) {
      throw new DomainError('video_too_short', {
        message: uploadMessage('video_too_short'),
        codes: [{ field, code: 'video_too_short' }],
        info: { min: minimumSeconds(exclusive) },
      });
    }
    const hash = await sha256File(file);
    if (await repository.hashTaken(hash)) throw fieldError(field, 'duplicate_video');
    return { media, ext, hash, size };
  }

  return { checkForm, checkFile };
}

export type UploadChecks = ReturnType<typeof createUploadChecks>;

/** 'preview_upload_error' for what is not an image, 'image_too_small' under 1250x250; else a JPEG of it. */
async function checkPreviewImage(
  image: Buffer,
): Promise<'preview_upload_error' | 'image_too_small' | { width: number; height: number; jpeg: Buffer }> {
  try {
    const meta = await images.facts(image, { tolerateWarnings: true });
    const width = meta.shownWidth;
    const height = meta.shownHeight;
    if (!width || !height) return 'preview_upload_error';
    if (width < PREVIEW_MIN_WIDTH || height < PREVIEW_MIN_HEIGHT) return 'image_too_small';
    const upright = { tolerateWarnings: true, autoOrient: true, format: 'jpeg', quality: 88 } as const;
    const jpeg = (await images.encode(image, upright)).data;
    return { width, height, jpeg };
  } catch {
    return 'preview_upload_error';
  }
}
