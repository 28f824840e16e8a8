// Uploads over HTTP (content.md §3, §5, §7): the tus endpoint (resumable, streamed to disk, each
// upload owned by the member who started it) and POST /api/video_edit.php (the form, then the checks).
import type { IncomingMessage } from 'node:http';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidFileName, TITLE_MAX, TITLE_MIN, TUS_PATH, VIDEO_EDIT_PATH } from '../../contract/upload.ts';
import { DomainError, forbidden, unauthorized } from '../errors.ts';
import { uploadMessage } from '../modules/upload/upload.rules.ts';
import type { UploadService, UploadUser } from '../modules/upload/upload.service.ts';
import { readFormData } from './form-body.ts';
import type { ApiOperation } from './openapi.ts';

const UPLOAD_ID = /^[a-f0-9]{32}$/;
// The form itself is small; the preview image is the only file part (a big JPEG is a few MB).
const FORM_LIMIT_BYTES = 25 * 1024 * 1024;
const CLEAN_EVERY_MS = 3600_000;

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

const fail = (status: number, code: string) =>
  new DomainError(code, { status, message: uploadMessage(code), codes: [{ field: 'file', code }] });

export async function registerUploadRoutes(app: FastifyInstance, uploads: UploadService) {
  // The tus hooks see a Web request wrapping the Node one: the member is looked up by the Node request.
  const owners = new WeakMap<IncomingMessage, UploadUser>();
  // Built at the first upload request: registering the routes touches no service (tests stub them).
  let tus: TusServer | null = null;
  const tusServer = () => (tus ??= createTus());
  const createTus = () =>
    new TusServer({
      path: TUS_PATH.replace(/\/$/, ''),
      datastore: uploads.tusStore(),
      maxSize: uploads.maxBytes,
      relativeLocation: true,
      async onUploadCreate(req, upload) {
        const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
        const user = raw ? owners.get(raw) : undefined;
        if (!user || upload.size === undefined) throw { status_code: 401, body: 'unauthorized\n' };
        const name = upload.metadata?.filename ?? '';
        await uploads.registerUpload(upload.id, user, name, upload.size);
        return {};
      },
      // A refusal from registerUpload (caps, disk) in the spec's shape: the form reads the JSON body.
      onResponseError(_req, error) {
        if (!(error instanceof DomainError)) return undefined;
        const body = { error: error.message, code: error.code, codes: error.codes };
        return { status_code: error.status, body: JSON.stringify(body) };
      },
    });

  const requireUser = (request: FastifyRequest): UploadUser => {
    if (!request.user) throw unauthorized();
    return request.user;
  };

  await app.register(async (scope) => {
    // tus bodies go straight from the socket to the file: Fastify must not read them.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tusServer().handle(request.raw, reply.raw);
    };

    scope.post(TUS_PATH, async (request, reply) => {
      const user = requireUser(request);
      const length = request.headers['upload-length'];
      if (typeof length !== 'string' || !/^\d{1,15}$/.test(length)) throw fail(400, 'invalid');
      if (Number(length) > uploads.maxBytes) throw fail(413, 'file_too_large');
      const metadata = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
      if (!isValidFileName(metadata.get('filename') ?? '')) throw fail(400, 'file_name_invalid');
      owners.set(request.raw, user);
      await handOver(request, reply);
    });

    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${TUS_PATH}:id`,
      handler: async (request, reply) => {
        const user = requireUser(request);
        const { id } = request.params as { id: string };
        const owner = UPLOAD_ID.test(id) ? await uploads.uploadOwner(id) : null;
        if (owner === null) throw fail(404, 'upload_not_found');
        if (owner !== user.user_id) throw forbidden();
        if (request.method === 'DELETE') {
          // Termination: file, tus metadata and row go before the answer (tus's own would leave the row).
          await uploads.forgetUpload(id);
          return reply.status(204).header('tus-resumable', '1.0.0').send();
        }
        await handOver(request, reply);
      },
    });

    scope.options(TUS_PATH, handOver);
    scope.options(`${TUS_PATH}:id`, handOver);
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Multipart (the page sends the preview image with the form) or form-encoded: read as Web FormData.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    scope.post(VIDEO_EDIT_PATH, async (request) => {
      const user = requireUser(request);
      const { fields, image } = await readForm(request);
      const videoId = await uploads.submit(user, fields, image);
      return { ok: true, video_id: videoId };
    });
  });

  // Unfinished or never submitted uploads go after a day.
  const cleaner = setInterval(() => {
    uploads.cleanExpired().catch((error: unknown) => app.log.error({ err: error }, 'upload cleanup failed'));
  }, CLEAN_EVERY_MS);
  cleaner.unref();
  app.addHook('onClose', async () => clearInterval(cleaner));
}

/** The body as fields (categories as a list) and the preview image, if one was sent. */
async function readForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; image: Buffer | null }> {
  const tooLarge = () =>
    new DomainError('preview_upload_error', {
      status: 413,
      message: uploadMessage('preview_upload_error'),
      codes: [{ field: 'preview_image', code: 'preview_upload_error' }],
    });
  const form = await readFormData(request, { maxBytes: FORM_LIMIT_BYTES, tooLarge });
  const categories: string[] = [];
  const fields: Record<string, unknown> = { categories };
  let image: Buffer | null = null;
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') {
      if (key === 'preview_image' && value.size > 0) image = Buffer.from(await value.arrayBuffer());
      continue;
    }
    if (key === 'categories' || key === 'categories[]') {
      categories.push(value);
    } else if (!(key in fields)) {
      fields[key] = value;
    }
  }
  return { fields, image };
}

const TUS_HEADERS =
  'tus 1.0 (creation, termination, expiration): Tus-Resumable 1.0.0; Upload-Length and Upload-Metadata (`filename`) on create, Upload-Offset on PATCH.';

/** The OpenAPI entries of these calls, for API_OPERATIONS in openapi.ts (`...UPLOAD_OPERATIONS`). */
export const UPLOAD_OPERATIONS: ApiOperation[] = [
  {
    method: 'post',
    path: TUS_PATH,
    tag: 'upload',
    summary: 'Start a resumable upload (tus); members only. Answers 201 with Location /api/upload/{id}.',
    description: `${TUS_HEADERS} The file name may hold latin letters and numbers only; at most 10 GB. Checked before any byte is stored.`,
    errors: {
      400: '`file_name_invalid`, or `invalid` (no Upload-Length)',
      401: '`unauthorized`: a guest',
      403: '`bad_origin`',
      413: '`file_too_large`, or `upload_no_space` (the declared length would leave too little free disk)',
      429: '`too_many_uploads` (live uploads per member) or `upload_quota_exceeded` (their declared bytes together)',
    },
  },
  {
    method: 'options',
    path: TUS_PATH,
    tag: 'upload',
    summary: 'tus capabilities (Tus-Version, Tus-Max-Size).',
  },
  {
    method: 'head',
    path: `${TUS_PATH}{id}`,
    tag: 'upload',
    summary: 'The offset of an upload (Upload-Offset), to resume it; its owner only.',
    errors: { 401: '`unauthorized`', 403: '`forbidden`: another member’s upload', 404: '`upload_not_found`' },
  },
  {
    method: 'patch',
    path: `${TUS_PATH}{id}`,
    tag: 'upload',
    summary: 'Append bytes at Upload-Offset (Content-Type application/offset+octet-stream); its owner only.',
    errors: {
      401: '`unauthorized`',
      403: '`forbidden`',
      404: '`upload_not_found`',
      409: 'Upload-Offset does not match the stored offset',
      413: 'More bytes than Upload-Length',
    },
  },
  {
    method: 'delete',
    path: `${TUS_PATH}{id}`,
    tag: 'upload',
    summary: 'Cancel an upload: its bytes and record go; its owner only.',
    errors: { 401: '`unauthorized`', 403: '`forbidden`', 404: '`upload_not_found`' },
  },
  { method: 'options', path: `${TUS_PATH}{id}`, tag: 'upload', summary: 'tus capabilities.' },
  {
    method: 'post',
    path: VIDEO_EDIT_PATH,
    tag: 'upload',
    summary: 'Submit a finished upload (upload_id) or a direct video link with its details; members only.',
    description:
      'Answers `{ok: true, video_id}`: the video is created waiting for processing, then moderation. The file is judged by content (ffprobe), never by name. Form mistakes keep the upload so the form can be sent again; a file that breaks a rule is deleted.',
    multipart: true,
    form: {
      title: `Required, ${TITLE_MIN} to ${TITLE_MAX} characters`,
      description: 'Optional, at most 2000 characters',
      gender: 'str (default), gay or shemale',
      'categories[]': 'Category ids, 1 to 3 (repeat the field)',
      visibility: '0 public (default), 1 private',
      channel: 'Optional channel id (a channel of the member)',
      exclusive: '1: exclusive to this site (minimum length 6 minutes instead of 10)',
      preview: 'auto (a frame is picked) or image (preview_image is the poster)',
      preview_image: 'With preview=image: JPEG, PNG or WebP, at least 1250x250',
      upload_id: 'The tus upload id (32 hex characters), or',
      link: 'A direct http(s) link to the video file',
    },
    errors: {
      400: 'Field errors `{error, code, codes:[{field, code}]}`: required, title_length, categories_count, preview_not_chosen, image_too_small, preview_upload_error, upload_not_found, upload_incomplete, file_too_large, file_type_not_allowed, file_damaged, video_too_short, duplicate_video, link_not_allowed, link_failed',
      401: '`unauthorized`',
      403: '`bad_origin`',
      429: '`import_in_progress`: this member already has a link import running',
    },
  },
];
