import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { useAds } from '../components/ads/use-ads.ts';
import { Notice } from '../components/status-page.tsx';
import { VideoPlayer } from '../components/video-player.tsx';
import { pageMedia, withoutFiles } from '../components/watch/uk-media.ts';
import { relatedPage } from '../components/watch/watch-data.ts';
import { userContext, visitorContext } from '../lib/context.ts';
import { metaT } from '../lib/i18n.ts';
import { videoPath } from '../lib/links.ts';
import { notFound, parseDir, parseId } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import { isUnavailable } from '../lib/video-status.ts';
import type { Route } from './+types/embed.ts';

/** Framed by other sites: the root renders no header and no footer around it. */
export const handle = { bare: true };

/** Related videos on the embed's overlay (pause and end). */
const EMBED_RELATED = 8;

/** `?start_time=` in whole or decimal seconds; anything else is ignored. */
function startTimeOf(url: URL): number | undefined {
  const raw = url.searchParams.get('start_time');
  if (!raw || !/^\d{1,6}(\.\d{1,3})?$/.test(raw)) return undefined;
  return Number(raw);
}

export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const id = parseId(params.video_id);
  const dir = parseDir(params.dir);
  const services = servicesOf(context);
  const video = await services.catalog.getVideo(id);
  if (!video) notFound();
  if (video.dir !== dir) throw redirect(`/embed/${video.video_id}/${video.dir}/${url.search}`, 301);
  if (isUnavailable(video))
    return data(
      { video: null, related: [], startTime: undefined, autoplay: false, media: null },
      { status: 410 },
    );
  // The video page's first related call (the same ranking and the same cached page).
  const [related, media] = await Promise.all([
    relatedPage(services, id, genderFrom(request.headers.get('cookie'))),
    // The UK gate (issue 34): framed by another site, the embed is exempt and its player gets a pass;
    // opened directly, a covered viewer gets no file at all.
    pageMedia(services, context.get(visitorContext), context.get(userContext), url.searchParams, id),
  ]);
  return {
    video: media.withheld ? withoutFiles(video) : video,
    media: media.player,
    related: related.videos
      .filter((other) => other.video_id !== video.video_id)
      .slice(0, EMBED_RELATED)
      .map(({ video_id, dir, title, scr, duration }) => ({ video_id, dir, title, scr, duration })),
    startTime: startTimeOf(url),
    autoplay: url.searchParams.get('autoplay') === '1',
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  const video = loaderData?.video;
  // The watch page is the one to index; the embed points there.
  return pageMeta({
    site,
    location: { pathname: video ? videoPath(video) : '/', search: '' },
    title: video?.title ?? t('video.deleted'),
    description: '',
    robots: ROBOTS_NOINDEX,
    // A gone video (HTTP 410) has no watch page to point at.
    errorPage: !video,
  });
}

export default function Embed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const ads = useAds();
  const { video, related, startTime, autoplay, media } = loaderData;
  if (!video) return <Notice title={t('video.deleted')} />;
  return (
    <div className="embed">
      {media?.gated ? (
        // No overlay here (no shell): the video's page, linked below, shows the UK gate and its way in.
        <Notice title={t('uk_gate.title')} />
      ) : (
        <VideoPlayer
          video={video}
          media={media ?? undefined}
          embed
          related={related}
          startTime={startTime}
          autoplay={autoplay}
          preroll={ads.preroll}
          pauseAd={ads.pause}
        />
      )}
      <a className="embed__title" href={videoPath(video)} target="_blank" rel="noopener">
        {video.title}
      </a>
    </div>
  );
}
