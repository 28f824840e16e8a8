import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { Notice } from '../components/status-page.tsx';
import { VideoPlayer } from '../components/video-player.tsx';
import { i18n } from '../lib/i18n.ts';
import { videoPath } from '../lib/links.ts';
import { notFound, parseDir, parseId } from '../lib/params.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import { isUnavailable } from '../lib/video-status.ts';
import type { Route } from './+types/embed.ts';

/** Framed by other sites: the root renders no header and no footer around it. */
export const handle = { bare: true };

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const id = parseId(params.video_id);
  const dir = parseDir(params.dir);
  const video = await servicesOf(context).catalog.getVideo(id);
  if (!video) notFound();
  if (video.dir !== dir) throw redirect(`/embed/${video.video_id}/${video.dir}/${url.search}`, 301);
  if (isUnavailable(video)) return data({ video: null }, { status: 410 });
  return { video };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  const video = loaderData?.video;
  // The watch page is the one to index; the embed points there.
  return pageMeta({
    site,
    location: { pathname: video ? videoPath(video) : '/', search: '' },
    title: video?.title ?? i18n.t('video.deleted'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

export default function Embed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { video } = loaderData;
  if (!video) return <Notice title={t('video.deleted')} />;
  return (
    <div className="embed">
      <VideoPlayer video={video} />
      <a className="embed__title" href={videoPath(video)} target="_blank" rel="noopener">
        {video.title}
      </a>
    </div>
  );
}
