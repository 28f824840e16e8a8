// POST /api/video_edit.php (content.md §3, §7): the upload's form — a finished upload or a direct video
// link with its details — read within its size, then checked by the upload service. Part of
// upload.routes.ts.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  VIDEO_EDIT_PATH,
  type VideoEditSuccess,
  videoEditBody,
  videoEditSuccessSchema,
} from '../../contract/upload.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import { uploadMessage } from '../modules/upload/upload.rules.ts';
import { STORAGE_RETRY_AFTER_S, type UploadService } from '../modules/upload/upload.service.ts';
import { contractRoutes, writeErrors } from './contract.ts';
import { assertPlainText } from './input.ts';
import { described, OWNER_ERRORS, requireUser } from './upload-answers.ts';

// The form itself is small; the preview image is the only file part (a big JPEG is a few MB).
const FORM_LIMIT_BYTES = 25 * 1024 * 1024;
/**
 * @fastify/multipart's limits for video_edit.php: any one part may take the whole form's allowance,
 * and readVideoEditForm counts them together against it; the parts count is the plugin's default.
 */
const MULTIPART_LIMITS = { fileSize: FORM_LIMIT_BYTES, fieldSize: FORM_LIMIT_BYTES, parts: 1000 };
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

const tooLarge = () =>
  new DomainError('preview_upload_error', {
    status: 413,
    message: uploadMessage('preview_upload_error'),
    codes: [{ field: 'preview_image', code: 'preview_upload_error' }],
  });

export async function registerVideoEditRoute(app: FastifyInstance, uploads: UploadService) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: MULTIPART_LIMITS,
      // A part is a file when it has a file name, as in a browser's FormData.
      isPartAFile: (_field, _type, fileName) => fileName !== undefined,
    });
    // A form-encoded body over the route's bodyLimit: the same answer as a multipart one.
    scope.setErrorHandler(async (error) => {
      throw codeOf(error) === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error;
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    contractRoutes(scope).post(
      VIDEO_EDIT_PATH,
      {
        bodyLimit: FORM_LIMIT_BYTES,
        // Member first, then the form's type and declared size, all before a byte of it is read.
        onRequest: [membersOnly, formOnly],
        preValidation: readVideoEditForm,
        schema: {
          tags: ['upload'],
          summary:
            'Submit a finished upload (upload_id) or a direct video link with its details; members only.',
          description:
            'Multipart (or form-encoded without the image), at most 25 MB. Answers `{ok: true, video_id}`: the video is created waiting for processing, then moderation. The file is judged by content (ffprobe), never by name. Form mistakes keep the upload so the form can be sent again; a file that breaks a rule is deleted. A link is checked (form, scheme, the addresses its host has) and answered at once with `importing: true`: the `link.import` job downloads it (at least 64 KiB per 30 s, 30 minutes at most, every address checked again), checks the file like an upload, then processes it; a failure rejects the video with its code (link_failed, link_not_allowed, file_too_large, file_type_not_allowed, file_damaged, video_too_short, duplicate_video) as its reason.',
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
          body: videoEditBody,
          response: {
            200: videoEditSuccessSchema,
            ...writeErrors(400, 401, 403, 413, 429),
            403: described(
              '`uploader_not_verified`: the member has not passed the age verification yet (as on the tus call), checked before the form.',
            ),
            400: described(
              'Every field error at once `{error, code, codes:[{field, code}]}`: required, title_length, categories_count, preview_not_chosen, image_too_small, preview_upload_error, upload_not_found, upload_incomplete, file_too_large, file_type_not_allowed, file_damaged, video_too_short, duplicate_video, link_not_allowed, link_failed, invalid_characters.',
            ),
            401: OWNER_ERRORS[401],
            413: described('`preview_upload_error`: the form is over 25 MB.'),
            415: described('`invalid_request`: neither multipart nor form-encoded.'),
            429: described(
              '`import_in_progress` (on `link`): this member already has a link import running, in any process.',
            ),
            503: described(
              '`service_unavailable` with Retry-After: the media storage does not answer; the upload is kept (a day), send the same form again later. Or starting up.',
            ),
          },
        },
      },
      async (request, reply): Promise<VideoEditSuccess> => {
        const { preview_image: image, ...fields } = request.body;
        const preview = image ? Buffer.from(image.buffer, image.byteOffset, image.byteLength) : null;
        const videoId = await uploads
          .submit(requireUser(request), fields, preview)
          .catch((error: unknown) => {
            // The media storage is away: the upload is kept, the same form may be sent again shortly.
            if (error instanceof DomainError && error.status === 503)
              reply.header('retry-after', String(STORAGE_RETRY_AFTER_S));
            throw error;
          });
        // A link (the service refuses one next to an upload_id) is imported in the background.
        const importing = typeof fields.link === 'string' && fields.link.trim() !== '';
        return importing ? { ok: true, video_id: videoId, importing } : { ok: true, video_id: videoId };
      },
    );
  });
}

async function membersOnly(request: FastifyRequest) {
  requireUser(request);
}

/** 415 unless the body is a form, 413 when it declares more than the form may hold. */
async function formOnly(request: FastifyRequest) {
  if (!FORM_TYPES.test(request.headers['content-type'] ?? '')) {
    throw new DomainError('invalid_request', {
      status: 415,
      message: english('api.unsupported_content_type'),
    });
  }
  if (Number(request.headers['content-length'] ?? 0) > FORM_LIMIT_BYTES) throw tooLarge();
}

/**
 * The body the schema checks: text fields (the first of a repeated name; every `categories[]` or
 * `categories`) and the preview image. A multipart form is read here, within FORM_LIMIT_BYTES in
 * all; a form-encoded one was parsed app-wide (contract.ts), control characters refused there.
 */
async function readVideoEditForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = request.body;
    request.body = gatherFields(body && typeof body === 'object' ? Object.entries(body) : []);
    return;
  }
  const texts: [string, string][] = [];
  let image: Buffer | null = null;
  let seen = 0;
  const count = (bytes: number) => {
    seen += bytes;
    if (seen > FORM_LIMIT_BYTES) throw tooLarge();
  };
  try {
    for await (const part of request.parts()) {
      count(Buffer.byteLength(part.fieldname));
      if (part.type === 'field') {
        if (part.valueTruncated) throw tooLarge();
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        count(Buffer.byteLength(value));
        texts.push([part.fieldname, value]);
        continue;
      }
      // Every file is read to its end (counted); only the preview image is kept.
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        count(chunk.length);
        if (part.fieldname === 'preview_image') chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      const bytes = Buffer.concat(chunks);
      if (bytes.length > 0) image = bytes;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (LIMIT_ERRORS.has(codeOf(error))) throw tooLarge();
    throw new DomainError('invalid_request', { message: english('api.unreadable_form') });
  }
  assertPlainText(texts);
  request.body = { ...gatherFields(texts), ...(image ? { preview_image: image } : {}) };
}

/** @fastify/multipart's errors for a part over its limit, or too many parts. */
const LIMIT_ERRORS = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT']);
const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';

/** Fields by name, the first value of each; the category ids all together. */
function gatherFields(entries: [string, unknown][]): Record<string, unknown> {
  const categories: unknown[] = [];
  const fields: Record<string, unknown> = { categories };
  for (const [name, value] of entries) {
    if (name === 'categories' || name === 'categories[]') categories.push(value);
    // A text field named like the image carries nothing: only a file part is the image.
    else if (name !== 'preview_image' && !(name in fields)) fields[name] = value;
  }
  return fields;
}
