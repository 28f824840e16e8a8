// /advertising/ (content.md §1: "Ad formats: in-stream, banners, pop-up, direct links"): what the site
// sells, described from the ad zones it really has (contract/ads.ts), and the contact form to book.
import infoPages from 'virtual:en/info_pages';
import page from 'virtual:en/page';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREROLL_TIMING } from '../../contract/ads-viewer.ts';
import { useNotify } from '../components/shell/notify.tsx';
import { ContactModal } from '../components/watch/contact-modal.tsx';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { siteOf, useRootData } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/advertising.ts';

addEnglish({ info_pages: infoPages, page });

const FORMATS = ['instream', 'banners', 'popup', 'links'] as const;

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  return pageMeta({
    site,
    location,
    title: t('page.advertising'),
    description: t('info_pages.advertising.description', { site: site.name }),
  });
}

export default function Advertising() {
  const { t } = useTranslation();
  const notify = useNotify();
  const site = useRootData()?.site.name ?? '';
  const [open, setOpen] = useState(false);
  return (
    <article className="page info-page">
      <h1 className="page__title">{t('page.advertising')}</h1>
      <p className="info-page__lead">{t('info_pages.advertising.intro', { site })}</p>
      <h2>{t('info_pages.advertising.formats_title')}</h2>
      <ul className="info-page__formats">
        {FORMATS.map((format) => (
          <li key={format} className="info-page__format" data-format={format}>
            <h3>{t(`info_pages.advertising.${format}_title`)}</h3>
            <p>{t(`info_pages.advertising.${format}_text`, { seconds: PREROLL_TIMING.skipOffsetSeconds })}</p>
          </li>
        ))}
      </ul>
      <h2>{t('info_pages.advertising.rules_title')}</h2>
      <p>{t('info_pages.advertising.rules_text')}</p>
      <h2>{t('info_pages.advertising.contact_title')}</h2>
      <p>{t('info_pages.advertising.contact_text')}</p>
      <button
        type="button"
        className="button button--primary"
        data-action="contact"
        onClick={() => setOpen(true)}
      >
        {t('info_pages.advertising.contact_button')}
      </button>
      {open ? (
        <ContactModal
          subject="support"
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            notify('success', t('watch.contact_success'));
          }}
        />
      ) : null}
    </article>
  );
}
