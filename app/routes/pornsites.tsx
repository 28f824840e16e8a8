// The channels (pornsites) listing, /pornsites/{sort}/{page}/ (content.md §3): a grid of channel tiles, sorted
// as the models are plus alphabetically, 48 a page.
import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { MODEL_SORTS, PAGE_SIZE } from '../../contract/catalog.ts';
import { TileListing } from '../components/catalogue/tile-listing.tsx';
import { objectListingSeo } from '../lib/catalogue.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/pornsites.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

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
  const t = metaT(matches);
  const site = siteOf(matches);
  const title = t('page.pornsites');
  return pageMeta({
    site,
    location,
    title:
      loaderData && loaderData.page > 1 ? t('videos.page_title', { title, page: loaderData.page }) : title,
    description: t('catalogue.channels_description', { site: site.name }),
    page: loaderData?.page,
    ...objectListingSeo(
      (loaderData?.channels ?? []).map((c) => ({ url: `/pornsite/${c.dir}/`, name: c.title, image: c.scr1 })),
      site,
      ((loaderData?.page ?? 1) - 1) * PAGE_SIZE.models,
    ),
  });
}

export default function Pornsites({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sort, page, channels, pages } = loaderData;
  return (
    <TileListing
      heading={t('page.pornsites')}
      basePath="/pornsites/"
      sorts={MODEL_SORTS}
      sortLabel={(s) => t(`page.model_sort.${s}`)}
      sort={sort}
      page={page}
      pages={pages}
      pageSize={PAGE_SIZE.models}
      tiles={channels.map((c) => ({
        key: c.id,
        href: `/pornsite/${c.dir}/`,
        title: c.title,
        image: c.scr1,
        meta: t('catalogue.videos_count', { count: c.total_videos }),
      }))}
    />
  );
}
