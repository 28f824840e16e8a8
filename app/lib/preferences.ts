// Visitor preferences kept in cookies so that server rendering and loaders see them too.
import {
  DEFAULT_GENDER,
  DEFAULT_LANGUAGE,
  GENDERS,
  type Gender,
  LANGUAGES,
  type Language,
} from '../../contract/catalog.ts';
import { readCookie } from './cookies.ts';
import { isOneOf } from './params.ts';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

export const LANG_COOKIE = 'kt_lang';
/** shell.md §3: the language cookie lives one day. */
export const LANG_COOKIE_MAX_AGE = 86_400;
export const GENDER_COOKIE = 'kt_gender';
export const GENDER_COOKIE_MAX_AGE = 365 * 86_400;

// The spec's codes are the site's own (country-like) codes; <html lang> wants BCP 47 tags.
const HTML_LANG: Partial<Record<Language, string>> = { cn: 'zh', cz: 'cs', dk: 'da', kr: 'ko', se: 'sv' };

export function htmlLang(lang: string): string {
  return isOneOf(lang, LANGUAGES) ? (HTML_LANG[lang] ?? lang) : DEFAULT_LANGUAGE;
}

/**
 * The site's code of a BCP 47 tag (`cs` → `cz`): i18next runs on the tags, so that its plural rules
 * (Intl.PluralRules) are the language's own — `cz` would be read as an unknown language with English
 * plurals, `se` as Northern Sami — while the cookie, the selector and the spec's calls keep the codes.
 */
export function siteLanguageOf(tag: string): Language {
  const found = LANGUAGES.find((lang) => htmlLang(lang) === tag);
  return found ?? DEFAULT_LANGUAGE;
}

export function languageFrom(cookieHeader: string | null | undefined): Language {
  const value = readCookie(cookieHeader, LANG_COOKIE);
  return isOneOf(value, LANGUAGES) ? value : DEFAULT_LANGUAGE;
}

export function genderFrom(cookieHeader: string | null | undefined): Gender {
  const value = readCookie(cookieHeader, GENDER_COOKIE);
  return isOneOf(value, GENDERS) ? value : DEFAULT_GENDER;
}
