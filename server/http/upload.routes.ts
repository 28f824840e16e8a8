// Uploads over HTTP (content.md §3, §5, §7): the tus endpoint (resumable, streamed to disk, each
// upload owned by the member who started it) and POST /api/video_edit.php (the form, then the checks).
// Expired uploads are removed by server/modules/upload/upload-cleaner.ts, started by the app.

import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors.ts';
import {
  hasAllowedExtension,
  isValidFileName,
  TUS_PATH,
  tusHeaders,
  tusUploadParams,
  VIDEO_EDIT_PATH,
  type VideoEditSuccess,
  videoEditBody,
  videoEditSuccessSchema,
} from '../../contract/upload.ts';
import { DomainError, forbidden, unauthorized } from '../errors.ts';
import { english } from '../lib/english.ts';
import { uploadMessage } from '../modules/upload/upload.rules.ts';
import {
  STORAGE_RETRY_AFTER_S,
  type UploadService,
  type UploadUser,
} from '../modules/upload/upload.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { assertPlainText, normalisedPath } from './input.ts';
import { REQUEST_ID_HEADER } from './observability.ts';
import { securityHeaders } from './security-headers.ts';

const UPLOAD_ID = /^[a-f0-9]{32}$/;
// The form itself is small; the preview image is the only file part (a big JPEG is a few MB).
const FORM_LIMIT_BYTES = 25 * 1024 * 1024;
/**
 * @fastify/multipart's limits for video_edit.php: any one part may take the whole form's allowance,
 * and readVideoEditForm counts them together against it; the parts count is the plugin's default.
 */
const MULTIPART_LIMITS = { fileSize: FORM_LIMIT_BYTES, fieldSize: FORM_LIMIT_BYTES, parts: 1000 };
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/** Upload-Metadata: comma-separated `key base64value` pairs (tus 1.0). */
export function parseUploadMetadata(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    out.set(key, value ? Buffer.from(value, 'base64').toString('utf8') : '');
  }
  return out;
}

/**
 * The bytes the body's first read gives (a socket read: usually far more than the few a file signature
 * needs), put back at the front of the stream for tus to read. Empty when the body is.
 */
function peekBody(body: Readable): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const done = (head: Buffer | null) => {
      body.off('readable', onReadable);
      body.off('error', onError);
      // Put back in the same tick as the read, before the stream could end.
      if (head) body.unshift(head);
      resolve(head ?? new Uint8Array());
    };
    const onReadable = () => done(body.read() as Buffer | null);
    const onError = (error: Error) => {
      body.off('readable', onReadable);
      reject(error);
    };
    body.on('readable', onReadable);
    body.once('error', onError);
  });
}

const fail = (status: number, code: string) =>
  new DomainError(code, { status, message: uploadMessage(code), codes: [{ field: 'file', code }] });

const tooLarge = () =>
  new DomainError('preview_upload_error', {
    status: 413,
    message: uploadMessage('preview_upload_error'),
    codes: [{ field: 'preview_image', code: 'preview_upload_error' }],
  });

/** An answer @tus/server writes itself, in plain text: Fastify never sees it. */
const tusText = (description: string) => ({ description, content: { 'text/plain': { schema: z.string() } } });
const described = (description: string) => errorBodySchema.describe(description);

const TUS_HEADERS =
  'tus 1.0 (creation, termination, expiration): Tus-Resumable 1.0.0 on every call but OPTIONS; Upload-Length and Upload-Metadata (`filename`) on create, Upload-Offset on PATCH.';
const OWNER_ERRORS = {
  401: described('`unauthorized`: a guest.'),
  403: described('`forbidden`: another member’s upload.'),
  404: described('`upload_not_found`: no such live upload (finished uploads go once submitted).'),
};
const TUS_REFUSALS = {
  410: tusText('The upload expired (a day after it started).'),
  412: tusText('Tus-Resumable is missing or not 1.0.0.'),
};
const CAPABILITIES = z.null().describe('tus capabilities: Tus-Version, Tus-Extension, Tus-Max-Size.');

const requireUser = (request: FastifyRequest): UploadUser => {
  if (!request.user) throw unauthorized();
  return request.user;
};

export async function registerUploadRoutes(
  app: FastifyInstance,
  uploads: UploadService,
  options: { publicUrl: string },
) {
  const siteOrigin = new URL(options.publicUrl).origin;
  // The tus hooks see a Web request wrapping the Node one: the member is looked up by the Node request.
  const owners = new WeakMap<object, UploadUser>();
  // Built at the first upload request: registering the routes touches no service (tests stub them).
  let tus: TusServer | null = null;
  const tusServer = () => (tus ??= createTus());
  const createTus = () =>
    new TusServer({
      path: TUS_PATH.replace(/\/$/, ''),
      datastore: uploads.tusStore(),
      // Read per upload: the limit may change with the site settings.
      maxSize: () => uploads.maxBytes,
      relativeLocation: true,
      // tus answers CORS itself (`*` by default): the uploads are the site's own (a foreign Origin is
      // refused before this by the accounts layer's check on every /api write).
      allowedOrigins: [siteOrigin],
      async onUploadCreate(req, upload) {
        const raw = req.runtime?.node?.req;
        const user = raw ? owners.get(raw) : undefined;
        if (!user || upload.size === undefined) throw { status_code: 401, body: 'unauthorized\n' };
        const name = upload.metadata?.filename ?? '';
        await uploads.registerUpload(upload.id, user, name, upload.size);
        return {};
      },
      // A refusal from registerUpload (caps, disk) in the spec's shape: the form reads the JSON body.
      // The disk filling up while an upload is created or written is one too (413 upload_no_space):
      // the upload is removed, and the site goes on serving.
      async onResponseError(req, error) {
        const id = new URL(req.url).pathname.split('/').pop() ?? '';
        const noSpace =
          error instanceof DomainError
            ? null
            : await uploads.storeFailed(error, UPLOAD_ID.test(id) ? id : null);
        if (noSpace) app.log.warn({ err: error }, 'upload removed: the upload folder’s disk is full');
        const refusal = noSpace ?? error;
        if (!(refusal instanceof DomainError)) return undefined;
        const body = { error: refusal.message, code: refusal.code, codes: refusal.codes };
        return { status_code: refusal.status, body: JSON.stringify(body) };
      },
    });

  /** The member's own live upload, else 401, 404 or 403 in that order. */
  const assertOwner = async (request: FastifyRequest, id: string) => {
    const user = requireUser(request);
    const owner = UPLOAD_ID.test(id) ? await uploads.uploadOwner(id) : null;
    if (owner === null) throw fail(404, 'upload_not_found');
    if (owner !== user.user_id) throw forbidden();
  };

  await app.register(async (scope) => {
    // tus bodies go straight from the socket to the file: Fastify must not read them.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const api = contractRoutes(scope);

    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      // @tus/server writes the answer itself, past Fastify's hooks: the request id, the security headers
      // and no-store every other answer gets are set here (its writeHead keeps them).
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
      for (const [name, value] of Object.entries(securityHeaders(normalisedPath(request.url)))) {
        reply.raw.setHeader(name, value);
      }
      reply.raw.setHeader('cache-control', 'no-store');
      reply.hijack();
      await tusServer().handle(request.raw, reply.raw);
    };

    api.post(
      TUS_PATH,
      {
        schema: {
          tags: ['upload'],
          summary:
            'Start a resumable upload (tus); members only. Answers 201 with Location /api/upload/{id}.',
          description: `${TUS_HEADERS} The file name may hold latin letters and numbers only, and its extension (if any) must be an allowed type; at most 10 GB. Checked before any byte is stored.`,
          headers: tusHeaders.create,
          response: {
            201: z.null().describe('Created: Location /api/upload/{id}.'),
            ...writeErrors(400, 401, 403, 413, 429),
            403: described(
              '`uploader_not_verified` (codes [{field: file}], info.verify: the page to send the photo): with performer records required (UPLOAD_RECORDS, UPLOADER_VERIFICATION), a member uploads once they passed the age verification; staff never need it.',
            ),
            400: described(
              '`file_name_invalid`, `file_type_not_allowed` (an extension outside the allowed types), or `invalid` (no Upload-Length); tus: a malformed header.',
            ),
            401: OWNER_ERRORS[401],
            413: described(
              '`file_too_large`, or `upload_no_space` (the declared length would leave too little free disk, or the disk filled as the upload was created).',
            ),
            429: described(
              '`too_many_uploads` (live uploads per member) or `upload_quota_exceeded` (their declared bytes together).',
            ),
            412: TUS_REFUSALS[412],
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const length = request.headers['upload-length'];
        if (length === undefined || !/^\d{1,15}$/.test(length)) throw fail(400, 'invalid');
        if (Number(length) > uploads.maxBytes) throw fail(413, 'file_too_large');
        const metadata = parseUploadMetadata(request.headers['upload-metadata']);
        const name = metadata.get('filename') ?? '';
        if (!isValidFileName(name)) throw fail(400, 'file_name_invalid');
        if (!hasAllowedExtension(name)) throw fail(400, 'file_type_not_allowed');
        // Uploaders verified once (issue 31): before any byte is taken in.
        await uploads.assertMayUpload(user);
        owners.set(request.raw, user);
        await handOver(request, reply);
      },
    );

    api.head(
      `${TUS_PATH}:id`,
      {
        // A call of its own (resuming), not the HEAD of a GET: documented too.
        config: { swagger: { exposeHeadRoute: true } },
        schema: {
          tags: ['upload'],
          summary: 'The offset of an upload (Upload-Offset), to resume it; its owner only.',
          params: tusUploadParams,
          headers: tusHeaders.resume,
          response: {
            200: z.null().describe('Upload-Offset and Upload-Length of the upload.'),
            ...errors(401, 403, 404),
            ...OWNER_ERRORS,
            ...TUS_REFUSALS,
          },
        },
      },
      async (request, reply) => {
        await assertOwner(request, request.params.id);
        await handOver(request, reply);
      },
    );

    api.patch(
      `${TUS_PATH}:id`,
      {
        schema: {
          tags: ['upload'],
          summary:
            'Append bytes at Upload-Offset (Content-Type application/offset+octet-stream); its owner only.',
          params: tusUploadParams,
          headers: tusHeaders.append,
          response: {
            204: z.null().describe('Stored: Upload-Offset is the new offset.'),
            ...writeErrors(400, 401, 403, 404, 413),
            ...OWNER_ERRORS,
            400: described(
              '`file_type_not_allowed`: the first chunk starts like another kind of file (a picture, an archive, a document, text…); the upload is removed. tus: a malformed header (plain text).',
            ),
            403: described(
              '`forbidden`: another member’s upload; tus: no Upload-Offset or Content-Type (plain text).',
            ),
            409: tusText('Upload-Offset does not match the stored offset.'),
            413: described(
              '`upload_no_space`: the disk filled while the bytes were stored; the upload was removed (start again later). tus: more bytes than Upload-Length (plain text).',
            ),
            ...TUS_REFUSALS,
          },
        },
      },
      async (request, reply) => {
        await assertOwner(request, request.params.id);
        // The first chunk: its first bytes are looked at before tus stores any of them.
        if (request.headers['upload-offset'] === '0') {
          try {
            await uploads.checkFirstBytes(request.params.id, await peekBody(request.raw));
          } catch (error) {
            // Refused: the rest of this chunk is read and dropped (having read it, Node would not), and
            // the connection closes after the answer.
            request.raw.resume();
            reply.header('connection', 'close');
            throw error;
          }
        }
        await handOver(request, reply);
      },
    );

    api.delete(
      `${TUS_PATH}:id`,
      {
        schema: {
          tags: ['upload'],
          summary: 'Cancel an upload: its bytes and record go; its owner only.',
          params: tusUploadParams,
          response: {
            204: z.undefined().describe('Cancelled.'),
            ...writeErrors(400, 401, 403, 404),
            ...OWNER_ERRORS,
            400: described('A malformed body (the call takes none).'),
          },
        },
      },
      async (request, reply) => {
        await assertOwner(request, request.params.id);
        // Termination: file, tus metadata and row go before the answer (tus's own would leave the row).
        await uploads.forgetUpload(request.params.id);
        return reply.header('tus-resumable', '1.0.0').status(204).send();
      },
    );

    // 400 and 415: a body Fastify cannot parse, though the call takes none.
    const options = { tags: ['upload'], response: { 204: CAPABILITIES, ...errors(400, 415) } };
    api.options(
      TUS_PATH,
      { schema: { ...options, summary: 'tus capabilities (Tus-Version, Tus-Max-Size).' } },
      handOver,
    );
    api.options(
      `${TUS_PATH}:id`,
      { schema: { ...options, summary: 'tus capabilities.', params: tusUploadParams } },
      handOver,
    );
  });

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
