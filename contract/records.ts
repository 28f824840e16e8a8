// Performer records (issue 31): the uploader's call (POST /api/video_records.php, multipart), the
// staff's view and decision (/api/admin/video_records.php), the ID image, the inspection export and the
// custodians. Shared by the server, the pages and the tests; the zod-free parts are records-values.ts.
import { z } from 'zod';
import {
  CONSENT_VERSION,
  ID_IMAGE_MAX_BYTES,
  PERFORMER_NAME_MAX,
  PERFORMERS_MAX,
  RECORDS_DECISIONS,
  RECORDS_MODELS_MAX,
  RECORDS_MODELS_MIN_CHARS,
  RECORDS_REASON_MAX,
  RECORDS_STATUSES,
} from './records-values.ts';

export * from './records-values.ts';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const missingOr = (code: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === '' ? 'required' : code;
const idSchema = z.preprocess(
  trimmed,
  z
    .string({ error: missingOr('invalid') })
    .min(1, { error: 'required', abort: true })
    .regex(/^[1-9]\d{0,14}$/, 'invalid')
    .transform(Number),
);

/**
 * The multipart body as the route reads it (documentation: the route parses the parts itself, so that
 * every performer's problem is answered at once).
 */
export const recordsFormSchema = z
  .object({
    video_id: z.string().optional().describe('The uploader’s video.'),
    recorded_on: z.string().optional().describe('The recording date, YYYY-MM-DD.'),
    'performers[i][model_id]': z.string().optional().describe('Optional: an existing model.'),
    'performers[i][stage_name]': z.string().optional().describe('Required without model_id.'),
    'performers[i][legal_name]': z.string().optional().describe('As on the ID document.'),
    'performers[i][birth_date]': z.string().optional().describe('YYYY-MM-DD; 18 or older on recorded_on.'),
    'performers[i][consent]': z.string().optional().describe('1: the performer signed the statement.'),
    'performers[i][signature]': z.string().optional().describe('The legal name typed again.'),
    'performers[i][id_image]': z
      .instanceof(Uint8Array)
      .optional()
      .meta({
        type: 'string',
        format: 'binary',
        description: `The ID document: JPEG, PNG or WebP, at most ${ID_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
      }),
  })
  .describe(`Performers 0 to ${PERFORMERS_MAX - 1}, each with every field.`);

export const recordsSentSchema = z.object({
  status: z.literal('success'),
  video_id: z.number().int(),
  records_status: z.enum(RECORDS_STATUSES),
  performers: z.number().int(),
});
export type RecordsSent = z.infer<typeof recordsSentSchema>;

export const recordsVideoQuery = z.object({ video_id: idSchema.describe('The video.') });
export const recordsImageQuery = z.object({ performer_id: idSchema.describe('The performer.') });

/** The performer picker's question: part of a model's name (or alias). */
export const recordsModelsQuery = z.object({
  q: z.preprocess(
    trimmed,
    z
      .string({ error: missingOr('invalid') })
      .min(1, { error: 'required', abort: true })
      .min(RECORDS_MODELS_MIN_CHARS, 'min_length')
      .max(PERFORMER_NAME_MAX, 'max_length')
      .describe(`Part of the name, ${RECORDS_MODELS_MIN_CHARS} to ${PERFORMER_NAME_MAX} characters.`),
  ),
});

/** The models that match, best first (a name that starts with the text, then a word of it, then close). */
export const recordsModelsSchema = z.object({
  models: z
    .array(z.object({ model_id: z.number().int(), dir: z.string(), title: z.string() }))
    .max(RECORDS_MODELS_MAX),
});
export type RecordsModels = z.infer<typeof recordsModelsSchema>;

/** The uploader's own view of their video's records. */
export const recordsOwnSchema = z.object({
  video_id: z.number().int(),
  required: z.boolean(),
  status: z.enum(RECORDS_STATUSES).nullable(),
  submitted: z.boolean(),
  reason: z.string().nullable(),
});
export type RecordsOwn = z.infer<typeof recordsOwnSchema>;

export const consentSchema = z.object({
  version: z.number().int(),
  statement: z.string(),
  legal_name: z.string(),
  stage_name: z.string(),
  birth_date: z.string(),
  recorded_on: z.string(),
  age_at_recording: z.number().int(),
  signature: z.string(),
  signed_at: z.string(),
  language: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;

export const performerViewSchema = z.object({
  performer_id: z.number().int(),
  position: z.number().int(),
  stage_name: z.string(),
  model: z.object({ model_id: z.number().int(), title: z.string(), dir: z.string() }).nullable(),
  /** Administrators and custodians only; null for moderators. */
  consent: consentSchema.nullable(),
  /** The decrypted ID image's URL (no-store), administrators and custodians only. */
  id_image: z.string().nullable(),
});
export type PerformerView = z.infer<typeof performerViewSchema>;

export const recordsViewSchema = z.object({
  video_id: z.number().int(),
  title: z.string(),
  required: z.boolean(),
  status: z.enum(RECORDS_STATUSES).nullable(),
  recorded_on: z.string().nullable(),
  submitted_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  checked_by: z.object({ user_id: z.number().int(), username: z.string() }).nullable(),
  reason: z.string().nullable(),
  uploader: z
    .object({ user_id: z.number().int(), username: z.string(), age_verified: z.boolean() })
    .nullable(),
  /** Whether the viewer may read the ID images and consents (administrators and custodians). */
  may_read: z.boolean(),
  performers: z.array(performerViewSchema),
});
export type RecordsView = z.infer<typeof recordsViewSchema>;

export const recordsDecisionInput = z.object({
  act: z
    .preprocess(trimmed, z.enum(RECORDS_DECISIONS, { error: missingOr('invalid') }))
    .describe('check or reject.'),
  video_id: idSchema.describe('The video.'),
  reason: z
    .preprocess(trimmed, z.string({ error: 'invalid' }).max(RECORDS_REASON_MAX, 'max_length'))
    .optional()
    .describe(`Required to reject (at most ${RECORDS_REASON_MAX} characters): the uploader sees it.`),
});
export interface RecordsDecisionCommand {
  act: (typeof RECORDS_DECISIONS)[number];
  videoId: number;
  reason: string;
}

export const recordsDecisionResult = z.object({
  status: z.literal('success'),
  video_id: z.number().int(),
  records_status: z.enum(RECORDS_STATUSES),
});
export type RecordsDecisionResult = z.infer<typeof recordsDecisionResult>;

export const custodianInput = z.object({
  user_id: idSchema.describe('A moderator or administrator.'),
  custodian: z
    .preprocess(trimmed, z.enum(['0', '1'], { error: missingOr('invalid') }))
    .describe('1: names the user a custodian of records; 0: removes it.'),
});
export const custodianListSchema = z.object({
  custodians: z.array(z.object({ user_id: z.number().int(), username: z.string(), role: z.string() })),
});
export type CustodianList = z.infer<typeof custodianListSchema>;

export { CONSENT_VERSION };
