import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoSort } from '../../../contract/catalog.ts';
import type { CatalogService } from '../../services.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { insertCategories, insertDailyStats, insertVideo } from '../../test/fixtures.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { createCatalogService, formatDuration } from './catalog.service.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [61, '1:01'],
    [600, '10:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
  ])('%i s → %s', (s, text) => expect(formatDuration(s)).toBe(text));
});

describe.each(databaseKinds())('catalogue on %s', (kind) => {
  let database: TestDatabase;
  let catalog: CatalogService;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db;
    const cats = await insertCategories(db, ['outdoor', 'studio', 'vintage']);
    const add = async (key: string, v: Parameters<typeof insertVideo>[1]) => {
      ids[key] = (await insertVideo(db, v, cats)).id;
    };
    await add('short', {
      title: 'Short Clip',
      duration: 120,
      views: 500,
      likes: 9,
      dislikes: 1,
      comments: 2,
      daysAgo: 3,
      categories: ['outdoor'],
    });
    await add('medium', {
      title: 'Medium Clip',
      duration: 1500,
      views: 9000,
      likes: 10,
      dislikes: 10,
      comments: 7,
      daysAgo: 40,
      categories: ['outdoor', 'studio'],
    });
    await add('long', {
      title: 'Long Clip',
      duration: 3000,
      views: 100,
      likes: 50,
      dislikes: 0,
      comments: 1,
      daysAgo: 400,
      categories: ['outdoor', 'studio', 'vintage'],
      height: 720,
    });
    await add('fresh', {
      title: 'Fresh Clip',
      duration: 300,
      views: 10,
      comments: 0,
      daysAgo: 0,
      categories: ['vintage'],
    });
    await add('private', { title: 'Private Clip', views: 99999, isPrivate: true });
    await add('processing', { title: 'Processing Clip', views: 99999, status: 2 });
    await add('gone', { title: 'Gone Clip', views: 99999, status: 5 });
    await add('gay', { title: 'Other Orientation', views: 99999, gender: 'gay' });
    // Window stats: 'long' is the most viewed today, 'short' over the week, 'medium' only a month ago.
    await insertDailyStats(db, ids.long!, 0, { views: 80, likes: 5 });
    await insertDailyStats(db, ids.short!, 2, { views: 300, likes: 1, dislikes: 3 });
    await insertDailyStats(db, ids.medium!, 20, { views: 5000, likes: 10 });
    catalog = createCatalogService(createCatalogRepository(db));
  });
  afterAll(() => database.dispose());

  const list = async (sort: VideoSort, extra: object = {}) => {
    const result = await catalog.listVideos({ gender: 'str', sort, page: 1, perPage: 60, ...extra });
    return { titles: result.videos.map((v) => v.title), total: result.total_count };
  };

  it('lists only active public videos of the orientation, newest first', async () => {
    expect(await list('latest-updates')).toEqual({
      titles: ['Fresh Clip', 'Short Clip', 'Medium Clip', 'Long Clip'],
      total: 4,
    });
    expect(
      (await catalog.listVideos({ gender: 'gay', sort: 'latest-updates', page: 1, perPage: 60 })).total_count,
    ).toBe(1);
  });

  it.each<[VideoSort, string[]]>([
    ['longest', ['Long Clip', 'Medium Clip', 'Fresh Clip', 'Short Clip']],
    ['most-commented', ['Medium Clip', 'Short Clip', 'Long Clip', 'Fresh Clip']],
    ['most-viewed', ['Medium Clip', 'Short Clip', 'Long Clip', 'Fresh Clip']],
    ['most-popular', ['Medium Clip', 'Short Clip', 'Long Clip', 'Fresh Clip']],
    ['top-rated', ['Long Clip', 'Short Clip', 'Medium Clip', 'Fresh Clip']],
  ])('sorts by %s', async (sort, titles) => {
    expect((await list(sort)).titles).toEqual(titles);
  });

  it('ranks most-popular and top-rated within the date window', async () => {
    expect(await list('most-popular', { date: 'day' })).toEqual({ titles: ['Long Clip'], total: 1 });
    expect(await list('most-popular', { date: 'week' })).toEqual({
      titles: ['Short Clip', 'Long Clip'],
      total: 2,
    });
    expect((await list('most-popular', { date: 'month' })).titles).toEqual([
      'Medium Clip',
      'Short Clip',
      'Long Clip',
    ]);
    // Long and Medium both rate 100% in the month; more likes in the window ranks first.
    expect((await list('top-rated', { date: 'month' })).titles).toEqual([
      'Medium Clip',
      'Long Clip',
      'Short Clip',
    ]);
  });

  it('filters by duration class', async () => {
    expect((await list('longest', { duration: 1 })).titles).toEqual(['Fresh Clip', 'Short Clip']);
    expect((await list('longest', { duration: 2 })).titles).toEqual(['Medium Clip']);
    expect((await list('longest', { duration: 3 })).titles).toEqual(['Long Clip']);
  });

  it('requires every selected category', async () => {
    expect((await list('longest', { categoryDirs: ['outdoor'] })).titles).toEqual([
      'Long Clip',
      'Medium Clip',
      'Short Clip',
    ]);
    expect((await list('longest', { categoryDirs: ['outdoor', 'studio'] })).titles).toEqual([
      'Long Clip',
      'Medium Clip',
    ]);
    expect((await list('longest', { categoryDirs: ['outdoor', 'studio', 'vintage'] })).titles).toEqual([
      'Long Clip',
    ]);
    expect(await list('longest', { categoryDirs: ['no-such-category'] })).toEqual({ titles: [], total: 0 });
  });

  it('pages with the page size and keeps the total', async () => {
    const page2 = await catalog.listVideos({ gender: 'str', sort: 'latest-updates', page: 2, perPage: 3 });
    expect(page2.videos.map((v) => v.title)).toEqual(['Long Clip']);
    expect(page2.total_count).toBe(4);
  });

  it('shapes a card as the spec reads it', async () => {
    const { videos } = await catalog.listVideos({ gender: 'str', sort: 'longest', page: 1, perPage: 1 });
    expect(videos[0]).toMatchObject({
      video_id: ids.long,
      dir: 'long-clip',
      title: 'Long Clip',
      duration: '50:00',
      duration_sec: 3000,
      rating: 100,
      video_viewed: 100,
      hd: true,
      scr: `/media/fixture/${ids.long}/poster.jpg`,
      statistics: { viewed: 100, likes: 50, dislikes: 0, comments_count: 1 },
    });
  });

  it('gives a video with its links and files; status 5 keeps only the facts; hidden ones are absent', async () => {
    const video = await catalog.getVideo(ids.medium!);
    expect(video).toMatchObject({ title: 'Medium Clip', status_id: 1, rating: 50 });
    expect(video?.categories.map((c) => c.dir)).toEqual(['outdoor', 'studio']);
    expect(video?.files).toEqual([
      { format: '480p', url: `/media/fixture/${ids.medium}/480p.mp4`, mime: 'video/mp4', height: 480 },
    ]);
    const gone = await catalog.getVideo(ids.gone!);
    expect(gone).toMatchObject({ status_id: 5, files: [], categories: [] });
    expect(await catalog.getVideo(ids.private!)).toBeNull();
    expect(await catalog.getVideo(ids.processing!)).toBeNull();
    expect(await catalog.getVideo(987654)).toBeNull();
  });

  it('lists categories with their picture', async () => {
    await database.handle.db
      .updateTable('categories')
      .set({ thumb: 'cats/outdoor.jpg' })
      .where('dir', '=', 'outdoor')
      .execute();
    const fresh = createCatalogService(createCatalogRepository(database.handle.db));
    const categories = await fresh.listCategories('str');
    expect(categories.map((c) => c.dir)).toEqual(['outdoor', 'studio', 'vintage']);
    expect(categories.map((c) => c.scr)).toEqual(['/media/cats/outdoor.jpg', null, null]);
  });

  it('serves listings from memory within the cache lifetime, fresh after it', async () => {
    const db = database.handle.db;
    const cached = createCatalogService(createCatalogRepository(db), { cacheTtlMs: 60_000 });
    const uncached = createCatalogService(createCatalogRepository(db), { cacheTtlMs: 0 });
    const query = { gender: 'str' as const, sort: 'latest-updates' as const, page: 1, perPage: 60 };
    expect((await cached.listVideos(query)).total_count).toBe(4);
    const added = await insertVideo(db, { title: 'Late Arrival' });
    try {
      expect((await cached.listVideos(query)).total_count).toBe(4);
      expect((await uncached.listVideos(query)).total_count).toBe(5);
    } finally {
      await db.deleteFrom('videos').where('id', '=', added.id).execute();
    }
  });
});
