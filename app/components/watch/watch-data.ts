// What the video page's loaders read besides the video: the related list's first call and the playlist
// strip's page. Kept out of the route modules so video.tsx and video-videos.tsx share them.
import type { Gender, VideoDetail } from '../../../contract/catalog.ts';
import { LIFETIME } from '../../../contract/catalog-api.ts';
import { RELATED_COUNT, type RelatedResponse } from '../../../contract/watch.ts';
import type { servicesOf } from '../../lib/route-data.ts';
import { type CardView, toCardView } from '../video-card.tsx';
import { STRIP_PAGE_SIZE, type StripPlaylist } from './playlist-strip.tsx';

type Services = ReturnType<typeof servicesOf>;
type WithWatch = Services & {
  watch?: { related(videoId: number, gender: Gender, page: number, count: number): Promise<RelatedResponse> };
};

export interface RelatedPage {
  videos: CardView[];
  total: number;
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
    return { videos: answer.videos.map(toCardView), total: answer.total_count };
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

/** `?playlist={id}&pl_page={n}`: the strip's page; an unknown, private or malformed playlist is ignored. */
export async function playlistPanel(
  services: Services,
  search: URLSearchParams,
  video: VideoDetail,
  gender: Gender,
): Promise<PlaylistPanel | null> {
  const raw = search.get('playlist');
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  const id = Number(raw);
  const rawPage = search.get('pl_page');
  const page = rawPage && /^[1-9]\d?$/.test(rawPage) && Number(rawPage) <= 20 ? Number(rawPage) : 1;
  const { listings } = services;
  const found = await listings.playlist(id).catch(() => null);
  if (!found) return null;
  const load = (p: number) =>
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
      .then((r) => r.videos.map(toCardView))
      .catch(() => [] as CardView[]);
  const videos = await load(page);
  const at = videos.findIndex((v) => v.video_id === video.video_id);
  let next: CardView | null = at >= 0 ? (videos[at + 1] ?? null) : null;
  let nextPage = page;
  const total = found.playlist.total_videos;
  if (at >= 0 && !next && page * STRIP_PAGE_SIZE < total && page < 20) {
    next = (await load(page + 1))[0] ?? null;
    nextPage = page + 1;
  }
  return {
    playlist: { playlist_id: found.playlist.playlist_id, title: found.playlist.title, total_videos: total },
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
