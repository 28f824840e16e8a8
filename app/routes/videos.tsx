import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PAGE_SIZE, VIDEO_SORTS } from '../../contract/catalog.ts';
import { FilterBar, SortTabs } from '../components/listing-controls.tsx';
import { Pagination } from '../components/pagination.tsx';
import { toCardView, VideoGrid } from '../components/video-card.tsx';
import { listingSeo } from '../lib/catalogue.ts';
import { metaT, type Translate } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/videos.ts';

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const sort = parseSort(params.sort, VIDEO_SORTS);
  const page = parsePage(params.page);
  const filters = parseFilters(url.searchParams, sort);
  const { catalog } = servicesOf(context);
  const result = await catalog.listVideos({
    gender: genderFrom(request.headers.get('cookie')),
    sort,
    page,
    perPage: PAGE_SIZE.videos,
    ...filters,
  });
  return {
    sort,
    page,
    filters,
    videos: result.videos.map(toCardView),
    pages: pageCount(result.total_count, PAGE_SIZE.videos),
  };
}

function headingOf(sort: (typeof VIDEO_SORTS)[number], page: number, t: Translate): string {
  const heading = t(`videos.heading.${sort}`);
  return page > 1 ? t('videos.page_title', { title: heading, page }) : heading;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const title = headingOf(loaderData.sort, loaderData.page, t);
  return pageMeta({
    site,
    location,
    title,
    description: t('videos.description', { heading: title, site: site.name }),
    page: loaderData.page,
    ...listingSeo(loaderData.videos, site, (loaderData.page - 1) * PAGE_SIZE.videos),
  });
}

export default function Videos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { sort, page, filters, videos, pages } = loaderData;
  return (
    <section className="page">
      <h1 className="page__title">{t(`videos.heading.${sort}`)}</h1>
      <SortTabs sorts={VIDEO_SORTS} current={sort} href={(s) => `/videos/${s}/1/`} search={search} />
      <FilterBar sort={sort} filters={filters} firstPage={`/videos/${sort}/1/`} search={search} />
      {videos.length ? (
        <VideoGrid videos={videos} />
      ) : (
        <p className="empty">{t('listing.videos_not_found')}</p>
      )}
      <Pagination current={page} count={pages} href={(p) => withQuery(`/videos/${sort}/${p}/`, search)} />
    </section>
  );
}
