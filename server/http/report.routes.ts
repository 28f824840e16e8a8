// POST /api/report.php (shell.md §7): the contact/report form, multipart or form-encoded.
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors.ts';
import { REPORT_FILE_MAX_BYTES, type ReportsService } from '../modules/reports/reports.service.ts';
import { readFormData } from './form-body.ts';

export const REPORT_PATH = '/api/report.php';

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
}
