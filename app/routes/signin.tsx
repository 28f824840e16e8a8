// /signin/ opened directly: the Login modal's form as a page. A signed-in member goes home.

import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { LoginForm } from '../components/auth/login-form.tsx';
import { stub, stubMeta } from '../components/stub-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { useRootData } from '../lib/route-data.ts';
import type { Route } from './+types/signin.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(userContext)) throw redirect('/', 302);
  return stub('signin');
}

export const meta = stubMeta;

export default function Page() {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <section className="page auth-page">
      <h1 className="page__title">{t('page.signin')}</h1>
      <LoginForm googleSignIn={root?.googleSignIn ?? false} />
    </section>
  );
}
