// The video page's related list (content.md §4 "Related list"): 10 shown per page, Show more while the
// page is below 3, then View All to the search by the video's title. The loader sends the first call's
// 20; the rest comes from one call of 10 pages' worth (count 100), cached per video and paged here.
// Issue 32: the list leads with `coviewed` co-viewed videos; each card shown (once the list is in view)
// and each click counts as an analytics goal of its source (relatedGoal), the console's comparison.
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Gender } from '../../../contract/catalog.ts';
import type { RelatedResponse } from '../../../contract/watch.ts';
import {
  RELATED_MAX_PAGE,
  RELATED_PAGE_SIZE,
  type RelatedSource,
  relatedGoal,
  relatedPath,
} from '../../../contract/watch-values.ts';
import { goal } from '../../lib/analytics.ts';
import { ApiError, getRelated } from '../../lib/api-client.ts';
import { type CardView, toCardView, VideoGrid } from '../video-card.tsx';

/** One call fills the client cache with this many pages of the page's size. */
export const RELATED_CACHE_PAGES = 10;

const cache = new Map<string, Promise<RelatedResponse>>();

function loadRelated(gender: Gender, videoId: number): Promise<RelatedResponse> {
  const url = relatedPath(gender, videoId, 1, RELATED_PAGE_SIZE * RELATED_CACHE_PAGES);
  let pending = cache.get(url);
  if (!pending) {
    pending = getRelated(url);
    // A failed call is not cached: the next Show more asks again.
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

export function searchByTitlePath(title: string): string {
  return `/search/1/?s=${encodeURIComponent(title.trim().slice(0, 69))}`;
}

type State = { kind: 'loaded' } | { kind: 'loading' } | { kind: 'error'; code: string };

const sourceAt = (index: number, coviewed: number): RelatedSource =>
  index < coviewed ? 'coview' : 'taxonomy';
const VIDEO_HREF = /^\/video\/(\d+)\//;

/** Counts the shown cards not counted yet, once the list is in view (impressions by source). */
function useImpressions(shown: CardView[], coviewed: number) {
  const ref = useRef<HTMLElement>(null);
  const counted = useRef(0);
  useEffect(() => {
    const section = ref.current;
    if (!section || counted.current >= shown.length) return;
    const count = () => {
      for (let i = counted.current; i < shown.length; i += 1)
        goal(relatedGoal('impression', sourceAt(i, coviewed)));
      counted.current = shown.length;
    };
    if (typeof IntersectionObserver === 'undefined') return count();
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      count();
    });
    observer.observe(section);
    return () => observer.disconnect();
  }, [shown, coviewed]);
  return ref;
}

export function RelatedList({
  videoId,
  title,
  gender,
  initial,
  total,
  coviewed = 0,
}: {
  videoId: number;
  title: string;
  gender: Gender;
  /** The first related call's videos (server-rendered). */
  initial: CardView[];
  total: number;
  /** How many of the list lead with co-viewed videos. */
  coviewed?: number;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<CardView[]>(initial);
  const [known, setKnown] = useState(total);
  const [state, setState] = useState<State>({ kind: 'loaded' });
  const shown = items.slice(0, page * RELATED_PAGE_SIZE);
  const more = page < RELATED_MAX_PAGE && Math.min(items.length, known) > shown.length;
  const couldLoad = page < RELATED_MAX_PAGE && known > items.length;
  const sectionRef = useImpressions(shown, coviewed);
  // A click on a card's link counts by the card's source (the list's order is the server's).
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const href = (event.target as Element).closest?.('a[href]')?.getAttribute('href') ?? '';
    const id = Number(VIDEO_HREF.exec(href)?.[1]);
    const index = items.findIndex((v) => v.video_id === id);
    if (index >= 0) goal(relatedGoal('click', sourceAt(index, coviewed)));
  };

  const showMore = async () => {
    const next = page + 1;
    if (items.length >= next * RELATED_PAGE_SIZE || items.length >= known) {
      setPage(next);
      return;
    }
    setState({ kind: 'loading' });
    try {
      const body = await loadRelated(gender, videoId);
      const seen = new Set(items.map((v) => v.video_id));
      setItems([...items, ...body.videos.filter((v) => !seen.has(v.video_id)).map(toCardView)]);
      setKnown(body.total_count);
      setPage(next);
      setState({ kind: 'loaded' });
    } catch (error) {
      const answered = error instanceof ApiError && error.status > 0;
      setState({ kind: 'error', code: answered ? error.code : 'network_error' });
    }
  };

  if (items.length === 0) return null;
  return (
    <section
      ref={sectionRef}
      className="section related"
      aria-labelledby="related-title"
      data-page={page}
      data-coviewed={coviewed}
    >
      <div className="section__header">
        <h2 id="related-title" className="section__title">
          {t('video.related')}
        </h2>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: counts the links' own clicks (Enter on a link is a click too). */}
      <div onClick={onClick}>
        <VideoGrid videos={shown} />
      </div>
      {state.kind === 'loading' ? (
        <div className="grid related__placeholders" aria-hidden="true" data-placeholders={RELATED_PAGE_SIZE}>
          {Array.from({ length: RELATED_PAGE_SIZE }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <i key={i} />
          ))}
        </div>
      ) : null}
      {state.kind === 'error' ? (
        <p className="related__error" role="alert">
          {t('watch.related_error', { code: state.code })}
        </p>
      ) : null}
      <div className="related__more">
        {more || couldLoad ? (
          <button
            type="button"
            className="button"
            onClick={showMore}
            disabled={state.kind === 'loading'}
            aria-busy={state.kind === 'loading'}
          >
            {state.kind === 'loading' ? t('watch.loading') : t('watch.show_more')}
          </button>
        ) : null}
        {page >= RELATED_MAX_PAGE ? (
          <Link to={searchByTitlePath(title)} className="button button--primary">
            {t('watch.view_all')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
