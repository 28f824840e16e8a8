// The tus endpoint (content.md §3, §5): resumable uploads, streamed to disk, each owned by the member
// who started it; the first bytes looked at before tus stores any. Part of upload.routes.ts.
import type { Readable } from 'node:stream';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  hasAllowedExtension,
  isValidFileName,
  TUS_PATH,
  tusHeaders,
  tusUploadParams,
} from '../../contract/upload.ts';
import { DomainError, forbidden } from '../errors.ts';
import { uploadMessage } from '../modules/upload/upload.rules.ts';
import type { UploadService, UploadUser } from '../modules/upload/upload.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { normalisedPath } from './input.ts';
import { REQUEST_ID_HEADER } from './observability.ts';
import { securityHeaders } from './security-headers.ts';
import { described, OWNER_ERRORS, requireUser } from './upload-answers.ts';

const UPLOAD_ID = /^[a-f0-9]{32}$/;

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

/** An answer @tus/server writes itself, in plain text: Fastify never sees it. */
const tusText = (description: string) => ({ description, content: { 'text/plain': { schema: z.string() } } });

const TUS_HEADERS =
  'tus 1.0 (creation, termination, expiration): Tus-Resumable 1.0.0 on every call but OPTIONS; Upload-Length and Upload-Metadata (`filename`) on create, Upload-Offset on PATCH.';
const TUS_REFUSALS = {
  410: tusText('The upload expired (a day after it started).'),
  412: tusText('Tus-Resumable is missing or not 1.0.0.'),
};
const CAPABILITIES = z.null().describe('tus capabilities: Tus-Version, Tus-Extension, Tus-Max-Size.');

export async function registerTusRoutes(
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
}
