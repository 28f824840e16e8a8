// The account mails in the member's language (issue 16): the texts of locales/mail/<code>.json (the
// server never imports app/, so the mails have a small catalogue of their own), the choice of language
// for a request, and the mails themselves as plain text. The link stands on a line of its own, outside
// any translated sentence; the link's lifetime is a number with its unit as the language writes it
// (Intl: "48 Stunden", "2 godziny", "48 часов"), so no text needs plural forms.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/catalog.ts';

export type { Language };

/** The language cookie the site's selector writes (app/lib/preferences.ts LANG_COOKIE). */
export const LANG_COOKIE = 'kt_lang';

export const MAIL_KINDS = ['confirm', 'restore', 'email_change'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** What a request tells of its reader's language. */
export interface RequestLanguage {
  /** The site's language cookie: the visitor chose it (or followed a `?lang=` link). */
  chosen: Language | null;
  /** The browser's Accept-Language, mapped to the site's codes. */
  browser: Language | null;
}

export interface MailValues {
  site: string;
  username: string;
  link: string;
  hours: number;
}

export type Catalogue = { [key: string]: string | Catalogue };

export const MAIL_DIR = path.resolve(import.meta.dirname, '../../../locales/mail');

// The site's codes are country-like; Intl and Accept-Language speak BCP 47.
const TAG_OF: Partial<Record<Language, string>> = {
  cn: 'zh',
  cz: 'cs',
  dk: 'da',
  kr: 'ko',
  no: 'nb',
  se: 'sv',
};
/** Primary subtags of Accept-Language that differ from the site's code (`se` itself is Northern Sami, `kr` Kanuri). */
const CODE_OF: Record<string, Language> = {
  zh: 'cn',
  cs: 'cz',
  da: 'dk',
  ko: 'kr',
  nb: 'no',
  nn: 'no',
  no: 'no',
  sv: 'se',
};
const SAME_AS_TAG = new Set<string>(LANGUAGES.filter((code) => !TAG_OF[code]));

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

let catalogues: Map<Language, Catalogue> | undefined;

/** Every language file, read once at first use; a file that is missing or unreadable is English. */
function loadCatalogues(): Map<Language, Catalogue> {
  if (catalogues) return catalogues;
  const loaded = new Map<Language, Catalogue>();
  for (const lang of LANGUAGES) {
    try {
      loaded.set(lang, JSON.parse(readFileSync(path.join(MAIL_DIR, `${lang}.json`), 'utf8')) as Catalogue);
    } catch (error) {
      // English is the fallback of every key: without it no mail can be written.
      if (lang === DEFAULT_LANGUAGE) throw error;
    }
  }
  catalogues = loaded;
  return loaded;
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

/** The text of `key` in `lang`, else the English one (a missing or empty translation, a missing file). */
export function mailText(
  lang: Language,
  key: string,
  all: ReadonlyMap<Language, Catalogue> = loadCatalogues(),
): string {
  const text = lookup(all.get(lang), key) ?? lookup(all.get(DEFAULT_LANGUAGE), key);
  if (text === undefined) throw new Error(`mail text ${key} is missing from locales/mail/en.json`);
  return text;
}

// Line breaks, other control characters and the bidirectional overrides (which could make a line read
// differently from what it says) never reach a mail from a value.
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]+/gu;

/**
 * `{{name}}` replaced by its value in one pass: a value is never read as a template itself, and an
 * unknown name gives an empty string. Values lose control characters; `html` escapes them as well,
 * for a text set in HTML.
 */
export function interpolate(
  template: string,
  values: Readonly<Record<string, string | number>>,
  options: { html?: boolean } = {},
): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const value = Object.hasOwn(values, name) ? String(values[name]) : '';
    const clean = value.replace(UNSAFE, ' ');
    return options.html ? escapeHtml(clean) : clean;
  });
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A number of hours as `lang` writes it ("48 hours", "48 Stunden", "2 godziny"). */
export function hoursText(lang: Language, hours: number): string {
  return new Intl.NumberFormat(TAG_OF[lang] ?? lang, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'long',
  }).format(hours);
}

/** One account mail in `lang`: the subject and the plain-text body, the link on its own line. */
export function accountMail(
  kind: MailKind,
  lang: Language,
  values: MailValues,
): { subject: string; text: string } {
  const fill = { site: values.site, username: values.username, duration: hoursText(lang, values.hours) };
  const t = (key: string) => interpolate(mailText(lang, key), fill);
  const expiry = kind === 'email_change' ? `${t('expiry')} ${t('email_change.pending')}` : t('expiry');
  const paragraphs = [
    t('greeting'),
    t(`${kind}.intro`),
    values.link.replace(UNSAFE, ''),
    expiry,
    t(`${kind}.ignore`),
    t('signature'),
  ];
  return { subject: t(`${kind}.subject`), text: `${paragraphs.join('\n\n')}\n` };
}

/** The site's code for an Accept-Language header: its best-weighted language the site has, else null. */
export function languageOfAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { primary: range.trim().split('-')[0]?.toLowerCase() ?? '', weight, index };
    })
    .filter((entry) => Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { primary } of ranked) {
    const code = CODE_OF[primary] ?? (SAME_AS_TAG.has(primary) ? (primary as Language) : undefined);
    if (code) return code;
  }
  return null;
}

/** What a request says of its language: the `kt_lang` cookie (a valid code) and Accept-Language. */
export function requestLanguageOf(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): RequestLanguage {
  return { chosen: isLanguage(cookie) ? cookie : null, browser: languageOfAcceptLanguage(acceptLanguage) };
}

/**
 * The language of a mail: the language the visitor chose on the site (the cookie), else the one stored
 * with the account (the language of its sign-up: a reset asked from another browser), else the
 * browser's, else English.
 */
export function mailLanguage(request: RequestLanguage | undefined, stored?: string | null): Language {
  if (request?.chosen) return request.chosen;
  if (isLanguage(stored)) return stored;
  return request?.browser ?? DEFAULT_LANGUAGE;
}
