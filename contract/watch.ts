// The watching calls (spec/content.md §7, issue 6): related videos, the view counter, oEmbed and the
// download. One source for the server routes, the video page, the player and the tests.
import { z } from 'zod';
import { actResponseSchema, memberActSchema } from './acts.ts';
import type { relatedResponseSchema } from './catalog-responses.ts';
import { friendActResponseSchema, friendActSchema, wallActSchema, wallPostedSchema } from './community.ts';

// Paths, sizes and timings (the related call's, the view beacon's, oEmbed's, the download's) are
// zod-free in watch-values.ts, which the video page imports; here they are re-exported for the server.
export * from './watch-values.ts';

export type RelatedResponse = z.infer<typeof relatedResponseSchema>;

const VIDEO_ID = /^[1-9]\d{0,14}$/;

/**
 * act=view (POST /api/input.php, watch-values.ts): every field a string, as the form sends it; the first
 * problem is the answer's code.
 */
export const viewActSchema = z.object({
  act: z.literal('view'),
  section: z.literal('video', { error: 'invalid_section' }).describe('video'),
  object_id: z
    .string({ error: 'invalid_object_id' })
    .regex(VIDEO_ID, 'invalid_object_id')
    .transform(Number)
    .describe('The video id'),
  user_id: z.string().optional().describe('Ignored: the session says who is watching'),
  nogeo: z.string().optional().describe('Ignored'),
  home: z.string().optional().describe('1 when the referrer is the home or a country page'),
});
export type ViewActInput = z.output<typeof viewActSchema>;

/**
 * The body of POST /api/input.php, by `act`: `view` (anyone) and the member acts of contract/acts.ts
 * (`memberActSchema`: favourite, watch_later, playlist, vote, subscribe, unsubscribe, comm, add_tag).
 * and the community acts of contract/community.ts (`friend`, `wall`).
 * An act no option names is 400 `unknown_act` on `act`.
 */
export const inputActSchema = z.discriminatedUnion(
  'act',
  [viewActSchema, ...memberActSchema.options, friendActSchema, wallActSchema],
  {
    error: 'unknown_act',
  },
);
export type InputActInput = z.output<typeof inputActSchema>;

/** maxwidth/maxheight: 1 to 99999 pixels; empty is the same as missing. */
const oembedBound = (code: string) =>
  z
    .string({ error: code })
    .regex(/^(?:[1-9]\d{0,4})?$/, code)
    .optional()
    .transform((raw) => (raw ? Number(raw) : undefined));

/**
 * The query of GET /oembed/, checked in this order. format=xml is answered 501 before the rest is
 * looked at (the route checks it ahead of this schema).
 */
export const oembedQuery = z.object({
  format: z
    .enum(['json', 'xml'], { error: 'invalid_format' })
    .default('json')
    .describe('json (xml answers 501 format_not_implemented)'),
  url: z
    .string({ error: 'required' })
    .min(1, 'required')
    .describe('A /video/ or /embed/ page URL of this site'),
  maxwidth: oembedBound('invalid_maxwidth').describe('Pixels; the player is at most 640 wide'),
  maxheight: oembedBound('invalid_maxheight').describe('Pixels'),
});

/**
 * The query of GET /api/download.php (downloadPath in watch-values.ts). `format` is checked by the
 * route (DOWNLOAD_FORMAT_PATTERN): a format that is not a rendition name is a 404 `format_not_found`, as
 * one the video lacks.
 */
export const downloadQuery = z.object({
  video_id: z
    .string({ error: 'invalid_video_id' })
    .regex(VIDEO_ID, 'invalid_video_id')
    .transform(Number)
    .describe('The video id'),
  format: z.string().optional().describe('A rendition such as 480p'),
  expires: z
    .string()
    .max(20)
    .optional()
    .describe('Signed link (issue 32): Unix seconds it is good until; the plain call redirects to it'),
  token: z.string().max(64).optional().describe('Signed link: HMAC for the member, video and format'),
});

// --- Additions (H4) ---

/** The answer of a view beacon. */
export const viewResponseSchema = z
  .object({
    ok: z.literal(true),
    counted: z.boolean().describe('false for a repeat from the same viewer within the window'),
  })
  .meta({ id: 'ViewCounted' });
export type ViewResponse = z.infer<typeof viewResponseSchema>;

/** The answer of POST /api/input.php: a view's, or a member act's (contract/acts.ts). */
export const inputResponseSchema = z.union([
  viewResponseSchema,
  // Friends and the wall (contract/community.ts), before the acts' bare {ok} would match them.
  friendActResponseSchema,
  wallPostedSchema,
  actResponseSchema,
]);

/** oEmbed 1.0, type "video" (https://oembed.com/ §2.3.4). */
export const oembedResponseSchema = z
  .object({
    version: z.literal('1.0'),
    type: z.literal('video'),
    title: z.string(),
    provider_name: z.string(),
    provider_url: z.string(),
    author_name: z.string().optional(),
    author_url: z.string().optional(),
    thumbnail_url: z.string().optional(),
    thumbnail_width: z.number().int().optional(),
    thumbnail_height: z.number().int().optional(),
    html: z.string().describe('An iframe of the embed player'),
    width: z.number().int(),
    height: z.number().int(),
    cache_age: z.number().int(),
  })
  .meta({ id: 'Oembed' });
export type OembedResponse = z.infer<typeof oembedResponseSchema>;
