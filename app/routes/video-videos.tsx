// /video/{id}/{dir}/videos/{page}/ (content.md §2): the video's related list as a crawlable listing, 20 a
// page (the related call's count), up to page 20. Past the list's end is the 404 page.
import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { RELATED_COUNT } from '../../contract/watch-values.ts';
import { VideoList } from '../components/catalogue/video-list.tsx';
import { relatedPage } from '../components/watch/watch-data.ts';
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

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const dir = parseDir(params.dir);
  const page = parsePage(params.page);
  const services = servicesOf(context);
  const video = await services.catalog.getVideo(id);
  if (!video || isUnavailable(video)) notFound();
  if (video.dir !== dir)
    throw redirect(`/video/${video.video_id}/${video.dir}/videos/${page}/${url.search}`, 301);
  const related = await relatedPage(
    services,
    id,
    genderFrom(request.headers.get('cookie')),
    page,
    RELATED_COUNT,
  );
  const pages = Math.min(20, pageCount(related.total, RELATED_COUNT));
  if (page > 1 && page > pages) notFound();
  return {
    video: { video_id: video.video_id, dir: video.dir, title: video.title },
    page,
    pages,
    videos: related.videos,
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const title = t('watch.related_page_title', { title: loaderData.video.title });
  return pageMeta({
    site,
    location,
    title: loaderData.page > 1 ? t('videos.page_title', { title, page: loaderData.page }) : title,
    description: t('seo.description', { title, site: site.name }),
    page: loaderData.page,
    ...listingSeo(loaderData.videos, site, (loaderData.page - 1) * RELATED_COUNT),
  });
}

export default function VideoVideos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { video, page, pages, videos } = loaderData;
  const base = `${videoPath(video)}videos/`;
  return (
    <section className="page">
      <h1>{t('watch.related_page_title', { title: video.title })}</h1>
      <p>
        <Link to={videoPath(video)} className="section__more">
          {t('watch.back_to_video')}
        </Link>
      </p>
      <VideoList videos={videos} page={page} pages={pages} href={(p) => `${base}${p}/`} />
    </section>
  );
}
