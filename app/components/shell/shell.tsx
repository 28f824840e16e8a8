import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GENDER } from '../../../contract/catalog.ts';
import { useRootData } from '../../lib/route-data.ts';
import { LoginModalProvider } from '../auth/login-modal.tsx';
import { AgeGate } from './age-gate.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NotifyProvider } from './notify.tsx';
import { UkGate } from './uk-gate.tsx';

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  const siteName = root?.site.name ?? '';
  // The request time, not the render time: server and client must print the same year.
  const year = new Date(root?.now ?? Date.now()).getUTCFullYear();
  return (
    <NotifyProvider>
      <LoginModalProvider guest={!root?.user} googleSignIn={root?.googleSignIn ?? false}>
        <AgeGate show={root?.ageGate ?? false} lang={root?.lang ?? 'en'} />
        <UkGate gate={root?.ukGate} />
        <a className="skip-link" href="#main">
          {t('site.skip_to_content')}
        </a>
        <Header siteName={siteName} gender={root?.gender ?? DEFAULT_GENDER} />
        <main id="main" className="main container" tabIndex={-1}>
          {children}
        </main>
        <Footer siteName={siteName} year={year} />
      </LoginModalProvider>
    </NotifyProvider>
  );
}
