// The moderation queue over HTTP (issue 4): GET /api/admin/moderation.php?page=N lists the videos
// waiting for a decision; POST /api/admin/moderation.php (act=approve|reject, video_id, reason,
// reason_text) decides. Guests 401, members 403; the Origin check of POSTs is the accounts hook's.
import type { FastifyInstance } from 'fastify';
import { parseModerationInput, REASON_TEXT_MAX, REJECT_REASONS } from '../../contract/moderation.ts';
import { DomainError } from '../errors.ts';
import { assertModerator, type ModerationService } from '../modules/moderation/moderation.service.ts';
import type { ApiOperation } from './openapi.ts';
import { registerStaffScope } from './staff-scope.ts';

const MAX_QUEUE_PAGE = 1000;

export async function registerModerationRoutes(app: FastifyInstance, moderation: ModerationService) {
  await registerStaffScope(app, (scope) => {
    scope.get('/api/admin/moderation.php', async (request) => {
      const raw = (request.query as { page?: unknown }).page;
      let page = 1;
      if (raw !== undefined) {
        if (typeof raw !== 'string' || !/^[1-9]\d{0,3}$/.test(raw) || Number(raw) > MAX_QUEUE_PAGE) {
          // Permissions first: a guest learns nothing about the parameters.
          assertModerator(request.user);
          throw new DomainError('invalid', {
            status: 400,
            message: 'Invalid input',
            codes: [{ field: 'page', code: 'invalid' }],
          });
        }
        page = Number(raw);
      }
      return moderation.queue(request.user, page);
    });

    scope.post('/api/admin/moderation.php', async (request) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const parsed = parseModerationInput(body);
      if (!parsed.ok) {
        // Permissions come before input checks: a member gets 403 whatever they send.
        assertModerator(request.user);
        throw new DomainError('invalid', { status: 400, message: 'Invalid input', codes: parsed.codes });
      }
      return moderation.decide(request.user, parsed.command);
    });
  });
}

/** The OpenAPI entries of these calls, for API_OPERATIONS in openapi.ts (`...MODERATION_OPERATIONS`). */
export const MODERATION_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/admin/moderation.php',
    tag: 'moderation',
    summary:
      'Videos waiting for moderation (status 3), oldest first, 20 a page; moderators and administrators.',
    description:
      'Answers `{videos, total_count, page, per_page}`; each video has its uploader, probe facts, poster, thumbnails and MP4 sources.',
    query: { page: 'Page number, 1 by default' },
    errors: {
      400: '`invalid` with codes [{field: page}]',
      401: '`login_required`: a guest',
      403: '`forbidden`: not a moderator',
    },
  },
  {
    method: 'post',
    path: '/api/admin/moderation.php',
    tag: 'moderation',
    summary: 'Approve (listed, status 1) or reject (status 4 with the reason) a waiting video.',
    form: {
      act: 'approve or reject',
      video_id: 'The video',
      reason: `For reject: ${REJECT_REASONS.join(', ')}`,
      reason_text: `With reason other: the reason in words, at most ${REASON_TEXT_MAX} characters`,
    },
    errors: {
      400: 'Field errors `{error, code: invalid, codes:[{field, code}]}`',
      401: '`login_required`',
      403: '`forbidden`, or `bad_origin`',
      404: '`video_not_found`',
      409: '`invalid_state`: the video is not waiting for moderation',
    },
  },
];
