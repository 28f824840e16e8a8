// One i18next instance for the process. The server always renders English (the bundled resources)
// and never switches language, so concurrent requests cannot leak a language into each other; the
// browser hydrates in English, then loads the visitor's language on demand (shell.md §4).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { isOneOf } from './params.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './preferences.ts';

// The legal texts (locales/legal/*.json) are long and read on the information pages only: their
// route module adds them (routes/information.tsx), so they stay out of every other page's first load.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & { legal: typeof import('../../locales/legal/en.json') } };
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
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
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    const load = bundles[`../../locales/${lang}.json`];
    if (load) i18n.addResourceBundle(lang, 'translation', await load(), true, true);
  }
  await i18n.changeLanguage(lang);
}
