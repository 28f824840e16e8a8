// The browser's watch history (`tc_history`, shell.md §3): a list of entries with a type and params,
// newest first. Videos are written by the video page (lib/storage.ts rememberVideo, kept small for that
// page's first load); the other pages the visitor opened (categories, tags, models, channels,
// playlists, searches) by those pages (components/remember-object.tsx). Entries "can be read as only type
// video (returning their params) or only non-video entries (for a sidebar)": watchedVideos and
// viewedObjects, for the history page and its "Recently viewed" list.
import { addVideoEntry, STORAGE_KEYS, type VideoEntry, type VideoHistoryParams } from './storage.ts';

export const HISTORY_OBJECT_TYPES = ['category', 'tag', 'model', 'channel', 'playlist', 'search'] as const;
export type HistoryObjectType = (typeof HISTORY_OBJECT_TYPES)[number];

export interface HistoryObjectParams {
  /** What opens the page: the dir (categories: their comma list), a playlist's id, or the search text. */
  dir: string;
  title: string;
  total_videos?: number;
}

export interface ObjectHistoryEntry {
  type: HistoryObjectType;
  params: HistoryObjectParams;
}
export type WatchHistoryEntry = VideoEntry | ObjectHistoryEntry;

/** Non-video entries kept (counted apart from the videos: neither pushes the other out). */
export const OBJECT_HISTORY_LIMIT = 30;
/** Longer texts are not a page of this site (dirs ≤ 100, search ≤ 69, titles ≤ 200 characters). */
const TEXT_MAX = 300;

const isObjectType = (type: unknown): type is HistoryObjectType =>
  (HISTORY_OBJECT_TYPES as readonly unknown[]).includes(type);
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= TEXT_MAX;
const isVideo = (e: WatchHistoryEntry): e is VideoEntry => e.type === 'video';

/** An entry as stored, checked: the storage is the browser's, anything may be in it. */
function isHistoryEntry(entry: unknown): entry is WatchHistoryEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const { type, params } = entry as { type?: unknown; params?: Record<string, unknown> };
  if (typeof params !== 'object' || params === null) return false;
  if (type === 'video') return typeof params.video_id === 'number';
  return (
    isObjectType(type) &&
    isText(params.dir) &&
    isText(params.title) &&
    (params.total_videos === undefined || typeof params.total_videos === 'number')
  );
}

/**
 * Newest first. A video already present is not added again (shell.md §3); another page opened again
 * moves to the top. Videos and other pages have limits of their own.
 */
export function addWatchHistory(entries: WatchHistoryEntry[], entry: WatchHistoryEntry): WatchHistoryEntry[] {
  if (isVideo(entry)) return addVideoEntry(entries, entry.params);
  let objects = 0;
  return [
    entry,
    ...entries.filter((e) => isVideo(e) || e.type !== entry.type || e.params.dir !== entry.params.dir),
  ].filter((e) => isVideo(e) || ++objects <= OBJECT_HISTORY_LIMIT);
}

/** Every well-formed entry, newest first. */
export function readWatchHistory(): WatchHistoryEntry[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.watchHistory);
    const entries = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(entries) ? entries.filter(isHistoryEntry) : [];
  } catch {
    return [];
  }
}

/** Only the video entries' params (what the history page lists). */
export const watchedVideos = (entries: readonly WatchHistoryEntry[]): VideoHistoryParams[] =>
  entries.filter(isVideo).map((e) => e.params);

/** Only the non-video entries, newest first (the history page's "Recently viewed" list). */
export const viewedObjects = (entries: readonly WatchHistoryEntry[]): ObjectHistoryEntry[] =>
  entries.filter((e): e is ObjectHistoryEntry => !isVideo(e));

/** A category, tag, model, channel, playlist or search page the visitor opened. */
export function rememberObject(
  type: HistoryObjectType,
  { dir, title, total_videos }: HistoryObjectParams,
): void {
  if (!isText(dir) || !isText(title)) return;
  const params = typeof total_videos === 'number' ? { dir, title, total_videos } : { dir, title };
  try {
    const next = addWatchHistory(readWatchHistory(), { type, params });
    window.localStorage.setItem(STORAGE_KEYS.watchHistory, JSON.stringify(next));
  } catch {
    // Storage may be unavailable; history is a convenience.
  }
}

/** The page a non-video entry stands for. */
export function historyObjectPath({ type, params }: ObjectHistoryEntry): string {
  const dir = encodeURIComponent(params.dir);
  switch (type) {
    case 'category':
      // The comma list of up to 3 dirs is one path segment.
      return `/categories/${params.dir.split(',').map(encodeURIComponent).join(',')}/latest-updates/1/`;
    case 'tag':
      return `/tags/${dir}/1/`;
    case 'model':
      return `/pornstar/${dir}/`;
    case 'channel':
      return `/pornsite/${dir}/`;
    case 'playlist':
      return `/playlist/${dir}/`;
    case 'search':
      return `/search/1/?s=${encodeURIComponent(params.dir)}`;
  }
}
