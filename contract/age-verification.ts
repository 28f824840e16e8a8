// UK age verification (issue 15; shell.md §3, §4, §7): the member's upload (POST
// /api/age_verification.php), the moderators' queue and decision (/api/admin/age_verification.php,
// the /admin/age-verification/ page), and the UK gate's clauses. No server dependencies (pages import it).
import { z } from 'zod';
import type { FieldError } from './errors.ts';

export type { UkGateClauses } from './age-gates.ts';

import {
  AGE_PHOTO_ACCEPT,
  AGE_PHOTO_FORMATS,
  AGE_PHOTO_MAX_BYTES,
  AGE_PHOTO_MIN_SIDE,
  AGE_QUEUE_MAX_PAGE,
  AGE_QUEUE_PAGE_SIZE,
  AGE_REASON_MAX,
  AGE_VERIFICATION_ADMIN_PATH,
  AGE_VERIFICATION_PAGE,
  AGE_VERIFICATION_PATH,
  AGE_VERIFICATION_PHOTO_PATH,
  hasPromoQuery,
  PROMO_QUERY_PARAMS,
  UK_GATE_COUNTRY,
  ukGateExemptPath,
  ukGateShown,
} from './age-gates.ts';

export {
  AGE_PHOTO_ACCEPT,
  AGE_PHOTO_FORMATS,
  AGE_PHOTO_MAX_BYTES,
  AGE_PHOTO_MIN_SIDE,
  AGE_QUEUE_MAX_PAGE,
  AGE_QUEUE_PAGE_SIZE,
  AGE_REASON_MAX,
  AGE_VERIFICATION_ADMIN_PATH,
  AGE_VERIFICATION_PAGE,
  AGE_VERIFICATION_PATH,
  AGE_VERIFICATION_PHOTO_PATH,
  hasPromoQuery,
  PROMO_QUERY_PARAMS,
  UK_GATE_COUNTRY,
  ukGateExemptPath,
  ukGateShown,
};

export const AGE_VERIFICATION_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type AgeVerificationState = (typeof AGE_VERIFICATION_STATES)[number];

/** A member's standing: what the gate shows them (the reason of the latest rejection). */
export const ageVerificationStatusSchema = z.object({
  state: z.enum(AGE_VERIFICATION_STATES),
  reason: z.string().nullable(),
});
export type AgeVerificationStatus = z.infer<typeof ageVerificationStatusSchema>;

/** The upload's form: one file named `file`. */
export const ageVerificationFormSchema = z.object({
  file: z
    .instanceof(Uint8Array)
    .optional()
    .catch(undefined)
    .meta({
      type: 'string',
      format: 'binary',
      description: `The photo (JPEG, PNG or WebP; ${AGE_PHOTO_MAX_BYTES / 1024 / 1024} MB; at least ${AGE_PHOTO_MIN_SIDE} px a side).`,
    }),
});

export const ageVerificationSentSchema = z.object({
  status: z.literal('success'),
  /** pending: a moderator reviews it; approved or rejected: the provider decided at once. */
  state: z.enum(['pending', 'approved', 'rejected']),
  age_verified: z.boolean(),
  reason: z.string().nullable(),
});
export type AgeVerificationSent = z.infer<typeof ageVerificationSentSchema>;

// ---- Staff ----

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

export const ageQueueQuerySchema = z.object({
  page: z
    .preprocess(
      trimmed,
      z
        .string({ error: 'invalid' })
        .regex(/^[1-9]\d{0,3}$/, 'invalid')
        .transform(Number)
        .pipe(z.number().max(AGE_QUEUE_MAX_PAGE, 'invalid')),
    )
    .default(1)
    .describe(`Page number, 1 (default) to ${AGE_QUEUE_MAX_PAGE}.`),
});
export type AgeQueueQuery = z.output<typeof ageQueueQuerySchema>;

export const agePhotoQuerySchema = z.object({
  verification_id: idSchema.describe('The request whose photo to show.'),
});

export const AGE_DECISIONS = ['approve', 'reject'] as const;
export type AgeDecision = (typeof AGE_DECISIONS)[number];

export const ageDecisionInputSchema = z.object({
  act: z
    .preprocess(trimmed, z.enum(AGE_DECISIONS, { error: missingOr('invalid') }))
    .describe('approve or reject.'),
  verification_id: idSchema.describe('The request.'),
  reason: z
    .preprocess(trimmed, z.string({ error: 'invalid' }).max(AGE_REASON_MAX, 'max_length'))
    .optional()
    .describe(`Required to reject (at most ${AGE_REASON_MAX} characters): the member sees it.`),
});

export interface AgeDecisionCommand {
  act: AgeDecision;
  verificationId: number;
  reason: string;
}

export const ageQueueItemSchema = z.object({
  verification_id: z.number().int(),
  user: z.object({ user_id: z.number().int(), username: z.string() }),
  provider: z.string(),
  created_at: z.string(),
  /** The decrypted photo, for staff only (no-store). */
  photo: z.string().nullable(),
});
export type AgeQueueItem = z.infer<typeof ageQueueItemSchema>;

export const ageQueueSchema = z.object({
  items: z.array(ageQueueItemSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AgeQueue = z.infer<typeof ageQueueSchema>;

export const ageDecisionResultSchema = z.object({
  status: z.literal('success'),
  verification_id: z.number().int(),
  state: z.enum(['approved', 'rejected']),
});
export type AgeDecisionResult = z.infer<typeof ageDecisionResultSchema>;

function fieldCodes(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'general');
    if (!seen.has(field)) seen.set(field, /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid');
  }
  return [...seen].map(([field, code]) => ({ field, code }));
}

export function parseAgeQueueQuery(
  input: Record<string, unknown>,
): { ok: true; query: AgeQueueQuery } | { ok: false; codes: FieldError[] } {
  const result = ageQueueQuerySchema.safeParse(input);
  return result.success
    ? { ok: true, query: result.data }
    : { ok: false, codes: fieldCodes(result.error.issues) };
}

export function parseAgeDecisionInput(
  input: Record<string, unknown>,
): { ok: true; command: AgeDecisionCommand } | { ok: false; codes: FieldError[] } {
  const result = ageDecisionInputSchema.safeParse(input);
  if (!result.success) return { ok: false, codes: fieldCodes(result.error.issues) };
  const { act, verification_id, reason } = result.data;
  return { ok: true, command: { act, verificationId: verification_id, reason: reason ?? '' } };
}

export const agePhotoUrl = (verificationId: number) =>
  `${AGE_VERIFICATION_PHOTO_PATH}?verification_id=${verificationId}`;
