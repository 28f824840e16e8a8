// The field rules of the console's taxonomy forms (issue 17): one pure parser (parseTaxonomyInput) that
// the server's schema runs and the pages run before sending. No server dependencies; contract/admin-taxonomy.ts
// re-exports it.

import {
  ALIAS_MAX,
  DESCRIPTION_MAX,
  DIR_MAX,
  DIR_PATTERN,
  dirOf,
  type FieldCode,
  isMvpUrl,
  isSiteUrl,
  KIND_FIELDS,
  LINK_TITLE_MAX,
  MVP_DESC_MAX,
  MVP_H1_MAX,
  MVP_LINKS_MAX,
  MVP_TITLE_MAX,
  type MvpLinkInput,
  type ParsedTaxonomy,
  RACES,
  type TaxonomyFields,
  type TaxonomyKind,
  TITLE_MAX,
} from './admin-taxonomy-values.ts';
import { GENDERS } from './catalog.ts';

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
