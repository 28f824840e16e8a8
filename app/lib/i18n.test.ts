import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, loadAllLanguages, metaT, requestLanguage, serverI18n, switchLanguage } from './i18n.ts';

const texts = (lang: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../locales/${lang}.json`), 'utf8')) as {
    header: { login: string };
  };

describe('languages in i18next', () => {
  it('the request language: a valid ?lang=, else kt_lang, else English', () => {
    const request = (query: string, cookie?: string) =>
      new Request(`http://x/${query}`, cookie ? { headers: { cookie } } : {});
    expect(requestLanguage(request('?lang=ja', 'kt_lang=de'))).toBe('ja');
    expect(requestLanguage(request('?lang=xx', 'kt_lang=de'))).toBe('de');
    expect(requestLanguage(request('', 'kt_lang=zz'))).toBe('en');
    expect(requestLanguage(request(''))).toBe('en');
  });

  it('an unknown language raises an error and changes nothing (shell.md §8)', async () => {
    const before = i18n.language;
    await expect(switchLanguage('xx')).rejects.toThrow('Unknown language: xx');
    expect(i18n.language).toBe(before);
  });

  it('switches and remembers a loaded language; a missing key is an empty string', async () => {
    await switchLanguage('cz');
    expect(i18n.language).toBe('cs');
    expect(i18n.t('header.login')).toBe(texts('cz').header.login);
    expect(i18n.hasResourceBundle('cs', 'translation')).toBe(true);
    expect(i18n.t('header.no_such_key' as 'header.login')).toBe('');
    await switchLanguage('en');
    expect(i18n.t('header.login')).toBe(texts('en').header.login);
  });

  it('a server render language is a fixed clone: the shared instance never switches', async () => {
    await loadAllLanguages();
    const before = i18n.language;
    const [ja, th] = [serverI18n('ja'), serverI18n('th')];
    expect(ja.t('header.login')).toBe(texts('ja').header.login);
    expect(th.t('header.login')).toBe(texts('th').header.login);
    expect(serverI18n('ja')).toBe(ja);
    expect(i18n.language).toBe(before);
    // meta functions on the server read the root loader's language.
    const t = metaT([{ id: 'root', loaderData: { lang: 'de' } }]);
    expect(t('header.login')).toBe(texts('de').header.login);
    expect(metaT([])('header.login')).toBe(texts('en').header.login);
  });
});
