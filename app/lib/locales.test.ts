// The language files (issue 16; shell.md §9 names 20 languages): each holds exactly the keys of
// locales/en.json — plural keys with the plural forms of its own language (Intl.PluralRules of its BCP 47
// tag: Czech one/few/many/other, Japanese other only) — every text non-empty, not the key itself, and
// with the same {{placeholders}} as the English text. A language missing a key, or with a key too
// many, fails here. LOCALE_LANGS=de,fr limits the run to some languages (while writing them).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, htmlLang, LANGUAGES } from './preferences.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(name, value);
    else flatten(value, name, into);
  }
  return into;
}

const read = (lang: string): Map<string, string> =>
  flatten(JSON.parse(readFileSync(path.join(LOCALES, `${lang}.json`), 'utf8')) as Tree);
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const english = read(DEFAULT_LANGUAGE);
/** Keys without their plural suffix, each with its English text of the `other` form (or its only one). */
const englishKeys = new Map<string, { plural: boolean; text: string }>();
// A key is plural when English has its `_one` and `_other` forms (`error.too_many` alone is not).
const pluralBase = (key: string): string | null => {
  const base = key.replace(PLURAL, '');
  return base !== key && english.has(`${base}_one`) && english.has(`${base}_other`) ? base : null;
};
for (const [key, text] of english) {
  const base = pluralBase(key);
  if (base === null) englishKeys.set(key, { plural: false, text });
  else if (key.endsWith('_other')) englishKeys.set(base, { plural: true, text });
}

/** The keys a language must have: the English ones, plural keys in that language's own forms. */
function expectedKeys(lang: string): Set<string> {
  const forms = new Intl.PluralRules(htmlLang(lang)).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const [base, { plural }] of englishKeys) {
    if (plural) for (const form of forms) keys.add(`${base}_${form}`);
    else keys.add(base);
  }
  return keys;
}

const only = process.env.LOCALE_LANGS?.split(',').filter(Boolean);
const languages = LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE && (!only || only.includes(lang)));

describe('the English file', () => {
  it('has no empty text', () => {
    expect([...english].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });
});

describe.each(languages)('the %s file', (lang) => {
  it('exists', () => {
    expect(existsSync(path.join(LOCALES, `${lang}.json`)), `locales/${lang}.json`).toBe(true);
  });

  it('has exactly the keys of en.json, plurals in its own forms', () => {
    const keys = new Set(read(lang).keys());
    const expected = expectedKeys(lang);
    expect({
      missing: [...expected].filter((key) => !keys.has(key)),
      extra: [...keys].filter((key) => !expected.has(key)),
    }).toEqual({ missing: [], extra: [] });
  });

  it('has a text for every key, never the key itself, with the English placeholders', () => {
    const problems: string[] = [];
    for (const [key, text] of read(lang)) {
      const source = englishKeys.get(key) ?? englishKeys.get(key.replace(PLURAL, ''));
      if (!source) continue;
      if (text.trim() === '') problems.push(`${key}: empty`);
      else if (text === key) problems.push(`${key}: the key itself`);
      const want = placeholders(source.text).filter((name) => name !== 'count');
      const have = placeholders(text).filter((name) => name !== 'count');
      if (want.join() !== have.join()) problems.push(`${key}: placeholders ${have} instead of ${want}`);
    }
    expect(problems).toEqual([]);
  });
});
