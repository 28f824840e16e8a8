// The console's categories, tags (with their mvp block), models and channels (issue 17): the calls
// GET/POST /api/admin/{categories,tags,models,channels}.php and POST /api/admin/taxonomy_image.php,
// and the /admin/{kind}/ pages. The field rules are one pure parser (parseTaxonomyInput) that the
// server's schema runs and the pages run before sending. No server dependencies.
import { z } from 'zod';
import { GENDERS, type Gender } from './catalog.ts';

export const TAXONOMY_KINDS = ['category', 'tag', 'model', 'channel'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

export const TAXONOMY_PATHS: Record<TaxonomyKind, string> = {
  category: '/api/admin/categories.php',
  tag: '/api/admin/tags.php',
  model: '/api/admin/models.php',
  channel: '/api/admin/channels.php',
};
/** Multipart: kind, id, file (a JPEG, PNG, WebP or GIF image), or remove=1. */
export const TAXONOMY_IMAGE_PATH = '/api/admin/taxonomy_image.php';
/** The console page of each kind (its edit view is `{page}{id}/`). */
export const TAXONOMY_PAGES: Record<TaxonomyKind, string> = {
  category: '/admin/categories/',
  tag: '/admin/tags/',
  model: '/admin/models/',
  channel: '/admin/channels/',
};
/** Kinds with a picture: categories (thumb), models (photo), channels (scr1). */
export const IMAGE_KINDS = ['category', 'model', 'channel'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const TAXONOMY_PAGE_SIZE = 50;
export const TAXONOMY_MAX_PAGE = 1000;
export const SEARCH_MAX = 100;
export const TITLE_MAX = 100;
export const DIR_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const MVP_TITLE_MAX = 200;
export const MVP_DESC_MAX = 500;
export const MVP_H1_MAX = 200;
export const MVP_LINKS_MAX = 30;
export const LINK_TITLE_MAX = 100;
export const URL_MAX = 500;
export const ALIAS_MAX = 300;
/** The stored picture, WebP, cropped to fill (16:9 for categories and channels, 3:4 for models). */
export const TAXONOMY_IMAGE_SIZE: Record<ImageKind, { width: number; height: number }> = {
  category: { width: 640, height: 360 },
  model: { width: 480, height: 640 },
  channel: { width: 640, height: 360 },
};
export const TAXONOMY_IMAGE_MIN = 100;
export const TAXONOMY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** `[a-z0-9]` words joined by single hyphens: the path segment of the object's public page. */
export const DIR_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const RACES = ['asian', 'caucasian', 'ebony', 'latin'] as const;
export const HAIR_COLOURS = [1, 2, 3, 4, 5] as const;

/** The dir a title gives: letters without their accents, lowercased, other runs become one hyphen. */
export function dirOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, DIR_MAX)
    .replace(/-+$/, '');
}

/** A link of the mvp block: a path of this site (`/tags/x/1/`) or an https address. */
export function isMvpUrl(url: string): boolean {
  if (url.length === 0 || url.length > URL_MAX || /\s/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.includes('\\');
  if (!url.startsWith('https://')) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname.length > 0 && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** A channel's site: an http(s) address. */
export function isSiteUrl(url: string): boolean {
  if (url.length > URL_MAX || /\s/.test(url) || !/^https?:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.hostname.length > 0 && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

export interface MvpLinkInput {
  title: string;
  url: string;
}

/** The editable fields of each kind; the command carries only those the input had. */
export interface TaxonomyFields {
  title?: string;
  dir?: string;
  description?: string;
  gender?: Gender;
  // tag
  mtitle?: string;
  mdesc?: string;
  h1?: string;
  links?: MvpLinkInput[];
  // channel
  url?: string | null;
  /** A partner channel (content.md §2): no channel block on its videos' pages, a 'Watch' button in the player. */
  partner?: boolean;
  // model
  alias?: string;
  birth_date?: string | null;
  country?: string | null;
  ethnicity?: string | null;
  race?: (typeof RACES)[number] | null;
  career_status?: 0 | 1 | null;
  career_start?: number | null;
  career_end?: number | null;
  debut_age?: number | null;
  hair?: number | null;
  eye?: string | null;
  tattoo?: boolean | null;
  piercing?: boolean | null;
  size_tits?: string | null;
  measurements?: string | null;
  height?: number | null;
  weight?: number | null;
}

export const KIND_FIELDS: Record<TaxonomyKind, readonly (keyof TaxonomyFields)[]> = {
  category: ['title', 'dir', 'description', 'gender'],
  tag: ['title', 'dir', 'description', 'mtitle', 'mdesc', 'h1', 'links'],
  model: [
    'title',
    'dir',
    'alias',
    'gender',
    'description',
    'birth_date',
    'country',
    'ethnicity',
    'race',
    'career_status',
    'career_start',
    'career_end',
    'debut_age',
    'hair',
    'eye',
    'tattoo',
    'piercing',
    'size_tits',
    'measurements',
    'height',
    'weight',
  ],
  channel: ['title', 'dir', 'description', 'url', 'gender', 'partner'],
};

export type TaxonomyCommand =
  | { act: 'create'; fields: TaxonomyFields }
  | { act: 'edit'; id: number; fields: TaxonomyFields }
  | { act: 'delete'; id: number; moveTo: number | null };

export interface FieldCode {
  field: string;
  code: string;
}
export type ParsedTaxonomy = { ok: true; command: TaxonomyCommand } | { ok: false; codes: FieldCode[] };

type Rule = (value: string, codes: FieldCode[], field: string) => unknown;

/** A text field: at most `max` characters, '' allowed (or null with `nullable`). */
const textRule =
  (max: number, nullable = false): Rule =>
  (value, codes, field) => {
    if (value.length > max) return void codes.push({ field, code: 'max_length' });
    return nullable && value === '' ? null : value;
  };
/** An integer in [min, max], or null for ''. */
const intRule =
  (min: number, max: number): Rule =>
  (value, codes, field) => {
    if (value === '') return null;
    if (!/^\d{1,4}$/.test(value) || Number(value) < min || Number(value) > max)
      return void codes.push({ field, code: 'invalid' });
    return Number(value);
  };
const boolRule: Rule = (value, codes, field) => {
  if (value === '') return null;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  codes.push({ field, code: 'invalid' });
};
const enumRule =
  <T extends string>(values: readonly T[], nullable: boolean): Rule =>
  (value, codes, field) => {
    if (value === '' && nullable) return null;
    if (!(values as readonly string[]).includes(value)) return void codes.push({ field, code: 'invalid' });
    return value;
  };

const thisYear = () => new Date().getUTCFullYear();

const RULES: Record<Exclude<keyof TaxonomyFields, 'links' | 'title' | 'dir'>, Rule> = {
  description: textRule(DESCRIPTION_MAX),
  gender: enumRule(GENDERS, false),
  mtitle: textRule(MVP_TITLE_MAX),
  mdesc: textRule(MVP_DESC_MAX),
  h1: textRule(MVP_H1_MAX),
  url: (value, codes, field) => {
    if (value === '') return null;
    if (!isSiteUrl(value)) return void codes.push({ field, code: 'invalid_url' });
    return value;
  },
  alias: textRule(ALIAS_MAX),
  birth_date: (value, codes, field) => {
    if (value === '') return null;
    const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
    if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value || value < '1900-01-01')
      return void codes.push({ field, code: 'invalid' });
    const adult = new Date();
    adult.setUTCFullYear(adult.getUTCFullYear() - 18);
    if (value > adult.toISOString().slice(0, 10)) return void codes.push({ field, code: 'too_young' });
    return value;
  },
  country: (value, codes, field) => {
    if (value === '') return null;
    if (!/^[a-z]{2}$/i.test(value)) return void codes.push({ field, code: 'invalid' });
    return value.toLowerCase();
  },
  ethnicity: textRule(50, true),
  race: enumRule(RACES, true),
  career_status: (value, codes, field) => {
    if (value === '') return null;
    if (value !== '0' && value !== '1') return void codes.push({ field, code: 'invalid' });
    return Number(value);
  },
  career_start: (value, codes, field) => intRule(1950, thisYear())(value, codes, field),
  career_end: (value, codes, field) => intRule(1950, thisYear())(value, codes, field),
  debut_age: intRule(18, 99),
  hair: intRule(1, 5),
  eye: textRule(30, true),
  tattoo: boolRule,
  piercing: boolRule,
  // A flag, never unknown: '' (an unticked box) is false.
  partner: (value, codes, field) => (value === '' ? false : boolRule(value, codes, field)),
  size_tits: textRule(10, true),
  measurements: textRule(50, true),
  height: intRule(100, 250),
  weight: intRule(30, 250),
};

/** A posted value as text: strings trimmed, numbers and booleans spelled out; anything else is invalid. */
function textOf(value: unknown): string | undefined | false {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return false;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL = /[\u0000-\u001f\u007f]/;

function parseLinks(raw: unknown, codes: FieldCode[]): MvpLinkInput[] | undefined {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return [];
    try {
      list = JSON.parse(raw);
    } catch {
      codes.push({ field: 'links', code: 'invalid' });
      return;
    }
  }
  if (!Array.isArray(list)) return void codes.push({ field: 'links', code: 'invalid' });
  if (list.length > MVP_LINKS_MAX) return void codes.push({ field: 'links', code: 'too_many' });
  const links: MvpLinkInput[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const title = typeof item?.title === 'string' ? item.title.trim() : undefined;
    const url = typeof item?.url === 'string' ? item.url.trim() : undefined;
    if (typeof item !== 'object' || item === null || title === undefined || url === undefined) {
      codes.push({ field: `links.${i}`, code: 'invalid' });
      return;
    }
    // Nested values miss the staff scope's check of form fields (server/http/input.ts): done here.
    if (CONTROL.test(title) || CONTROL.test(url)) {
      codes.push({ field: `links.${i}`, code: 'invalid_characters' });
      return;
    }
    if (title === '') codes.push({ field: `links.${i}.title`, code: 'required' });
    else if (title.length > LINK_TITLE_MAX) codes.push({ field: `links.${i}.title`, code: 'max_length' });
    if (url === '') codes.push({ field: `links.${i}.url`, code: 'required' });
    else if (!isMvpUrl(url)) codes.push({ field: `links.${i}.url`, code: 'invalid_url' });
    else if (seen.has(url)) codes.push({ field: `links.${i}.url`, code: 'duplicate' });
    seen.add(url);
    links.push({ title, url });
  });
  return links;
}

const idOf = (value: unknown): number | null => {
  const text = textOf(value);
  return typeof text === 'string' && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
};

/**
 * The POST fields (form-encoded or JSON) as a command, or the field codes: `act` create | edit | delete;
 * `id` for edit and delete; `move_to` (delete: the object of the same kind that takes over its videos);
 * the kind's fields (KIND_FIELDS). On edit a missing field keeps its value, '' clears an optional one.
 */
export function parseTaxonomyInput(kind: TaxonomyKind, input: Record<string, unknown>): ParsedTaxonomy {
  const codes: FieldCode[] = [];
  const act = textOf(input.act);
  if (act !== 'create' && act !== 'edit' && act !== 'delete') {
    return {
      ok: false,
      codes: [{ field: 'act', code: act === undefined || act === '' ? 'required' : 'invalid' }],
    };
  }
  let id = 0;
  if (act !== 'create') {
    const parsed = idOf(input.id);
    if (parsed === null) {
      const raw = textOf(input.id);
      return {
        ok: false,
        codes: [{ field: 'id', code: raw === undefined || raw === '' ? 'required' : 'invalid' }],
      };
    }
    id = parsed;
  }
  if (act === 'delete') {
    const raw = textOf(input.move_to);
    if (raw === undefined || raw === '') return { ok: true, command: { act, id, moveTo: null } };
    const moveTo = idOf(input.move_to);
    if (moveTo === null || moveTo === id)
      return { ok: false, codes: [{ field: 'move_to', code: 'invalid' }] };
    return { ok: true, command: { act, id, moveTo } };
  }

  const fields: TaxonomyFields = {};
  const put = fields as Record<string, unknown>;
  for (const field of KIND_FIELDS[kind]) {
    if (field === 'links') {
      if (input.links === undefined) continue;
      const links = parseLinks(input.links, codes);
      if (links) fields.links = links;
      continue;
    }
    const value = textOf(input[field]);
    if (value === false) {
      codes.push({ field, code: 'invalid' });
      continue;
    }
    if (field === 'title') {
      if (value === undefined && act === 'edit') continue;
      if (!value) codes.push({ field, code: 'required' });
      else if (value.length > TITLE_MAX) codes.push({ field, code: 'max_length' });
      else fields.title = value;
      continue;
    }
    if (field === 'dir') {
      if (value === undefined && act === 'edit') continue;
      const dir = value ? value.toLowerCase() : act === 'create' && fields.title ? dirOf(fields.title) : '';
      if (dir === '') codes.push({ field, code: 'required' });
      else if (dir.length > DIR_MAX || !DIR_PATTERN.test(dir)) codes.push({ field, code: 'invalid' });
      else fields.dir = dir;
      continue;
    }
    if (value === undefined) continue;
    const parsed = RULES[field](value, codes, field);
    if (parsed !== undefined) put[field] = parsed;
  }
  if (
    typeof fields.career_start === 'number' &&
    typeof fields.career_end === 'number' &&
    fields.career_end < fields.career_start
  ) {
    codes.push({ field: 'career_end', code: 'invalid' });
  }
  if (codes.length > 0) return { ok: false, codes };
  if (act === 'create') return { ok: true, command: { act, fields } };
  return { ok: true, command: { act, id, fields } };
}

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
