// Appeals (issue 31; contract/appeals.ts). The uploader: GET /api/appeals.php?video_id=N (what they may
// appeal on one of their videos, and their appeals with the answers) and POST /api/appeals.php
// (video_id, message). Members only: a guest is 401 `login_required`, another member's video 403
// before anything is looked at. The staff: GET/POST /api/admin/appeals.php inside the staff scope
// (guests 401, members 403 before any input check). Nothing here is cached (no-store).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  APPEALS_ADMIN_PATH,
  APPEALS_PAGE_SIZE,
  APPEALS_PATH,
  adminAppealListSchema,
  appealAnsweredSchema,
  appealAnswerInputSchema,
  appealInputSchema,
  appealListQuerySchema,
  appealQuerySchema,
  appealSentSchema,
  MY_APPEALS_MAX,
  MY_APPEALS_PATH,
  myAppealsSchema,
  videoAppealsSchema,
} from '../../contract/appeals.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import { loginRequired } from '../modules/acts/act-errors.ts';
import type { AppealsService } from '../modules/appeals/appeals.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { assertPlainText } from './input.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};
const membersOnly = async (request: FastifyRequest) => {
  if (!request.user) throw loginRequired();
  const body = request.body;
  if (body && typeof body === 'object') assertPlainText(Object.entries(body));
};

export async function registerAppealsRoutes(app: FastifyInstance, appeals: AppealsService): Promise<void> {
  const api = contractRoutes(app);
  api.get(
    APPEALS_PATH,
    {
      onRequest: noStore,
      preValidation: membersOnly,
      schemaErrorFormatter: staffInputErrors,
      schema: {
        tags: ['appeals'],
        summary: "One of the asker's videos: the decision open to an appeal, and their appeals with answers.",
        description:
          '`appealable` is the decision holding the video (a rejection, a DMCA takedown or a removal) with `open: false` once it was appealed. 401 `login_required`; 403 `forbidden` (not the uploader); 404 `video_not_found`.',
        querystring: appealQuerySchema,
        response: { 200: videoAppealsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => appeals.ofVideo(request.user, request.query.video_id),
  );

  api.get(
    MY_APPEALS_PATH,
    {
      onRequest: noStore,
      preValidation: membersOnly,
      schema: {
        tags: ['appeals'],
        summary: `The asker's own appeals with their answers, newest first (at most ${MY_APPEALS_MAX}).`,
        description: '401 `login_required` for a guest.',
        response: { 200: myAppealsSchema, ...errors(401) },
      },
    },
    async (request) => ({ appeals: await appeals.mine(request.user) }),
  );

  api.post(
    APPEALS_PATH,
    {
      onRequest: noStore,
      preValidation: membersOnly,
      schemaErrorFormatter: staffInputErrors,
      schema: {
        tags: ['appeals'],
        summary: 'Appeal the decision that holds one of your videos (once per decision).',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: appealInputSchema,
        response: {
          200: appealSentSchema,
          ...writeErrors(400, 401, 403, 404, 409),
          400: errorBodySchema.describe(
            '`invalid` with codes [{field: video_id | message, code: required | invalid | max_length}].',
          ),
          409: errorBodySchema.describe(
            '`not_appealable` (nothing holds the video), `already_appealed` (this decision was appealed), on the field `notify`.',
          ),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      appeal: await appeals.submit(request.user, {
        videoId: request.body.video_id,
        message: request.body.message,
      }),
    }),
  );

  await registerStaffScope(app, (scope) => {
    const staff = contractRoutes(scope);
    staff.get(
      APPEALS_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: `Uploaders' appeals, ${APPEALS_PAGE_SIZE} a page: open ones oldest first with their complaint clock, or answered ones; moderators and administrators.`,
          querystring: appealListQuerySchema,
          response: { 200: adminAppealListSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => appeals.list(request.user, request.query),
    );
    staff.post(
      APPEALS_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary:
            'Answer an appeal: uphold (the decision stands) or overturn (the video gets its earlier status back).',
          description:
            '400 `invalid` with codes [{field: appeal_id | act | answer, code}]; 404 `appeal_not_found`; 409 `appeal_answered`, or a DMCA case that can no longer be restored (`invalid_state`).',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: appealAnswerInputSchema,
          response: { 200: appealAnsweredSchema, ...writeErrors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        status: 'success' as const,
        appeal: await appeals.answer(request.user, {
          appealId: request.body.appeal_id,
          act: request.body.act,
          answer: request.body.answer,
        }),
      }),
    );
  });
}
