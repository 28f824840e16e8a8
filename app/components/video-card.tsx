import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { PAGE_SIZE, type VideoCard as VideoCardData } from '../../contract/catalog.ts';
import { relativeDate, shortNumber } from '../lib/format.ts';
import { videoPath } from '../lib/links.ts';
import { useRootData } from '../lib/route-data.ts';
import { EyeIcon, ThumbIcon } from './icons.tsx';

/** What a card shows: loaders send only this, so the page's data (and its stream) stays small. */
export type CardView = Pick<
  VideoCardData,
  'video_id' | 'dir' | 'title' | 'duration' | 'rating' | 'video_viewed' | 'scr' | 'hd'
> &
  Partial<Pick<VideoCardData, 'post_date' | 'preview'>> & {
    /** false: nobody has voted yet, so the card shows no rating (not "0%"). */
    rated?: boolean;
  };

export function toCardView(v: CardView & { statistics?: { likes: number; dislikes: number } }): CardView {
  const rated = v.statistics ? v.statistics.likes + v.statistics.dislikes > 0 : v.rated;
  return {
    video_id: v.video_id,
    dir: v.dir,
    title: v.title,
    duration: v.duration,
    rating: v.rating,
    video_viewed: v.video_viewed,
    scr: v.scr,
    hd: v.hd,
    ...(v.post_date ? { post_date: v.post_date } : {}),
    ...(rated === false ? { rated } : {}),
    ...(v.preview ? { preview: v.preview } : {}),
  };
}

interface CardLabels {
  hd: string;
  duration: string;
  views: string;
  rating: string;
  /** "3 days ago" for a post date; one function per grid, so cards need no translation hook. */
  date: (postDate: string) => string;
}

/**
 * The muted hover-preview clip: loaded only when a pointer enters the thumbnail (or a finger touches
 * it), removed when it leaves, so a grid of 60 cards downloads nothing until someone hovers.
 */
function HoverPreview({ src }: { src: string }) {
  const [active, setActive] = useState(false);
  return (
    <span
      className="card__preview"
      aria-hidden="true"
      onPointerEnter={() => setActive(true)}
      onPointerLeave={() => setActive(false)}
      onTouchStart={() => setActive(true)}
    >
      {active ? <video src={src} muted autoPlay loop playsInline preload="auto" tabIndex={-1} /> : null}
    </span>
  );
}

// Cards are the bulk of every listing's render: their labels are translated once per grid, and they
// link with plain <a> (no per-card router work); the grid turns clicks into client navigation.
export function VideoCard({ video, labels }: { video: CardView; labels: CardLabels }) {
  const href = videoPath(video);
  return (
    <article className="card">
      <a href={href} className="card__link">
        <div className="card__thumb">
          <img src={video.scr} alt="" loading="lazy" decoding="async" width={320} height={180} />
          {video.preview ? <HoverPreview src={video.preview} /> : null}
          {video.hd ? <span className="badge badge--hd">{labels.hd}</span> : null}
          <span className="badge badge--duration">
            <span className="sr-only">{labels.duration} </span>
            {video.duration}
          </span>
        </div>
        <h3 className="card__title">{video.title}</h3>
      </a>
      <p className="card__meta">
        <span>
          <EyeIcon /> {shortNumber(video.video_viewed)}
          <span className="sr-only"> {labels.views}</span>
        </span>
        {video.rated === false ? null : (
          <span>
            <ThumbIcon /> {Math.round(video.rating)}%<span className="sr-only"> {labels.rating}</span>
          </span>
        )}
        {video.post_date ? (
          <time className="card__date" dateTime={video.post_date}>
            {labels.date(video.post_date)}
          </time>
        ) : null}
      </p>
    </article>
  );
}

/** A plain left click on a same-site link inside `event`'s target goes through the router. */
export function useClientLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
}

// The pages that are a paged video list: a client navigation to one of them shows placeholder cards
// while its data loads (content.md §4); a navigation elsewhere (a video page) leaves the grid as it is.
const LISTING_PATH =
  /^\/(videos\/|search\/|categories\/[^/]+\/|tags\/[^/]+\/\d|pornstar\/[^/]+\/videos\/|pornsite\/[^/]+\/videos\/|playlist\/\d+\/videos\/|video\/\d+\/[^/]+\/videos\/|members\/\d+\/[a-z_]+\/\d)/;

/** True while the router loads another page (or query) of a listing. */
export function useListingLoading(): boolean {
  const navigation = useNavigation();
  const current = useLocation();
  const next = navigation.location;
  if (navigation.state !== 'loading' || !next) return false;
  if (next.pathname === current.pathname && next.search === current.search) return false;
  return LISTING_PATH.test(next.pathname);
}

/** Grey cards in place of a page of videos while it loads. */
export function PlaceholderGrid({ count }: { count: number }) {
  return (
    <div className="grid" aria-busy="true" data-placeholders={count}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
        <div key={i} className="card card--placeholder">
          <div className="card__thumb" />
        </div>
      ))}
    </div>
  );
}

export function VideoGrid({ videos }: { videos: readonly CardView[] }) {
  const { t } = useTranslation();
  const onClick = useClientLinks();
  const loading = useListingLoading();
  // The request's time from the root loader: the server and the hydrating client agree.
  const now = useRootData()?.now ?? Date.now();
  const labels: CardLabels = {
    hd: t('card.hd'),
    duration: t('card.duration'),
    views: t('card.views'),
    rating: t('card.rating'),
    date: (postDate) => {
      const { key, count } = relativeDate(postDate, now);
      return t(`misc.date.${key}`, { count });
    },
  };
  // As many placeholders as the page shows (60 on listings, 20 on object pages).
  if (loading) return <PlaceholderGrid count={videos.length || PAGE_SIZE.objectVideos} />;
  return (
    // Keyboard activation of a link fires the same click event, so this stays keyboard-accessible.
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated link clicks, not a control.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the links inside raises click.
    <div className="grid" onClick={onClick}>
      {videos.map((video) => (
        <VideoCard key={video.video_id} video={video} labels={labels} />
      ))}
    </div>
  );
}
