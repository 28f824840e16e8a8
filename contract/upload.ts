// Upload (content.md §3 form, §5 rules, §8 messages): the tus endpoint and POST /api/video_edit.php.
// Shared by the server (validation) and the upload page (the same checks before any byte is sent).
import { z } from 'zod';

/** Where tus-js-client sends the file; each upload lives at `${TUS_PATH}{id}`. */
export const TUS_PATH = '/api/upload/';
export const VIDEO_EDIT_PATH = '/api/video_edit.php';

/** content.md §5: "Maximum 10GB". */
export const UPLOAD_MAX_BYTES = 10 * 1024 ** 3;
/** content.md §5: minimum length 6 minutes for exclusive videos, 10 for the rest. */
export const MIN_SECONDS_EXCLUSIVE = 360;
export const MIN_SECONDS_DEFAULT = 600;
/** content.md §5: "Image upload at least 1250x250". */
export const PREVIEW_MIN_WIDTH = 1250;
export const PREVIEW_MIN_HEIGHT = 250;
export const CATEGORIES_MIN = 1;
export const CATEGORIES_MAX = 3;
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;

/** content.md §5's allowed types, as file extensions (what the file picker offers). */
export const ALLOWED_EXTENSIONS = [
  '3gp',
  'mp4',
  'mov',
  'asf',
  'flv',
  'mpg',
  'avi',
  'mpeg',
  'wmv',
  'rm',
  'dat',
  'mkv',
  'vob',
  'm2v',
  'm2t',
  'm4v',
  'f4v',
  'mts',
  'webm',
] as const;

/** "Latin letters and numbers only", plus the dot before the extension (and - and _ inside the name). */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;
export const isValidFileName = (name: string) => name.length <= 200 && FILE_NAME_PATTERN.test(name);

/**
 * The codes an upload can fail with. Field codes go on their input; the file codes are shown as
 * 'Error [{code}] uploading video to the site, please contact support' unless a message is known.
 */
export type UploadErrorCode =
  | 'required'
  | 'invalid'
  | 'title_length'
  | 'categories_count'
  | 'file_name_invalid'
  | 'file_too_large'
  | 'file_type_not_allowed'
  | 'file_damaged'
  | 'duplicate_video'
  | 'video_too_short'
  | 'preview_not_chosen'
  | 'preview_upload_error'
  | 'image_too_small'
  | 'link_not_allowed'
  | 'link_failed'
  | 'upload_not_found'
  | 'upload_incomplete'
  | 'import_in_progress';

/**
 * The codes a link import can end with after it was accepted: the video is rejected with the code
 * as its reason, which the uploads page words as upload.error.{code}.
 */
export const LINK_IMPORT_FAILURES = [
  'link_failed',
  'link_not_allowed',
  'file_too_large',
  'file_type_not_allowed',
  'file_damaged',
  'video_too_short',
  'duplicate_video',
] as const;

/** "none" is not a choice: a preview must be chosen (content.md §5). */
export const PREVIEW_CHOICES = ['auto', 'image'] as const;
export type PreviewChoice = (typeof PREVIEW_CHOICES)[number];

const intString = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,18}$/),
  ])
  .transform(Number);

/** The text fields of video_edit.php (multipart or form-encoded); the file parts are checked apart. */
export const videoEditFields = z
  .object({
    title: z
      .string({ message: 'required' })
      .trim()
      .min(1, { message: 'required' })
      .min(TITLE_MIN, { message: 'title_length' })
      .max(TITLE_MAX, { message: 'title_length' }),
    description: z.string().trim().max(DESCRIPTION_MAX, { message: 'invalid' }).default(''),
    gender: z.enum(['str', 'gay', 'shemale'], { message: 'invalid' }).default('str'),
    categories: z
      .array(intString, { message: 'required' })
      .min(CATEGORIES_MIN, { message: 'required' })
      .max(CATEGORIES_MAX, { message: 'categories_count' }),
    /** 0 public, 1 private (the upload form's reading, content.md §4). */
    visibility: z.enum(['0', '1'], { message: 'invalid' }).default('0'),
    channel: z
      .union([z.literal(''), intString])
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    exclusive: z.enum(['0', '1'], { message: 'invalid' }).default('0'),
    preview: z.enum(PREVIEW_CHOICES, { message: 'preview_not_chosen' }),
    upload_id: z
      .string()
      .trim()
      .regex(/^[a-f0-9]{32}$/, { message: 'invalid' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    link: z
      .string()
      .trim()
      .max(2000, { message: 'invalid' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((v, ctx) => {
    if (!v.upload_id && !v.link) ctx.addIssue({ code: 'custom', path: ['file'], message: 'required' });
    if (v.upload_id && v.link) ctx.addIssue({ code: 'custom', path: ['link'], message: 'invalid' });
  });

export type VideoEditFields = z.infer<typeof videoEditFields>;

/**
 * The body of POST /api/video_edit.php as it arrives (multipart, or form-encoded without the image):
 * text fields as sent, `categories[]` (or `categories`) gathered into `categories`, the preview image's
 * bytes. Its rules are videoEditFields', applied by the service so that every field's problem is
 * answered at once.
 */
export const videoEditBody = z.object({
  title: z.string().optional().describe(`Required, ${TITLE_MIN} to ${TITLE_MAX} characters`),
  description: z.string().optional().describe(`Optional, at most ${DESCRIPTION_MAX} characters`),
  gender: z.string().optional().describe('str (default), gay or shemale'),
  categories: z
    .array(z.string())
    .describe(
      `Category ids, ${CATEGORIES_MIN} to ${CATEGORIES_MAX}: the field categories[] (or categories), repeated`,
    ),
  visibility: z.string().optional().describe('0 public (default), 1 private'),
  channel: z.string().optional().describe('Optional channel id (a channel of the member)'),
  exclusive: z
    .string()
    .optional()
    .describe('1: exclusive to this site (minimum length 6 minutes instead of 10)'),
  preview: z
    .string()
    .optional()
    .describe(`${PREVIEW_CHOICES.join(' or ')}: a picked frame, or preview_image`),
  preview_image: z
    .instanceof(Uint8Array)
    .optional()
    .meta({
      type: 'string',
      format: 'binary',
      description: `With preview=image: JPEG, PNG or WebP, at least ${PREVIEW_MIN_WIDTH}x${PREVIEW_MIN_HEIGHT}`,
    }),
  upload_id: z.string().optional().describe('The tus upload id (32 hex characters), or'),
  link: z.string().optional().describe('A direct http(s) link to the video file'),
});
export type VideoEditBody = z.infer<typeof videoEditBody>;

export const videoEditSuccessSchema = z
  .object({
    ok: z.literal(true),
    video_id: z.number().int(),
    importing: z
      .literal(true)
      .optional()
      .describe(
        'A link: accepted, to be downloaded and checked in the background (the video shows as processing on the uploads page, or rejected with the failure code)',
      ),
  })
  .meta({ id: 'VideoEditSuccess' });
export type VideoEditSuccess = z.infer<typeof videoEditSuccessSchema>;

/** `${TUS_PATH}{id}`: the upload's id (another form is a 404 `upload_not_found`). */
export const tusUploadParams = z.object({
  id: z.string().describe('The upload id: 32 hex characters'),
});

/** The tus 1.0 request headers these calls read (every other header passes through untouched). */
export const tusHeaders = {
  create: z.looseObject({
    'tus-resumable': z.string().optional().describe('1.0.0 (412 without it)'),
    'upload-length': z.string().optional().describe(`The file's size in bytes, at most ${UPLOAD_MAX_BYTES}`),
    'upload-metadata': z
      .string()
      .optional()
      .describe('`filename {base64}`: latin letters and numbers only, with its extension'),
  }),
  resume: z.looseObject({
    'tus-resumable': z.string().optional().describe('1.0.0 (412 without it)'),
  }),
  append: z.looseObject({
    'tus-resumable': z.string().optional().describe('1.0.0 (412 without it)'),
    'upload-offset': z.string().optional().describe('Where these bytes go: the offset HEAD gave'),
    'content-type': z.string().optional().describe('application/offset+octet-stream'),
  }),
};

/** English wording of the codes (the page shows them through i18n keys upload.error.{code}). */
export const UPLOAD_MESSAGES = {
  required: 'This field is required',
  preview_upload_error: 'Error uploading preview',
  generic: 'Error [{code}] uploading video to the site, please contact support',
  categories_count: 'The minimum number of selected categories is {min}, the maximum is {max}',
} as const;
