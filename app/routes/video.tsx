import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
import { type NamedLink, PAGE_SIZE } from '../../contract/catalog.ts';
import { ClockIcon, EyeIcon, ThumbIcon } from '../components/icons.tsx';
import { RelativeTime } from '../components/relative-time.tsx';
import { AdSlot } from '../components/shell/footer.tsx';
import { Notice } from '../components/status-page.tsx';
import { toCardView, VideoGrid } from '../components/video-card.tsx';
import { VideoPlayer } from '../components/video-player.tsx';
import { shortNumber } from '../lib/format.ts';
import { i18n } from '../lib/i18n.ts';
import { categoryPath } from '../lib/links.ts';
import { notFound, parseDir, parseId } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX, videoJsonLd } from '../lib/seo.ts';
import { rememberVideo } from '../lib/storage.ts';
import { isUnavailable } from '../lib/video-status.ts';
import type { Route } from './+types/video.ts';

const RELATED_COUNT = 12;

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const dir = parseDir(params.dir);
  const { catalog } = servicesOf(context);
  const video = await catalog.getVideo(id);
  if (!video) notFound();
  if (video.dir !== dir) throw redirect(`/video/${video.video_id}/${video.dir}/${url.search}`, 301);
  if (isUnavailable(video)) {
    // Gone, not missing: search engines drop it, visitors get the spec's message and a way home.
    return data({ video: null, related: [] }, { status: 410 });
  }
  const related = await catalog.listVideos({
    gender: genderFrom(request.headers.get('cookie')),
    sort: 'most-popular',
    page: 1,
    perPage: Math.min(PAGE_SIZE.related, RELATED_COUNT + 1),
  });
  return {
    video,
    related: related.videos
      .filter((other) => other.video_id !== video.video_id)
      .slice(0, RELATED_COUNT)
      .map(toCardView),
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  const video = loaderData?.video;
  if (!video) {
    return pageMeta({
      site,
      location,
      title: i18n.t('video.deleted'),
      description: '',
      robots: ROBOTS_NOINDEX,
    });
  }
  return pageMeta({
    site,
    location,
    title: video.title,
    description: video.description || i18n.t('video.description', { title: video.title, site: site.name }),
    image: video.scr,
    type: 'video.other',
    jsonLd: videoJsonLd(video, site),
  });
}

function LinkRow({
  label,
  items,
  href,
}: {
  label: string;
  items: NamedLink[];
  href: (item: NamedLink) => string;
}) {
  if (items.length === 0) return null;
  return (
    <div className="watch__row">
      <dt>{label}</dt>
      <dd className="chips">
        {items.map((item) => (
          <Link key={item.id} to={href(item)} className="chip">
            {item.title}
          </Link>
        ))}
      </dd>
    </div>
  );
}

function Stat({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="watch__stat">
      {icon}
      {children}
    </span>
  );
}

/** Guests' history lives in the browser (content.md §1): each video page adds its video once. */
function RememberVisit({ video }: { video: NonNullable<Route.ComponentProps['loaderData']['video']> }) {
  useEffect(() => {
    rememberVideo({
      video_id: video.video_id,
      title: video.title,
      scr: video.scr,
      duration: video.duration,
      dir: video.dir,
      video_viewed: video.video_viewed,
      sg_id: null,
      ex_tube: null,
      ex_id: null,
    });
  }, [video]);
  return null;
}

export default function Video({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { video, related } = loaderData;
  if (!video) return <Notice title={t('video.deleted')} />;
  const { statistics: stats } = video;
  return (
    <>
      <RememberVisit video={video} />
      <div className="watch">
        <article className="watch__main">
          <VideoPlayer video={video} />
          <h1 className="watch__title">{video.title}</h1>
          <div className="watch__stats">
            <Stat icon={<EyeIcon />}>
              {t('video.views', { count: video.video_viewed, views: shortNumber(video.video_viewed) })}
            </Stat>
            <Stat icon={<ThumbIcon />}>
              {t('video.rating', { percent: Math.round(video.rating) })}
              <span className="muted">
                {' '}
                (<span className="sr-only">{t('video.likes')} </span>
                {shortNumber(stats.likes)} / <span className="sr-only">{t('video.dislikes')} </span>
                {shortNumber(stats.dislikes)})
              </span>
            </Stat>
            <Stat icon={<ClockIcon />}>
              <span className="sr-only">{t('video.added')} </span>
              <RelativeTime date={video.post_date} />
            </Stat>
            {video.user ? (
              <span className="watch__stat">
                {t('video.uploader')}{' '}
                <Link to={`/members/${video.user.user_id}/`}>{video.user.username}</Link>
              </span>
            ) : null}
          </div>
          <dl className="watch__links">
            <LinkRow
              label={t('video.channel')}
              items={video.channel ? [video.channel] : []}
              href={(item) => `/pornsite/${item.dir}/`}
            />
            <LinkRow
              label={t('video.models')}
              items={video.models}
              href={(item) => `/pornstar/${item.dir}/`}
            />
            <LinkRow
              label={t('video.categories')}
              items={video.categories}
              href={(item) => categoryPath(item.dir)}
            />
            <LinkRow label={t('video.tags')} items={video.tags} href={(item) => `/tags/${item.dir}/1/`} />
          </dl>
          {video.description ? <p className="watch__description">{video.description}</p> : null}
        </article>
        <aside className="watch__aside" aria-label={t('ads.label')}>
          <AdSlot />
          <AdSlot />
        </aside>
      </div>
      {related.length ? (
        <section className="section" aria-labelledby="related-title">
          <div className="section__header">
            <h2 id="related-title" className="section__title">
              {t('video.related')}
            </h2>
          </div>
          <VideoGrid videos={related} />
        </section>
      ) : null}
    </>
  );
}
