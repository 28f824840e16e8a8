import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_SIZE, PLAYLIST_SORTS } from '../../contract/catalog.ts';
import { Pagination } from '../components/pagination.tsx';
import { i18n } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/playlists.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const sort = parseSort(params.sort, PLAYLIST_SORTS);
  const page = parsePage(params.page);
  const { listings } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  const result = await listings.playlists(gender, sort, PAGE_SIZE.videos, page);
  return { sort, page, playlists: result.playlists, pages: pageCount(result.total_count, PAGE_SIZE.videos) };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  const title = i18n.t('page.playlists');
  return pageMeta({
    site,
    location,
    title:
      loaderData && loaderData.page > 1
        ? i18n.t('videos.page_title', { title, page: loaderData.page })
        : title,
    description: i18n.t('catalogue.playlists_description', { site: site.name }),
    page: loaderData?.page,
  });
}

export default function Playlists({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sort, page, playlists, pages } = loaderData;
  return (
    <section className="page">
      <h1 className="page__title">{t('page.playlists')}</h1>
      <nav className="tabs" aria-label={t('sort.label')}>
        {PLAYLIST_SORTS.map((s) => (
          <Link key={s} to={`/playlists/${s}/1/`} className={s === sort ? 'tab is-active' : 'tab'}>
            {t(`catalogue.playlist_sort.${s}`)}
          </Link>
        ))}
      </nav>
      {playlists.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      <ul className="grid grid--categories">
        {playlists.map((p) => (
          <li key={p.playlist_id}>
            <Link to={`/playlist/${p.playlist_id}/`} className="category">
              <span className="category__thumb">
                {p.scr ? (
                  <img src={p.scr} alt="" loading="lazy" decoding="async" width={320} height={180} />
                ) : (
                  <span className="category__initial" aria-hidden="true">
                    {p.title.charAt(0)}
                  </span>
                )}
              </span>
              <span className="category__title">{p.title}</span>
              <span className="category__count">
                {t('catalogue.videos_count', { count: p.total_videos })} ·{' '}
                {t('catalogue.by_user', { username: p.user.username })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination current={page} count={pages} href={(p) => `/playlists/${sort}/${p}/`} />
    </section>
  );
}
