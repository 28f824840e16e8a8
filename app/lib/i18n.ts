// One i18next instance for the process. On the server it holds every language (entry.server.tsx adds
// them at start) and never switches: each request renders through a fixed-language clone given to an
// I18nextProvider (serverI18n), and `meta` functions translate with metaT, so concurrent requests in
// different languages never mix. The browser loads the page's language before hydration
// (entry.client.tsx) and other languages on demand, remembered once loaded (shell.md §4).

import core from 'virtual:en/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../../locales/en.json';
import { isOneOf } from './params.ts';
import {
  DEFAULT_LANGUAGE,
  htmlLang,
  LANGUAGES,
  type Language,
  languageFrom,
  siteLanguageOf,
} from './preferences.ts';
import { rootDataOf } from './route-data.ts';
import { LANG_PARAM } from './seo.ts';

export { LANG_PARAM };

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

/** Loads a language's file once (English comes bundled); a loaded language is remembered (shell.md §4). */
async function loadLanguageFile(lang: Language): Promise<void> {
  const tag = htmlLang(lang);
  if (i18n.hasResourceBundle(tag, 'translation')) return;
  const load = bundles[`../../locales/${lang}.json`];
  if (load) i18n.addResourceBundle(tag, 'translation', await load(), true, true);
}

/** Server only, at start (entry.server.tsx): every language file into the process's store. */
export async function loadAllLanguages(): Promise<void> {
  await Promise.all(LANGUAGES.map(loadLanguageFile));
}

/**
 * Browser: loads the language's file if needed, then switches (react-i18next re-renders; root.tsx sets
 * <html lang>). shell.md §8: an unknown language raises an error.
 */
export async function switchLanguage(lang: string): Promise<void> {
  if (!isOneOf(lang, LANGUAGES)) throw new Error(`Unknown language: ${lang}`);
  const tag = htmlLang(lang);
  await loadLanguageFile(lang);
  await Promise.all([...textLoaders].map((loadTexts) => loadTexts(lang)));
  await i18n.changeLanguage(tag);
}

// Texts a route module keeps out of the language files (the legal texts, routes/information.tsx).
const textLoaders = new Set<(lang: Language) => Promise<void>>();

/**
 * Browser: `load` brings a route's own texts of a language; switchLanguage awaits it before each switch
 * (so the page's language is complete before hydration, entry.client.tsx).
 */
export function onLanguageSwitch(load: (lang: Language) => Promise<void>): void {
  textLoaders.add(load);
}

/**
 * The language a request renders in: a valid `?lang=` (seo.ts: each language has its own address for
 * search engines), else the kt_lang cookie, else English.
 */
export function requestLanguage(request: Request): Language {
  const param = new URL(request.url).searchParams.get(LANG_PARAM);
  return isOneOf(param, LANGUAGES) ? param : languageFrom(request.headers.get('cookie'));
}

// Server only: one clone per language, made once; clones share the store and never change language.
const fixed = new Map<Language, typeof i18n>();

/** Server only: the i18next instance a render in `lang` gets (entry.server.tsx). */
export function serverI18n(lang: Language): typeof i18n {
  let instance = fixed.get(lang);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: htmlLang(lang), initAsync: false });
    fixed.set(lang, instance);
  }
  return instance;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/**
 * `t` for `meta` functions and other texts built outside components. The server reads the request's
 * language from the root loader's data (never the process's global language); the browser's current
 * language is the page's (entry.client.tsx) or the one chosen since in the selector.
 */
export function metaT(matches: ReadonlyArray<MatchLike | undefined>) {
  const lang =
    typeof document === 'undefined'
      ? (rootDataOf(matches)?.lang ?? DEFAULT_LANGUAGE)
      : siteLanguageOf(i18n.language);
  return i18n.getFixedT(htmlLang(lang));
}

/** A translate function of one language: metaT's, or a component's useTranslation().t. */
export type Translate = ReturnType<typeof metaT>;
