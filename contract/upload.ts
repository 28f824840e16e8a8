// Upload (content.md §3 form, §5 rules, §8 messages): the tus endpoint and POST /api/video_edit.php.
// Shared by the server (validation) and the upload page (the same checks before any byte is sent).
import { z } from 'zod';
import {
  CATEGORIES_MAX,
  CATEGORIES_MIN,
  DESCRIPTION_MAX,
  PREVIEW_CHOICES,
  PREVIEW_MIN_HEIGHT,
  PREVIEW_MIN_WIDTH,
  TITLE_MAX,
  TITLE_MIN,
  UPLOAD_MAX_BYTES,
} from './upload-values.ts';

// Paths, limits, allowed types and codes are zod-free in upload-values.ts (the upload form and the API
// client import that); re-exported here for the server and the tests.
export * from './upload-values.ts';

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
