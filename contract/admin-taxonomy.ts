// The console's categories, tags (with their mvp block), models and channels (issue 17): the calls
// GET/POST /api/admin/{categories,tags,models,channels}.php and POST /api/admin/taxonomy_image.php,
// and the /admin/{kind}/ pages. Their vocabulary is in admin-taxonomy-values.ts, the field rules (one
// pure parser, parseTaxonomyInput, that the server's schema runs and the pages run before sending) in
// admin-taxonomy-rules.ts; this module re-exports both. No server dependencies.
import { z } from 'zod';
import { parseTaxonomyInput } from './admin-taxonomy-rules.ts';
import {
  IMAGE_KINDS,
  KIND_FIELDS,
  MVP_LINKS_MAX,
  RACES,
  SEARCH_MAX,
  TAXONOMY_MAX_PAGE,
  type TaxonomyKind,
} from './admin-taxonomy-values.ts';
import { GENDERS } from './catalog.ts';

export * from './admin-taxonomy-rules.ts';
export * from './admin-taxonomy-values.ts';

// --- HTTP schemas ---------------------------------------------------------------------------------------

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** GET ?q=&page=&id=: a page of the kind (newest first), searched in titles and dirs; `id`: that one. */
export const taxonomyQuerySchema = z.object({
  q: z
    .preprocess(trimmed, z.string({ error: 'invalid' }).max(SEARCH_MAX, 'max_length').optional())
    .describe(`Words of the title or dir, at most ${SEARCH_MAX} characters.`),
  page: z
    .preprocess(
      trimmed,
      z
        .string({ error: 'invalid' })
        .regex(/^[1-9]\d{0,3}$/, 'invalid')
        .transform(Number)
        .pipe(z.number().max(TAXONOMY_MAX_PAGE, 'invalid')),
    )
    .default(1)
    .describe(`Page number, 1 (default) to ${TAXONOMY_MAX_PAGE}.`),
  id: z
    .preprocess(
      trimmed,
      z
        .string({ error: 'invalid' })
        .regex(/^[1-9]\d{0,14}$/, 'invalid')
        .transform(Number),
    )
    .optional()
    .describe('One object only (404 when unknown).'),
});
export type TaxonomyQuery = z.output<typeof taxonomyQuerySchema>;

const formValue = (what: string) => z.unknown().optional().describe(what);

/** The POST body of a kind's call: loose fields, then parseTaxonomyInput; the output is the command. */
export function taxonomyInputSchema(kind: TaxonomyKind) {
  const shape: Record<string, z.ZodType> = {
    act: formValue('create | edit | delete'),
    id: formValue('The object (edit, delete).'),
    move_to: formValue(
      'delete: another object of the same kind that takes over the videos (and subscribers) first.',
    ),
  };
  for (const field of KIND_FIELDS[kind]) {
    shape[field] = formValue(
      field === 'links'
        ? `A list of {title, url} (JSON, or a JSON string in a form), at most ${MVP_LINKS_MAX}; url a site path or an https address.`
        : field === 'partner'
          ? "1 | 0 (true | false): a partner channel, whose videos' pages show no channel block and a 'Watch' button in the player; '' is 0."
          : field,
    );
  }
  return z.object(shape).transform((input, ctx) => {
    const parsed = parseTaxonomyInput(kind, input);
    if (parsed.ok) return parsed.command;
    for (const { field, code } of parsed.codes)
      ctx.addIssue({ code: 'custom', path: [field], message: code });
    return z.NEVER;
  });
}

const common = {
  id: z.number().int(),
  dir: z.string(),
  title: z.string(),
  description: z.string(),
  total_videos: z.number().int(),
  added_date: z.string().describe('ISO 8601'),
  page_url: z.string().describe('The public page'),
};
const image = z.string().nullable().describe('The picture (a /media URL), or none');

export const adminCategorySchema = z
  .object({ ...common, gender: z.enum(GENDERS), image, viewed: z.number() })
  .meta({ id: 'AdminCategory' });
export const adminTagSchema = z
  .object({
    ...common,
    mtitle: z.string().describe("The tag page's title; '' builds it from the tag"),
    mdesc: z.string(),
    h1: z.string(),
    links: z.array(z.object({ title: z.string(), url: z.string() })).describe('[] shows the related tags'),
  })
  .meta({ id: 'AdminTag' });
export const adminModelSchema = z
  .object({
    ...common,
    gender: z.enum(GENDERS),
    image,
    alias: z.string(),
    age: z.number().int().nullable(),
    birth_date: z.string().nullable(),
    country: z.string().nullable(),
    ethnicity: z.string().nullable(),
    race: z.enum(RACES).nullable(),
    career_status: z.number().int().nullable(),
    career_start: z.number().int().nullable(),
    career_end: z.number().int().nullable(),
    debut_age: z.number().int().nullable(),
    zodiac: z.string().nullable().describe('From the birth date'),
    hair: z.number().int().nullable(),
    eye: z.string().nullable(),
    tattoo: z.boolean().nullable(),
    piercing: z.boolean().nullable(),
    size_tits: z.string().nullable(),
    measurements: z.string().nullable(),
    height: z.number().int().nullable(),
    weight: z.number().int().nullable(),
    viewed: z.number(),
    subscribers: z.number().int(),
  })
  .meta({ id: 'AdminModel' });
export const adminChannelSchema = z
  .object({
    ...common,
    gender: z.enum(GENDERS),
    image,
    url: z.string().nullable(),
    partner: z
      .boolean()
      .describe("A partner channel: no channel block on its videos' pages, a 'Watch' button in the player"),
    viewed: z.number(),
    subscribers: z.number().int(),
  })
  .meta({ id: 'AdminChannel' });

export const ADMIN_ITEM_SCHEMAS = {
  category: adminCategorySchema,
  tag: adminTagSchema,
  model: adminModelSchema,
  channel: adminChannelSchema,
} as const;
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export type AdminTag = z.infer<typeof adminTagSchema>;
export type AdminModel = z.infer<typeof adminModelSchema>;
export type AdminChannel = z.infer<typeof adminChannelSchema>;
export interface AdminItemOf {
  category: AdminCategory;
  tag: AdminTag;
  model: AdminModel;
  channel: AdminChannel;
}
export type AdminTaxonomyItem = AdminItemOf[TaxonomyKind];

export function taxonomyListSchema<K extends TaxonomyKind>(kind: K) {
  return z.object({
    items: z.array(ADMIN_ITEM_SCHEMAS[kind]),
    total_count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
}
export interface TaxonomyList<K extends TaxonomyKind> {
  items: AdminItemOf[K][];
  total_count: number;
  page: number;
  per_page: number;
}

export function taxonomySavedSchema<K extends TaxonomyKind>(kind: K) {
  return z.object({
    status: z.literal('success'),
    act: z.enum(['create', 'edit', 'delete']),
    item: ADMIN_ITEM_SCHEMAS[kind].nullable().describe('The object as saved; null after delete'),
    moved_videos: z.number().int().optional().describe('delete with move_to: videos the other object took'),
  });
}
export interface TaxonomySaved<K extends TaxonomyKind> {
  status: 'success';
  act: 'create' | 'edit' | 'delete';
  item: AdminItemOf[K] | null;
  moved_videos?: number;
}

/** The image call's fields after the multipart body is read. */
export const taxonomyImageFormSchema = z.object({
  kind: z.preprocess(trimmed, z.enum(IMAGE_KINDS, { error: 'invalid' })).describe(IMAGE_KINDS.join(' | ')),
  id: z
    .preprocess(
      trimmed,
      z
        .string({ error: 'required' })
        .regex(/^[1-9]\d{0,14}$/, 'invalid')
        .transform(Number),
    )
    .describe('The object'),
  remove: z
    .preprocess(trimmed, z.enum(['1'], { error: 'invalid' }).optional())
    .describe('1 drops the picture'),
  file: z
    .instanceof(Uint8Array)
    .optional()
    .meta({ type: 'string', format: 'binary' })
    .describe('A JPEG, PNG, WebP or GIF image, at least 100×100, at most 10 MB'),
});
export const taxonomyImageSavedSchema = z.object({
  status: z.literal('success'),
  kind: z.enum(IMAGE_KINDS),
  id: z.number().int(),
  image: z.string().nullable(),
});
export type TaxonomyImageSaved = z.infer<typeof taxonomyImageSavedSchema>;
