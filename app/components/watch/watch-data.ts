// What the video page's loaders read besides the video: the related list's first call and the playlist
// strip's page. Kept out of the route modules so video.tsx and video-videos.tsx share them.
import type { CurrentUser } from '../../../contract/accounts.ts';
import type { Gender, VideoDetail } from '../../../contract/catalog.ts';
import { LIFETIME } from '../../../contract/catalog-api-values.ts';
import type { RelatedResponse } from '../../../contract/watch.ts';
import { RELATED_COUNT } from '../../../contract/watch-values.ts';
import type { servicesOf } from '../../lib/route-data.ts';
import { type CardView, toCardView } from '../video-card.tsx';
import { STRIP_PAGE_SIZE, type StripPlaylist, type StripSource } from './playlist-strip.tsx';

type Services = ReturnType<typeof servicesOf>;
type WithWatch = Services & {
  watch?: { related(videoId: number, gender: Gender, page: number, count: number): Promise<RelatedResponse> };
};

export interface RelatedPage {
  videos: CardView[];
  total: number;
  /** How many of the list lead with co-viewed videos (issue 32). */
  coviewed?: number;
}

/** One related call (content.md §7: count 20): the watch service's ranking, else the popular list. */
export async function relatedPage(
  services: Services,
  videoId: number,
  gender: Gender,
  page = 1,
  count = RELATED_COUNT,
): Promise<RelatedPage> {
  const watch = (services as WithWatch).watch;
  if (watch && typeof watch.related === 'function') {
    const answer = await watch.related(videoId, gender, page, count);
    return {
      videos: answer.videos.map(toCardView),
      total: answer.total_count,
      coviewed: answer.coviewed ?? 0,
    };
  }
  const list = await services.catalog.listVideos({ gender, sort: 'most-popular', page, perPage: count + 1 });
  const videos = list.videos.filter((v) => v.video_id !== videoId).slice(0, count);
  return { videos: videos.map(toCardView), total: Math.max(0, list.total_count - 1) };
}

export interface PlaylistPanel {
  playlist: StripPlaylist;
  page: number;
  videos: CardView[];
  /** The video after this one in the playlist (the player's next), if any. */
  next: CardView | null;
  nextPage: number;
}

interface StripPage {
  videos: CardView[];
  /** The playlist's listed videos, all pages. */
  total: number;
}

const NO_PAGE: StripPage = { videos: [], total: 0 };

/**
 * Where a playlist's strip pages come from: its owner reads them through the acts service (private
 * playlists too, every orientation, the playlist page's own source for them); everyone else through
 * the public, cached videos2 list of the viewer's orientation, as the playlist page does for them. Both
 * are in the playlist's order, so the strip, the playlist page and the player's next agree.
 */
async function stripSource(
  services: Services,
  id: number,
  gender: Gender,
  viewer: CurrentUser | null,
): Promise<{
  meta: { title: string; source: StripSource };
  load: (page: number) => Promise<StripPage>;
} | null> {
  const own = viewer ? await services.acts.playlists.get(id, viewer).catch(() => null) : null;
  if (viewer && own && own.user.user_id === viewer.user_id) {
    return {
      meta: { title: own.title, source: 'owner' },
      load: (p) =>
        services.acts.playlists
          .strip(viewer, id, p)
          .then((r) => ({ videos: r.videos.map(toCardView), total: r.total_count }))
          .catch(() => NO_PAGE),
    };
  }
  const { listings } = services;
  const found = await listings.playlist(id, null, gender).catch(() => null);
  if (!found) return null;
  return {
    meta: { title: found.playlist.title, source: 'public' },
    load: (p) =>
      listings
        .videos2({
          lifetime: LIFETIME.playlist,
          gender,
          sort: 'latest-updates',
          count: STRIP_PAGE_SIZE,
          section: 'playlist',
          objectId: String(id),
          page: p,
          type: 'all',
          date: 'all',
        })
        .then((r) => ({ videos: r.videos.map(toCardView), total: r.total_count }))
        .catch(() => NO_PAGE),
  };
}

/**
 * `?playlist={id}&pl_page={n}`: the strip's page; an unknown or malformed playlist, or someone else's
 * private one, is ignored. `viewer` (the signed-in member) lets an owner play their private playlists.
 */
export async function playlistPanel(
  services: Services,
  search: URLSearchParams,
  video: VideoDetail,
  gender: Gender,
  viewer: CurrentUser | null = null,
): Promise<PlaylistPanel | null> {
  const raw = search.get('playlist');
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  const id = Number(raw);
  const rawPage = search.get('pl_page');
  const page = rawPage && /^[1-9]\d?$/.test(rawPage) && Number(rawPage) <= 20 ? Number(rawPage) : 1;
  const source = await stripSource(services, id, gender, viewer);
  if (!source) return null;
  const { videos, total } = await source.load(page);
  const at = videos.findIndex((v) => v.video_id === video.video_id);
  let next: CardView | null = at >= 0 ? (videos[at + 1] ?? null) : null;
  let nextPage = page;
  if (at >= 0 && !next && page * STRIP_PAGE_SIZE < total && page < 20) {
    next = (await source.load(page + 1)).videos[0] ?? null;
    nextPage = page + 1;
  }
  return {
    playlist: { playlist_id: id, title: source.meta.title, total_videos: total, source: source.meta.source },
    page,
    videos,
    next,
    nextPage,
  };
}

/** `?start_time=` in whole seconds (non-negative), `?autoplay=1|true`. */
export function playbackQuery(search: URLSearchParams): { startTime?: number; autoplay: boolean } {
  const raw = search.get('start_time');
  const startTime = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined;
  const autoplay = ['1', 'true', 'yes'].includes(search.get('autoplay') ?? '');
  return { startTime, autoplay };
}
