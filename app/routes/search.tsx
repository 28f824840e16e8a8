import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PAGE_SIZE } from '../../contract/catalog.ts';
import { SEARCH_SORTS, type SearchSort } from '../../contract/catalog-api.ts';
import { VideoList } from '../components/catalogue/video-list.tsx';
import { FilterBar } from '../components/listing-controls.tsx';
import { isSearchable, SEARCH_MAX } from '../components/shell/search-form.tsx';
import { toCardView } from '../components/video-card.tsx';
import { itemListJsonLd, orNotFound, seoText } from '../lib/catalogue.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/search.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  const sortParam = url.searchParams.get('sort');
  const sort: SearchSort = sortParam === null ? 'most-relevant' : parseSort(sortParam, SEARCH_SORTS);
  // The form trims and caps the text; a hand-written URL gets the same treatment.
  const query = (url.searchParams.get('s') ?? '').trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX);
  const filters = parseFilters(url.searchParams, sort === 'most-relevant' ? 'latest-updates' : sort);
  if (!isSearchable(query)) return { query, page, sort, filters, videos: [], total: 0, pages: 1 };
  const { listings, search } = servicesOf(context);
  search.recordSearch(query);
  const result = await orNotFound(
    listings.search({
      gender: genderFrom(request.headers.get('cookie')),
      sort,
      count: PAGE_SIZE.videos,
      page,
      text: query,
      duration: filters.duration,
      date: filters.date ?? 'all',
    }),
  );
  return {
    query,
    page,
    sort,
    filters,
    videos: result.videos.map(toCardView),
    total: result.total_count,
    pages: pageCount(result.total_count, PAGE_SIZE.videos),
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  // content.md §2: search text with angle-bracket markup is left out of the SEO text.
  const seoQuery = seoText(loaderData?.query ?? '');
  const title = seoQuery ? t('page.search_query', { query: seoQuery }) : t('page.search');
  return pageMeta({
    site,
    location,
    title,
    description: seoQuery
      ? t('catalogue.search_description', { query: seoQuery, site: site.name })
      : t('seo.description', { title, site: site.name }),
    page: loaderData?.page,
    jsonLd: loaderData?.videos.length
      ? itemListJsonLd(loaderData.videos, site, (loaderData.page - 1) * PAGE_SIZE.videos)
      : undefined,
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { query, page, sort, filters, videos, total, pages } = loaderData;
  const searchable = isSearchable(query);
  return (
    <section className="page">
      <h1 className="page__title">{searchable ? t('page.search_query', { query }) : t('page.search')}</h1>
      {searchable ? (
        <>
          <p className="page__meta">{t('catalogue.search_results', { count: total })}</p>
          <FilterBar
            sort={sort === 'most-relevant' ? 'latest-updates' : sort}
            filters={filters}
            firstPage="/search/1/"
            search={search}
          />
          <VideoList
            videos={videos}
            page={page}
            pages={pages}
            href={(p) => withQuery(`/search/${p}/`, search)}
          />
        </>
      ) : (
        <p className="empty">{t('catalogue.search_empty')}</p>
      )}
    </section>
  );
}
