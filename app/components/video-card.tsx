import { type CSSProperties, type MouseEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { PAGE_SIZE, type VideoCard as VideoCardData } from '../../contract/catalog.ts';
import { cardImageProps } from '../lib/card-image.ts';
import { relativeDate, shortNumber } from '../lib/format.ts';
import { videoPath } from '../lib/links.ts';
import { useRootData } from '../lib/route-data.ts';
import { useThumbTrial } from '../lib/thumb-trial.ts';

/**
 * What a card shows: loaders send only this, so the page's data (and its stream) stays small. Flags are
 * there only when set (`hd` when true, `rated` when false), a preview only when the video has one.
 */
export type CardView = Pick<
  VideoCardData,
  'video_id' | 'dir' | 'title' | 'duration' | 'rating' | 'video_viewed' | 'scr'
> &
  Partial<Pick<VideoCardData, 'post_date' | 'preview' | 'hd' | 'stills'>> & {
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
    // Unrated cards show no percentage: their rating is not sent.
    rating: rated === false ? 0 : v.rating,
    video_viewed: v.video_viewed,
    scr: v.scr,
    ...(v.hd ? { hd: true } : {}),
    ...(v.post_date ? { post_date: v.post_date } : {}),
    ...(rated === false ? { rated } : {}),
    ...(v.preview ? { preview: v.preview } : {}),
    // A thumbnail trial's candidates (lib/thumb-trial.ts): only on cards of videos in a trial.
    ...(v.stills ? { stills: v.stills } : {}),
  };
}

interface CardLabels {
  hd: string;
  duration: string;
  /** The word after a count of views, in the plural form for `count` ("1 view", "2 views"). */
  views: string | ((count: number) => string);
  rating: string;
  /** "3 days ago" for a post date; one function per grid, so cards need no translation hook. */
  date: (postDate: string) => string;
  /** The grid's views word (gridViewsWord), when worked out once for the grid. */
  gridViews?: string;
}

/**
 * The cards' texts, translated once per grid. A grid asks for 60 views words and 60 dates, of which a
 * few differ: each is translated once and remembered (a translation with a count cost as much as a
 * whole card to render: issue 30's profile). The views word depends only on the count's plural form
 * (Intl.PluralRules of the page's language, as i18next picks it): no language's `card.views_*` text
 * carries the number (app/lib/plurals.test.ts).
 */
export function useCardLabels(): CardLabels {
  const { t, i18n } = useTranslation();
  // The request's time from the root loader: the server and the hydrating client agree.
  const now = useRootData()?.now ?? Date.now();
  const language = i18n.language;
  return useMemo(() => {
    const plural = new Intl.PluralRules(language);
    const viewsWords = new Map<string, string>();
    const dates = new Map<string, string>();
    const views = (count: number) => {
      const form = plural.select(count);
      const known = viewsWords.get(form);
      if (known !== undefined) return known;
      const word = t('card.views', { count });
      viewsWords.set(form, word);
      return word;
    };
    return {
      hd: t('card.hd'),
      duration: t('card.duration'),
      views,
      gridViews: views(10),
      rating: t('card.rating'),
      date: (postDate) => {
        const { key, count } = relativeDate(postDate, now);
        const memo = `${key}|${count}`;
        const known = dates.get(memo);
        if (known !== undefined) return known;
        const text = t(`misc.date.${key}`, { count });
        dates.set(memo, text);
        return text;
      },
    };
  }, [t, language, now]);
}

/**
 * The cards of a grid's first row load at once (the widest grid has 6 columns: styles/listing.css), the
 * first with high priority (the page's largest picture); the rest wait until scrolled near (issue 29).
 */
export const EAGER_CARDS = 6;

/** How a card's picture loads: its position in a grid that is a page's first content, or lazily. */
export type CardPriority = 'high' | 'eager' | 'lazy';

export const cardPriority = (index: number, first: boolean): CardPriority =>
  !first || index >= EAGER_CARDS ? 'lazy' : index === 0 ? 'high' : 'eager';

// Cards are the bulk of every listing's render and of its HTML (60 a page), so a card carries nothing a
// stylesheet can: the view and rating icons are CSS (styles/listing.css), text is one node per value (no
// React separators), and the hover preview needs no element until a pointer enters the thumbnail (it
// loads the muted clip then and removes it when the pointer leaves: a grid downloads nothing until
// someone hovers). Cards link with plain <a> (no per-card router work); the grid turns clicks into
// client navigation.
export function VideoCard({
  video,
  labels,
  priority = 'lazy',
  gridLabels = false,
  still,
}: {
  video: CardView;
  /** `{video}.{still}` of a card in a thumbnail trial (lib/thumb-trial.ts): the grid counts it. */
  still?: string;
  labels: CardLabels;
  priority?: CardPriority;
  /**
   * The grid carries the constant "Duration" and "rating" texts and its usual views word
   * (gridLabelStyle): none in the card, but a views word of another plural form ("1 view").
   */
  gridLabels?: boolean;
}) {
  const [previewing, setPreviewing] = useState(false);
  const href = videoPath(video);
  const views = typeof labels.views === 'string' ? labels.views : labels.views(video.video_viewed);
  const preview = video.preview
    ? {
        onPointerEnter: () => setPreviewing(true),
        onPointerLeave: () => setPreviewing(false),
        onTouchStart: () => setPreviewing(true),
      }
    : {};
  return (
    <article className="card" data-still={still}>
      <a href={href}>
        <div className="card__thumb" {...preview}>
          <img
            {...cardImageProps(video.scr)}
            alt=""
            {...(priority === 'lazy'
              ? { loading: 'lazy' }
              : priority === 'high'
                ? { fetchPriority: 'high' }
                : {})}
            width={320}
            height={180}
          />
          {previewing && video.preview ? (
            <video
              className="card__preview"
              src={video.preview}
              muted
              autoPlay
              loop
              playsInline
              preload="auto"
              tabIndex={-1}
              aria-hidden="true"
            />
          ) : null}
          {video.hd ? <span className="badge--hd">{labels.hd}</span> : null}
          <span className="badge--duration">
            {gridLabels ? null : <span className="sr-only">{`${labels.duration} `}</span>}
            {video.duration}
          </span>
        </div>
        <h3 className="card__title">{video.title}</h3>
      </a>
      <p className="card__meta">
        <span>
          {shortNumber(video.video_viewed)}
          {gridLabels && views === gridViewsWord(labels) ? null : (
            <span className="sr-only">{` ${views}`}</span>
          )}
        </span>
        {video.rated === false ? null : (
          <span>
            {`${Math.round(video.rating)}%`}
            {gridLabels ? null : <span className="sr-only">{` ${labels.rating}`}</span>}
          </span>
        )}
        {video.post_date ? (
          <time dateTime={video.post_date.slice(0, 10)}>{labels.date(video.post_date)}</time>
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

/**
 * Grey cards in place of a page of videos while it loads: one empty element each (an `<i>`, a grid
 * item without a class: `[data-placeholders] > i`), drawn by the stylesheet (styles/listing.css), so
 * 60 of them in a server-rendered page weigh little.
 */
export function PlaceholderGrid({ count, models = false }: { count: number; models?: boolean }) {
  return (
    <div className={models ? 'grid grid--models' : 'grid'} aria-busy="true" data-placeholders={count}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
        <i key={i} />
      ))}
    </div>
  );
}

/** A CSS string of `text`, for `content:` (a JSON string is one: quotes and backslashes escaped). */
const cssString = (text: string) => JSON.stringify(text);

/**
 * The texts every card of a grid says the same, as custom properties the stylesheet reads into
 * visually hidden generated content (styles/listing.css: `.grid--labels`): read out with each card,
 * written once a page rather than sixty times.
 */
export const gridLabelStyle = (labels: CardLabels) =>
  ({
    '--card-duration': cssString(`${labels.duration} `),
    '--card-rating': cssString(` ${labels.rating}`),
    '--card-views': cssString(` ${gridViewsWord(labels)}`),
  }) as CSSProperties;

/** The views word most counts take (the plural form of 10): the grid says it, a card only another. */
export const gridViewsWord = (labels: CardLabels) =>
  labels.gridViews ?? (typeof labels.views === 'string' ? labels.views : labels.views(10));

export function VideoGrid({
  videos,
  first = false,
}: {
  videos: readonly CardView[];
  /** The page's first content: the first row's pictures load at once (cardPriority). */
  first?: boolean;
}) {
  const onClick = useClientLinks();
  const loading = useListingLoading();
  const labels = useCardLabels();
  const trial = useThumbTrial(videos);
  // As many placeholders as the page shows (60 on listings, 20 on object pages).
  if (loading) return <PlaceholderGrid count={videos.length || PAGE_SIZE.objectVideos} />;
  return (
    // Keyboard activation of a link fires the same click event, so this stays keyboard-accessible.
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated link clicks, not a control.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the links inside raises click.
    <div className="grid grid--labels" style={gridLabelStyle(labels)} onClick={onClick} ref={trial.ref}>
      {videos.map((video, index) => {
        const still = trial.pick(video);
        return (
          <VideoCard
            key={video.video_id}
            video={still ? { ...video, scr: still[1] } : video}
            labels={labels}
            priority={cardPriority(index, first)}
            gridLabels
            still={still ? `${video.video_id}.${still[0]}` : undefined}
          />
        );
      })}
    </div>
  );
}
