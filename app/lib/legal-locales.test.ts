// The legal texts in every language (issue 16): each locales/legal/<code>.json has exactly the keys of
// locales/legal/en.json — arrays (paragraphs, sections, items) of the same length — every text non-empty,
// with the same {{placeholders}} as the English text; a missing file fails. LOCALE_LANGS=de,fr limits the
// run to some languages.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from './preferences.ts';

const LEGAL = path.resolve(import.meta.dirname, '../../locales/legal');

type Json = string | Json[] | { [key: string]: Json };

/** Every text of a file by its path (`dmca.sections.0.title`); arrays are numbered, so lengths count. */
function flatten(value: Json, prefix = '', into = new Map<string, Json>()): Map<string, Json> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) flatten(item, `${prefix}.${index}`, into);
  } else if (Object.keys(value).length === 0) into.set(prefix, value);
  else
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const file = (lang: string) => path.join(LEGAL, `${lang}.json`);
const read = (lang: string) => flatten(JSON.parse(readFileSync(file(lang), 'utf8')) as Json);
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const english = read(DEFAULT_LANGUAGE);
const only = process.env.LOCALE_LANGS?.split(',').filter(Boolean);
const languages = LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE && (!only || only.includes(lang)));

describe('the English legal file', () => {
  it('has texts, none empty', () => {
    expect(english.size).toBeGreaterThan(50);
    expect([...english].filter(([, text]) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
  });
});

describe.each(languages)('the %s legal file', (lang) => {
  it('exists', () => {
    expect(existsSync(file(lang)), `locales/legal/${lang}.json`).toBe(true);
  });

  it('has exactly the keys of en.json, arrays of the same length', () => {
    const keys = new Set(read(lang).keys());
    expect({
      missing: [...english.keys()].filter((key) => !keys.has(key)),
      extra: [...keys].filter((key) => !english.has(key)),
    }).toEqual({ missing: [], extra: [] });
  });

  it('has a text for every key, with the English placeholders', () => {
    const problems: string[] = [];
    for (const [key, text] of read(lang)) {
      const source = english.get(key);
      if (typeof source !== 'string') continue;
      if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`${key}: empty or not a text`);
        continue;
      }
      if (placeholders(source).join() !== placeholders(text).join()) {
        problems.push(`${key}: placeholders ${placeholders(text)} instead of ${placeholders(source)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
