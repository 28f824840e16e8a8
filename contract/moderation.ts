// The moderation queue (issue 4): GET/POST /api/admin/moderation.php, the /admin/moderation/ page and
// the outcome an uploader sees on /members/{id}/uploaded_videos/. Shared by the server, the pages and
// the tests.

import { z } from 'zod';
import type { FieldError } from './errors.ts';
import {
  MODERATION_ACTIONS,
  QUEUE_MAX_PAGE,
  REASON_TEXT_MAX,
  REJECT_REASONS,
  type RejectReason,
} from './moderation-values.ts';

export type { FieldError } from './errors.ts';
// The queue's constants, reasons and statuses are zod-free in moderation-values.ts (the member pages
// import that); re-exported here for the server and the tests.
export * from './moderation-values.ts';

/** GET /api/admin/moderation.php?page=N (1 by default); another page is 400 `invalid` on page. */
export const moderationQuery = z.object({
  page: z
    .string({ error: 'invalid' })
    .regex(/^[1-9]\d{0,3}$/, 'invalid')
    .transform(Number)
    .refine((page) => page <= QUEUE_MAX_PAGE, 'invalid')
    .optional()
    .describe(`Page number, 1 (default) to ${QUEUE_MAX_PAGE}`),
});

const formText = (description: string) => z.string({ error: 'invalid' }).optional().describe(description);

/**
 * POST /api/admin/moderation.php (form-encoded or JSON): each field a string or missing (else
 * `invalid` on it), then parseModerationInput's rules, the page's own check too; the output is the
 * command. The messages are the field codes (`required`, `invalid`, `max_length`).
 */
export const moderationForm = z
  .object({
    act: formText(MODERATION_ACTIONS.join(' or ')),
    video_id: formText('The video'),
    reason: formText(`For reject: ${REJECT_REASONS.join(', ')}`),
    reason_text: formText(`With reason other: the reason in words, at most ${REASON_TEXT_MAX} characters`),
  })
  .transform((input, ctx) => {
    const parsed = parseModerationInput(input);
    if (parsed.ok) return parsed.command;
    for (const { field, code } of parsed.codes)
      ctx.addIssue({ code: 'custom', path: [field], message: code });
    return z.NEVER;
  });

/** POST fields, form-encoded: every field a string or missing. */
export interface ModerationInput {
  act?: unknown;
  video_id?: unknown;
  reason?: unknown;
  reason_text?: unknown;
}

export type ModerationCommand =
  | { act: 'approve'; videoId: number }
  | { act: 'reject'; videoId: number; reason: RejectReason; text: string | null };

/** Checks the POST fields; the same codes in the same order in the browser and on the server. */
export function parseModerationInput(
  input: ModerationInput,
): { ok: true; command: ModerationCommand } | { ok: false; codes: FieldError[] } {
  const codes: FieldError[] = [];
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined ? '' : null);
  const act = str(input.act);
  const id = str(input.video_id);
  const reason = str(input.reason);
  const text = str(input.reason_text);

  if (act === '') codes.push({ field: 'act', code: 'required' });
  else if (act === null || !(MODERATION_ACTIONS as readonly string[]).includes(act))
    codes.push({ field: 'act', code: 'invalid' });
  if (id === '') codes.push({ field: 'video_id', code: 'required' });
  else if (id === null || !/^[1-9]\d{0,14}$/.test(id)) codes.push({ field: 'video_id', code: 'invalid' });

  if (act === 'reject') {
    if (reason === '') codes.push({ field: 'reason', code: 'required' });
    else if (reason === null || !(REJECT_REASONS as readonly string[]).includes(reason))
      codes.push({ field: 'reason', code: 'invalid' });
    if (text === null) codes.push({ field: 'reason_text', code: 'invalid' });
    else if (reason === 'other' && text === '') codes.push({ field: 'reason_text', code: 'required' });
    else if (text.length > REASON_TEXT_MAX) codes.push({ field: 'reason_text', code: 'max_length' });
  }
  if (codes.length > 0) return { ok: false, codes };

  const videoId = Number(id);
  if (act === 'approve') return { ok: true, command: { act, videoId } };
  return {
    ok: true,
    command: { act: 'reject', videoId, reason: reason as RejectReason, text: text ? text : null },
  };
}

/** What ffprobe found (H1's videos.probe), as far as the queue shows it; every field may be missing. */
export const probeFactsSchema = z.object({
  container: z.string().nullable(),
  video_codec: z.string().nullable(),
  audio_codec: z.string().nullable(),
  fps: z.number().nullable(),
  bitrate: z.number().nullable(),
});
export type ProbeFacts = z.infer<typeof probeFactsSchema>;

export const moderationFileSchema = z.object({
  format: z.string(),
  url: z.string(),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int(),
});
export type ModerationFile = z.infer<typeof moderationFileSchema>;

/**
 * The best possible duplicate of a waiting video (issue 31): another video whose perceptual fingerprint
 * matches, with what the queue shows beside the waiting one.
 */
export const moderationMatchSchema = z.object({
  video_id: z.number().int(),
  similarity: z.number().min(0).max(1).describe('0–1: the share of frames that show the same pictures.'),
  dir: z.string(),
  title: z.string(),
  duration: z.number().describe('Seconds'),
  status_id: z.number().int().describe('1 active … 5 unavailable'),
  poster: z.string().nullable(),
});
export type ModerationMatch = z.infer<typeof moderationMatchSchema>;

/** One video waiting for a decision. */
export const moderationItemSchema = z.object({
  video_id: z.number().int(),
  dir: z.string(),
  title: z.string(),
  description: z.string(),
  duration: z.number().describe('Seconds'),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z
    .number()
    .int()
    .describe('Bytes of the uploaded source (or of the largest rendition when the source is gone)'),
  created_at: z.string().describe('ISO 8601'),
  uploader: z.object({ user_id: z.number().int(), username: z.string() }).nullable(),
  probe: probeFactsSchema,
  poster: z.string().nullable(),
  thumbs: z.array(z.string()),
  preview: z.string().nullable(),
  sources: z
    .array(moderationFileSchema)
    .describe('MP4 renditions, highest first: the first is the one the player plays'),
  match: moderationMatchSchema.nullable().describe('Possible duplicate of another video, or null'),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationQueueSchema = z
  .object({
    videos: z.array(moderationItemSchema),
    total_count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  })
  .meta({ id: 'ModerationQueue' });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

export const moderationResultSchema = z
  .object({
    status: z.literal('success'),
    video_id: z.number().int(),
    status_id: z.number().int().describe('1 listed (approved), 4 rejected'),
  })
  .meta({ id: 'ModerationResult' });
export type ModerationResult = z.infer<typeof moderationResultSchema>;

const pairId = (description: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
    .trim()
    .min(1, { error: 'required', abort: true })
    .regex(/^[1-9]\d{0,14}$/, 'invalid')
    .transform(Number)
    .describe(description);

/**
 * POST /api/admin/known_duplicate.php (issue 31): the moderator's "not a problem" on a possible duplicate:
 * the two videos are alike on purpose (or by chance), and the pair no longer shows in the queue.
 */
export const knownDuplicateForm = z
  .object({
    video_id: pairId('The waiting video'),
    other_id: pairId('The video it was found alike to'),
  })
  .refine((f) => f.video_id !== f.other_id, { path: ['other_id'], message: 'invalid' })
  .transform(({ video_id, other_id }) => ({ videoId: video_id, otherId: other_id }));
export type KnownDuplicateCommand = z.output<typeof knownDuplicateForm>;

export const knownDuplicateResultSchema = z.object({
  status: z.literal('success'),
  video_id: z.number().int(),
  other_id: z.number().int(),
});
export type KnownDuplicateResult = z.infer<typeof knownDuplicateResultSchema>;

/** One of a member's uploads, as their uploaded-videos page shows it. */
export interface UploadItem {
  video_id: number;
  dir: string;
  title: string;
  status_id: number;
  /** Human text of a rejection: a REJECT_REASONS code (translated by the page) or free text. */
  reject_reason: string | null;
  /** Why the pipeline rejected it, as a code (issue 31: matches_removed_content, matches_hash_list). */
  reject_code: string | null;
  /** 0..100 while processing, when the pipeline reports it. */
  progress: number | null;
  /**
   * The owner's view of its performer records (issue 31): `missing` (not sent yet), `pending` (sent,
   * waiting for staff), `checked`, `rejected` (to send again); null when it needs none, or for others.
   */
  records: 'missing' | 'pending' | 'checked' | 'rejected' | null;
  duration: number;
  poster: string | null;
  created_at: string;
  /** What the standard video card shows (app/components/video-card.tsx). */
  card: {
    post_date: string;
    video_viewed: number;
    /** 0..100 */
    rating: number;
    /** false: nobody has voted yet (the card shows no rating). */
    rated: boolean;
    hd: boolean;
    /** The hover-preview clip, when the pipeline made one. */
    preview: string | null;
  };
}

export interface UploadsPage {
  videos: UploadItem[];
  total_count: number;
  page: number;
  /** True when the viewer is the member: every status shows; otherwise only active public videos. */
  own: boolean;
}
