// POST /api/report.php (shell.md §7): the contact/report form, multipart or form-encoded. For the
// staff: GET /api/admin/reports.php?status=open|handled&page=N lists what was sent, POST
// /api/admin/reports.php (act=handle|reopen, report_id) marks a report handled or open again. Guests
// 401, members 403, before any input check; the Origin check of POSTs is the accounts hook's.
import type { FastifyInstance } from 'fastify';
import {
  parseReportAdminInput,
  parseReportListQuery,
  REPORT_ADMIN_ACTIONS,
  REPORT_LIST_STATUSES,
  REPORTS_PAGE_SIZE,
} from '../../contract/report-admin.ts';
import { DomainError } from '../errors.ts';
import { assertModerator } from '../modules/moderation/moderation.service.ts';
import { REPORT_FILE_MAX_BYTES, type ReportsService } from '../modules/reports/reports.service.ts';
import { readFormData } from './form-body.ts';
import type { ApiOperation } from './openapi.ts';
import { registerStaffScope } from './staff-scope.ts';

export const REPORT_PATH = '/api/report.php';
export const REPORT_ADMIN_PATH = '/api/admin/reports.php';

export async function registerReportRoutes(
  app: FastifyInstance,
  reports: ReportsService,
  publicUrl: string,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    scope.post(REPORT_PATH, async (request) => {
      const form = await readFormData(request, {
        // The image plus the text fields.
        maxBytes: REPORT_FILE_MAX_BYTES + 64 * 1024,
        tooLarge: () =>
          new DomainError('file_too_large', {
            status: 413,
            message: 'File too large',
            codes: [{ field: 'file', code: 'file_too_large' }],
          }),
      });
      const fields: Record<string, string> = {};
      let file: Buffer | null = null;
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') fields[key] ??= value;
        else if (key === 'file' && value.size > 0) file = Buffer.from(await value.arrayBuffer());
      }
      const { report_id } = await reports.submit({
        fields,
        file,
        ip: request.ip,
        user: request.user,
        publicUrl,
      });
      return { status: 'success', report_id };
    });
  });

  await registerStaffScope(app, (scope) => {
    scope.get(REPORT_ADMIN_PATH, async (request) => {
      const parsed = parseReportListQuery((request.query ?? {}) as Record<string, unknown>);
      if (!parsed.ok) {
        // Permissions first: a guest or member learns nothing about the parameters.
        assertModerator(request.user);
        throw new DomainError('invalid', { status: 400, message: 'Invalid input', codes: parsed.codes });
      }
      return reports.list(request.user, parsed.query);
    });

    scope.post(REPORT_ADMIN_PATH, async (request) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const parsed = parseReportAdminInput(body as Record<string, unknown>);
      if (!parsed.ok) {
        assertModerator(request.user);
        throw new DomainError('invalid', { status: 400, message: 'Invalid input', codes: parsed.codes });
      }
      return reports.setHandled(request.user, parsed.command);
    });
  });
}

/** The OpenAPI entries of the staff calls, for API_OPERATIONS in openapi.ts (`...REPORT_ADMIN_OPERATIONS`). */
export const REPORT_ADMIN_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: REPORT_ADMIN_PATH,
    tag: 'admin',
    summary: `Reports sent with the contact/report form, newest first, ${REPORTS_PAGE_SIZE} a page; moderators and administrators.`,
    description:
      'Answers `{reports, status, total_count, page, per_page}`; each report has its subject, email, message, referrer, video `{video_id, title, dir}`, attachment URL, sender `{user_id, username}` when signed in, created time, and who handled it when.',
    query: {
      status: `${REPORT_LIST_STATUSES.join(' or ')}; open by default`,
      page: 'Page number, 1 by default',
    },
    errors: {
      400: '`invalid` with codes [{field: status | page}]',
      401: '`login_required`: a guest',
      403: '`forbidden`: not a moderator',
    },
  },
  {
    method: 'post',
    path: REPORT_ADMIN_PATH,
    tag: 'admin',
    summary: 'Mark a report handled, or reopen it; doing it twice changes nothing.',
    description: 'Answers `{status: success, report_id, state: open | handled}`.',
    form: { act: REPORT_ADMIN_ACTIONS.join(' or '), report_id: 'The report' },
    errors: {
      400: 'Field errors `{error, code: invalid, codes:[{field, code}]}`',
      401: '`login_required`',
      403: '`forbidden`, or `bad_origin`',
      404: '`report_not_found`',
    },
  },
];
