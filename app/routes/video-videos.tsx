// /video/{id}/{dir}/videos/{page}/ (content.md §2: "videos/{page}/ (uploaded videos)"): the videos the
// video's uploader uploaded, newest first, 20 a page (the object pages' size), up to page 20, each
// card linking on. A video without an uploader has no such list, and past the list's end is the 404 page.
import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { PAGE_SIZE } from '../../contract/catalog.ts';
import { VideoList } from '../components/catalogue/video-list.tsx';
import { toCardView } from '../components/video-card.tsx';
import { listingSeo } from '../lib/catalogue.ts';
import { metaT } from '../lib/i18n.ts';
import { videoPath } from '../lib/links.ts';
import { pageCount } from '../lib/pagination.ts';
import { notFound, parseDir, parseId, parsePage } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import { isUnavailable } from '../lib/video-status.ts';
import type { Route } from './+types/video-videos.ts';

const PER_PAGE = PAGE_SIZE.objectVideos;

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const dir = parseDir(params.dir);
  const page = parsePage(params.page);
  const services = servicesOf(context);
  const video = await services.catalog.getVideo(id);
  if (!video || isUnavailable(video) || !video.user) notFound();
  if (video.dir !== dir)
    throw redirect(`/video/${video.video_id}/${video.dir}/videos/${page}/${url.search}`, 301);
  const list = await services.listings.videos2({
    lifetime: 86400,
    gender: genderFrom(request.headers.get('cookie')),
    sort: 'latest-updates',
    count: PER_PAGE,
    section: 'member',
    objectId: String(video.user.id),
    page,
    type: 'all',
    duration: undefined,
    date: 'all',
  });
  const pages = Math.min(20, pageCount(list.total_count, PER_PAGE));
  if (page > 1 && page > pages) notFound();
  return {
    video: { video_id: video.video_id, dir: video.dir, title: video.title },
    uploader: { id: video.user.id, username: video.user.username },
    page,
    pages,
    videos: list.videos.map(toCardView),
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const title = t('watch.uploaded_page_title', { name: loaderData.uploader.username });
  return pageMeta({
    site,
    location,
    title: loaderData.page > 1 ? t('videos.page_title', { title, page: loaderData.page }) : title,
    description: t('seo.description', { title, site: site.name }),
    page: loaderData.page,
    ...listingSeo(loaderData.videos, site, (loaderData.page - 1) * PER_PAGE),
  });
}

export default function VideoVideos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { video, uploader, page, pages, videos } = loaderData;
  const base = `${videoPath(video)}videos/`;
  return (
    <section className="page">
      <h1>{t('watch.uploaded_page_title', { name: uploader.username })}</h1>
      <p>
        <Link to={videoPath(video)} className="section__more">
          {t('watch.back_to_video')}
        </Link>
      </p>
      <VideoList videos={videos} page={page} pages={pages} href={(p) => `${base}${p}/`} />
    </section>
  );
}
