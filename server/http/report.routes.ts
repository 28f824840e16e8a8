// POST /api/report.php (shell.md §7): the contact/report form, multipart or form-encoded. For the
// staff: GET /api/admin/reports.php?status=open|handled&page=N lists what was sent, POST
// /api/admin/reports.php (act=handle|reopen, report_id) marks a report handled or open again. Guests
// 401, members 403, before any input check (staff-scope.ts); the Origin check of POSTs is the
// accounts hook's.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  REPORT_FILE_MAX_BYTES,
  REPORT_PATH,
  type ReportForm,
  reportFormSchema,
  reportSentSchema,
} from '../../contract/report.ts';
import {
  adminReportListSchema,
  REPORT_ADMIN_PATH,
  REPORTS_PAGE_SIZE,
  reportAdminInputSchema,
  reportAdminResultSchema,
  reportListQuerySchema,
} from '../../contract/report-admin.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import { REPORT_LIMIT, REPORT_WINDOW_MS, type ReportsService } from '../modules/reports/reports.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { assertPlainText } from './input.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

/** Room for the form's text fields (the message is at most 1500 characters). */
const TEXT_FIELD_MAX_BYTES = 64 * 1024;
/** The image plus the text fields: a body declared larger is refused before it is read. */
const REPORT_BODY_MAX_BYTES = REPORT_FILE_MAX_BYTES + TEXT_FIELD_MAX_BYTES;
/** One image, the form's few text fields (subject, email, message, referrer), each bounded. */
const REPORT_FORM_LIMITS = {
  fileSize: REPORT_FILE_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: TEXT_FIELD_MAX_BYTES,
};
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

const fileTooLarge = () =>
  new DomainError('file_too_large', {
    status: 413,
    message: english('api.file_too_large'),
    codes: [{ field: 'file', code: 'file_too_large' }],
  });

export async function registerReportRoutes(
  app: FastifyInstance,
  reports: ReportsService,
  publicUrl: string,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.addHook('onRequest', async (request) => {
      // A form, or nothing: JSON and the rest are refused before their body is read.
      if (!FORM_TYPES.test(request.headers['content-type'] ?? '')) {
        throw new DomainError('invalid_request', {
          status: 415,
          message: english('api.unsupported_content_type'),
        });
      }
      if (Number(request.headers['content-length'] ?? 0) > REPORT_BODY_MAX_BYTES) throw fileTooLarge();
    });
    // Form-encoded bodies are fields already (contract.ts); a multipart one is read here.
    scope.addHook('preValidation', async (request) => {
      if (request.isMultipart()) request.body = await readMultipartForm(request);
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    contractRoutes(scope).post(
      REPORT_PATH,
      {
        bodyLimit: REPORT_BODY_MAX_BYTES,
        config: { multipartOptions: { limits: REPORT_FORM_LIMITS } },
        schema: {
          tags: ['contact'],
          summary: `The contact/report form: stored for the staff (${REPORT_LIMIT} sends per ${REPORT_WINDOW_MS / 60_000} minutes per address).`,
          description:
            "A performer's removal request (subject 'I appear in this video and did not consent', sent from the video's page) needs `name` and takes the video down at once pending the staff's review (`taken_down` in the answer); 3 per address and per member in 24 hours. " +
            'Field errors on their field: `required`, `invalid_email`, `max_length`, `invalid` (subject), `no_video` (subject), `file_type`; `invalid_characters` for control characters (the message keeps tabs and line breaks). 413 `file_too_large`: an image over 5 MB, or a form larger than it may be. 415 for a body that is not a form. 429 `too_many_reports`.',
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
          body: reportFormSchema,
          response: { 200: reportSentSchema, ...writeErrors(400, 429) },
        },
      },
      async (request) => {
        const { file, ...fields } = request.body;
        const sent = await reports.submit({
          fields: textFields(fields),
          file: file ? Buffer.from(file.buffer, file.byteOffset, file.byteLength) : null,
          ip: request.ip,
          user: request.user,
          publicUrl,
        });
        return {
          status: 'success' as const,
          report_id: sent.report_id,
          ...(sent.taken_down !== undefined ? { taken_down: sent.taken_down } : {}),
        };
      },
    );
  });

  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);
    api.get(
      REPORT_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: `Reports sent with the contact/report form, newest first, ${REPORTS_PAGE_SIZE} a page; moderators and administrators.`,
          description:
            'Each report has its subject, email, message, referrer, video `{video_id, title, dir}`, attachment URL, sender `{user_id, username}` when signed in, created time, and who handled it when. 400 `invalid` with codes [{field: status | page, code: invalid}].',
          querystring: reportListQuerySchema,
          response: { 200: adminReportListSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => reports.list(request.user, request.query),
    );

    api.post(
      REPORT_ADMIN_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary:
            'Mark a report handled, or reopen it, or decide a removal request; doing it twice changes nothing.',
          description:
            "confirm_removal / reinstate answer a performer's removal request (issue 31): the video stays down, or gets back its earlier status; the report is marked handled. 400 `invalid` with codes [{field: act | report_id, code: required | invalid}]; 404 `report_not_found`, `removal_not_found`; 409 `invalid_state` (confirming a reinstated request).",
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: reportAdminInputSchema,
          response: { 200: reportAdminResultSchema, ...writeErrors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        reports.setHandled(request.user, { act: request.body.act, reportId: request.body.report_id }),
    );
  });
}

/** The text fields the form sent (the service reads the ones it knows). */
function textFields(fields: Omit<ReportForm, 'file'>): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) text[name] = value;
  return text;
}

/**
 * A multipart body as fields: the first value of a repeated name wins, control characters are a 400
 * on their field (input.ts), and `file` is the uploaded image (browsers send an empty part when none
 * was chosen). The route's limits bound every part; going past one is a 413.
 */
async function readMultipartForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const text: Array<[string, unknown]> = [];
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
      if (part.type === 'field') {
        text.push([part.fieldname, part.value]);
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname === 'file' && data.length > 0) file = data;
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 413) throw fileTooLarge();
    throw new DomainError('invalid_request', { message: english('api.unreadable_form') });
  }
  assertPlainText(text);
  const fields = new Map<string, unknown>();
  for (const [name, value] of text) if (!fields.has(name)) fields.set(name, value);
  if (file) fields.set('file', file);
  return Object.fromEntries(fields);
}
