// Browser storage keys of the spec (shell.md §3) and the small helpers around them.

export const STORAGE_KEYS = {
  searchHistory: 'history_search',
  watchHistory: 'tc_history',
  ageVerified: '_agv',
} as const;

export interface SearchHistoryItem {
  title: string;
  total_videos?: number;
}

const SEARCH_HISTORY_LIMIT = 20;

/**
 * Newest first: a term searched again moves to the top (once), keeping the result count it had unless a
 * new one is known (content.md §3: history items carry total_videos).
 */
export function addSearchHistory(
  items: SearchHistoryItem[],
  title: string,
  totalVideos?: number,
): SearchHistoryItem[] {
  if (!title) return items;
  const earlier = items.find((item) => item.title === title);
  const total = totalVideos ?? earlier?.total_videos;
  const entry: SearchHistoryItem = total === undefined ? { title } : { title, total_videos: total };
  return [entry, ...items.filter((item) => item.title !== title)].slice(0, SEARCH_HISTORY_LIMIT);
}

export function rememberSearch(title: string, totalVideos?: number): void {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.searchHistory);
    const items = raw ? (JSON.parse(raw) as SearchHistoryItem[]) : [];
    const next = addSearchHistory(Array.isArray(items) ? items : [], title, totalVideos);
    window.localStorage.setItem(STORAGE_KEYS.searchHistory, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: search still works without history.
  }
}

/** shell.md §3 and content.md §3: the params of a video entry in the watch history (`tc_history`). */
export interface VideoHistoryParams {
  video_id: number;
  title?: string;
  scr?: string;
  duration?: string;
  dir?: string;
  video_viewed?: number;
  /** The like percentage when the video was watched; null: nobody had voted. */
  rating?: number | null;
  sg_id?: number | null;
  ex_tube?: string | null;
  ex_id?: string | null;
}

export interface VideoEntry {
  type: 'video';
  params: VideoHistoryParams;
}

export const WATCH_HISTORY_LIMIT = 200;

type StoredEntry = { type?: unknown; params?: { video_id?: unknown } } | null | undefined;
const isVideoEntry = (e: unknown) => (e as StoredEntry)?.type === 'video';

/**
 * Adds a watched video at the top, unless it is there already (shell.md §3); the videos are capped,
 * entries of other types (the pages of lib/watch-history.ts) are kept as they are. Small on purpose:
 * the video page, near its first-load budget, writes through this; the readers are in watch-history.ts.
 */
export function addVideoEntry<E>(entries: readonly E[], params: VideoHistoryParams): (E | VideoEntry)[] {
  if (entries.some((e) => isVideoEntry(e) && (e as StoredEntry)?.params?.video_id === params.video_id))
    return [...entries];
  let videos = 0;
  return [{ type: 'video', params } as VideoEntry, ...entries].filter(
    (e) => !isVideoEntry(e) || ++videos <= WATCH_HISTORY_LIMIT,
  );
}

export function rememberVideo(params: VideoHistoryParams): void {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.watchHistory);
    const entries: unknown = raw ? JSON.parse(raw) : [];
    const next = addVideoEntry(Array.isArray(entries) ? entries : [], params);
    window.localStorage.setItem(STORAGE_KEYS.watchHistory, JSON.stringify(next));
  } catch {
    // Storage may be unavailable; history is a convenience.
  }
}

/** Newest 3 distinct searches for the suggestion panel (shell.md §9). */
export function recentSearches(): SearchHistoryItem[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.searchHistory);
    const items = raw ? (JSON.parse(raw) as SearchHistoryItem[]) : [];
    return Array.isArray(items) ? items.slice(0, 3) : [];
  } catch {
    return [];
  }
}
