// A small catalogue with known answers for the read-call tests (see catalog.routes.test.ts).
import type { DB } from '../db/database.ts';
import { fillSearchVectors, recountCatalogueCounters } from '../seed/seed-sql.ts';
import {
  insertCategories,
  insertDailyStats,
  insertUser,
  insertVideo,
  type VideoFixture,
} from './fixtures.ts';

export interface CatalogueFixture {
  ids: Record<string, number>;
  users: Record<string, number>;
  playlists: Record<string, number>;
}

interface Linked extends VideoFixture {
  tags?: string[];
  models?: string[];
  channel?: string;
  user?: string;
}

export async function seedCatalogueFixture(db: DB): Promise<CatalogueFixture> {
  const cats = await insertCategories(db, ['outdoor', 'studio', 'vintage']);
  const tagRows = await db
    .insertInto('tags')
    .values(['beach', 'sunset', 'city', 'unused'].map((dir) => ({ dir, title: dir })))
    .returning(['id', 'dir'])
    .execute();
  const tags = new Map(tagRows.map((t) => [t.dir, t.id]));
  const modelRows = await db
    .insertInto('models')
    .values([
      {
        dir: 'anna-bell',
        title: 'Anna Bell',
        hair: 1,
        race: 'latin',
        height: 165,
        weight: 55,
        country: 'us',
        birth_date: '2000-01-01',
        added_date: new Date(Date.now() - 3 * 86_400_000),
      },
      {
        dir: 'zoe-kay',
        title: 'Zoe Kay',
        hair: 2,
        race: 'asian',
        height: 175,
        weight: 65,
        country: 'fr',
        birth_date: '1980-06-15',
        added_date: new Date(Date.now() - 2 * 86_400_000),
      },
      {
        dir: 'bella-ray',
        title: 'Bella Ray',
        hair: 3,
        race: 'ebony',
        height: 185,
        weight: 75,
        country: 'de',
        birth_date: '1970-03-03',
        added_date: new Date(Date.now() - 86_400_000),
      },
      { dir: 'gay-model', title: 'Gay Model', gender: 'gay' },
    ])
    .returning(['id', 'dir'])
    .execute();
  const models = new Map(modelRows.map((m) => [m.dir, m.id]));
  const channel = await db
    .insertInto('channels')
    .values({ dir: 'sunny-studio', title: 'Sunny Studio', url: 'https://sunny.example.com/' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('channels').values({ dir: 'quiet-channel', title: 'Quiet Channel' }).execute();
  const uploader = await insertUser(db, 'uploader');
  const viewer = await insertUser(db, 'viewer');

  const ids: Record<string, number> = {};
  const add = async (key: string, v: Linked) => {
    const row = await insertVideo(db, v, cats);
    ids[key] = row.id;
    if (v.channel || v.user) {
      await db
        .updateTable('videos')
        .set({ channel_id: v.channel ? channel.id : null, user_id: v.user ? uploader.id : null })
        .where('id', '=', row.id)
        .execute();
    }
    for (const t of v.tags ?? []) {
      await db
        .insertInto('video_tags')
        .values({ video_id: row.id, tag_id: tags.get(t) as number })
        .execute();
    }
    for (const m of v.models ?? []) {
      await db
        .insertInto('video_models')
        .values({ video_id: row.id, model_id: models.get(m) as number })
        .execute();
    }
  };
  await add('short', {
    title: 'Beach Sunset Walk',
    duration: 120,
    views: 500,
    likes: 9,
    dislikes: 1,
    comments: 2,
    daysAgo: 3,
    categories: ['outdoor'],
    tags: ['beach', 'sunset'],
    models: ['anna-bell'],
    channel: 'sunny-studio',
    user: 'uploader',
  });
  await add('medium', {
    title: 'City Night Drive',
    duration: 1500,
    views: 9000,
    likes: 10,
    dislikes: 10,
    comments: 7,
    daysAgo: 40,
    categories: ['outdoor', 'studio'],
    tags: ['city'],
    models: ['zoe-kay'],
    user: 'uploader',
  });
  await add('long', {
    title: 'Vintage Beach Party',
    duration: 3000,
    views: 100,
    likes: 50,
    dislikes: 0,
    comments: 1,
    daysAgo: 400,
    categories: ['outdoor', 'studio', 'vintage'],
    tags: ['beach'],
    models: ['anna-bell', 'zoe-kay'],
    channel: 'sunny-studio',
    height: 720,
  });
  await add('fresh', {
    title: 'Fresh Studio Session',
    duration: 300,
    views: 10,
    daysAgo: 0,
    categories: ['vintage'],
  });
  await add('private', { title: 'Private Beach', views: 99999, isPrivate: true, tags: ['beach'] });
  await add('processing', { title: 'Processing Beach', views: 99999, status: 2, tags: ['beach'] });
  await add('gone', { title: 'Gone Beach', views: 99999, status: 5 });
  await add('gay', { title: 'Other Orientation Beach', views: 99999, gender: 'gay', tags: ['beach'] });
  await insertDailyStats(db, ids.long as number, 0, { views: 80, likes: 5 });
  await insertDailyStats(db, ids.short as number, 2, { views: 300, likes: 1, dislikes: 3 });
  await insertDailyStats(db, ids.medium as number, 20, { views: 5000, likes: 10 });

  const playlists: Record<string, number> = {};
  const pl = await db
    .insertInto('playlists')
    .values([
      { user_id: uploader.id, title: 'Best beach', description: 'Sand and sea', total_videos: 2, viewed: 40 },
      { user_id: uploader.id, title: 'Secret', description: 'Mine', is_private: true, total_videos: 1 },
    ])
    .returning('id')
    .execute();
  playlists.public = pl[0]?.id as number;
  playlists.private = pl[1]?.id as number;
  await db
    .insertInto('playlist_videos')
    .values([
      { playlist_id: playlists.public, video_id: ids.long as number, position: 1 },
      { playlist_id: playlists.public, video_id: ids.short as number, position: 2 },
      { playlist_id: playlists.private, video_id: ids.fresh as number, position: 1 },
    ])
    .execute();
  await db
    .insertInto('history')
    .values([
      { user_id: viewer.id, video_id: ids.short as number, watched_at: new Date(Date.now() - 86_400_000) },
      { user_id: viewer.id, video_id: ids.medium as number, watched_at: new Date() },
    ])
    .execute();
  await db
    .insertInto('search_keywords')
    .values([
      // Offered terms (issue 34): searched by enough visitors, and their searches found videos.
      { keyword: 'beach party', searches: 10, visitors: 3, results: 2 },
      { keyword: 'beach', searches: 5, visitors: 4, results: 2 },
      { keyword: 'sunset', searches: 3, visitors: 3, results: 1 },
    ])
    .execute();
  await recountCatalogueCounters(db);
  await fillSearchVectors(db);
  return { ids, users: { uploader: uploader.id, viewer: viewer.id }, playlists };
}
