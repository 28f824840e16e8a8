import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from 'react-router';
import type { Route } from './+types/root.ts';
import { ageGateFromServer } from './components/shell/age-gate.tsx';
import { Shell } from './components/shell/shell.tsx';
import { NotFound, ServerError } from './components/status-page.tsx';
import { userContext, visitorContext } from './lib/context.ts';
import { scriptPolicy, useNonce } from './lib/csp.ts';
import { i18n, switchLanguage } from './lib/i18n.ts';
import { genderFrom, htmlLang, languageFrom, siteLanguageOf } from './lib/preferences.ts';
import { type RootData, servicesOf, siteOf, useRootData } from './lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from './lib/seo.ts';
import appCss from './styles/app.css?url';

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%23ff5e3a'/%3E%3Cpath d='M12 9l12 7-12 7z' fill='%23fff'/%3E%3C/svg%3E";

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: FAVICON, type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { site, accounts, ads, messages } = servicesOf(context);
  const cookie = request.headers.get('cookie');
  const user = context.get(userContext);
  return {
    site: { name: site.name, publicUrl: site.publicUrl },
    gender: genderFrom(cookie),
    lang: languageFrom(cookie),
    now: Date.now(),
    user,
    googleSignIn: accounts.googleEnabled,
    ads: await ads.forViewer(user),
    unreadMessages: await messages.unreadCount(user),
    ageGate: ageGateFromServer({
      signedIn: user !== null,
      countryListed: context.get(visitorContext).ageGateCountry,
    }),
    links: site.links,
  };
}

/** Used by routes without their own meta, and for error pages (404: noindex). */
export function meta({ error, location, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return pageMeta({
      site,
      location,
      title: i18n.t(notFound ? 'notfound.title' : 'error.title'),
      description: '',
      robots: ROBOTS_NOINDEX,
    });
  }
  return pageMeta({ site, location, title: site.name, description: '' });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { i18n: active } = useTranslation();
  const root = useRootData();
  const cookieLang = root?.lang;
  // Server only: the browser already holds the policy of the page it loaded (csp.ts).
  const nonce = useNonce();

  // Hydration happens in English, as the server rendered; the visitor's language follows. Only a
  // change of the cookie's value counts: the selector has already switched before the loader knows.
  useEffect(() => {
    if (cookieLang && cookieLang !== siteLanguageOf(i18n.language)) {
      switchLanguage(cookieLang).catch(() => undefined);
    }
  }, [cookieLang]);

  return (
    // The age gate's inline script may mark <html> before hydration (components/shell/age-gate.tsx).
    <html lang={htmlLang(siteLanguageOf(active.language))} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {nonce ? <meta httpEquiv="Content-Security-Policy" content={scriptPolicy(nonce)} /> : null}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <meta name="theme-color" content="#0e0e11" />
        <meta name="rating" content="adult" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

interface BareHandle {
  bare?: boolean;
}

export default function App() {
  // The embedded player (handle.bare) is framed by other sites: no header, no footer.
  const bare = useMatches().some((match) => (match.handle as BareHandle | undefined)?.bare);
  if (bare) return <Outlet />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <Shell>{notFound ? <NotFound /> : <ServerError />}</Shell>;
}
