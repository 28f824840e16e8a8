// content.md §2: /signup/ and /restore-password/ share one screen. Modes: sign up; ask for a restore
// link; set a new password from a link (?token=…), whose validity the loader checks first.

import page from 'virtual:en/page';
import { redirect } from 'react-router';
import { type ScreenMode, SignupScreen } from '../components/auth/signup-screen.tsx';
import { stub, stubMeta } from '../components/stub-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { servicesOf } from '../lib/route-data.ts';
import type { Route } from './+types/signup.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

export async function loader({ url, context }: Route.LoaderArgs) {
  const restore = url.pathname.startsWith('/restore-password/');
  const token = url.searchParams.get('token');
  let mode: ScreenMode = restore ? 'restore' : 'signup';
  let linkError = url.searchParams.get('error') === 'invalid_link';
  if (restore && token !== null) {
    if (await servicesOf(context).accounts.checkRestoreToken(token)) mode = 'reset';
    else linkError = true;
  }
  // A member has an account already (a restore link still works for them).
  if (mode === 'signup' && context.get(userContext)) throw redirect('/', 302);
  return {
    ...stub(restore ? 'restore_password' : 'signup'),
    mode,
    token: mode === 'reset' ? token : null,
    linkError,
  };
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <SignupScreen
      key={`${loaderData.mode}-${loaderData.token ?? ''}`}
      mode={loaderData.mode}
      token={loaderData.token}
      linkError={loaderData.linkError}
    />
  );
}
