// Thumbnail trials over HTTP (issue 32 part 1; contract/thumbs.ts). POST /api/thumbs.php: the listings'
// batches of card impressions and clicks per still, public, no login, JSON as `application/json` or as
// navigator.sendBeacon's string (`text/plain`, no preflight); the Origin check of POSTs is the accounts
// hook's, the per-address budget the service's (out of the site's general write budget, as the
// analytics beacon). GET/POST /api/admin/thumbs.php: the console's view of one video's trial, and pin,
// unpin, restart; moderators and administrators (staff-scope.ts: 401/403 before any input check).
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../../contract/errors.ts';
import {
  ADMIN_THUMBS_PATH,
  adminThumbsForm,
  adminThumbsQuery,
  adminThumbsSchema,
  THUMBS_BODY_LIMIT,
  THUMBS_DESCRIPTION,
  THUMBS_PATH,
  thumbBatchResponseSchema,
  thumbBatchSchema,
} from '../../contract/thumbs.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import type { ThumbsService } from '../modules/thumbs/thumbs.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

const roleErrors = {
  401: errorBodySchema.describe('`login_required`: a guest.'),
  403: errorBodySchema.describe('`forbidden`: not a moderator (or `bad_origin` on a write).'),
};

export async function registerThumbsRoutes(app: FastifyInstance, thumbs: ThumbsService): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: THUMBS_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(
            new DomainError('invalid_json', {
              status: 400,
              message: english('api.invalid_json'),
              codes: [{ field: 'general', code: 'invalid_json' }],
            }),
            undefined,
          );
        }
      },
    );
    contractRoutes(scope).post(
      THUMBS_PATH,
      {
        bodyLimit: THUMBS_BODY_LIMIT,
        config: { rateLimit: false },
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        },
        schema: {
          tags: ['analytics'],
          summary: 'Thumbnail trials: card impressions and clicks per still, in batches.',
          description: THUMBS_DESCRIPTION,
          consumes: ['application/json', 'text/plain'],
          body: thumbBatchSchema,
          response: {
            200: thumbBatchResponseSchema,
            ...writeErrors(400, 404),
            400: errorBodySchema.describe(
              'Bad input: `invalid_json`, `required`, `too_many_events`, `invalid_video`, `invalid_still`, `invalid_type`.',
            ),
            404: errorBodySchema.describe(
              '`unknown_video` / `unknown_still`: no event of the batch belongs to a running trial.',
            ),
            413: errorBodySchema.describe(`A body over ${THUMBS_BODY_LIMIT} bytes.`),
            429: errorBodySchema.describe(
              '`too_many_requests`: more calls from this address in a minute than the budget allows.',
            ),
          },
        },
      },
      async (request) => {
        const { accepted, ignored } = await thumbs.record(request.body.events, { ip: request.ip });
        return { ok: true as const, accepted, ignored };
      },
    );
  });

  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);
    api.get(
      ADMIN_THUMBS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['console'],
          summary:
            "One video's thumbnail trial: each still's impressions, clicks, rate and chance of being best.",
          description: 'Moderators and administrators. Never cached.',
          querystring: adminThumbsQuery,
          response: {
            200: adminThumbsSchema,
            ...errors(400, 401, 403, 404),
            ...roleErrors,
            400: errorBodySchema.describe('`invalid` with codes [{field: video_id}].'),
            404: errorBodySchema.describe('`not_found`: no such video.'),
          },
        },
      },
      async (request) => thumbs.view(request.user, request.query.video_id),
    );
    api.post(
      ADMIN_THUMBS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['console'],
          summary: 'Pin a still (the trial ends), unpin (the trial goes on), or restart the trial afresh.',
          description:
            'Form-encoded or JSON. The cards change at once (their version rises, the caches are purged).',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: adminThumbsForm,
          response: {
            200: adminThumbsSchema,
            ...writeErrors(400, 401, 404, 409),
            ...roleErrors,
            400: errorBodySchema.describe('`invalid` with codes [{field: video_id|act|still}].'),
            404: errorBodySchema.describe('`not_found` (no such video) or `still_not_found`.'),
            409: errorBodySchema.describe('`not_pinned` (unpin), `no_stills` (restart without two stills).'),
          },
        },
      },
      async (request) => thumbs.act(request.user, request.body),
    );
  });
}
