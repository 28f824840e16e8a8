import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PAGE_SIZE } from '../../contract/catalog.ts';
import { TagCloud } from '../components/catalogue/tag-cloud.tsx';
import { VideoList } from '../components/catalogue/video-list.tsx';
import { FilterBar } from '../components/listing-controls.tsx';
import { RememberObject } from '../components/remember-object.tsx';
import { toCardView } from '../components/video-card.tsx';
import { packCards, unpackCards, useCards } from '../lib/card-pack.ts';
import { listingSeo, orNotFound } from '../lib/catalogue.ts';
import { metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parseDir, parsePage } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { appliedParams, pageMeta } from '../lib/seo.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/tag-videos.ts';

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const dir = parseDir(params.object_id);
  const page = parsePage(params.page);
  const filters = parseFilters(url.searchParams, 'latest-updates');
  const { listings } = servicesOf(context);
  const result = await orNotFound(
    listings.videos2({
      lifetime: 43200,
      gender: genderFrom(request.headers.get('cookie')),
      sort: 'latest-updates',
      count: PAGE_SIZE.videos,
      section: 'tags',
      objectId: dir,
      page,
      type: 'all',
      duration: filters.duration,
      date: 'all',
    }),
  );
  return {
    dir,
    page,
    filters,
    mvp: result.mvp ?? { mtitle: dir, mdesc: '', h1: dir, links: [] },
    // Packed (lib/card-pack.ts): the page's hydration data is mostly its cards.
    cards: packCards(result.videos.map(toCardView)),
    pages: pageCount(result.total_count, PAGE_SIZE.videos),
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const { mvp, page, cards } = loaderData;
  return pageMeta({
    site,
    location,
    title: page > 1 ? t('videos.page_title', { title: mvp.mtitle, page }) : mvp.mtitle,
    description: mvp.mdesc,
    page,
    query: appliedParams(loaderData.filters),
    ...listingSeo(unpackCards(cards), site, (page - 1) * PAGE_SIZE.videos),
  });
}

export default function TagVideos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { dir, page, filters, mvp, cards, pages } = loaderData;
  const videos = useCards(cards);
  const base = `/tags/${dir}/`;
  return (
    <section className="page">
      <RememberObject type="tag" dir={dir} title={mvp.h1} />
      <h1 className="page__title">{mvp.h1}</h1>
      <TagCloud links={mvp.links} />
      <FilterBar sort="latest-updates" filters={filters} firstPage={`${base}1/`} search={search} />
      {/* The cards' h3 titles sit under a heading of their own (heading order). */}
      <h2 className="sr-only">{t('catalogue.videos')}</h2>
      <VideoList videos={videos} page={page} pages={pages} href={(p) => withQuery(`${base}${p}/`, search)} />
    </section>
  );
}
