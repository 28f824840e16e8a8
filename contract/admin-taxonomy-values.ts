// The console's taxonomy vocabulary (issue 17): the kinds, their calls and pages, the field limits, the
// editable fields of each kind and the command the rules make of a form (admin-taxonomy-rules.ts). No
// server dependencies; contract/admin-taxonomy.ts re-exports all of it.
import type { Gender } from './catalog.ts';

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
