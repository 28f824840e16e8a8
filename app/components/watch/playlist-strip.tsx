// The playlist panel of the video page (content.md §4 "Playlist strip"): the playlist's videos, 8 at a
// time on a desktop with prev/next sliding by 8 and the neighbouring page (60 videos) loaded near
// either end; on touch screens a scroll list that loads them when its first or last item shows.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLAYLIST_STRIP_PAGE_SIZE, PLAYLIST_STRIP_VISIBLE } from '../../../contract/acts-values.ts';
import type { Gender } from '../../../contract/catalog.ts';
import { LIFETIME, videos2Path } from '../../../contract/catalog-api-values.ts';
import { getVideoList, requestJson } from '../../lib/api-client.ts';
import { type CardView, toCardView } from '../video-card.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

export const STRIP_PAGE_SIZE = PLAYLIST_STRIP_PAGE_SIZE;
export const STRIP_VISIBLE = PLAYLIST_STRIP_VISIBLE;

/** 'public': the cached videos2 list of the viewer's orientation; 'owner': the owner's own read. */
export type StripSource = 'public' | 'owner';

export interface StripPlaylist {
  playlist_id: number;
  title: string;
  /** The playlist's listed videos (what the strip can show), all pages. */
  total_videos: number;
  source?: StripSource;
}

/**
 * The owner's strip pages (private playlists included, every orientation, not cached): the same
 * source as the loader's (services.acts.playlists.strip). GET → {videos, total_count}.
 */
export const ownerStripPath = (playlistId: number, page: number) =>
  `/api/json/playlist_strip/0/${playlistId}.${page}.json`;

export function playlistVideoPath(
  video: { video_id: number; dir: string },
  playlistId: number,
  page: number,
) {
  const query = page > 1 ? `?playlist=${playlistId}&pl_page=${page}` : `?playlist=${playlistId}`;
  return `/video/${video.video_id}/${video.dir}/${query}`;
}

interface StripItem extends CardView {
  page: number;
}

async function loadPage(
  gender: Gender,
  playlistId: number,
  page: number,
  source: StripSource,
): Promise<CardView[]> {
  if (source === 'owner') {
    const body = await requestJson<{ videos: CardView[] }>(
      ownerStripPath(playlistId, page),
      { headers: { accept: 'application/json' } },
      (answer) => Array.isArray(answer.videos),
    );
    return body.videos.map(toCardView);
  }
  const url = videos2Path({
    lifetime: LIFETIME.playlist,
    gender,
    sort: 'latest-updates',
    count: STRIP_PAGE_SIZE,
    section: 'playlist',
    objectId: playlistId,
    page,
  });
  const body = await getVideoList(url, { headers: { accept: 'application/json' } });
  return body.videos.map(toCardView);
}

/** The window's first index: the block of 8 holding the current video. */
const windowStart = (index: number) => Math.max(0, Math.floor(index / STRIP_VISIBLE) * STRIP_VISIBLE);

function useTouch(): boolean {
  const [touch, setTouch] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(hover: none) and (pointer: coarse)');
    setTouch(query.matches);
    const onChange = () => setTouch(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return touch;
}

export function PlaylistStrip({
  playlist,
  page,
  videos,
  currentId,
  gender,
}: {
  playlist: StripPlaylist;
  /** The strip page (pl_page) the loader sent. */
  page: number;
  videos: CardView[];
  currentId: number;
  gender: Gender;
}) {
  const { t } = useTranslation();
  const touch = useTouch();
  const source = playlist.source ?? 'public';
  const lastPage = Math.max(1, Math.ceil(playlist.total_videos / STRIP_PAGE_SIZE));
  const [items, setItems] = useState<StripItem[]>(() => videos.map((v) => ({ ...v, page })));
  const [pages, setPages] = useState({ first: page, last: page });
  const loading = useRef(false);
  const currentIndex = items.findIndex((v) => v.video_id === currentId);
  const [offset, setOffset] = useState(() => windowStart(Math.max(0, currentIndex)));

  /** Loads the page before or after the loaded ones; resolves with how many videos it added. */
  const loadNeighbour = useCallback(
    async (direction: 'prev' | 'next') => {
      const target = direction === 'next' ? pages.last + 1 : pages.first - 1;
      if (loading.current || target < 1 || target > lastPage) return 0;
      loading.current = true;
      try {
        const more = (await loadPage(gender, playlist.playlist_id, target, source)).map((v) => ({
          ...v,
          page: target,
        }));
        if (more.length === 0) return 0;
        setItems((all) => (direction === 'next' ? [...all, ...more] : [...more, ...all]));
        setPages((p) => (direction === 'next' ? { ...p, last: target } : { ...p, first: target }));
        // What was on screen stays there: the window moves with the videos put before it.
        if (direction === 'prev') setOffset((o) => o + more.length);
        return more.length;
      } catch {
        return 0; // The strip keeps what it has; the buttons stay usable.
      } finally {
        loading.current = false;
      }
    },
    [gender, lastPage, pages, playlist.playlist_id, source],
  );

  // Near either end of what is loaded, fetch the neighbouring page ahead of the next slide.
  useEffect(() => {
    if (touch) return;
    if (offset + 2 * STRIP_VISIBLE > items.length && pages.last < lastPage) void loadNeighbour('next');
    else if (offset < STRIP_VISIBLE && pages.first > 1) void loadNeighbour('prev');
  }, [offset, items.length, pages, lastPage, touch, loadNeighbour]);

  const hasPrev = offset > 0 || pages.first > 1;
  const hasNext = offset + STRIP_VISIBLE < items.length || pages.last < lastPage;

  /** Slides by 8 within what is loaded; at either end it loads the neighbouring page first. */
  const slide = async (direction: 'prev' | 'next') => {
    if (direction === 'prev') {
      if (offset === 0 && !(await loadNeighbour('prev'))) return;
      setOffset((o) => Math.max(0, o - STRIP_VISIBLE));
      return;
    }
    const shown = items.length - offset;
    if (shown > STRIP_VISIBLE) {
      setOffset((o) => o + STRIP_VISIBLE);
      return;
    }
    // The window holds the last loaded videos: the next page fills it if it was short, else slides.
    const added = await loadNeighbour('next');
    if (added && shown === STRIP_VISIBLE) setOffset((o) => o + STRIP_VISIBLE);
  };

  const list = touch ? items : items.slice(offset, offset + STRIP_VISIBLE);
  // Loaded pages are contiguous from pages.first, so a list index maps to a playlist position.
  const number = currentIndex >= 0 ? (pages.first - 1) * STRIP_PAGE_SIZE + currentIndex + 1 : 0;

  return (
    <section
      className={touch ? 'playlist-strip is-touch' : 'playlist-strip'}
      aria-labelledby="playlist-strip-title"
      data-offset={offset}
    >
      <div className="playlist-strip__head">
        <h2 id="playlist-strip-title" className="playlist-strip__title">
          <Link to={`/playlist/${playlist.playlist_id}/`}>{playlist.title}</Link>
        </h2>
        <span className="muted playlist-strip__count">
          {number > 0
            ? t('watch.playlist_position', { number, count: playlist.total_videos })
            : t('catalogue.videos_count', { count: playlist.total_videos })}
        </span>
        {touch ? null : (
          <span className="playlist-strip__nav">
            <button
              type="button"
              className="icon-button"
              aria-label={t('watch.strip_prev')}
              disabled={!hasPrev}
              onClick={() => void slide('prev')}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t('watch.strip_next')}
              disabled={!hasNext}
              onClick={() => void slide('next')}
            >
              <ChevronRightIcon />
            </button>
          </span>
        )}
      </div>
      <StripList
        items={list}
        touch={touch}
        playlistId={playlist.playlist_id}
        currentId={currentId}
        onEdge={(edge) => void loadNeighbour(edge)}
      />
    </section>
  );
}

function StripList({
  items,
  touch,
  playlistId,
  currentId,
  onEdge,
}: {
  items: StripItem[];
  touch: boolean;
  playlistId: number;
  currentId: number;
  onEdge: (edge: 'prev' | 'next') => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const edge = useRef(onEdge);
  edge.current = onEdge;
  const before = useRef<{ first: string | null; width: number; touch: boolean }>({
    first: null,
    width: 0,
    touch: false,
  });

  // Touch: the list opens scrolled to the current video (sideways only; the page does not jump).
  useLayoutEffect(() => {
    const root = list.current;
    if (!touch || !root) return;
    const current = root.querySelector<HTMLElement>('.is-current');
    if (current) {
      const padding = Number.parseFloat(getComputedStyle(root).paddingLeft) || 0;
      root.scrollLeft += current.getBoundingClientRect().left - root.getBoundingClientRect().left - padding;
    }
  }, [touch]);

  // Touch: videos put before the list keep the ones in view where they were (a prepended page, not the
  // switch from the 8-wide window to the scroll list).
  useLayoutEffect(() => {
    const root = list.current;
    if (!root) return;
    const keyOf = (v: StripItem) => `${v.page}-${v.video_id}`;
    const first = items[0] ? keyOf(items[0]) : null;
    const last = before.current;
    if (touch && last.touch && first !== last.first && items.some((v) => keyOf(v) === last.first)) {
      root.scrollLeft += root.scrollWidth - last.width;
    }
    before.current = { first, width: root.scrollWidth, touch };
  }, [items, touch]);

  // Touch: the first or last item coming into view loads the neighbouring page.
  useEffect(() => {
    const root = list.current;
    if (!touch || !root || items.length === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          edge.current(entry.target === root.firstElementChild ? 'prev' : 'next');
        }
      },
      { root, rootMargin: '0px 50px' },
    );
    if (root.firstElementChild) observer.observe(root.firstElementChild);
    if (root.lastElementChild) observer.observe(root.lastElementChild);
    return () => observer.disconnect();
  }, [touch, items]);

  return (
    <ol ref={list} className={touch ? 'playlist-strip__list is-touch' : 'playlist-strip__list'}>
      {items.map((video) => {
        const current = video.video_id === currentId;
        return (
          <li key={`${video.page}-${video.video_id}`} className={current ? 'is-current' : undefined}>
            <Link
              to={playlistVideoPath(video, playlistId, video.page)}
              aria-current={current ? 'page' : undefined}
              className="playlist-strip__item"
            >
              <span className="playlist-strip__thumb">
                <img src={video.scr} alt="" loading="lazy" width={160} height={90} />
                <span className="badge--duration">{video.duration}</span>
              </span>
              <span className="playlist-strip__name">{video.title}</span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
