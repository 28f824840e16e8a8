// Shared plumbing of route modules: services from the load context, the root loader's data.
import type { RouterContextProvider } from 'react-router';
import { useRouteLoaderData } from 'react-router';
import type { CurrentUser } from '../../contract/accounts.ts';
import type { AdsForViewer } from '../../contract/ads.ts';
import type { AgeVerificationStatus } from '../../contract/age-verification.ts';
import type { Gender } from '../../contract/catalog.ts';
import type { NetworkLinks } from '../../server/config.ts';
import type { CaptchaPublic } from '../../server/modules/reports/captcha.ts';
import { servicesContext } from './context.ts';
import type { Language } from './preferences.ts';
import type { SiteInfo } from './seo.ts';

export interface RootData {
  site: SiteInfo;
  gender: Gender;
  lang: Language;
  /** Server time of the request, so relative dates render the same on server and client. */
  now: number;
  /** The signed-in user, null for a guest. */
  user: CurrentUser | null;
  /** Google sign-in is configured: the login form shows its button. */
  googleSignIn: boolean;
  /** The ad zones for this viewer (members: none). Absent until the ads service answers. */
  ads?: AdsForViewer;
  /** The member's unread private messages (the user menu's badge); 0 for a guest. */
  unreadMessages?: number;
  /**
   * The server's part of the age gate (shell.md §4): a guest whose country is in the list. The browser
   * adds the last clause (no `_agv`); see components/shell/age-gate.tsx.
   */
  ageGate?: boolean;
  /**
   * The server's part of the UK gate (shell.md §4): present for a visitor from gb who is not
   * age_verified and came neither from another site nor with a promo-type query; `status` is a member's
   * verification (null for a guest). The page's path is the browser's clause (components/shell/uk-gate.tsx).
   */
  ukGate?: { status: AgeVerificationStatus | null } | null;
  /** The footer's links to other sites; unset ones are null (hidden). */
  links?: NetworkLinks;
  /** The contact form's captcha (provider and public site key); null or absent: none. */
  captcha?: CaptchaPublic | null;
  /** The languages the language menu offers (site settings, always with en); absent: every language. */
  languages?: Language[];
  /** An external analytics snippet to load (ANALYTICS_SCRIPT_URL or the settings); null or absent: none. */
  analyticsScriptUrl?: string | null;
}

export function servicesOf(context: Readonly<RouterContextProvider>) {
  return context.get(servicesContext);
}

const FALLBACK_SITE: SiteInfo = { name: '', publicUrl: '' };

interface MatchLike {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

/** The root loader's data as seen from a `meta` function's matches. */
export function rootDataOf(matches: ReadonlyArray<MatchLike | undefined>): RootData | undefined {
  const root = matches.find((match) => match?.id === 'root');
  return (root?.loaderData ?? undefined) as RootData | undefined;
}

export function siteOf(matches: ReadonlyArray<MatchLike | undefined>): SiteInfo {
  return rootDataOf(matches)?.site ?? FALLBACK_SITE;
}

/** Undefined only when the root loader itself failed (the error page still renders). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
