// The moderation queue over HTTP (issue 4): GET /api/admin/moderation.php?page=N lists the videos
// waiting for a decision; POST /api/admin/moderation.php (act=approve|reject, video_id, reason,
// reason_text) decides. Guests 401 and members 403 before any input check (staff-scope.ts); the
// Origin check of POSTs is the accounts hook's.
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../../contract/errors.ts';
import {
  KNOWN_DUPLICATE_ADMIN_PATH,
  knownDuplicateForm,
  knownDuplicateResultSchema,
  MODERATION_ADMIN_PATH,
  moderationForm,
  moderationQuery,
  moderationQueueSchema,
  moderationResultSchema,
} from '../../contract/moderation.ts';
import type { ModerationService } from '../modules/moderation/moderation.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

const roleErrors = {
  401: errorBodySchema.describe('`login_required`: a guest.'),
  403: errorBodySchema.describe('`forbidden`: not a moderator (or `bad_origin` on a write).'),
};

export async function registerModerationRoutes(app: FastifyInstance, moderation: ModerationService) {
  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);

    api.get(
      MODERATION_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['moderation'],
          summary:
            'Videos waiting for moderation (status 3), oldest first, 20 a page; moderators and administrators.',
          description:
            'Each video has its uploader, probe facts, poster, thumbnails and MP4 sources. Never cached.',
          querystring: moderationQuery,
          response: {
            200: moderationQueueSchema,
            ...errors(400, 401, 403),
            ...roleErrors,
            400: errorBodySchema.describe('`invalid` with codes [{field: page}].'),
          },
        },
      },
      async (request) => moderation.queue(request.user, request.query.page ?? 1),
    );

    api.post(
      MODERATION_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['moderation'],
          summary: 'Approve (listed, status 1) or reject (status 4 with the reason) a waiting video.',
          description: 'Form-encoded (or JSON); at most 64 KB.',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: moderationForm,
          response: {
            200: moderationResultSchema,
            ...writeErrors(400, 401, 404, 409),
            ...roleErrors,
            400: errorBodySchema.describe(
              'Field errors `{error, code: invalid, codes:[{field, code}]}`: required, invalid, max_length (`invalid_characters` for control characters).',
            ),
            404: errorBodySchema.describe('`video_not_found`.'),
            409: errorBodySchema.describe(
              '`invalid_state`: the video is not waiting for moderation (`info.status_id`).',
            ),
          },
        },
      },
      async (request) => moderation.decide(request.user, request.body),
    );

    api.post(
      KNOWN_DUPLICATE_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['moderation'],
          summary:
            '“Not a problem” on a possible duplicate (issue 31): the pair becomes a known duplicate and no longer shows in the queue; audited as video.not_duplicate.',
          description: 'Form-encoded (or JSON).',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: knownDuplicateForm,
          response: {
            200: knownDuplicateResultSchema,
            ...writeErrors(400, 401, 404),
            ...roleErrors,
            400: errorBodySchema.describe(
              '`invalid` with codes [{field: video_id | other_id, code: required | invalid}].',
            ),
            404: errorBodySchema.describe('`match_not_found`: processing never found these two alike.'),
          },
        },
      },
      async (request) => moderation.notDuplicate(request.user, request.body),
    );
  });
}
