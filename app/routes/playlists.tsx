import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, PLAYLIST_SORTS } from '../../contract/catalog.ts';
import { TileListing } from '../components/catalogue/tile-listing.tsx';
import { objectListingSeo } from '../lib/catalogue.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/playlists.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const sort = parseSort(params.sort, PLAYLIST_SORTS);
  const page = parsePage(params.page);
  const { listings } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  const result = await listings.playlists(gender, sort, PAGE_SIZE.videos, page);
  return { sort, page, playlists: result.playlists, pages: pageCount(result.total_count, PAGE_SIZE.videos) };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  const title = t('page.playlists');
  return pageMeta({
    site,
    location,
    title:
      loaderData && loaderData.page > 1 ? t('videos.page_title', { title, page: loaderData.page }) : title,
    description: t('catalogue.playlists_description', { site: site.name }),
    page: loaderData?.page,
    ...objectListingSeo(
      (loaderData?.playlists ?? []).map((p) => ({
        url: `/playlist/${p.playlist_id}/`,
        name: p.title,
        image: p.scr,
      })),
      site,
      ((loaderData?.page ?? 1) - 1) * PAGE_SIZE.videos,
    ),
  });
}

export default function Playlists({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sort, page, playlists, pages } = loaderData;
  return (
    <TileListing
      heading={t('page.playlists')}
      basePath="/playlists/"
      sorts={PLAYLIST_SORTS}
      sortLabel={(s) => t(`catalogue.playlist_sort.${s}`)}
      sort={sort}
      page={page}
      pages={pages}
      pageSize={PAGE_SIZE.videos}
      tiles={playlists.map((p) => ({
        key: p.playlist_id,
        href: `/playlist/${p.playlist_id}/`,
        title: p.title,
        image: p.scr,
        meta: `${t('catalogue.videos_count', { count: p.total_videos })} · ${t('catalogue.by_user', { username: p.user.username })}`,
      }))}
    />
  );
}
