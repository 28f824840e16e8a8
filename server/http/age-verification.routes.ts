// UK age verification (issue 15; shell.md §7): POST /api/age_verification.php, multipart with one
// photo (`file`), members only. For the staff: GET /api/admin/age_verification.php?page=N (the waiting
// requests), GET /api/admin/age_verification_photo.php?verification_id=N (a waiting photo, decrypted,
// never cached), POST /api/admin/age_verification.php (act=approve|reject, verification_id, reason).
// Guests 401, members 403 on the staff calls, before any input check (staff-scope.ts); the Origin
// check of POSTs is the accounts hook's.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AGE_PHOTO_MAX_BYTES,
  AGE_QUEUE_PAGE_SIZE,
  AGE_VERIFICATION_ADMIN_PATH,
  AGE_VERIFICATION_PATH,
  AGE_VERIFICATION_PHOTO_PATH,
  ageDecisionInputSchema,
  ageDecisionResultSchema,
  agePhotoQuerySchema,
  ageQueueQuerySchema,
  ageQueueSchema,
  ageVerificationFormSchema,
  ageVerificationSentSchema,
} from '../../contract/age-verification.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import { requireMember } from '../modules/access.ts';
import type { AgeVerificationService } from '../modules/age-verification/age-verification.service.ts';
import { photoTooLarge } from '../modules/age-verification/photo.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

/** The photo and the multipart framing around it. */
const BODY_MAX_BYTES = AGE_PHOTO_MAX_BYTES + 64 * 1024;
const FORM_LIMITS = { fileSize: AGE_PHOTO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 };

export async function registerAgeVerificationRoutes(
  app: FastifyInstance,
  ageVerification: AgeVerificationService,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.addHook('onRequest', async (request) => {
      // Members only, before the body is read: a guest's upload is not taken in.
      requireMember(request.user);
      if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
        throw new DomainError('invalid_request', {
          status: 415,
          message: english('api.unsupported_content_type'),
        });
      }
      if (Number(request.headers['content-length'] ?? 0) > BODY_MAX_BYTES) throw photoTooLarge();
    });
    scope.addHook('preValidation', async (request) => {
      request.body = await readPhoto(request);
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    contractRoutes(scope).post(
      AGE_VERIFICATION_PATH,
      {
        bodyLimit: BODY_MAX_BYTES,
        config: { multipartOptions: { limits: FORM_LIMITS } },
        schema: {
          tags: ['age-verification'],
          summary:
            'Send a photo for age verification (the UK gate, shell.md §4); members only, one request waiting at a time.',
          description:
            'Errors on the field `file`: 400 `required` (no photo), `file_type` (not a JPEG, PNG or WebP image), `image_too_small`; 413 `file_too_large` (over 10 MB). 409 `verification_pending` (a photo already waits for review), 409 `already_verified`. 415 for a body that is not multipart. The answer is `pending` with the built-in manual review.',
          consumes: ['multipart/form-data'],
          body: ageVerificationFormSchema,
          response: { 200: ageVerificationSentSchema, ...writeErrors(400, 401, 409, 413) },
        },
      },
      async (request) => {
        const file = request.body.file;
        return ageVerification.submit(
          request.user,
          file ? Buffer.from(file.buffer, file.byteOffset, file.byteLength) : null,
        );
      },
    );
  });

  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);
    api.get(
      AGE_VERIFICATION_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: `Age-verification requests waiting for a decision, oldest first, ${AGE_QUEUE_PAGE_SIZE} a page; moderators and administrators.`,
          description: '400 `invalid` with codes [{field: page, code: invalid}].',
          querystring: ageQueueQuerySchema,
          response: { 200: ageQueueSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => ageVerification.queue(request.user, request.query),
    );

    api.get(
      AGE_VERIFICATION_PHOTO_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: 'The photo of a waiting request, decrypted (JPEG); moderators and administrators.',
          description:
            '404 `verification_not_found` once decided (the photo is deleted with the decision). 400 `invalid` with codes [{field: verification_id, code: required | invalid}].',
          querystring: agePhotoQuerySchema,
          response: {
            200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }).describe('image/jpeg'),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const photo = await ageVerification.photo(request.user, request.query.verification_id);
        return reply
          .type('image/jpeg')
          .header('content-disposition', 'inline')
          .header('x-robots-tag', 'noindex')
          .send(photo);
      },
    );

    api.post(
      AGE_VERIFICATION_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary:
            'Approve or reject a waiting request: approval sets the member’s age_verified; a rejection’s reason is shown to the member. The photo is deleted either way.',
          description:
            '400 `invalid` with codes [{field: act | verification_id | reason, code: required | invalid | max_length}]; 400 `required` on `reason` to reject without one; 403 `forbidden` for one’s own request; 404 `verification_not_found` (unknown, or decided already).',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: ageDecisionInputSchema,
          response: { 200: ageDecisionResultSchema, ...writeErrors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        ageVerification.decide(request.user, {
          act: request.body.act,
          verificationId: request.body.verification_id,
          reason: request.body.reason ?? '',
        }),
    );
  });
}

/** The multipart body: the photo as `file` (the first file part of that name); other parts are ignored. */
async function readPhoto(request: FastifyRequest): Promise<Record<string, unknown>> {
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
      if (part.type === 'field') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'file' && data.length > 0 && !file) file = data;
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 413) throw photoTooLarge();
    throw new DomainError('invalid_request', { message: english('api.unreadable_form') });
  }
  return file ? { file } : {};
}
