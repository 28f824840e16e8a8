// One i18next instance for the process. The server always renders English (the bundled resources)
// and never switches language, so concurrent requests cannot leak a language into each other; the
// browser hydrates in English, then loads the visitor's language on demand (shell.md §4).

import core from 'virtual:en/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../../locales/en.json';
import { isOneOf } from './params.ts';
import { DEFAULT_LANGUAGE, htmlLang, LANGUAGES } from './preferences.ts';

// The legal texts (locales/legal/*.json) are long and read on the information pages only: their
// route module adds them (routes/information.tsx), so they stay out of every other page's first load.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & { legal: typeof import('../../locales/legal/en.json') } };
  }
}

export const i18n = i18next.createInstance();

/**
 * The English texts every page may show (`virtual:en/core`) come with the entry; the namespaces of
 * ROUTE_NAMESPACES come with the route modules that show them, which pass them to addEnglish
 * (locales/vite-english.ts makes both from en.json). Other languages load whole, on demand
 * (switchLanguage).
 */
/** Adds English namespaces a route module imported; merging twice changes nothing. */
export function addEnglish(namespaces: Record<string, unknown>): void {
  i18n.addResourceBundle('en', 'translation', namespaces, true, false);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: core } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // BCP 47 tags (preferences.ts htmlLang): the plural rules of each language are Intl's for its tag.
  supportedLngs: LANGUAGES.map(htmlLang),
  initAsync: false,
  // React escapes output itself.
  interpolation: { escapeValue: false },
  // shell.md §8: a missing translation shows as an empty string, not as its key.
  parseMissingKeyHandler: () => '',
  react: { useSuspense: false },
});

// Each language file becomes its own chunk, fetched only when chosen.
const bundles = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*.json', '!../../locales/en.json'],
  {
    import: 'default',
  },
);

/** Browser only. Languages without a file yet fall back to English texts but still switch `lang`. */
export async function switchLanguage(lang: string): Promise<void> {
  if (!isOneOf(lang, LANGUAGES)) throw new Error(`Unknown language: ${lang}`);
  const tag = htmlLang(lang);
  if (!i18n.hasResourceBundle(tag, 'translation')) {
    const load = bundles[`../../locales/${lang}.json`];
    if (load) i18n.addResourceBundle(tag, 'translation', await load(), true, true);
  }
  await i18n.changeLanguage(tag);
}
