import categories from 'virtual:en/categories';
import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { CATEGORY_SORTS, type CategorySort, PAGE_SIZE } from '../../contract/catalog.ts';
import { TilePlaceholders, useObjectListingLoading } from '../components/catalogue/object-placeholders.tsx';
import { objectListingSeo } from '../lib/catalogue.ts';
import { addEnglish, metaT, type Translate } from '../lib/i18n.ts';
import { categoryPath } from '../lib/links.ts';
import { notFound } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { redirectTarget } from '../lib/redirects.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/categories.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ categories });

/**
 * The list's default order is the read call's first sort, A to Z (`/categories/`); the six sorts of
 * content.md §3 go in the route (`/categories/{sort}/`), as the other listings' sorts do.
 */
const DEFAULT_SORT: CategorySort = CATEGORY_SORTS[0];
const ROUTE_SORTS = CATEGORY_SORTS.filter((sort) => sort !== DEFAULT_SORT);

/** The listing's own addresses: `/categories/` and its sorts (not a category's videos). */
const isCategoriesListing = (pathname: string) =>
  CATEGORY_SORTS.some((sort) => pathname === categoriesPath(sort));

/** `/categories/` for the default order, `/categories/{sort}/` for the others. */
function categoriesPath(sort: CategorySort): string {
  return sort === DEFAULT_SORT ? '/categories/' : `/categories/${sort}/`;
}

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const { catalog, listings } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  const segment = params.sort;
  if (segment === DEFAULT_SORT) throw redirect(`/categories/${url.search}`, 301);
  const sort = segment === undefined ? DEFAULT_SORT : ROUTE_SORTS.find((s) => s === segment);
  if (sort === undefined) {
    // Not a sort: the short form of a category listing (content.md §2 "/categories/{object_id}/"),
    // moved to its videos when every dir is a category of this orientation; anything else is a 404.
    const dirs = (segment ?? '').split(',');
    const known = new Set((await catalog.listCategories(gender)).map((c) => c.dir));
    const target = redirectTarget(url.pathname);
    if (!target || !dirs.every((dir) => known.has(dir))) notFound();
    throw redirect(`${target}${url.search}`, 301);
  }
  const { categories } = await listings.categories(gender, sort);
  return {
    sort,
    categories: categories.map(({ id, dir, title, total_videos, scr }) => ({
      id,
      dir,
      title,
      total_videos,
      scr,
    })),
  };
}

function headingOf(sort: CategorySort, t: Translate): string {
  return sort === DEFAULT_SORT
    ? t('categories.title')
    : t('categories.sorted_title', { sort: t(`categories.sort.${sort}` as 'categories.sort.recent') });
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  return pageMeta({
    site,
    location,
    title: headingOf(loaderData?.sort ?? DEFAULT_SORT, t),
    description: t('categories.description', { site: site.name }),
    ...objectListingSeo(
      (loaderData?.categories ?? []).map((c) => ({ url: categoryPath(c.dir), name: c.title, image: c.scr })),
      site,
    ),
  });
}

/** The category sorts as tabs (the videos listing's sort control, with the category sorts' labels). */
function CategorySortTabs({ current }: { current: CategorySort }) {
  const { t } = useTranslation();
  return (
    <nav className="tabs" aria-label={t('sort.label')}>
      {CATEGORY_SORTS.map((sort) => (
        <Link
          key={sort}
          to={categoriesPath(sort)}
          className={sort === current ? 'tab is-active' : 'tab'}
          aria-current={sort === current ? 'page' : undefined}
        >
          {t(`categories.sort.${sort}` as 'categories.sort.recent')}
        </Link>
      ))}
    </nav>
  );
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sort, categories } = loaderData;
  // Another sort loading (issue 34): as many placeholders as there are categories, aria-busy.
  const loading = useObjectListingLoading(isCategoriesListing);
  return (
    <section className="page">
      <h1 className="page__title">{t('categories.title')}</h1>
      <CategorySortTabs current={sort} />
      {!loading && categories.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      {loading ? (
        <TilePlaceholders count={categories.length || PAGE_SIZE.models} />
      ) : (
        <ul className="grid grid--categories">
          {categories.map((category) => (
            <li key={category.id}>
              <Link to={categoryPath(category.dir)} className="category">
                <span className="category__thumb">
                  {category.scr ? (
                    <img src={category.scr} alt="" loading="lazy" decoding="async" width={320} height={180} />
                  ) : (
                    <span className="category__initial" aria-hidden="true">
                      {category.title.charAt(0)}
                    </span>
                  )}
                </span>
                <span className="category__title">{category.title}</span>
                <span className="category__count">
                  {t('categories.count', { count: category.total_videos })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
