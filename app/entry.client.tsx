// React Router's default browser entry, after the page's language is loaded: the server rendered in the
// request's language (entry.server.tsx), so hydration must start in it too or React would find other
// texts than the HTML's. A `?lang=` of the address is remembered in kt_lang (shell.md §3, §4).
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { writeCookie } from './lib/cookies.ts';
import { LANG_PARAM, switchLanguage } from './lib/i18n.ts';
import { isOneOf } from './lib/params.ts';
import {
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  LANGUAGES,
  languageFrom,
  siteLanguageOf,
} from './lib/preferences.ts';

async function start() {
  const lang = siteLanguageOf(document.documentElement.lang);
  const param = new URLSearchParams(window.location.search).get(LANG_PARAM);
  if (isOneOf(param, LANGUAGES) && languageFrom(document.cookie) !== param) {
    writeCookie(LANG_COOKIE, param, LANG_COOKIE_MAX_AGE);
  }
  // A language file that fails to load leaves the page in English: it still hydrates and works.
  await switchLanguage(lang).catch((error: unknown) => console.error(error));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void start();
