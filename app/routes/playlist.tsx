import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../contract/catalog.ts';
import { InfoList, ObjectHeader } from '../components/catalogue/object-page.tsx';
import { CategoryStrip, VideoList } from '../components/catalogue/video-list.tsx';
import { toCardView } from '../components/video-card.tsx';
import { itemListJsonLd, orNotFound } from '../lib/catalogue.ts';
import { i18n } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parseId, parsePage } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/playlist.ts';

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const { listings } = servicesOf(context);
  const { playlist } = await orNotFound(listings.playlist(id));
  const info = url.pathname.endsWith('/info/');
  const page = params.page === undefined ? 1 : parsePage(params.page);
  const list = info
    ? null
    : await listings.videos2({
        lifetime: 86400,
        gender: genderFrom(request.headers.get('cookie')),
        sort: 'latest-updates',
        count: PAGE_SIZE.objectVideos,
        section: 'playlist',
        objectId: String(id),
        page,
        type: 'all',
        date: 'all',
      });
  return {
    playlist,
    info,
    page,
    videos: (list?.videos ?? []).map(toCardView),
    pages: list ? pageCount(list.total_count, PAGE_SIZE.objectVideos) : 1,
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  if (!loaderData) return [];
  const title = loaderData.playlist.title;
  return pageMeta({
    site,
    location,
    title: loaderData.page > 1 ? i18n.t('videos.page_title', { title, page: loaderData.page }) : title,
    description: loaderData.playlist.description || i18n.t('seo.description', { title, site: site.name }),
    page: loaderData.page,
    jsonLd: loaderData.videos.length ? itemListJsonLd(loaderData.videos, site) : undefined,
  });
}

export default function Playlist({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { playlist, info, page, videos, pages } = loaderData;
  const base = `/playlist/${playlist.playlist_id}/`;
  return (
    <section className="page">
      <ObjectHeader
        title={playlist.title}
        base={base}
        tab={info ? 'info' : 'videos'}
        meta={
          <>
            {t('catalogue.videos_count', { count: playlist.total_videos })} ·{' '}
            <Link to={`/members/${playlist.user.user_id}/`}>
              {t('catalogue.by_user', { username: playlist.user.username })}
            </Link>
          </>
        }
      />
      {info ? (
        <>
          <p>{playlist.description}</p>
          <CategoryStrip categories={playlist.categories} />
          <InfoList rows={[[t('catalogue.field.added_date'), playlist.added_date.slice(0, 10)]]} />
        </>
      ) : (
        <VideoList
          videos={videos.map((v) => ({ ...v }))}
          page={page}
          pages={pages}
          href={(p) => `${base}videos/${p}/`}
        />
      )}
    </section>
  );
}
