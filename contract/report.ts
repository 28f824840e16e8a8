// The contact/report form (spec/shell.md §5, §7): POST /api/report.php, multipart (the browser's form,
// with an optional image) or form-encoded. The field rules and their codes are the reports service's
// (server/modules/reports/reports.service.ts): the schema types the fields and documents them.
import { z } from 'zod';
import { REPORT_FILE_MAX_BYTES, REPORT_MESSAGE_MAX, REPORT_SUBJECTS } from './report-values.ts';

// The path, the subjects and the limits are zod-free in report-values.ts (the form imports that);
// re-exported here for the server and the tests.
export * from './report-values.ts';

const text = z.string().optional();

export const reportFormSchema = z.object({
  subject: text.describe(`One of: ${REPORT_SUBJECTS.map((s) => `'${s}'`).join(', ')}; the first by default.`),
  email: text.describe('Reply address (required): `required`, `invalid_email`.'),
  name: text.describe(
    "The sender's name: required for a performer's removal request (`required`, `max_length`), else kept when given.",
  ),
  message: text.describe(
    `At most ${REPORT_MESSAGE_MAX} characters (required): \`required\`, \`max_length\`.`,
  ),
  referrer: text.describe(
    'The page the form was sent from; a video or embed page of this site links the video.',
  ),
  captcha: text.describe(
    'The captcha token (action `login`) when the site has a captcha provider: 400 `captcha` on the field `captcha` unless the provider accepts it; ignored when none is configured.',
  ),
  // A value that is not an uploaded file (a text field named `file`) is no attachment, as before.
  file: z
    .instanceof(Uint8Array)
    .optional()
    .catch(undefined)
    .meta({
      type: 'string',
      format: 'binary',
      description: `Optional image (JPEG, PNG, WebP, GIF; ${REPORT_FILE_MAX_BYTES / 1024 / 1024} MB): \`file_type\`, \`file_too_large\`.`,
    }),
});
export type ReportForm = z.infer<typeof reportFormSchema>;

export const reportSentSchema = z.object({
  status: z.literal('success'),
  report_id: z.number().int(),
  /** A performer's removal request: whether the video was taken down by it (false: it was already down). */
  taken_down: z.boolean().optional(),
});
/** The answer of POST /api/report.php. */
export type ReportSent = z.infer<typeof reportSentSchema>;
