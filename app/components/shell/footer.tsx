import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXTERNAL_LINKS } from '../../lib/links.ts';
import { FooterAds } from '../ads/banner.tsx';

const INTERNAL_LINKS = [
  ['/community/recent/1/', 'footer.community'],
  ['/information/dmca/', 'footer.dmca'],
  ['/information/terms/', 'footer.terms'],
  ['/information/privacy/', 'footer.privacy'],
  ['/information/2257/', 'footer.2257'],
  ['/information/support/', 'footer.support'],
  ['/sitemap-page/', 'footer.sitemap'],
] as const;

export function Footer({ siteName, year }: { siteName: string; year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <FooterAds />
      <div className="footer__body container">
        <nav aria-label={t('footer.links')}>
          <ul className="footer__links">
            <li>
              <a href={EXTERNAL_LINKS.tvApp} target="_blank" rel="noopener">
                {t('footer.tv_app')}
              </a>
            </li>
            {INTERNAL_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
            <li>
              <a href={EXTERNAL_LINKS.partner} target="_blank" rel="noopener sponsored">
                {t('footer.partner')}
              </a>
            </li>
            <li>
              <Link to="/advertising/">{t('footer.advertising')}</Link>
            </li>
          </ul>
        </nav>
        <p className="footer__rta">
          <a href={EXTERNAL_LINKS.rta} target="_blank" rel="noopener nofollow" className="rta">
            {t('footer.rta')}
          </a>
        </p>
        <p className="footer__copyright">{t('footer.copyright', { year, site: siteName })}</p>
      </div>
    </footer>
  );
}
