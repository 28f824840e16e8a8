// The browser's watch history (`tc_history`, shell.md §3): entries with a type and params, read as only
// the videos (the history page's list) or only the other pages opened (its "Recently viewed" strip). A
// video already present is not added again; another page opened again moves to the top; videos and
// other pages have limits of their own; whatever else storage holds is dropped on reading.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addVideoEntry, rememberVideo, STORAGE_KEYS } from './storage.ts';
import {
  addWatchHistory,
  historyObjectPath,
  type ObjectHistoryEntry,
  readWatchHistory,
  rememberObject,
  viewedObjects,
  type WatchHistoryEntry,
  watchedVideos,
} from './watch-history.ts';

/** The Web Storage interface over a Map: what `window.localStorage` is in a browser. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const video = (id: number): WatchHistoryEntry => ({
  type: 'video',
  params: { video_id: id, title: `v${id}` },
});
const model = (dir: string, total?: number): WatchHistoryEntry => ({
  type: 'model',
  params: total === undefined ? { dir, title: dir } : { dir, title: dir, total_videos: total },
});

describe('addWatchHistory', () => {
  it('adds a video once, newest first; a video watched again keeps its place', () => {
    const once = addWatchHistory([video(1)], video(2));
    expect(once.map((e) => e.params)).toEqual([video(2).params, video(1).params]);
    expect(addWatchHistory(once, video(1))).toEqual(once);
  });

  it("the video page's writer keeps entries it does not know, as they are", () => {
    const unknown = { type: 'someday', params: { x: 1 } };
    expect(addVideoEntry([model('anna'), unknown, video(1)], { video_id: 2 })).toEqual([
      { type: 'video', params: { video_id: 2 } },
      model('anna'),
      unknown,
      video(1),
    ]);
  });

  it('moves a page opened again to the top, once', () => {
    const entries = [model('anna'), video(1), model('bella')];
    const next = addWatchHistory(entries, model('bella', 12));
    expect(next).toEqual([model('bella', 12), model('anna'), video(1)]);
    // The same dir of another type is another page.
    const channel: WatchHistoryEntry = { type: 'channel', params: { dir: 'anna', title: 'Anna Studio' } };
    expect(addWatchHistory(next, channel)).toHaveLength(4);
  });

  it('keeps 200 videos and 30 other pages, each apart: neither pushes the other out', () => {
    let entries: WatchHistoryEntry[] = [model('first')];
    for (let id = 1; id <= 250; id += 1) entries = addWatchHistory(entries, video(id));
    expect(watchedVideos(entries)).toHaveLength(200);
    expect(watchedVideos(entries)[0]?.video_id).toBe(250);
    expect(viewedObjects(entries).map((e) => e.params.dir)).toEqual(['first']);
    for (let i = 1; i <= 40; i += 1) entries = addWatchHistory(entries, model(`m${i}`));
    const objects = viewedObjects(entries);
    expect(objects).toHaveLength(30);
    expect(objects[0]?.params.dir).toBe('m40');
    expect(objects.at(-1)?.params.dir).toBe('m11');
    expect(watchedVideos(entries)).toHaveLength(200);
  });
});

describe('reading tc_history', () => {
  let storage: MemoryStorage;
  const g = globalThis as { window?: unknown };
  beforeEach(() => {
    storage = new MemoryStorage();
    g.window = { localStorage: storage };
  });
  afterEach(() => {
    delete g.window;
  });
  const store = (value: unknown) => storage.setItem(STORAGE_KEYS.watchHistory, JSON.stringify(value));

  it('reads the videos alone (their params) and the other pages alone, in order', () => {
    const search: WatchHistoryEntry = { type: 'search', params: { dir: 'sea view', title: 'sea view' } };
    store([video(3), model('anna', 7), video(2), search]);
    const entries = readWatchHistory();
    expect(watchedVideos(entries)).toEqual([video(3).params, video(2).params]);
    expect(viewedObjects(entries)).toEqual([model('anna', 7), search]);
  });

  it('drops what is not an entry: unknown types, missing or empty fields, wrong kinds of values', () => {
    store([
      video(1),
      { type: 'video', params: { video_id: '2' } },
      { type: 'planet', params: { dir: 'mars', title: 'Mars' } },
      { type: 'tag', params: { dir: '', title: 'Empty' } },
      { type: 'tag', params: { dir: 'beach' } },
      { type: 'channel', params: { dir: 'studio', title: 'Studio', total_videos: 'many' } },
      { type: 'category', params: { dir: 'x'.repeat(301), title: 'Long' } },
      { type: 'playlist', params: { dir: '12', title: 'Evening list' } },
      null,
      'video',
      { type: 'model' },
    ]);
    expect(readWatchHistory()).toEqual([
      video(1),
      { type: 'playlist', params: { dir: '12', title: 'Evening list' } },
    ]);
  });

  it('reads nothing from a value that is not a list, or not JSON', () => {
    store({ type: 'video', params: { video_id: 1 } });
    expect(readWatchHistory()).toEqual([]);
    storage.setItem(STORAGE_KEYS.watchHistory, '{not json');
    expect(readWatchHistory()).toEqual([]);
  });

  it('keeps the other pages when a video is watched, and the videos when a page is opened', () => {
    rememberObject('category', { dir: 'beach,city', title: 'beach, city', total_videos: 4 });
    rememberVideo({ video_id: 9, title: 'Harbour' });
    rememberObject('search', { dir: 'sea view', title: 'sea view', total_videos: undefined });
    rememberVideo({ video_id: 9, title: 'Harbour' });
    expect(readWatchHistory()).toEqual([
      { type: 'search', params: { dir: 'sea view', title: 'sea view' } },
      { type: 'video', params: { video_id: 9, title: 'Harbour' } },
      { type: 'category', params: { dir: 'beach,city', title: 'beach, city', total_videos: 4 } },
    ]);
  });

  it('stores nothing for a page without a name', () => {
    rememberObject('tag', { dir: 'beach', title: '' });
    rememberObject('tag', { dir: '', title: 'Beach' });
    expect(storage.getItem(STORAGE_KEYS.watchHistory)).toBeNull();
  });
});

describe('historyObjectPath', () => {
  const path = (type: ObjectHistoryEntry['type'], dir: string) =>
    historyObjectPath({ type, params: { dir, title: dir } });

  it('links each kind of page to its route', () => {
    expect(path('category', 'beach,city')).toBe('/categories/beach,city/latest-updates/1/');
    expect(path('tag', 'sunset')).toBe('/tags/sunset/1/');
    expect(path('model', 'anna-bell')).toBe('/pornstar/anna-bell/');
    expect(path('channel', 'lake-studio')).toBe('/pornsite/lake-studio/');
    expect(path('playlist', '42')).toBe('/playlist/42/');
    expect(path('search', 'sea & sky/2')).toBe('/search/1/?s=sea%20%26%20sky%2F2');
  });

  it('keeps a stored dir inside its path segment', () => {
    expect(path('model', '../admin')).toBe('/pornstar/..%2Fadmin/');
    expect(path('category', 'a/b,c')).toBe('/categories/a%2Fb,c/latest-updates/1/');
  });
});
