import categories from 'virtual:en/categories';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type CategoryItem, PAGE_SIZE, VIDEO_SORTS } from '../../contract/catalog.ts';
import { FilterBar, SortTabs } from '../components/listing-controls.tsx';
import { Pagination } from '../components/pagination.tsx';
import { toCardView, VideoGrid } from '../components/video-card.tsx';
import { listingSeo } from '../lib/catalogue.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { categoryPath } from '../lib/links.ts';
import { pageCount } from '../lib/pagination.ts';
import { notFound, parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/category-videos.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ categories });

/** content.md §2 and §9: a category listing combines at most 3 categories. */
const MAX_CATEGORIES = 3;

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
    selected: selected as CategoryItem[],
    others: all.filter((category) => !dirs.includes(category.dir)),
    videos: result.videos.map(toCardView),
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
    ...listingSeo(loaderData.videos, site, (loaderData.page - 1) * PAGE_SIZE.videos),
  });
}

/** The list of other categories with its own search box (content.md §2 sidebar). */
function CategoryPicker({
  others,
  dirs,
  sort,
}: {
  others: readonly CategoryItem[];
  dirs: readonly string[];
  sort: string;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? others.filter((c) => c.title.toLowerCase().includes(needle)) : others;
  return (
    <div className="category-picker">
      <input
        type="search"
        className="category-picker__search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder={t('categories.title')}
        aria-label={t('categories.add')}
      />
      <div className="chips">
        {shown.map((category) => (
          <Link
            key={category.dir}
            to={categoryPath([...dirs, category.dir], sort)}
            className="chip"
            aria-label={t('categories.add_one', { title: category.title })}
          >
            {category.title}
          </Link>
        ))}
      </div>
    </div>
  );
}

export default function CategoryVideos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { sort, page, filters, selected, others, videos, pages } = loaderData;
  const dirs = selected.map((category) => category.dir);
  const objectId = dirs.join(',');
  const base = `/categories/${objectId}/`;
  return (
    <section className="page">
      <h1 className="page__title">{t('categories.videos_heading', { titles: titlesOf(selected) })}</h1>
      <div className="chips" aria-label={t('categories.selected')} role="group">
        {selected.map((category) => {
          const rest = dirs.filter((dir) => dir !== category.dir);
          // Removing the last category leaves the category list.
          const to = rest.length ? categoryPath(rest, sort) : '/categories/';
          return (
            <Link key={category.dir} to={to} className="chip is-active chip--removable">
              {category.title}
              <span aria-hidden="true"> ×</span>
              <span className="sr-only">{t('categories.remove', { title: category.title })}</span>
            </Link>
          );
        })}
      </div>
      {dirs.length < MAX_CATEGORIES && others.length ? (
        // A new selection remounts it closed (content.md §2: the list closes on selection).
        <details className="more-chips" key={objectId}>
          <summary className="chip">+ {t('categories.add')}</summary>
          <CategoryPicker others={others} dirs={dirs} sort={sort} />
        </details>
      ) : null}
      <SortTabs sorts={VIDEO_SORTS} current={sort} href={(s) => `${base}${s}/1/`} search={search} />
      <FilterBar sort={sort} filters={filters} firstPage={`${base}${sort}/1/`} search={search} />
      {videos.length ? (
        <VideoGrid videos={videos} />
      ) : (
        <p className="empty">{t('listing.videos_not_found')}</p>
      )}
      <Pagination current={page} count={pages} href={(p) => withQuery(`${base}${sort}/${p}/`, search)} />
    </section>
  );
}
