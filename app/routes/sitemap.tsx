// /sitemap-page/ (content.md §1 "Sitemap"): one page linking to every section of the site, and to each
// category of the visitor's orientation, for visitors and for crawlers (the XML sitemaps are /sitemap.xml).
import infoPages from 'virtual:en/info_pages';
import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEGAL_SECTIONS } from '../../contract/information.ts';
import { LoginRequiredLink } from '../components/auth/login-modal.tsx';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { categoryPath } from '../lib/links.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/sitemap.ts';

addEnglish({ info_pages: infoPages, page });

export async function loader({ request, context }: Route.LoaderArgs) {
  const categories = await servicesOf(context).catalog.listCategories(
    genderFrom(request.headers.get('cookie')),
  );
  return { categories: categories.map((c) => ({ id: c.id, dir: c.dir, title: c.title })) };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  return pageMeta({
    site,
    location,
    title: t('page.sitemap'),
    description: t('info_pages.sitemap.description', { site: site.name }),
  });
}

const GROUPS = [
  [
    'info_pages.sitemap.videos',
    [
      ['/videos/latest-updates/1/', 'info_pages.sitemap.latest'],
      ['/videos/top-rated/1/', 'info_pages.sitemap.top_rated'],
      ['/videos/most-popular/1/', 'info_pages.sitemap.most_popular'],
    ],
  ],
  [
    'info_pages.sitemap.browse',
    [
      ['/categories/', 'info_pages.sitemap.all_categories'],
      ['/tags/', 'nav.tags'],
      ['/pornstars/most-popular/1/', 'nav.pornstars'],
      ['/pornsites/most-popular/1/', 'nav.pornsites'],
      ['/playlists/latest-updates/1/', 'nav.playlists'],
    ],
  ],
  [
    'info_pages.sitemap.members',
    [
      ['/community/recent/1/', 'nav.community'],
      ['/signup/', 'info_pages.sitemap.signup'],
      ['/upload-video/', 'info_pages.sitemap.upload'],
      ['/history/', 'info_pages.sitemap.history'],
    ],
  ],
] as const;

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <article className="page info-page sitemap-page">
      <h1 className="page__title">{t('page.sitemap')}</h1>
      <div className="sitemap-page__groups">
        {GROUPS.map(([title, entries]) => (
          <section key={title}>
            <h2>{t(title)}</h2>
            <ul>
              {entries.map(([to, key]) => (
                <li key={to}>
                  {/* Upload needs a member (content.md §2): a guest gets the Login modal, not the home page. */}
                  {to === '/upload-video/' ? (
                    <LoginRequiredLink to={to}>{t(key)}</LoginRequiredLink>
                  ) : (
                    <Link to={to}>{t(key)}</Link>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section>
          <h2>{t('info_pages.sitemap.information')}</h2>
          <ul>
            {LEGAL_SECTIONS.map((section) => (
              <li key={section}>
                <Link to={`/information/${section}/`}>{t(`page.information_${section}`)}</Link>
              </li>
            ))}
            <li>
              <Link to="/advertising/">{t('page.advertising')}</Link>
            </li>
          </ul>
        </section>
      </div>
      {loaderData.categories.length > 0 ? (
        <section>
          <h2>{t('info_pages.sitemap.categories_title')}</h2>
          <ul className="sitemap-page__categories">
            {loaderData.categories.map((category) => (
              <li key={category.id}>
                <Link to={categoryPath(category.dir)}>{category.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
