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
import { renderHtmlAsDocumentElement, unhoistReactHead } from './preact/document.ts';

renderHtmlAsDocumentElement();

/**
 * HydratedRouter's first render suspends until the server's router state (a turbo stream in the page) is
 * decoded. React waits for that at the root; Preact needs a Suspense boundary for it, and one around the
 * whole document would not keep the server's HTML. So the decoding is started and awaited before
 * hydrating: HydratedRouter's first call throws the decoding promise before it touches any hook. A call
 * that does not throw it (already decoded) or throws something else leaves it to the real render.
 */
async function routerStateDecoded() {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') await thrown;
  }
}

async function start() {
  const lang = siteLanguageOf(document.documentElement.lang);
  const param = new URLSearchParams(window.location.search).get(LANG_PARAM);
  if (isOneOf(param, LANGUAGES) && languageFrom(document.cookie) !== param) {
    writeCookie(LANG_COOKIE, param, LANG_COOKIE_MAX_AGE);
  }
  // A language file that fails to load leaves the page in English: it still hydrates and works.
  await switchLanguage(lang).catch((error: unknown) => console.error(error));
  await routerStateDecoded();
  unhoistReactHead();
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
