// The playlist panel of the video page (content.md §4 "Playlist strip"): the playlist's videos, 8 at a
// time on a desktop with prev/next sliding by 8 and the neighbouring page (60 videos) loaded near
// either end; on touch screens a scroll list that loads them when its first or last item shows.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Gender } from '../../../contract/catalog.ts';
import { LIFETIME, videos2Path } from '../../../contract/catalog-api.ts';
import { getVideoList } from '../../lib/api-client.ts';
import { type CardView, toCardView } from '../video-card.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

export const STRIP_PAGE_SIZE = 60;
export const STRIP_VISIBLE = 8;

export interface StripPlaylist {
  playlist_id: number;
  title: string;
  total_videos: number;
}

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

async function loadPage(gender: Gender, playlistId: number, page: number): Promise<CardView[]> {
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
  const lastPage = Math.max(1, Math.ceil(playlist.total_videos / STRIP_PAGE_SIZE));
  const [items, setItems] = useState<StripItem[]>(() => videos.map((v) => ({ ...v, page })));
  const [pages, setPages] = useState({ first: page, last: page });
  const loading = useRef(false);
  const currentIndex = items.findIndex((v) => v.video_id === currentId);
  const [offset, setOffset] = useState(() => windowStart(Math.max(0, currentIndex)));

  const loadNeighbour = useCallback(
    async (direction: 'prev' | 'next') => {
      const target = direction === 'next' ? pages.last + 1 : pages.first - 1;
      if (loading.current || target < 1 || target > lastPage) return 0;
      loading.current = true;
      try {
        const more = (await loadPage(gender, playlist.playlist_id, target)).map((v) => ({
          ...v,
          page: target,
        }));
        setItems((all) => (direction === 'next' ? [...all, ...more] : [...more, ...all]));
        setPages((p) => (direction === 'next' ? { ...p, last: target } : { ...p, first: target }));
        return more.length;
      } catch {
        return 0; // The strip keeps what it has; the buttons stay usable.
      } finally {
        loading.current = false;
      }
    },
    [gender, lastPage, pages, playlist.playlist_id],
  );

  // Near either end of what is loaded, fetch the neighbouring page ahead of the next slide.
  useEffect(() => {
    if (touch) return;
    if (offset + 2 * STRIP_VISIBLE > items.length) void loadNeighbour('next');
    if (offset < STRIP_VISIBLE && pages.first > 1) {
      void loadNeighbour('prev').then((added) => {
        if (added) setOffset((o) => o + added);
      });
    }
  }, [offset, items.length, pages.first, touch, loadNeighbour]);

  const hasPrev = offset > 0 || pages.first > 1;
  const hasNext = offset + STRIP_VISIBLE < items.length || pages.last < lastPage;
  const slide = (step: number) =>
    setOffset((o) => Math.max(0, Math.min(o + step, Math.max(0, items.length - 1))));

  const list = touch ? items : items.slice(offset, offset + STRIP_VISIBLE);
  // Loaded pages are contiguous from pages.first, so a list index maps to a playlist position.
  const number = currentIndex >= 0 ? (pages.first - 1) * STRIP_PAGE_SIZE + currentIndex + 1 : 0;

  return (
    <section className="playlist-strip" aria-labelledby="playlist-strip-title" data-offset={offset}>
      <div className="playlist-strip__head">
        <h2 id="playlist-strip-title" className="playlist-strip__title">
          <Link to={`/playlist/${playlist.playlist_id}/`}>{playlist.title}</Link>
        </h2>
        <span className="muted">
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
              onClick={() => slide(-STRIP_VISIBLE)}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t('watch.strip_next')}
              disabled={!hasNext}
              onClick={() => slide(STRIP_VISIBLE)}
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
                <span className="badge badge--duration">{video.duration}</span>
              </span>
              <span className="playlist-strip__name">{video.title}</span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
