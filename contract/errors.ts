// The error shape of every call (spec/content.md §7–§8): `{error, code, codes:[{field, code}], info?}`.
// One definition for the server's error handler, the generated OpenAPI document and the browser.
import { z } from 'zod';

export const fieldErrorSchema = z.object({ field: z.string(), code: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z
  .object({
    error: z.string().describe('A readable message (English); clients translate `code`.'),
    code: z.string().describe('The spec-style code, e.g. invalid_sort, not_found, too_many_requests.'),
    codes: z.array(fieldErrorSchema).describe('Field errors: set on the matching input.'),
    info: z.record(z.string(), z.unknown()).optional().describe('Parameters of the message.'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What each error status means on every call that may answer it. */
export const ERROR_STATUS_MEANING = {
  400: 'Bad input: `code` names the first problem, `codes` the fields.',
  401: 'Not signed in.',
  403: 'Signed in without the right (or a foreign Origin on a write: `bad_origin`).',
  404: 'No such object, or not visible to the caller.',
  409: 'The object changed meanwhile.',
  413: 'The body is larger than the call allows.',
  415: 'The body has a content type the call does not take.',
  429: 'Too many requests: try again later (`retry-after` when known).',
  503: 'Starting up, or a dependency is unavailable.',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_MEANING;
