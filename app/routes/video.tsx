import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect, useNavigate } from 'react-router';
import { COMMENTS_PAGE_SIZE } from '../../contract/acts-values.ts';
import type { NamedLink } from '../../contract/catalog.ts';
import { oembedDiscoveryHref } from '../../contract/watch-values.ts';
import { AdCarousel, AsideAds, PromoBanner } from '../components/ads/banner.tsx';
import { LiveAds } from '../components/ads/live-ads.tsx';
import { PartnerFrame } from '../components/ads/partner-frame.tsx';
import { useAds } from '../components/ads/use-ads.ts';
import { SeoKeywords } from '../components/catalogue/seo-keywords.tsx';
import { useNotify } from '../components/shell/notify.tsx';
import { SubscribeButton } from '../components/subscribe-button.tsx';
import { type RelatedVideo, VideoPlayer } from '../components/video-player.tsx';
import { CommentsSection } from '../components/watch/comments.tsx';
import { watchMemberState } from '../components/watch/member-state.ts';
import { PlaylistStrip, playlistVideoPath } from '../components/watch/playlist-strip.tsx';
import { RelatedList } from '../components/watch/related-list.tsx';
import { SuggestTagButton } from '../components/watch/suggest-tag-modal.tsx';
import { pageMedia, withoutFiles, withoutPreviews } from '../components/watch/uk-media.ts';
import { VoteButtons } from '../components/watch/vote-buttons.tsx';
import { WatchActions } from '../components/watch/watch-actions.tsx';
import { playbackQuery, playlistPanel, relatedPage } from '../components/watch/watch-data.ts';
import { initialTally, tallyAfterVote, WatchStats } from '../components/watch/watch-stats.tsx';
import { userContext, visitorContext } from '../lib/context.ts';
import { metaT } from '../lib/i18n.ts';
import { categoryPath, videoPath } from '../lib/links.ts';
import { notFound, parseDir, parseId } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, plainText, ROBOTS_NOINDEX, videoJsonLd } from '../lib/seo.ts';
import { rememberVideo } from '../lib/storage.ts';
import { isUnavailable } from '../lib/video-status.ts';
import type { Route } from './+types/video.ts';

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const dir = parseDir(params.dir);
  const services = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  // Started with the video read (two round trips at once, not one after the other); only awaited
  // once the video turns out to be listed, so a failure for a missing one is never seen.
  const relatedEarly = relatedPage(services, id, gender);
  relatedEarly.catch(() => {});
  const user = context.get(userContext);
  const listed = await services.catalog.getVideo(id);
  // A private video is its uploader's and staff's (content.md §6): asked only once the public page is
  // missing, and only for a signed-in viewer, whose pages never go into the shared page cache.
  const video = listed ?? (user ? await services.catalog.getVideo(id, user) : null);
  if (!video) notFound();
  const isPrivate = !listed;
  if (video.dir !== dir) throw redirect(`/video/${video.video_id}/${video.dir}/${url.search}`, 301);
  if (isUnavailable(video)) {
    // Gone, not missing (§4: status 5 skips statistics and related): search engines drop it, visitors
    // get the spec's message and a way home.
    // A 410 is cacheable by default (RFC 9110 §15.1): without no-cache a browser that saw it kept
    // showing 'deleted' after a DMCA restore (issue 15).
    return data({ video: null }, { status: 410, headers: { 'cache-control': 'no-cache' } });
  }
  const [related, playlist, member, media, comments] = await Promise.all([
    // Related lists are of listed videos and public: a private one has none.
    isPrivate ? { videos: [], total: 0, coviewed: 0 } : relatedEarly,
    playlistPanel(services, url.searchParams, video, gender, user),
    watchMemberState(services, user, video),
    pageMedia(services, context.get(visitorContext), user, url.searchParams, video.video_id),
    // The first page of comments and their count from one answer (issue 34): the page's count and the
    // list under it can no longer come from caches of different ages.
    services.acts.comments.list(user ?? null, video.video_id, 1, COMMENTS_PAGE_SIZE),
  ]);
  const page = {
    video,
    gender,
    related,
    playlist,
    isPrivate,
    member,
    comments,
    ...playbackQuery(url.searchParams),
  };
  if (!media.withheld) return { ...page, media: media.player };
  // The UK gate covers this viewer (issue 34): no URL of a moving picture in the page.
  return {
    ...page,
    video: withoutFiles(video),
    related: { ...related, videos: withoutPreviews(related.videos) },
    playlist: playlist && {
      ...playlist,
      videos: withoutPreviews(playlist.videos),
      next: playlist.next ? (withoutPreviews([playlist.next])[0] ?? null) : null,
    },
    media: media.player,
  };
}

/** The loader's headers (the 410's no-cache) on the page's answer. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  const video = loaderData?.video;
  if (!video) {
    return pageMeta({
      site,
      location,
      title: t('video.deleted'),
      description: '',
      // HTTP 410: no canonical (pageMeta's error page).
      errorPage: true,
    });
  }
  const title = plainText(video.title);
  return [
    ...pageMeta({
      site,
      location,
      title,
      // A description that was only markup falls back like an empty one.
      description: plainText(video.description) || t('video.description', { title, site: site.name }),
      image: video.scr,
      type: 'video.other',
      // Only its uploader and staff see a private page: nothing of it is for search engines.
      ...(loaderData.isPrivate ? { robots: ROBOTS_NOINDEX } : { jsonLd: videoJsonLd(video, site) }),
    }),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/json+oembed',
      href: oembedDiscoveryHref(site.publicUrl, videoPath(video)),
      title,
    },
  ];
}

function LinkRow({
  label,
  items,
  href,
  extra,
}: {
  label: string;
  items: NamedLink[];
  href: (item: NamedLink) => string;
  /** A control after the links (the Suggest Tag button); the row shows for it even without links. */
  extra?: ReactNode;
}) {
  if (items.length === 0 && !extra) return null;
  return (
    <div className="watch__row">
      <dt>{label}</dt>
      <dd className="chips">
        {items.map((item) => (
          <Link key={item.id} to={href(item)} className="chip">
            {item.title}
          </Link>
        ))}
        {extra}
      </dd>
    </div>
  );
}

type LoadedVideo = NonNullable<Route.ComponentProps['loaderData']['video']>;

/** Guests' history lives in the browser (content.md §1, shell.md §3): each video page adds its video once. */
function RememberVisit({ video }: { video: LoadedVideo }) {
  useEffect(() => {
    rememberVideo({
      video_id: video.video_id,
      title: video.title,
      scr: video.scr,
      duration: video.duration,
      dir: video.dir,
      video_viewed: video.video_viewed,
      rating: video.statistics.likes + video.statistics.dislikes > 0 ? video.rating : null,
      sg_id: null,
      ex_tube: null,
      ex_id: null,
    });
  }, [video]);
  return null;
}

export default function Video({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.video) {
    return (
      <section className="page watch-gone">
        <h1>{t('video.deleted')}</h1>
        <p>
          <Link to="/" className="button button--primary">
            {t('watch.home')}
          </Link>
        </p>
      </section>
    );
  }
  return <WatchPage key={loaderData.video.video_id} data={loaderData} />;
}

function WatchPage({ data: loaded }: { data: Route.ComponentProps['loaderData'] & { video: LoadedVideo } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ads = useAds();
  const notify = useNotify();
  const { video, related, playlist, gender } = loaded;
  const { statistics: stats } = video;
  // The tally under the title: the loader's, then the vote buttons' once a vote is accepted (issue 34).
  const [tally, setTally] = useState(() => initialTally(video));
  // The comments' count shown by the actions and the comments section: their answer's, then the
  // member's own additions and deletions.
  const [commentTotal, setCommentTotal] = useState(loaded.comments.total_count);
  // content.md §2: a partner channel's videos have no channel block (no channel link, no subscribe
  // button); the player shows its 'Watch' button instead (components/player/partner-watch.tsx).
  const channel = video.channel?.partner ? null : video.channel;

  const upNext: RelatedVideo[] = playlist?.next
    ? [playlist.next, ...related.videos.filter((v) => v.video_id !== playlist.next?.video_id)]
    : related.videos;
  const onNext = useCallback(
    (next: RelatedVideo) => {
      if (playlist?.next && next.video_id === playlist.next.video_id) {
        navigate(playlistVideoPath(next, playlist.playlist.playlist_id, playlist.nextPage));
      } else navigate(videoPath(next));
    },
    [navigate, playlist],
  );
  const keywords = [...video.tags, ...video.categories].map((item) => item.title);

  return (
    <>
      <RememberVisit video={video} />
      <PromoBanner />
      {/* The ad column only when there are ads for it (members see none): else the player takes the width. */}
      <div className={ads.aside.length > 0 ? 'watch watch--aside' : 'watch'}>
        <article className="watch__main">
          <VideoPlayer
            video={video}
            media={loaded.media}
            startTime={loaded.startTime}
            autoplay={loaded.autoplay}
            related={upNext}
            preroll={ads.preroll}
            pauseAd={ads.pause}
            onNext={onNext}
          />
          <LiveAds />
          {playlist ? (
            <PlaylistStrip
              key={`${playlist.playlist.playlist_id}:${playlist.page}`}
              playlist={playlist.playlist}
              page={playlist.page}
              videos={playlist.videos}
              currentId={video.video_id}
              gender={gender}
            />
          ) : null}
          <h1 className="watch__title">{video.title}</h1>
          <WatchStats video={video} tally={tally} />
          <div className="watch__social">
            <VoteButtons
              section="video"
              objectId={video.video_id}
              likes={stats.likes}
              dislikes={stats.dislikes}
              initialVote={loaded.member.video?.vote ?? null}
              onVoted={(counts) => setTally(tallyAfterVote(counts))}
            />
            {[channel ? loaded.member.channel : null, loaded.member.uploader].map((state) =>
              state ? (
                <span key={state.section} className="watch__subscribe">
                  {state.section === 'channel' ? channel?.title : video.user?.username}
                  <SubscribeButton {...state} />
                </span>
              ) : null,
            )}
          </div>
          <WatchActions
            video={video}
            notify={notify}
            lists={loaded.member.video}
            commentsCount={commentTotal}
          />
          <dl className="watch__links">
            <LinkRow
              label={t('video.channel')}
              items={channel ? [channel] : []}
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
            <LinkRow
              label={t('video.tags')}
              items={video.tags}
              href={(item) => `/tags/${item.dir}/1/`}
              extra={<SuggestTagButton videoId={video.video_id} />}
            />
          </dl>
        </article>
        {ads.aside.length > 0 ? (
          <div className="watch__aside">
            <AsideAds />
          </div>
        ) : null}
      </div>
      <PartnerFrame keywords={video.categories.map((c) => c.title)} videoId={video.video_id} />
      <AdCarousel />
      <RelatedList
        videoId={video.video_id}
        title={video.title}
        gender={gender}
        initial={related.videos}
        total={related.total}
        coviewed={related.coviewed ?? 0}
      />
      <CommentsSection videoId={video.video_id} initial={loaded.comments} onTotal={setCommentTotal} />
      <section className="section watch-seo" aria-label={t('watch.about')}>
        {video.description ? <p className="watch__description">{video.description}</p> : null}
        <SeoKeywords keywords={keywords} label={t('watch.keywords')} />
      </section>
    </>
  );
}
