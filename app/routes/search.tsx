import page from 'virtual:en/page';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PAGE_SIZE, SEARCH_TABS, type SearchTab } from '../../contract/catalog.ts';
import { SEARCH_SORTS, type SearchSort } from '../../contract/catalog-api-values.ts';
import { under, useObjectListingLoading } from '../components/catalogue/object-placeholders.tsx';
import { type Tile, TileGrid } from '../components/catalogue/tile-listing.tsx';
import { VideoList } from '../components/catalogue/video-list.tsx';
import { FilterBar } from '../components/listing-controls.tsx';
import { Pagination } from '../components/pagination.tsx';
import { isSearchable, SEARCH_MAX } from '../components/shell/search-form.tsx';
import { toCardView } from '../components/video-card.tsx';
import { itemListJsonLd, orNotFound, seoText } from '../lib/catalogue.ts';
import { visitorContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { notFound, parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { appliedParams, pageMeta } from '../lib/seo.ts';
import { rememberSearch } from '../lib/storage.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import { rememberObject } from '../lib/watch-history.ts';
import type { Route } from './+types/search.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

/** `?tab=` (contract/catalog.ts SEARCH_TABS), videos by default. */
type ObjectTab = Exclude<SearchTab, 'videos'>;

function parseTab(raw: string | null): SearchTab {
  if (raw === null || raw === '') return 'videos';
  if (!(SEARCH_TABS as readonly string[]).includes(raw)) notFound();
  return raw as SearchTab;
}

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  const tab = parseTab(url.searchParams.get('tab'));
  const sortParam = url.searchParams.get('sort');
  const sort: SearchSort = sortParam === null ? 'most-relevant' : parseSort(sortParam, SEARCH_SORTS);
  // The form trims and caps the text; a hand-written URL gets the same treatment.
  const query = (url.searchParams.get('s') ?? '').trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX);
  const filters = parseFilters(url.searchParams, sort === 'most-relevant' ? 'latest-updates' : sort);
  const empty = {
    query,
    page,
    sort,
    filters,
    tab,
    videos: [],
    objects: [],
    total: 0,
    pages: 1,
    counts: null,
  };
  if (!isSearchable(query)) return empty;
  const { listings, search, objectSearch } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  // Counted for the top searches by its visitor (issue 34: a term is offered once several visitors
  // searched it and it found videos); only a search without filters says whether the term finds any.
  const { address } = context.get(visitorContext);
  const unfiltered = filters.duration === undefined && filters.date === undefined;
  const countSearch = (total: number) =>
    search.recordSearch(query, { address, results: unfiltered ? total : undefined });
  const videoSearch = (p: number, count: number) =>
    orNotFound(
      listings.search({
        gender,
        sort,
        count,
        page: p,
        text: query,
        duration: filters.duration,
        date: filters.date ?? 'all',
      }),
    );
  if (tab !== 'videos') {
    const [found, counts, videos] = await Promise.all([
      objectSearch.search(tab, gender, query, page, PAGE_SIZE.videos),
      objectSearch.counts(gender, query),
      // The videos tab's own call (its count is capped by the page size it asks for; one cache entry).
      videoSearch(1, PAGE_SIZE.videos),
    ]);
    countSearch(videos.total_count);
    if (!found) notFound();
    return {
      ...empty,
      objects: found.items.map((item) => ({ ...item, kind: tab })),
      total: found.total_count,
      pages: pageCount(found.total_count, PAGE_SIZE.videos),
      counts: { ...counts, videos: videos.total_count },
    };
  }
  const [result, counts] = await Promise.all([
    videoSearch(page, PAGE_SIZE.videos),
    objectSearch.counts(gender, query),
  ]);
  countSearch(result.total_count);
  return {
    ...empty,
    videos: result.videos.map(toCardView),
    total: result.total_count,
    pages: pageCount(result.total_count, PAGE_SIZE.videos),
    counts: { ...counts, videos: result.total_count },
  };
}

/** Where an object of a search tab lives on the site. */
function objectHref(kind: ObjectTab, item: { id: number; dir: string }): string {
  if (kind === 'pornstars') return `/pornstar/${item.dir}/`;
  if (kind === 'pornsites') return `/pornsite/${item.dir}/`;
  if (kind === 'playlists') return `/playlist/${item.id}/`;
  return `/members/${item.id}/`;
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
    // The canonical keeps what chose the results: the text, the tab, the sort and the filters applied.
    query: ['s', 'tab', 'sort', ...appliedParams(loaderData?.filters ?? {})],
    jsonLd: loaderData?.videos.length
      ? itemListJsonLd(loaderData.videos, site, (loaderData.page - 1) * PAGE_SIZE.videos)
      : undefined,
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { query, page, sort, filters, tab, videos, objects, total, pages, counts } = loaderData;
  const searchable = isSearchable(query);
  // An object tab's next page (or another tab) loading: its tiles give way to placeholders.
  const loading = useObjectListingLoading(under('/search/'));
  // content.md §2: a non-empty search term is saved to the local search history, however the search
  // was opened (the form, a keyword chip, a link); the videos tab knows how many videos it found.
  const videoTotal = counts?.videos;
  useEffect(() => {
    if (!searchable) return;
    rememberSearch(query, videoTotal);
    // And in the watch history's other pages (tc_history: the history page's "Recently viewed").
    rememberObject('search', { dir: query, title: query, total_videos: videoTotal });
  }, [searchable, query, videoTotal]);
  const tabHref = (next: SearchTab) =>
    `/search/1/?${new URLSearchParams(next === 'videos' ? { s: query } : { s: query, tab: next })}`;
  const tiles: Tile[] = objects.map((item) => ({
    key: item.id,
    href: objectHref(item.kind as ObjectTab, item),
    title: item.title,
    image: item.image,
    meta: item.owner
      ? `${t('catalogue.videos_count', { count: item.total_videos })} · ${t('catalogue.by_user', { username: item.owner })}`
      : t('catalogue.videos_count', { count: item.total_videos }),
  }));
  return (
    <section className="page">
      <h1 className="page__title">{searchable ? t('page.search_query', { query }) : t('page.search')}</h1>
      {searchable ? (
        <>
          <nav className="tabs search-tabs" aria-label={t('page.search_tabs.label')}>
            {SEARCH_TABS.map((name) => (
              <Link
                key={name}
                to={tabHref(name)}
                className={name === tab ? 'tab is-active' : 'tab'}
                aria-current={name === tab ? 'page' : undefined}
                data-tab={name}
              >
                {t(`page.search_tabs.${name}`)}
                {counts ? <span className="tab__count">{counts[name]}</span> : null}
              </Link>
            ))}
          </nav>
          {tab === 'videos' ? (
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
            <>
              <p className="page__meta">{t('page.search_objects', { count: total })}</p>
              <TileGrid tiles={tiles} loading={loading} placeholders={tiles.length || PAGE_SIZE.videos} />
              <Pagination current={page} count={pages} href={(p) => withQuery(`/search/${p}/`, search)} />
            </>
          )}
        </>
      ) : (
        <p className="empty">{t('catalogue.search_empty')}</p>
      )}
    </section>
  );
}
