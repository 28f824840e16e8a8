// The console's videos (issue 17; contract/admin-videos.ts): the answers of /api/admin/videos.php and
// /api/admin/video.php — the list, one video with its pickers and possible duplicates, an act's result.
import { z } from 'zod';
import { BULK_ACTIONS, VIDEO_ACTIONS } from './admin-videos-values.ts';

const uploaderSchema = z.object({ user_id: z.number().int(), username: z.string() }).nullable();

export const adminVideoRowSchema = z.object({
  video_id: z.number().int(),
  dir: z.string(),
  title: z.string(),
  poster: z.string().nullable().describe('/media/… of the poster (staff may open unlisted files).'),
  status_id: z.number().int(),
  is_private: z.boolean(),
  uploader: uploaderSchema,
  views: z.number().int(),
  duration: z.number().int(),
  created_at: z.string(),
});
export type AdminVideoRow = z.infer<typeof adminVideoRowSchema>;

export const adminVideoListSchema = z.object({
  videos: z.array(adminVideoRowSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminVideoList = z.infer<typeof adminVideoListSchema>;

export const stillSchema = z.object({
  key: z.string().describe('What act=poster takes as still.'),
  url: z.string(),
  current: z.boolean(),
});
export type Still = z.infer<typeof stillSchema>;

const choiceSchema = z.object({ id: z.number().int(), title: z.string() });
export type PickerChoice = z.infer<typeof choiceSchema>;

/** A possible duplicate: another video whose fingerprint matches (server/media/fingerprint.ts). */
export const videoMatchSchema = z.object({
  video_id: z.number().int(),
  similarity: z
    .number()
    .min(0)
    .max(1)
    .describe('0–1: the share of frames that show the same pictures at one time offset.'),
});
export type VideoMatch = z.infer<typeof videoMatchSchema>;

/** A block-list entry (issue 31): the removed original whose copies are rejected. */
export const contentBlockSchema = z.object({
  block_id: z.number().int(),
  source: z.enum(['dmca', 'operator', 'hash_list']),
  case_id: z.number().int().nullable().describe('The DMCA case (source dmca): /admin/dmca/?case_id='),
  video_id: z.number().int().nullable().describe('The removed original.'),
  lifted: z.boolean(),
});
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const adminVideoDetailSchema = z.object({
  video: adminVideoRowSchema.extend({
    description: z.string(),
    category_ids: z.array(z.number().int()),
    model_ids: z.array(z.number().int()),
    channel_id: z.number().int().nullable(),
    tags: z.array(z.string()),
    reject_reason: z.string().nullable(),
    reject_code: z
      .string()
      .nullable()
      .describe('Why the pipeline rejected it: matches_removed_content, matches_hash_list (issue 31).'),
    blocked_by: contentBlockSchema
      .nullable()
      .describe('The block-list entry this upload matched: the removed original and its DMCA case.'),
    block: contentBlockSchema
      .nullable()
      .describe("This video's own active block (a DMCA take-down or an operator's block), if any."),
    has_renditions: z.boolean().describe('MP4 or HLS files exist (status 1 needs them).'),
    stills: z.array(stillSchema),
  }),
  categories: z.array(choiceSchema),
  models: z.array(choiceSchema),
  channels: z.array(choiceSchema),
  matches: z
    .array(videoMatchSchema)
    .describe(
      'Possible duplicates by perceptual fingerprint (issue 31), best first: other videos that show the same pictures; pairs known to be alike are left out.',
    ),
});
export type AdminVideoDetail = z.infer<typeof adminVideoDetailSchema>;

export const adminVideoResultSchema = z.object({
  status: z.literal('success'),
  video_id: z.number().int(),
  act: z.enum(VIDEO_ACTIONS),
  changed: z.array(z.string()).describe('act=edit: the fields that changed.'),
  status_id: z.number().int().nullable().describe('The status after the act (null once deleted).'),
});
export type AdminVideoResult = z.infer<typeof adminVideoResultSchema>;

export const adminBulkResultSchema = z.object({
  status: z.literal('success'),
  act: z.enum(BULK_ACTIONS),
  results: z.array(
    z.object({
      video_id: z.number().int(),
      ok: z.boolean(),
      code: z.string().nullable().describe('Why not: video_not_found, no_renditions, dmca_takedown…'),
    }),
  ),
});
export type AdminBulkResult = z.infer<typeof adminBulkResultSchema>;
