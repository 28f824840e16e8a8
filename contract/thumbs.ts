// Thumbnail trials (issue 32 part 1; docs/decisions.md "Thumbnail trials"): the schemas of the beacon
// (POST /api/thumbs.php) and of the console's call (/api/admin/thumbs.php). The browser's beacon code
// imports thumbs-values.ts only.
import { z } from 'zod';
import { STILL_MAX, THUMBS_MAX_EVENTS, THUMBS_PATH, TRIAL_ACTS, TRIAL_STATES } from './thumbs-values.ts';

export * from './thumbs-values.ts';

const videoId = z
  .number({ error: 'invalid_video' })
  .int('invalid_video')
  .min(1, 'invalid_video')
  .max(Number.MAX_SAFE_INTEGER, 'invalid_video');
const still = z
  .number({ error: 'invalid_still' })
  .int('invalid_still')
  .min(0, 'invalid_still')
  .max(STILL_MAX, 'invalid_still');

export const thumbEventSchema = z.object({
  video_id: videoId.describe("The card's video."),
  still: still.describe('The still the card showed: 0 the poster, n thumbnail n.'),
  type: z
    .enum(['impression', 'click'], { error: 'invalid_type' })
    .describe('`impression`: the card was at least half in the viewport; `click`: its link was followed.'),
});
export type ThumbEvent = z.infer<typeof thumbEventSchema>;

export const thumbBatchSchema = z.object({
  events: z
    .array(thumbEventSchema, { error: 'required' })
    .min(1, 'required')
    .max(THUMBS_MAX_EVENTS, 'too_many_events')
    .describe(`1 to ${THUMBS_MAX_EVENTS} events.`),
});

export const thumbBatchResponseSchema = z.object({
  ok: z.literal(true),
  accepted: z.number().int().describe('Events counted: those of a running trial and one of its candidates.'),
  ignored: z.number().int().describe('Events of a trial that has ended meanwhile (a page shown before).'),
});

export const THUMBS_DESCRIPTION = [
  `A batch of thumbnail-trial events ({video_id, still, type: "impression" | "click"}), at most ${THUMBS_MAX_EVENTS},`,
  'sent by the listings for the cards of videos in a trial. Counted per still, staged and written in',
  'batches every 5 s; the trial rule runs after each write. Events of a video whose trial has ended are',
  'ignored (counted in `ignored`); a batch of which no event belongs to a running trial is 404',
  '(`unknown_video` or `unknown_still`). Bad input: 400 (`invalid_video`, `invalid_still`, `invalid_type`,',
  "`required`, `too_many_events`, `invalid_json`); a body over 8 KiB: 413; too many calls from one address: 429. Sent by the site's own",
  `pages (Origin checked). Path: ${THUMBS_PATH}.`,
].join(' ');

export const adminThumbsQuery = z.object({
  video_id: z.coerce
    .number({ error: 'required' })
    .int('invalid')
    .min(1, 'invalid')
    .max(Number.MAX_SAFE_INTEGER, 'invalid'),
});

export const adminThumbsForm = z.object({
  video_id: z.coerce
    .number({ error: 'required' })
    .int('invalid')
    .min(1, 'invalid')
    .max(Number.MAX_SAFE_INTEGER, 'invalid'),
  act: z.enum(TRIAL_ACTS, { error: 'invalid' }),
  still: z.coerce
    .number()
    .int('invalid_still')
    .min(0, 'invalid_still')
    .max(STILL_MAX, 'invalid_still')
    .optional(),
});
export type AdminThumbsForm = z.infer<typeof adminThumbsForm>;

export const trialStillSchema = z.object({
  still: z.number().int(),
  url: z.string().describe('The still as the card shows it'),
  impressions: z.number().int().min(0),
  clicks: z.number().int().min(0),
  /** Clicks per impression, 0 when there is none. */
  rate: z.number().min(0),
  p_best: z.number().min(0).max(1).nullable().describe("The rule's probability that this still is the best"),
  live: z.boolean().describe('Still shown to visitors (a trial drops the clear losers)'),
});

export const adminThumbsSchema = z.object({
  video_id: z.number().int(),
  state: z.enum(TRIAL_STATES),
  chosen: z.number().int().nullable().describe('The still a settled or pinned trial shows'),
  started_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  stills: z.array(trialStillSchema),
});
