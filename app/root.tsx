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
import { hasPromoQuery } from '../contract/age-gates.ts';
import type { Route } from './+types/root.ts';
import { useAnalytics } from './components/analytics.tsx';
import { ScriptFonts } from './components/script-fonts.tsx';
import { ageGateFromServer } from './components/shell/age-gate.tsx';
import { Shell } from './components/shell/shell.tsx';
import { NotFound, ServerError } from './components/status-page.tsx';
import { StopScroll } from './components/stop-scroll.tsx';
import { captchaOrigins } from './lib/captcha-origins.ts';
import { userContext, visitorContext } from './lib/context.ts';
import { scriptPolicy, useNonce } from './lib/csp.ts';
import { i18n, metaT, requestLanguage, switchLanguage } from './lib/i18n.ts';
import { NavigationOrigins } from './lib/navigation-origin.ts';
import { genderFrom, htmlLang, siteLanguageOf } from './lib/preferences.ts';
import { type RootData, servicesOf, siteOf, useRootData } from './lib/route-data.ts';
import { pageMeta } from './lib/seo.ts';
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
  const visitor = context.get(visitorContext);
  // The UK gate's server clauses (shell.md §4): country gb, not age_verified, no referrer, no promo query.
  const ukGate =
    visitor.ukCountry &&
    !user?.age_verified &&
    !visitor.referred &&
    !hasPromoQuery(new URL(request.url).searchParams)
      ? { status: await servicesOf(context).ageVerification.statusOf(user) }
      : null;
  return {
    site: { name: site.name, publicUrl: site.publicUrl, signedMedia: site.signedMedia },
    gender: genderFrom(cookie),
    // The language this page renders in (entry.server.tsx): `?lang=`, else kt_lang.
    lang: requestLanguage(request),
    now: Date.now(),
    user,
    googleSignIn: accounts.googleEnabled,
    ads: await ads.forViewer(user),
    unreadMessages: await messages.unreadCount(user),
    ageGate: ageGateFromServer({
      signedIn: user !== null,
      countryListed: visitor.ageGateCountry,
    }),
    ukGate,
    links: site.links,
    captcha: site.captcha,
    // The language menu's choices (site settings, issue 17).
    languages: site.languages,
    analyticsScriptUrl: site.analyticsScriptUrl ?? null,
  };
}

/** Used by routes without their own meta, and for error pages (noindex, no canonical). */
export function meta({ error, location, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return pageMeta({
      site,
      location,
      title: metaT(matches)(notFound ? 'notfound.title' : 'error.title'),
      description: '',
      errorPage: true,
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

  // The page hydrates in the language the server rendered (entry.client.tsx). Only a change of the
  // loader's language counts (e.g. the cookie cleared at login): the selector has already switched.
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
        {nonce ? (
          <meta
            httpEquiv="Content-Security-Policy"
            content={scriptPolicy(nonce, captchaOrigins(root?.captcha))}
          />
        ) : null}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <meta name="theme-color" content="#0e0e11" />
        <meta name="rating" content="adult" />
        <Meta />
        <Links />
        <ScriptFonts lang={siteLanguageOf(active.language)} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <StopScroll />
        <NavigationOrigins />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

interface BareHandle {
  bare?: boolean;
}

export default function App() {
  // A page view after every navigation, and the goal events' analytics object (issue 17).
  useAnalytics(useRootData()?.analyticsScriptUrl);
  // The embedded player (handle.bare) is framed by other sites: no header, no footer.
  const bare = useMatches().some((match) => (match.handle as BareHandle | undefined)?.bare);
  if (bare) return <Outlet />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * Only when the root loader itself fails (no site name, no user to show). Every page's own error is
 * caught one level down, inside this shell, with the root loader's data: routes/page-errors.tsx.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <Shell>{notFound ? <NotFound /> : <ServerError />}</Shell>;
}
