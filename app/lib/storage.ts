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

/** shell.md §3 and content.md §3: a watch-history entry in browser storage (`tc_history`). */
export interface WatchHistoryEntry {
  type: string;
  params: {
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
  };
}

const WATCH_HISTORY_LIMIT = 200;

/** Newest first; a video already present is not added again. */
export function addWatchHistory(entries: WatchHistoryEntry[], entry: WatchHistoryEntry): WatchHistoryEntry[] {
  if (entries.some((e) => e.type === entry.type && e.params.video_id === entry.params.video_id))
    return entries;
  return [entry, ...entries].slice(0, WATCH_HISTORY_LIMIT);
}

export function readWatchHistory(): WatchHistoryEntry[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.watchHistory);
    const entries = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(entries)
      ? entries.filter((e): e is WatchHistoryEntry => typeof e?.params?.video_id === 'number')
      : [];
  } catch {
    return [];
  }
}

/** Only the video entries' params (what the history page lists). */
export const watchedVideos = (entries: readonly WatchHistoryEntry[]) =>
  entries.filter((e) => e.type === 'video').map((e) => e.params);

export function rememberVideo(params: WatchHistoryEntry['params']): void {
  try {
    const next = addWatchHistory(readWatchHistory(), { type: 'video', params });
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
