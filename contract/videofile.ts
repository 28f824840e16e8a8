// GET /api/videofile.php?video_id=N (spec/content.md §7): the files the player needs for one video.
// One source for the server route, the player and the tests (docs/decisions.md, "Media pipeline,
// part 2").
import { z } from 'zod';

// The call's lifetime is zod-free in videofile-values.ts (the video page imports that).
export * from './videofile-values.ts';

/** `video_id`: a positive integer, nothing else (400 `invalid_video_id` otherwise). */
export const videoFileQuerySchema = z.object({
  video_id: z
    .string({ error: 'invalid_video_id' })
    .regex(/^[1-9][0-9]{0,14}$/, 'invalid_video_id')
    .transform(Number)
    .describe('The video: a positive integer.'),
  pass: z
    .string()
    .max(600)
    .optional()
    .describe(
      "The UK gate's pass of a page exempt from it (reached from another site, or with a promo query): the page gives it to its player. Without a live one, a visitor the UK gate covers gets 403 `age_verification_required`.",
    ),
});

/** One progressive MP4 rendition. */
export const videoSourceSchema = z.object({
  /** The rung, e.g. '480p'. */
  format: z.string(),
  video_url: z.string(),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
});
export type VideoSource = z.infer<typeof videoSourceSchema>;

export const videoFileResponseSchema = z.object({
  video_id: z.number().int(),
  /** Seconds; the player switches to HLS above 1800 s (§4). */
  duration: z.number(),
  poster: z.string().nullable(),
  /** The short muted hover-preview clip. */
  preview: z.string().nullable(),
  /** MP4 renditions, highest first. */
  sources: z.array(videoSourceSchema),
  /** The HLS master playlist (videos longer than 1800 s), else null. */
  hls_url: z.string().nullable(),
  /** Timeline thumbnails: frames in the WebVTT index, seconds between them, and the index itself
   * (`{video_id}.{count}.{interval}.vtt`); all three null when the video has no sprites. */
  timelines_count: z.number().int().nullable(),
  timelines_interval: z.number().int().nullable(),
  timelines_vtt: z.string().nullable(),
});
export type VideoFileResponse = z.infer<typeof videoFileResponseSchema>;
