// The console's dashboard and job queue over HTTP (issue 17): GET /api/admin/dashboard.php?days=N and
// POST /api/admin/jobs.php (act=retry with job_id, act=reprocess with video_id). Staff only: guests
// 401 and members 403 before any input check (staff-scope.ts); never cached.
import type { FastifyInstance } from 'fastify';
import {
  DASHBOARD_PATH,
  dashboardQuery,
  dashboardSchema,
  JOBS_PATH,
  jobActResultSchema,
  jobsForm,
} from '../../contract/admin-dashboard.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import type { DashboardService } from '../modules/console/dashboard.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

const roleErrors = {
  401: errorBodySchema.describe('`login_required`: a guest.'),
  403: errorBodySchema.describe('`forbidden`: not a moderator (or `bad_origin` on a write).'),
};

export async function registerDashboardRoutes(app: FastifyInstance, dashboard: DashboardService) {
  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);

    api.get(
      DASHBOARD_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['console'],
          summary: 'The console dashboard: work waiting, jobs by queue and state, storage, time series.',
          description:
            'Counts of videos waiting for moderation and processing, open reports, pending age verifications; ' +
            'pg-boss jobs per queue and state with each failed job’s error; videos stuck at processing; ' +
            'bytes stored; one point per UTC day of page views, video views, sign-ups, uploads and goals. ' +
            'Moderators and administrators; never cached.',
          querystring: dashboardQuery,
          response: {
            200: dashboardSchema,
            ...errors(400, 401, 403),
            ...roleErrors,
            400: errorBodySchema.describe('`invalid` with codes [{field: days}].'),
          },
        },
      },
      async (request) => dashboard.overview(request.user, request.query.days),
    );

    api.post(
      JOBS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['console'],
          summary:
            'Retry a failed job (act=retry, job_id) or reprocess a stuck video (act=reprocess, video_id).',
          description:
            'Retry puts the failed job back in its queue with one more attempt; reprocess enqueues video.process ' +
            'for a video at status 2 with no job waiting or running. Form-encoded (or JSON); audited.',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: jobsForm,
          response: {
            200: jobActResultSchema,
            ...writeErrors(400, 401, 404, 409),
            ...roleErrors,
            400: errorBodySchema.describe(
              'Field errors `{error, code: invalid, codes:[{field, code}]}` on act, job_id or video_id: required, invalid.',
            ),
            404: errorBodySchema.describe('`job_not_found` or `video_not_found`.'),
            409: errorBodySchema.describe(
              '`invalid_state`: the job is not failed (`info.state`), or the video is not stuck at processing; ' +
                '`already_queued`: another job for the same object is waiting or running.',
            ),
          },
        },
      },
      async (request) => dashboard.act(request.user, request.body),
    );
  });
}
