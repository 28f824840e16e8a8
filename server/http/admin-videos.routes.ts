// The console's videos over HTTP (issue 17; contract/admin-videos.ts): GET/POST /api/admin/videos.php
// (the list; bulk status, private, public, delete) and GET/POST /api/admin/video.php (one video with
// the pickers' choices; edit, poster, status, delete). Guests 401 and members 403 before any input
// check (staff-scope.ts); the Origin check of POSTs is the accounts hook's.
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_VIDEO_PATH,
  ADMIN_VIDEOS_PATH,
  adminBulkResultSchema,
  adminVideoDetailSchema,
  adminVideoForm,
  adminVideoListSchema,
  adminVideoQuery,
  adminVideoResultSchema,
  adminVideosBulkForm,
  adminVideosQuery,
} from '../../contract/admin-videos.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import type { VideosAdminService } from '../modules/console/videos-admin.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

const roleErrors = {
  401: errorBodySchema.describe('`login_required`: a guest.'),
  403: errorBodySchema.describe('`forbidden`: not a moderator (or `bad_origin` on a write).'),
};

export async function registerAdminVideosRoutes(app: FastifyInstance, videos: VideosAdminService) {
  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);

    api.get(
      ADMIN_VIDEOS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['console'],
          summary:
            'Every video (not deleted), newest first, 50 a page: search, status, visibility, uploader.',
          description: 'Moderators and administrators. Never cached.',
          querystring: adminVideosQuery,
          response: {
            200: adminVideoListSchema,
            ...errors(400, 401, 403),
            ...roleErrors,
            400: errorBodySchema.describe('`invalid` with codes [{field: q|status|private|user_id|page}].'),
          },
        },
      },
      async (request) => videos.list(request.user, request.query),
    );

    api.post(
      ADMIN_VIDEOS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['console'],
          summary: 'One act (status, private, public, delete) on up to 100 videos; an answer per video.',
          description:
            'Form-encoded (video_ids=1,2,3: a repeated name counts once) or JSON (a list). Each video is its own transaction: an unknown or refused one is reported in its result and leaves the others done.',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: adminVideosBulkForm,
          response: {
            200: adminBulkResultSchema,
            ...writeErrors(400, 401),
            ...roleErrors,
            400: errorBodySchema.describe(
              'Field errors: act (required, invalid), video_ids (required, invalid, too_many), status (required, invalid).',
            ),
          },
        },
      },
      async (request) => videos.bulk(request.user, request.body),
    );

    api.get(
      ADMIN_VIDEO_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['console'],
          summary:
            'One video with every editable field, its stills, and the categories, models and channels to pick from.',
          description: 'Moderators and administrators. Never cached.',
          querystring: adminVideoQuery,
          response: {
            200: adminVideoDetailSchema,
            ...errors(400, 401, 403, 404),
            ...roleErrors,
            400: errorBodySchema.describe('`invalid` with codes [{field: video_id}].'),
            404: errorBodySchema.describe('`video_not_found`.'),
          },
        },
      },
      async (request) => videos.get(request.user, request.query.video_id),
    );

    api.post(
      ADMIN_VIDEO_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['console'],
          summary: 'Edit a video, choose its poster, set its status (1, 4, 5) or delete it with its files.',
          description:
            'Form-encoded or JSON; at most 64 KB. The site shows the change at once (its caches are purged).',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: adminVideoForm,
          response: {
            200: adminVideoResultSchema,
            ...writeErrors(400, 401, 404, 409),
            ...roleErrors,
            400: errorBodySchema.describe(
              'Field errors `{error, code: invalid, codes:[{field, code}]}`: required, invalid, title_length, max_length, categories_count, models_count, tags_count, invalid_tag, unknown_category, unknown_model, unknown_channel.',
            ),
            404: errorBodySchema.describe('`video_not_found`, or `still_not_found` (act=poster).'),
            409: errorBodySchema.describe(
              '`no_renditions`, `video_processing`, `dmca_takedown` (status 1 refused), `still_unreadable`.',
            ),
          },
        },
      },
      async (request) => videos.act(request.user, request.body),
    );
  });
}
