// The staff's DMCA workflow over HTTP (issue 15): GET /api/admin/dmca.php?page=N (or ?case_id=N) lists
// the cases with their video, uploader and repeat-infringer count; POST /api/admin/dmca.php
// (act=open|take_down|counter_notice|restore|close) works one. Guests 401, members 403 before any input
// check (staff-scope.ts); the Origin check of POSTs is the accounts hook's. A takedown or restore
// drops the cached lists, pages and sitemaps (the service's onVideoChange, app.ts) at once.
import type { FastifyInstance } from 'fastify';
import {
  COUNTER_NOTICE_MAX,
  DMCA_ADMIN_PATH,
  DMCA_PAGE_SIZE,
  dmcaCaseListSchema,
  dmcaInputSchema,
  dmcaQuerySchema,
  dmcaResultSchema,
} from '../../contract/dmca.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import type { DmcaService } from '../modules/reports/dmca.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

export async function registerDmcaRoutes(app: FastifyInstance, dmca: DmcaService): Promise<void> {
  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);
    api.get(
      DMCA_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: `DMCA cases, newest first, ${DMCA_PAGE_SIZE} a page (or one with case_id); moderators and administrators.`,
          description:
            'Each case has its report, video (with its status), uploader with `takedowns` (the repeat-infringer count: their cases whose video is down), the takedown, counter-notice, restore and close dates. 400 `invalid` with codes [{field: page | case_id}]; 404 `case_not_found`.',
          querystring: dmcaQuerySchema,
          response: { 200: dmcaCaseListSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => dmca.list(request.user, request.query),
    );

    api.post(
      DMCA_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary:
            'open (report_id: a DMCA report naming a video becomes a case; opening twice finds the same case), take_down (the video to status 5), counter_notice (message, received), restore (the video back to its earlier status), close.',
          description: `400 \`invalid\` with codes [{field: act | report_id | case_id | message | received, code: required | invalid | max_length}] (message at most ${COUNTER_NOTICE_MAX}); 404 \`report_not_found\`, \`case_not_found\`, \`video_not_found\`; 409 \`not_dmca\` (the report's subject is not DMCA), \`no_video\` (it names no video of this site), \`invalid_state\` (take_down of a case not open or restored, or of a video already unavailable; restore of a case not taken down; a counter-notice on a closed case).`,
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: dmcaInputSchema,
          response: {
            200: dmcaResultSchema,
            ...writeErrors(400, 401, 403, 404, 409),
            409: errorBodySchema.describe('`not_dmca`, `no_video` or `invalid_state`.'),
          },
        },
      },
      async (request) => dmca.act(request.user, request.body),
    );
  });
}
