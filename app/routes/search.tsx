import { VIDEO_SORTS } from '../../contract/catalog.ts';
import { SEARCH_MAX } from '../components/shell/search-form.tsx';
import { StubPage, stub } from '../components/stub-page.tsx';
import { i18n } from '../lib/i18n.ts';
import { parsePage, parseSort } from '../lib/params.ts';
import { siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/search.ts';

export function loader({ params, url }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  const sort = url.searchParams.get('sort');
  if (sort !== null) parseSort(sort, VIDEO_SORTS);
  // The form trims and caps the text; a hand-written URL gets the same treatment.
  const query = (url.searchParams.get('s') ?? '').trim().slice(0, SEARCH_MAX);
  return query ? stub('search_query', { query }, page) : stub('search', undefined, page);
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  const query = loaderData?.params?.query ?? '';
  // content.md §2: search text with angle-bracket markup is left out of the SEO text.
  const seoQuery = /<[^>]*>/.test(query) ? '' : query;
  const title = seoQuery ? i18n.t('page.search_query', { query: seoQuery }) : i18n.t('page.search');
  return pageMeta({
    site,
    location,
    title,
    description: i18n.t('seo.description', { title, site: site.name }),
    page: loaderData?.page,
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
