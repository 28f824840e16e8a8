import categories from 'virtual:en/categories';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type CategoryItem, PAGE_SIZE, VIDEO_SORTS } from '../../contract/catalog.ts';
import { CategoryPicker, MAX_CATEGORIES } from '../components/catalogue/category-picker.tsx';
import { FilterBar, SortTabs } from '../components/listing-controls.tsx';
import { Pagination } from '../components/pagination.tsx';
import { RememberObject } from '../components/remember-object.tsx';
import { toCardView, VideoGrid } from '../components/video-card.tsx';
import { packCards, unpackCards, useCards } from '../lib/card-pack.ts';
import { listingSeo } from '../lib/catalogue.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { notFound, parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { appliedParams, pageMeta } from '../lib/seo.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/category-videos.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ categories });

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const sort = parseSort(params.sort, VIDEO_SORTS);
  const page = parsePage(params.page);
  const dirs = (params.object_id ?? '').split(',');
  if (dirs.length > MAX_CATEGORIES || new Set(dirs).size !== dirs.length) notFound();
  const { catalog } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  const all = await catalog.listCategories(gender);
  const selected = dirs.map((dir) => all.find((category) => category.dir === dir));
  if (selected.some((category) => !category)) notFound();
  const filters = parseFilters(url.searchParams, sort);
  const result = await catalog.listVideos({
    gender,
    sort,
    page,
    perPage: PAGE_SIZE.videos,
    categoryDirs: dirs,
    ...filters,
  });
  return {
    sort,
    page,
    filters,
    // The sidebar loads the others itself when it opens (components/catalogue/category-picker.tsx).
    selected: (selected as CategoryItem[]).map(({ dir, title }) => ({ dir, title })),
    // Packed (lib/card-pack.ts): the page's hydration data is mostly its cards.
    cards: packCards(result.videos.map(toCardView)),
    pages: pageCount(result.total_count, PAGE_SIZE.videos),
  };
}

function titlesOf(categories: readonly { title: string }[]): string {
  return categories.map((category) => category.title).join(', ');
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const titles = titlesOf(loaderData.selected);
  const heading = t('categories.videos_heading', { titles });
  return pageMeta({
    site,
    location,
    title: loaderData.page > 1 ? t('videos.page_title', { title: heading, page: loaderData.page }) : heading,
    description: t('categories.videos_description', { titles, site: site.name }),
    page: loaderData.page,
    query: appliedParams(loaderData.filters),
    ...listingSeo(unpackCards(loaderData.cards), site, (loaderData.page - 1) * PAGE_SIZE.videos),
  });
}

export default function CategoryVideos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { sort, page, filters, selected, cards, pages } = loaderData;
  const videos = useCards(cards);
  const base = `/categories/${selected.map((category) => category.dir).join(',')}/`;
  return (
    <section className="page">
      <RememberObject type="category" dir={selected.map((c) => c.dir).join(',')} title={titlesOf(selected)} />
      <h1 className="page__title">{t('categories.videos_heading', { titles: titlesOf(selected) })}</h1>
      <CategoryPicker selected={selected} sort={sort} filters={filters} />
      <SortTabs sorts={VIDEO_SORTS} current={sort} href={(s) => `${base}${s}/1/`} search={search} />
      <FilterBar sort={sort} filters={filters} firstPage={`${base}${sort}/1/`} search={search} />
      {/* The cards' h3 titles sit under a heading of their own (heading order). */}
      <h2 className="sr-only">{t('catalogue.videos')}</h2>
      {videos.length ? (
        <VideoGrid videos={videos} first />
      ) : (
        <p className="empty">{t('listing.videos_not_found')}</p>
      )}
      <Pagination current={page} count={pages} href={(p) => withQuery(`${base}${sort}/${p}/`, search)} />
    </section>
  );
}
