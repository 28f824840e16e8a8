import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MODEL_SORTS, PAGE_SIZE } from '../../contract/catalog.ts';
import { Pagination } from '../components/pagination.tsx';
import { i18n } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/pornsites.ts';

// content.md §3: channel sorts are the model sorts plus alphabetaz and alphabetza (in MODEL_SORTS).
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const sort = parseSort(params.sort, MODEL_SORTS);
  const page = parsePage(params.page);
  const { listings } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  const result = await listings.channels(gender, sort, PAGE_SIZE.models, page);
  return { sort, page, channels: result.channels, pages: pageCount(result.total_count, PAGE_SIZE.models) };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  const title = i18n.t('page.pornsites');
  return pageMeta({
    site,
    location,
    title:
      loaderData && loaderData.page > 1
        ? i18n.t('videos.page_title', { title, page: loaderData.page })
        : title,
    description: i18n.t('catalogue.channels_description', { site: site.name }),
    page: loaderData?.page,
  });
}

export default function Pornsites({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sort, page, channels, pages } = loaderData;
  return (
    <section className="page">
      <h1 className="page__title">{t('page.pornsites')}</h1>
      <nav className="tabs" aria-label={t('sort.label')}>
        {MODEL_SORTS.map((s) => (
          <Link key={s} to={`/pornsites/${s}/1/`} className={s === sort ? 'tab is-active' : 'tab'}>
            {t(`catalogue.model_sort.${s}`)}
          </Link>
        ))}
      </nav>
      {channels.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      <ul className="grid grid--categories">
        {channels.map((c) => (
          <li key={c.id}>
            <Link to={`/pornsite/${c.dir}/`} className="category">
              <span className="category__thumb">
                {c.scr1 ? (
                  <img src={c.scr1} alt="" loading="lazy" decoding="async" width={320} height={180} />
                ) : (
                  <span className="category__initial" aria-hidden="true">
                    {c.title.charAt(0)}
                  </span>
                )}
              </span>
              <span className="category__title">{c.title}</span>
              <span className="category__count">
                {t('catalogue.videos_count', { count: c.total_videos })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination current={page} count={pages} href={(p) => `/pornsites/${sort}/${p}/`} />
    </section>
  );
}
