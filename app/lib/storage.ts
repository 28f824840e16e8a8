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

/** Newest first; a title already present moves nowhere and is not added twice. */
export function addSearchHistory(items: SearchHistoryItem[], title: string): SearchHistoryItem[] {
  if (!title || items.some((item) => item.title === title)) return items;
  return [{ title }, ...items].slice(0, SEARCH_HISTORY_LIMIT);
}

export function rememberSearch(title: string): void {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.searchHistory);
    const items = raw ? (JSON.parse(raw) as SearchHistoryItem[]) : [];
    const next = addSearchHistory(Array.isArray(items) ? items : [], title);
    window.localStorage.setItem(STORAGE_KEYS.searchHistory, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: search still works without history.
  }
}
