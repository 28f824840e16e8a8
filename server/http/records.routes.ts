// Performer records over HTTP (issue 31). The uploader: POST /api/video_records.php (multipart: video_id,
// recorded_on, performers[i][…] with each performer's ID image) and GET ?video_id= (where the records
// stand). Staff (staff-scope.ts: guests 401, members 403 before any input check): GET/POST
// /api/admin/video_records.php (the records; act=check|reject), the decrypted ID image and the
// inspection export (administrators and custodians), the custodians (administrators).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors.ts';
import {
  custodianInput,
  custodianListSchema,
  ID_IMAGE_MAX_BYTES,
  PERFORMERS_MAX,
  type PerformerFields,
  RECORDS_ADMIN_PATH,
  RECORDS_CUSTODIAN_PATH,
  RECORDS_EXPORT_PATH,
  RECORDS_IMAGE_PATH,
  RECORDS_MODELS_PATH,
  RECORDS_PATH,
  recordsDecisionInput,
  recordsDecisionResult,
  recordsFormSchema,
  recordsImageQuery,
  recordsModelsQuery,
  recordsModelsSchema,
  recordsOwnSchema,
  recordsSentSchema,
  recordsVideoQuery,
  recordsViewSchema,
} from '../../contract/records.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import { requireMember } from '../modules/access.ts';
import type { RecordsService, RecordsSubmission } from '../modules/records/records.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

/** Every performer's image and the multipart framing around them. */
const BODY_MAX_BYTES = PERFORMERS_MAX * ID_IMAGE_MAX_BYTES + 256 * 1024;
const FORM_LIMITS = { fileSize: ID_IMAGE_MAX_BYTES, files: PERFORMERS_MAX, fields: 80, fieldSize: 4096 };
const PERFORMER_PART =
  /^performers\[(\d{1,2})\]\[(model_id|stage_name|legal_name|birth_date|consent|signature|id_image)\]$/;
const LANGUAGE = /^[a-z]{2}$/;
const submissions = new WeakMap<FastifyRequest, RecordsSubmission>();

const unreadable = () => new DomainError('invalid_request', { message: english('api.unreadable_form') });
const tooLarge = () =>
  new DomainError('file_too_large', { status: 413, message: english('api.file_too_large') });

export async function registerRecordsRoutes(app: FastifyInstance, records: RecordsService): Promise<void> {
  // The uploader's call: multipart, members only, before the body is read.
  await app.register(async (scope) => {
    // An image over the limit is marked truncated (its performer's file_too_large), not thrown.
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    scope.addHook('onRequest', async (request) => {
      requireMember(request.user);
      if (request.method !== 'POST') return;
      if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
        throw new DomainError('invalid_request', {
          status: 415,
          message: english('api.unsupported_content_type'),
        });
      }
      if (Number(request.headers['content-length'] ?? 0) > BODY_MAX_BYTES) throw tooLarge();
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const api = contractRoutes(scope);

    api.post(
      RECORDS_PATH,
      {
        bodyLimit: BODY_MAX_BYTES,
        preValidation: async (request) => {
          // The parts are read here (every performer's problem answered at once by the service);
          // the documented body schema then sees no fields.
          submissions.set(request, await readRecordsForm(request));
          request.body = {};
        },
        schema: {
          tags: ['upload'],
          summary:
            'Send the performer records of one of your uploads (issue 31): per performer the signed consent and an ID image. The video waits in moderation until staff check them.',
          description: `Multipart. Field errors, every one at once: \`recorded_on\` required | invalid; \`performers\` required | max_count (at most ${PERFORMERS_MAX}); \`performers[i][stage_name]\` required (without model_id) | max_length; \`performers[i][model_id]\` invalid; \`performers[i][legal_name]\` required | max_length; \`performers[i][birth_date]\` required | invalid | under_18 (on the recording date); \`performers[i][consent]\` not_signed; \`performers[i][signature]\` not_signed | signature_mismatch (the legal name typed again); \`performers[i][id_image]\` required | file_type | image_too_small | file_too_large (413 when that is the only problem). 404 video_not_found, 403 forbidden (not your video), 409 records_not_required | records_already_checked.`,
          consumes: ['multipart/form-data'],
          body: recordsFormSchema,
          response: {
            200: recordsSentSchema,
            ...writeErrors(400, 401, 403, 404, 409, 413),
          },
        },
      },
      async (request) => {
        const submission = submissions.get(request);
        if (!submission) throw unreadable();
        return records.submit(request.user, submission);
      },
    );

    api.get(
      RECORDS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['upload'],
          summary:
            'Where the records of your upload stand: required or not, their status, a rejection’s reason.',
          querystring: recordsVideoQuery,
          response: { 200: recordsOwnSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => records.own(request.user, request.query.video_id),
    );

    api.get(
      RECORDS_MODELS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['upload'],
          summary:
            'The records form’s performer picker: the catalogue’s models whose name matches `q` (every orientation), best first.',
          description:
            '400 `invalid` with codes [{field: q, code: required | min_length | max_length}]. A performer picked here is sent as `performers[i][model_id]`.',
          querystring: recordsModelsQuery,
          response: { 200: recordsModelsSchema, ...errors(400, 401) },
        },
      },
      async (request) => records.models(request.user, request.query.q),
    );
  });

  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);

    api.get(
      RECORDS_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary:
            'A video’s performer records: status and stage names for moderators; consents and ID image links for administrators and custodians (audited).',
          querystring: recordsVideoQuery,
          response: { 200: recordsViewSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => records.view(request.user, request.query.video_id),
    );

    api.post(
      RECORDS_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary:
            'Records checked (the video may then be approved) or rejected (the uploader sees the reason and may send them again); administrators and custodians.',
          description:
            '400 `invalid` with codes [{field: act | video_id | reason}]; 400 `required` on reason to reject without one; 403 for moderators who are not custodians; 404 video_not_found; 409 records_not_required | records_not_waiting (not sent yet, or decided).',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: recordsDecisionInput,
          response: {
            200: recordsDecisionResult,
            ...writeErrors(400, 401, 403, 404, 409),
            409: errorBodySchema.describe('`records_not_required` or `records_not_waiting`.'),
          },
        },
      },
      async (request) =>
        records.decide(request.user, {
          act: request.body.act,
          videoId: request.body.video_id,
          reason: request.body.reason ?? '',
        }),
    );

    api.get(
      RECORDS_IMAGE_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: 'One performer’s ID image, decrypted (JPEG); administrators and custodians; audited.',
          querystring: recordsImageQuery,
          response: {
            200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }).describe('image/jpeg'),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const image = await records.image(request.user, request.query.performer_id);
        return reply
          .type('image/jpeg')
          .header('content-disposition', 'inline')
          .header('x-robots-tag', 'noindex')
          .send(image);
      },
    );

    api.get(
      RECORDS_EXPORT_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary:
            'A video’s records for an inspection: one self-contained HTML file (consents, decrypted ID images inline, the data as JSON); administrators and custodians; audited.',
          querystring: recordsVideoQuery,
          response: {
            200: z.string().describe('text/html, as an attachment'),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const { fileName, html } = await records.exportHtml(request.user, request.query.video_id);
        return reply
          .type('text/html; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('x-robots-tag', 'noindex')
          .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'")
          .send(html);
      },
    );

    api.get(
      RECORDS_CUSTODIAN_PATH,
      {
        schema: {
          tags: ['admin'],
          summary:
            'The custodians of records (staff who may read them as administrators do); administrators.',
          response: { 200: custodianListSchema, ...errors(401, 403) },
        },
      },
      async (request) => records.custodians(request.user),
    );

    api.post(
      RECORDS_CUSTODIAN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary:
            'Name (custodian=1) or remove (0) a moderator or administrator as a custodian of records; administrators.',
          description: '400 `invalid` on user_id when it is not a staff account.',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: custodianInput,
          response: { 200: custodianListSchema, ...writeErrors(400, 401, 403) },
        },
      },
      async (request) =>
        records.setCustodian(request.user, request.body.user_id, request.body.custodian === '1'),
    );
  });
}

/** The multipart body: fields and one image per performer, gathered by index. */
async function readRecordsForm(request: FastifyRequest): Promise<RecordsSubmission> {
  const fields: Record<string, string> = {};
  const performers = new Map<number, PerformerFields & { idImage: Buffer | 'too_large' | null }>();
  const performer = (index: number) => {
    let p = performers.get(index);
    if (!p) {
      p = { idImage: null };
      performers.set(index, p);
    }
    return p;
  };
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      const match = PERFORMER_PART.exec(part.fieldname);
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (match?.[2] !== 'id_image' || Number(match[1]) >= PERFORMERS_MAX) continue;
        const p = performer(Number(match[1]));
        if (part.file.truncated) p.idImage = 'too_large';
        else if (data.length > 0 && p.idImage === null) p.idImage = data;
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : '';
      if (match) {
        const index = Number(match[1]);
        const name = match[2] as keyof PerformerFields;
        // More performers than allowed are counted (max_count), not read.
        if (index < PERFORMERS_MAX + 1 && name !== ('id_image' as string)) performer(index)[name] = value;
      } else fields[part.fieldname] = value;
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 413) throw tooLarge();
    throw unreadable();
  }
  const videoId = (fields.video_id ?? '').trim();
  if (!/^[1-9]\d{0,14}$/.test(videoId)) {
    throw new DomainError(videoId ? 'invalid' : 'required', {
      message: english('api.invalid_input'),
      codes: [{ field: 'video_id', code: videoId ? 'invalid' : 'required' }],
    });
  }
  const language = (fields.language ?? '').trim();
  return {
    videoId: Number(videoId),
    recordedOn: fields.recorded_on ?? '',
    // In the order of their indexes, gaps closed.
    performers: [...performers.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p),
    language: LANGUAGE.test(language) ? language : 'en',
  };
}
