// Rows → the shapes of the read calls: video cards, durations, media URLs (content.md §3). Used by
// services and repositories alike, so it depends on neither.
import type { VideoCard } from '../../../contract/catalog.ts';

export const mediaUrl = (storageKey: string) => `/media/${storageKey}`;
/** The URL of a stored key that may be missing. */
export const media = (key: string | null | undefined) => (key ? mediaUrl(key) : null);

/** Seconds → 'h:mm:ss' or 'm:ss', as the spec's cards show durations. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** §3 categories_data: `dir|id|title` per category, joined by commas. */
export function categoriesData(categories: { id: number; dir: string; title: string }[]): string {
  return categories.map((c) => `${c.dir}|${c.id}|${c.title}`).join(',');
}

export interface CardRow {
  id: number;
  dir: string;
  title: string;
  duration: number;
  height: number | null;
  post_date: Date;
  views: number;
  likes: number;
  dislikes: number;
  rating: number;
  comments_count: number;
  poster_key: string | null;
  /** Listings only: the hover-preview clip. */
  preview_key?: string | null;
  /** Listings only: a running thumbnail trial's candidate stills, [still, storage key] each. */
  stills?: [number, string][];
}

export function toCard(row: CardRow): VideoCard {
  return {
    video_id: row.id,
    dir: row.dir,
    title: row.title,
    duration: formatDuration(row.duration),
    duration_sec: row.duration,
    post_date: row.post_date.toISOString(),
    rating: Math.round(row.rating * 100),
    video_viewed: Number(row.views),
    scr: row.poster_key ? mediaUrl(row.poster_key) : '',
    hd: (row.height ?? 0) >= 720,
    ...(row.preview_key ? { preview: mediaUrl(row.preview_key) } : {}),
    ...(row.stills
      ? { stills: row.stills.map(([still, key]) => [still, mediaUrl(key)] as [number, string]) }
      : {}),
    statistics: {
      viewed: Number(row.views),
      likes: row.likes,
      dislikes: row.dislikes,
      comments_count: row.comments_count,
    },
  };
}
