import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LISTING_SORTS, type ListingSort, PAGE_SIZE } from '../../contract/catalog.ts';
import { FilterBar, SortTabs } from '../components/listing-controls.tsx';
import { Pagination } from '../components/pagination.tsx';
import { toCardView, VideoGrid } from '../components/video-card.tsx';
import { packCards, unpackCards, useCards } from '../lib/card-pack.ts';
import { listingSeo, orNotFound } from '../lib/catalogue.ts';
import { addEnglish, metaT, type Translate } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parseDir, parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { appliedParams, pageMeta } from '../lib/seo.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/videos.ts';

addEnglish({ page });

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const sort = parseSort(params.sort, LISTING_SORTS);
  const page = parsePage(params.page);
  // The trending order takes no date or duration filter (docs/decisions.md "Trending listing and home block").
  const filters = sort === 'trending' ? {} : parseFilters(url.searchParams, sort);
  const { catalog, listings } = servicesOf(context);
  // content.md §2 "csg (channel filter)": ?csg={channel dir} narrows the listing to one channel's videos.
  const csg = url.searchParams.get('csg');
  const channel = csg
    ? (await orNotFound(listings.channel(parseDir(csg), genderFrom(request.headers.get('cookie'))))).channel
    : null;
  const result = await catalog.listVideos({
    gender: genderFrom(request.headers.get('cookie')),
    sort,
    page,
    perPage: PAGE_SIZE.videos,
    ...filters,
    ...(channel ? { channelId: channel.id } : {}),
  });
  return {
    sort,
    page,
    filters,
    channel: channel ? { dir: channel.dir, title: channel.title } : null,
    // Packed (lib/card-pack.ts): the page's hydration data is mostly its cards.
    cards: packCards(result.videos.map(toCardView)),
    pages: pageCount(result.total_count, PAGE_SIZE.videos),
  };
}

function headingOf(
  sort: ListingSort,
  page: number,
  t: Translate,
  channel: { title: string } | null = null,
): string {
  // The channel filter's own heading (content.md §2: the heading depends on the section).
  const heading = channel
    ? t('page.pornsite_videos', { name: channel.title })
    : t(sort === 'trending' ? 'page.trending_heading' : `videos.heading.${sort}`);
  return page > 1 ? t('videos.page_title', { title: heading, page }) : heading;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const title = headingOf(loaderData.sort, loaderData.page, t, loaderData.channel);
  return pageMeta({
    site,
    location,
    title,
    description: t('videos.description', { heading: title, site: site.name }),
    page: loaderData.page,
    query: [...appliedParams(loaderData.filters), ...(loaderData.channel ? ['csg'] : [])],
    ...listingSeo(unpackCards(loaderData.cards), site, (loaderData.page - 1) * PAGE_SIZE.videos),
  });
}

export default function Videos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { sort, page, filters, cards, pages, channel } = loaderData;
  const videos = useCards(cards);
  return (
    <section className="page">
      <h1 className="page__title">{headingOf(sort, 1, t, channel)}</h1>
      <SortTabs sorts={LISTING_SORTS} current={sort} href={(s) => `/videos/${s}/1/`} search={search} />
      {sort === 'trending' ? null : (
        <FilterBar sort={sort} filters={filters} firstPage={`/videos/${sort}/1/`} search={search} />
      )}
      {/* The cards' h3 titles sit under a heading of their own (heading order). */}
      <h2 className="sr-only">{t('catalogue.videos')}</h2>
      {videos.length ? (
        <VideoGrid videos={videos} first />
      ) : (
        // An empty trending order (no views yet, or none rising) says why rather than "No videos found".
        <p className="empty">
          {t(sort === 'trending' && page === 1 ? 'page.trending_empty' : 'listing.videos_not_found')}
        </p>
      )}
      <Pagination current={page} count={pages} href={(p) => withQuery(`/videos/${sort}/${p}/`, search)} />
    </section>
  );
}
