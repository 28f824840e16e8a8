import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../contract/catalog.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

// Issue 16 through the real SSR build: the legal pages render in the visitor's language (kt_lang), from
// locales/legal/<code>.json loaded by the information route (app/lib/legal-texts.ts), with the site's
// name and operator put in. PGlite only: no SQL of their own.
const LEGAL = path.resolve(import.meta.dirname, '../../locales/legal');
const OPERATOR_NAME = 'Lumen Harbour Media Ltd';

interface LegalFile {
  terms: { intro: string[]; sections: { title: string }[] };
  dmca: { sections: { title: string }[] };
}
const legal = (lang: string) =>
  JSON.parse(readFileSync(path.join(LEGAL, `${lang}.json`), 'utf8')) as LegalFile;
/** A text as React writes it into HTML. */
const html = (text: string) =>
  text
    .replaceAll('{{site}}', 'Demo Tube')
    .replaceAll('{{operator}}', OPERATOR_NAME)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

const english = legal(DEFAULT_LANGUAGE);
const languages = LANGUAGES.filter(
  (lang) => lang !== DEFAULT_LANGUAGE && existsSync(path.join(LEGAL, `${lang}.json`)),
);

describe('legal pages in the visitor language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { SITE_NAME: 'Demo Tube', OPERATOR_NAME } });
  });
  afterAll(() => t.close());
  const get = (url: string, lang?: string) =>
    t.app.inject({ method: 'GET', url, headers: lang ? { cookie: `kt_lang=${lang}` } : {} });

  it('has the translated files to check', () => {
    expect(languages.length).toBeGreaterThan(0);
  });

  it.each(languages)('%s: /information/terms/ and /information/dmca/ in that language', async (lang) => {
    const texts = legal(lang);
    const terms = await get('/information/terms/', lang);
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain(html(texts.terms.intro[0] ?? ''));
    expect(terms.body).toContain(`<h2>${html(texts.terms.sections[0]?.title ?? '')}</h2>`);
    expect(terms.body).not.toContain(`<h2>${html(english.terms.sections[0]?.title ?? '')}</h2>`);
    const dmca = await get('/information/dmca/', lang);
    expect(dmca.body).toContain(`<h2>${html(texts.dmca.sections[0]?.title ?? '')}</h2>`);
  });

  it('English without a cookie, and the languages do not leak into each other under parallel requests', async () => {
    const picks = ['ja', 'de', DEFAULT_LANGUAGE, 'th'].filter(
      (lang) => lang === DEFAULT_LANGUAGE || languages.includes(lang as (typeof languages)[number]),
    );
    const answers = await Promise.all(
      [...picks, ...picks].map((lang) =>
        get('/information/terms/', lang === DEFAULT_LANGUAGE ? undefined : lang),
      ),
    );
    answers.forEach((res, index) => {
      const lang = picks[index % picks.length] ?? DEFAULT_LANGUAGE;
      expect(res.body, lang).toContain(`<h2>${html(legal(lang).terms.sections[0]?.title ?? '')}</h2>`);
    });
  });
});
