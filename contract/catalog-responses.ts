// The answers of the catalogue's read calls (content.md §3, §7) as zod schemas: the routes declare them
// (server/http/catalog.routes.ts), the OpenAPI document is generated from them, and with
// CHECK_RESPONSES every answer is checked against them (server/http/contract.ts).
import { z } from 'zod';

const id = z.number().int();
const count = z.number().int().min(0);
const url = z.string();
const nullableUrl = z.string().nullable();

export const videoStatisticsSchema = z.object({
  viewed: count,
  likes: count,
  dislikes: count,
  comments_count: count,
});

export const videoCardSchema = z
  .object({
    video_id: id,
    dir: z.string(),
    title: z.string(),
    duration: z.string().describe('h:mm:ss or m:ss'),
    duration_sec: z.number(),
    post_date: z.string(),
    rating: z.number().describe('Like percentage, 0..100'),
    video_viewed: count,
    scr: url.describe('Poster image URL'),
    preview: nullableUrl.optional().describe('The short muted hover-preview clip'),
    hd: z.boolean().describe('The best rendition is 720p or more'),
    stills: z
      .array(z.tuple([id, url]))
      .optional()
      .describe(
        "Lists only, while the video's thumbnail trial runs: the candidate stills as [still, image URL] (0 the poster); the page shows one per visitor and reports impressions and clicks to /api/thumbs.php",
      ),
    statistics: videoStatisticsSchema,
  })
  .meta({ id: 'VideoCard' });

const namedLinkSchema = z.object({ id, dir: z.string(), title: z.string() });
const categoryRefSchema = namedLinkSchema;
const modelRefSchema = z.object({ dir: z.string(), title: z.string(), img: nullableUrl, videos: count });

/**
 * One video of a list (videos2, search): the card's fields and the links the page's strips are built
 * from, nothing more (docs/decisions.md, "Listing items"). The other §3 fields are the video call's:
 * thumbs, user, channel, country, sg_id, ex_tube, ex_id, categories_data, description, the scr aliases,
 * and status_id (always 1 in a list). Strict, so that a column added to the rows without that decision
 * fails the response check (CHECK_RESPONSES) instead of growing every page of 60 cards.
 */
export const listVideoSchema = videoCardSchema
  .extend({
    categories: z.array(categoryRefSchema.strict()),
    models: z.array(
      modelRefSchema.strict().describe("`videos`: the model's videos in the list's orientation"),
    ),
  })
  .strict()
  .meta({ id: 'ListVideo' });

const mvpSchema = z.object({
  mtitle: z.string(),
  mdesc: z.string(),
  h1: z.string(),
  links: z.array(z.object({ url, title_nav: z.string() })),
});

export const videos2ResponseSchema = z
  .object({
    videos: z.array(listVideoSchema),
    total_count: count,
    categories: z.array(categoryRefSchema.extend({ videos: count })),
    models: z.array(modelRefSchema),
    mvp: mvpSchema.nullable(),
  })
  .meta({ id: 'VideoList' });

export const videoDetailSchema = videoCardSchema
  .extend({
    description: z.string(),
    status_id: z.number().int().describe('5: unavailable, the player is not set up'),
    user: z.object({ id, user_id: id, username: z.string() }).nullable(),
    channel: namedLinkSchema
      .extend({
        url: nullableUrl,
        partner: z
          .boolean()
          .describe("A partner channel (content.md §2): no channel block, a 'Watch' button in the player"),
        scr1: nullableUrl.optional(),
        videos: count.optional(),
        vda: count.optional(),
      })
      .nullable(),
    models: z.array(namedLinkSchema.extend({ img: nullableUrl.optional(), videos: count.optional() })),
    categories: z.array(namedLinkSchema),
    tags: z.array(namedLinkSchema),
    files: z.array(z.object({ format: z.string(), url, mime: z.string(), height: z.number().nullable() })),
    thumb: url.optional(),
    thumbsrc: url.optional(),
    scr1: url.optional(),
    img: url.optional(),
    thumbs: z.array(url).optional(),
    country: z.string().nullable().optional(),
    sg_id: z.number().nullable().optional(),
    ex_tube: z.string().nullable().optional(),
    ex_id: z.string().nullable().optional(),
    categories_data: z.string().optional().describe('dir|id|title of each category, joined by commas'),
  })
  .meta({ id: 'Video' });

export const videoResponseSchema = z.object({ video: videoDetailSchema });

export const relatedResponseSchema = z.object({
  videos: z.array(videoCardSchema),
  total_count: count,
  coviewed: count
    .optional()
    .describe(
      'How many of the whole list lead with co-viewed videos ("members who watched this also watched", issue 32); the rest share categories, tags, models or the channel, then the most viewed.',
    ),
});

const countedItemSchema = z.object({ dir: z.string(), title: z.string(), total_videos: count });
const objectStatisticsSchema = z.object({ videos: count, viewed: count, subscribers: count });

export const mainResponseSchema = z.object({
  models: z.array(countedItemSchema.extend({ img: nullableUrl })),
  channels: z.array(countedItemSchema),
  categories: z.array(countedItemSchema),
  keywords: z.array(z.string()),
});

export const categoriesResponseSchema = z.object({
  categories: z.array(
    countedItemSchema.extend({
      id,
      scr: nullableUrl,
      statistics: z.object({ videos: count, viewed: count, rating: z.number() }),
    }),
  ),
  total_count: count,
});

export const modelsResponseSchema = z.object({
  models: z.array(countedItemSchema.extend({ id, img: nullableUrl, statistics: objectStatisticsSchema })),
  total_count: count,
});

const text = z.string().nullable();
const number = z.number().nullable();

export const modelResponseSchema = z.object({
  model: countedItemSchema.extend({
    id,
    alias: text,
    description: z.string(),
    img: nullableUrl,
    age: number,
    birth_date: text,
    country: text,
    ethnicity: text,
    race: text,
    career: number.describe('0 finished, 1 active'),
    career_start: number,
    career_end: number,
    debut_age: number,
    zodiac: text,
    hair: number,
    eye: text,
    tattoo: z.union([z.string(), z.number(), z.boolean()]).nullable(),
    piercing: z.union([z.string(), z.number(), z.boolean()]).nullable(),
    size_tits: text,
    measurements: text,
    height: number,
    weight: number,
    added_date: z.string(),
    statistics: objectStatisticsSchema,
  }),
});

export const channelsResponseSchema = z.object({
  channels: z.array(
    countedItemSchema.extend({ id, url: nullableUrl, scr1: nullableUrl, statistics: objectStatisticsSchema }),
  ),
  total_count: count,
});

export const channelResponseSchema = z.object({
  channel: countedItemSchema.extend({
    id,
    url: nullableUrl,
    partner: z.boolean().describe('A partner channel (content.md §2): its page shows no channel block'),
    description: z.string(),
    scr1: nullableUrl,
    videos: count,
    added_date: z.string(),
    statistics: objectStatisticsSchema,
  }),
});

const playlistUserSchema = z.object({ id, user_id: id, username: z.string() });

export const playlistsResponseSchema = z.object({
  playlists: z.array(
    z.object({
      playlist_id: id,
      title: z.string(),
      description: z.string(),
      private: z.union([z.literal(0), z.literal(1)]),
      total_videos: count,
      viewed: count,
      rating: z.number(),
      scr: nullableUrl,
      user: playlistUserSchema,
    }),
  ),
  total_count: count,
});

export const playlistResponseSchema = z.object({
  playlist: z.object({
    playlist_id: id,
    title: z.string(),
    description: z.string(),
    private: z.union([z.literal(0), z.literal(1)]),
    total_videos: count,
    viewed: count,
    likes: count,
    dislikes: count,
    rating: z.number(),
    comments_count: count,
    added_date: z.string(),
    categories: z.array(namedLinkSchema),
    user: playlistUserSchema,
  }),
});

export const tagMvpResponseSchema = z.object({
  tag: countedItemSchema,
  mvp: mvpSchema,
  tags: z.array(countedItemSchema),
});

export const tagsResponseSchema = z.object({ tags: z.array(countedItemSchema), total_count: count });

export const suggestResponseSchema = z.object({
  keywords: z.array(z.string()),
  tags: z.array(countedItemSchema),
  categories: z.array(countedItemSchema),
  models: z.array(countedItemSchema),
  channels: z.array(countedItemSchema),
});

export const topSearchesResponseSchema = z.object({
  keywords: z.array(z.string()),
  tags: z.array(countedItemSchema),
});
