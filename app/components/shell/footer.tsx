import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRootData } from '../../lib/route-data.ts';
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
  // Links to other sites come from the configuration (TV_APP_URL…); each is hidden while unset.
  const links = useRootData()?.links;
  return (
    <footer className="footer">
      <FooterAds />
      <div className="footer__body container">
        <nav aria-label={t('footer.links')}>
          <ul className="footer__links">
            {links?.tvApp ? (
              <li>
                <a href={links.tvApp} target="_blank" rel="noopener">
                  {t('footer.tv_app')}
                </a>
              </li>
            ) : null}
            {INTERNAL_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
            {links?.partner ? (
              <li>
                <a href={links.partner} target="_blank" rel="noopener sponsored">
                  {t('footer.partner')}
                </a>
              </li>
            ) : null}
            {links?.liveCam ? (
              <li>
                <a href={links.liveCam} target="_blank" rel="noopener sponsored">
                  {t('footer.live_cam')}
                </a>
              </li>
            ) : null}
            <li>
              <Link to="/advertising/">{t('footer.advertising')}</Link>
            </li>
          </ul>
        </nav>
        {links?.sites.length ? (
          <nav aria-label={t('footer.network')}>
            <ul className="footer__links footer__network">
              {links.sites.map((site) => (
                <li key={site.url}>
                  <a href={site.url} target="_blank" rel="noopener">
                    {site.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {links?.rta ? (
          <p className="footer__rta">
            <a href={links.rta} target="_blank" rel="noopener nofollow" className="rta">
              {t('footer.rta')}
            </a>
          </p>
        ) : null}
        <p className="footer__copyright">{t('footer.copyright', { year, site: siteName })}</p>
      </div>
    </footer>
  );
}
