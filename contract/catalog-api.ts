// The read calls of spec/content.md §7: path segments, their allowed values, and the response shapes.
// One source for the server routes (validation), the browser (URLs it builds) and the tests.
import { z } from 'zod';
import {
  CATEGORY_SORTS,
  DATE_WINDOWS,
  type DateWindow,
  type DurationClass,
  GENDERS,
  type Gender,
  LANGUAGES,
  LISTING_SORTS,
  type ListingSort,
  MAX_PAGE,
  MODEL_SORTS,
  PLAYLIST_SORTS,
} from './catalog.ts';
import {
  LETTERS,
  LIFETIMES,
  type Lifetime,
  MAX_COUNT,
  MODEL_CUP_SIZES,
  MODEL_HAIRS,
  MODEL_RACES,
  MODEL_RANGES,
  SEARCH_SORTS,
  VIDEO_SECTIONS,
  VIDEO_TYPES,
  type VideoSection,
  type VideoType,
} from './catalog-api-values.ts';

// Lifetimes, the segments' values and the URL builders are zod-free in catalog-api-values.ts (the
// pages import that); re-exported here for the server and the tests.
export * from './catalog-api-values.ts';

const INT = /^(0|[1-9]\d{0,14})$/;
const DIR = /^[\p{L}\p{N}_-]{1,200}$/u;

export const lifetimeSchema = z
  .string()
  .regex(INT, 'invalid_lifetime')
  .transform(Number)
  .refine((n): n is Lifetime => (LIFETIMES as readonly number[]).includes(n), 'invalid_lifetime');
export const genderSchema = z.enum(GENDERS, { error: 'invalid_gender' });
export const countSchema = z
  .string()
  .regex(INT, 'invalid_count')
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_COUNT, 'invalid_count');
export const pageSchema = z
  .string()
  .regex(INT, 'invalid_page')
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_PAGE, 'invalid_page');
export const idSchema = z
  .string()
  .regex(INT, 'invalid_id')
  .transform(Number)
  .refine((n) => n >= 1, 'invalid_id');
export const dirSchema = z.string().regex(DIR, 'invalid_object_id');
const durationSchema = z
  .enum(['all', '0', '1', '2', '3'], { error: 'invalid_duration' })
  .transform((d): DurationClass | undefined =>
    d === 'all' || d === '0' ? undefined : (Number(d) as DurationClass),
  );
const dateSchema = z.enum(DATE_WINDOWS, { error: 'invalid_date' });

/** Dotted tail of videos2 and of search's params: {section}.{object_id}.{page}.{type}.{duration}.{date} */
export const videoTailSchema = z.object({
  section: z.enum(VIDEO_SECTIONS, { error: 'invalid_section' }),
  object_id: z.string().max(700, 'invalid_object_id'),
  page: pageSchema,
  type: z.enum(VIDEO_TYPES, { error: 'invalid_type' }),
  duration: durationSchema,
  date: dateSchema,
});

export interface VideoListParams {
  lifetime: Lifetime;
  gender: Gender;
  sort: ListingSort;
  count: number;
  section: VideoSection;
  objectId: string;
  page: number;
  type: VideoType;
  duration?: DurationClass;
  date: DateWindow;
}

export interface ModelListFilters {
  letter?: string;
  hair?: number;
  race?: string;
  weight?: number;
  height?: number;
  age?: number;
  country?: string;
  /** Cup size as stored (one of MODEL_CUP_SIZES). */
  size_tits?: string;
  tattoo?: boolean;
  piercing?: boolean;
}

/**
 * A country code in a read call's URL: two letters, either case, read as lower case, the one case codes
 * are stored and compared in (docs/decisions.md, issue 34).
 */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((code) => code.toLowerCase());

const optional = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('all'), schema]).transform((v) => (v === 'all' ? undefined : v));
const oneToFour = z.enum(MODEL_RANGES).transform(Number);
/** Yes/no filters as the pornstars page takes them: `1` yes, `0` no. */
const yesNo = z.enum(['1', '0']).transform((v) => v === '1');

/**
 * Dotted tail of /api/json/models/:
 * {page}.{letter}.{hair}.{race}.{weight}.{height}.{age}.{country}[.{size_tits}.{tattoo}.{piercing}].
 * The last three (the pornstars page's cup size, tattoo and piercing filters, issue 34) may be left off:
 * a tail of eight parts is the same call with them `all`.
 */
export const modelTailSchema = z.object({
  page: pageSchema,
  letter: optional(z.enum(LETTERS as [string, ...string[]])),
  hair: optional(z.enum(MODEL_HAIRS).transform(Number)),
  race: optional(z.enum(MODEL_RACES)),
  weight: optional(oneToFour),
  height: optional(oneToFour),
  age: optional(oneToFour),
  country: optional(countryCodeSchema),
  size_tits: optional(z.enum(MODEL_CUP_SIZES)).optional(),
  tattoo: optional(yesNo).optional(),
  piercing: optional(yesNo).optional(),
});

// The answers' shapes are types in catalog-api-types.ts, re-exported here.
export type * from './catalog-api-types.ts';

// --- Route inputs -----------------------------------------------------------------------------------
// The read calls' paths as schemas (server/http/catalog.routes.ts declares them; the OpenAPI document is
// generated from them). Each message is the spec-style code the 400 answers with.

/**
 * The dotted tail `{a}.{b}….json` of a read call as named parts: a tail without `.json` names nothing
 * (404 `not_found`), one with the wrong number of parts is a 400 `invalid_path`. The last `optional`
 * keys may be left off (parts added to a call later, so that its older URLs keep working); a key left
 * off is absent from the parts.
 */
export function jsonTail<
  const K extends readonly string[],
  S extends z.ZodType<unknown, Record<string, string | undefined>>,
>(keys: K, parts: S, optional = 0) {
  const required = keys.length - optional;
  const name = (k: string) => `{${k}}`;
  return z
    .string()
    .transform((file, ctx) => {
      if (!file.endsWith('.json')) {
        ctx.addIssue({ code: 'custom', message: 'not_found' });
        return z.NEVER;
      }
      const values = file.slice(0, -5).split('.');
      if (values.length < required || values.length > keys.length) {
        ctx.addIssue({ code: 'custom', message: 'invalid_path' });
        return z.NEVER;
      }
      return Object.fromEntries(values.map((value, i) => [keys[i], value]));
    })
    .pipe(parts)
    .describe(
      optional
        ? `${keys.slice(0, required).map(name).join('.')}[.${keys.slice(required).map(name).join('.')}].json (the bracketed parts may be left off)`
        : `${keys.map(name).join('.')}.json`,
    );
}

const sortOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'invalid_sort' });

export const videos2Params = z.object({
  lifetime: lifetimeSchema,
  gender: genderSchema,
  // `trending` (beyond the spec's six) lists the trending order: section `videos` only (listings.service).
  sort: sortOf(LISTING_SORTS),
  count: countSchema,
  file: jsonTail(['section', 'object_id', 'page', 'type', 'duration', 'date'], videoTailSchema),
});

/** `params` of the search call: {lifetime}/{gender}/{sort}/{count}/search.{_}.{page}.{type}.{duration}.{date} */
export const searchQuery = z.object({
  params: z
    .string({ error: 'invalid_params' })
    .transform((value, ctx) => {
      const segments = value.split('/');
      const parts = segments[4]?.split('.') ?? [];
      if (segments.length !== 5 || parts.length !== 6 || parts[0] !== 'search') {
        ctx.addIssue({ code: 'custom', message: 'invalid_params' });
        return z.NEVER;
      }
      const [lifetime, gender, sort, count] = segments;
      const [, , page, type, duration, date] = parts;
      return {
        lifetime,
        gender,
        sort,
        count,
        tail: { section: 'videos', object_id: '', page, type, duration, date },
      };
    })
    .pipe(
      z.object({
        lifetime: lifetimeSchema,
        gender: genderSchema,
        sort: sortOf(SEARCH_SORTS),
        count: countSchema,
        tail: videoTailSchema,
      }),
    )
    .describe('{lifetime}/{gender}/{sort}/{count}/search..{page}.{type}.{duration}.{date}'),
  s: z.string().optional().describe('The search text'),
});

const videoIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'invalid_video_id')
  .transform(Number);

export const videoParams = z.object({
  lifetime: lifetimeSchema,
  bucket: z.string().describe('The id rounded down to thousands'),
  file: jsonTail(['id'], z.object({ id: idSchema })),
});

export const relatedParams = z.object({
  lifetime: lifetimeSchema,
  gender: genderSchema,
  count: countSchema,
  file: jsonTail(['video_id', 'page'], z.object({ video_id: videoIdSchema, page: pageSchema })),
});

export const mainParams = z.object({
  lifetime: lifetimeSchema,
  file: jsonTail(
    ['gender', 'lang'],
    z.object({ gender: genderSchema, lang: z.enum(LANGUAGES, { error: 'invalid_lang' }) }),
  ),
});

export const categoriesParams = z.object({
  lifetime: lifetimeSchema,
  gender: genderSchema,
  file: jsonTail(['sort'], z.object({ sort: sortOf(CATEGORY_SORTS) })),
});

export const modelsParams = z.object({
  lifetime: lifetimeSchema,
  gender: genderSchema,
  sort: sortOf(MODEL_SORTS),
  count: countSchema,
  file: jsonTail(
    [
      'page',
      'letter',
      'hair',
      'race',
      'weight',
      'height',
      'age',
      'country',
      'size_tits',
      'tattoo',
      'piercing',
    ],
    modelTailSchema,
    3,
  ),
});

/**
 * `?gender=` of the calls whose path has no orientation (`/model/`, `/channel/`, `/playlist/`,
 * `/videos_mvp/`, `/tags_mvp/`): the visitor's, so that every video count in the answer is of the videos
 * their lists show (docs/decisions.md, "Counts per orientation"). Default str, as the suggester's.
 */
export const countsQuery = z.object({
  gender: genderSchema
    .optional()
    .describe("The visitor's orientation: video counts are of its listed videos (default str)"),
});

/** `/model/`, `/channel/`, `/videos_mvp/`: one object by its dir. */
export const objectDirParams = z.object({
  lifetime: lifetimeSchema,
  file: jsonTail(['object_id'], z.object({ object_id: dirSchema })),
});

const pagedParams = <const T extends readonly [string, ...string[]]>(sorts: T) =>
  z.object({
    lifetime: lifetimeSchema,
    gender: genderSchema,
    sort: sortOf(sorts),
    count: countSchema,
    file: jsonTail(['page'], z.object({ page: pageSchema })),
  });
export const channelsParams = pagedParams(MODEL_SORTS);
export const playlistsParams = pagedParams(PLAYLIST_SORTS);

export const playlistParams = videoParams;

export const tagsParams = z.object({
  lifetime: lifetimeSchema,
  file: jsonTail(
    ['letter'],
    z.object({ letter: z.enum(['all', ...LETTERS] as [string, ...string[]], { error: 'invalid_letter' }) }),
  ),
});

export const suggesterQuery = z.object({
  c: z.string().optional().describe('The typed text (3 to 69 characters give suggestions)'),
  gender: genderSchema.optional(),
  gettags: z.string().optional().describe('Present: the top searches and tags instead'),
});

export const topSearchesParams = z.object({
  lifetime: lifetimeSchema,
  file: jsonTail(['count'], z.object({ count: countSchema })),
});
