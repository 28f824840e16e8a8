// The legal texts (locales/legal/<code>.json, the keys of locales/legal/en.json) in the visitor's
// language. English comes with the information route's own chunk; another language's file is a chunk of
// its own, loaded when a page needs it: by the route's server loader (the server's store keeps every
// language it loaded), in the browser before a switch of language (onLanguageSwitch in i18n.ts) and
// before a client navigation to the route (its clientLoader). A language without a file, or a key
// missing from one, shows the English text (i18next's fallbackLng).
import english from '../../locales/legal/en.json';
import { addEnglish, i18n } from './i18n.ts';
import { htmlLang, type Language } from './preferences.ts';

const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/legal/*.json', '!../../locales/legal/en.json'],
  { import: 'default' },
);

/** The path of the legal file of `lang` (exported for tests). */
export const legalFileOf = (lang: Language) => `../../locales/legal/${lang}.json`;

/** Adds the English legal texts; merging twice changes nothing. */
export function addEnglishLegal(): void {
  addEnglish({ legal: english });
}

const loading = new Map<Language, Promise<void>>();

/** Loads the legal texts of `lang` once (nothing to load for English or a language without a file). */
export function loadLegal(lang: Language): Promise<void> {
  const tag = htmlLang(lang);
  let done = loading.get(lang);
  if (!done) {
    const load = files[legalFileOf(lang)];
    done = load
      ? load().then((legal) => {
          i18n.addResourceBundle(tag, 'translation', { legal }, true, true);
        })
      : Promise.resolve();
    // A failed load (a network error) may be tried again on the next switch or navigation.
    done.catch(() => loading.delete(lang));
    loading.set(lang, done);
  }
  return done;
}

/** The languages with a legal file of their own, besides English. */
export function legalLanguages(): string[] {
  return Object.keys(files).map((file) => /([a-z]+)\.json$/.exec(file)?.[1] ?? '');
}
