// Fixtures of the counts-per-orientation tests (issue 20, migration 0042: object-counts.test.ts, the
// visitor's counts; object-count-triggers.test.ts, the triggers): a catalogue of two orientations sharing
// objects, object_video_counts' rows, the app on it, and the calls that count what a listing returns.
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Gender } from '../../contract/catalog.ts';
import type { DB } from '../db/database.ts';
import { recountCatalogueCounters } from '../seed/seed-sql.ts';
import { createTestApp, type TestApp } from './app.ts';
import type { DatabaseKind } from './db.ts';
import { insertUser, insertVideo } from './fixtures.ts';

export const GENDERS: Gender[] = ['str', 'gay'];

export interface CountsFixture {
  videos: Record<string, number>;
  categories: Record<string, number>;
  tags: Record<string, number>;
  models: Record<string, number>;
  channels: Record<string, number>;
  playlists: Record<string, number>;
  users: Record<string, number>;
}

type Links = {
  categories?: string[];
  tags?: string[];
  models?: string[];
  channel?: string;
  user?: string;
  playlists?: string[];
};

/**
 * Two orientations sharing a channel, a tag, a model, a str category, a playlist and an uploader (a gay
 * video may sit in a str category: uploads choose freely), plus videos that are not listed (private,
 * processing, taken down, deleted) linked to everything.
 */
async function seedCounts(db: DB): Promise<CountsFixture> {
  const ids = async (table: 'categories' | 'tags' | 'models' | 'channels', rows: Record<string, unknown>[]) =>
    Object.fromEntries(
      (
        await db
          .insertInto(table)
          .values(rows as never)
          .returning(['id', 'dir'])
          .execute()
      ).map((r) => [r.dir, Number(r.id)]),
    );
  const f: CountsFixture = {
    videos: {},
    categories: await ids('categories', [
      { dir: 'outdoor', title: 'Outdoor' },
      { dir: 'indoor', title: 'Indoor' },
      { dir: 'bears', title: 'Bears', gender: 'gay' },
    ]),
    tags: await ids('tags', [
      { dir: 'asmr', title: 'ASMR' },
      { dir: 'beach', title: 'Beach' },
      { dir: 'quiet', title: 'Quiet' },
    ]),
    models: await ids('models', [
      { dir: 'anna-vale', title: 'Anna Vale' },
      { dir: 'cross-over', title: 'Cross Over' },
      { dir: 'ben-stone', title: 'Ben Stone', gender: 'gay' },
    ]),
    channels: await ids('channels', [
      { dir: 'sunny-studio', title: 'Sunny Studio' },
      { dir: 'harbour-films', title: 'Harbour Films', gender: 'gay' },
    ]),
    playlists: {},
    users: {
      uploader: Number((await insertUser(db, 'uploader')).id),
      other: Number((await insertUser(db, 'otheruser')).id),
    },
  };
  const lists = await db
    .insertInto('playlists')
    .values([
      { user_id: f.users.other as number, title: 'Mixed picks', description: 'Both' },
      { user_id: f.users.other as number, title: 'Harbour picks', description: 'Gay', gender: 'gay' },
    ])
    .returning('id')
    .execute();
  f.playlists = { mixed: Number(lists[0]?.id), harbour: Number(lists[1]?.id) };

  const add = async (key: string, video: Parameters<typeof insertVideo>[1], links: Links) => {
    const row = await insertVideo(db, video);
    const id = Number(row.id);
    f.videos[key] = id;
    const pick = (map: Record<string, number>, keys: string[] = []) => keys.map((k) => map[k] as number);
    await db
      .updateTable('videos')
      .set({
        channel_id: links.channel ? (f.channels[links.channel] as number) : null,
        user_id: links.user ? (f.users[links.user] as number) : null,
      })
      .where('id', '=', id)
      .execute();
    const categories = pick(f.categories, links.categories);
    if (categories.length > 0)
      await db
        .insertInto('video_categories')
        .values(categories.map((category_id) => ({ video_id: id, category_id })))
        .execute();
    const tags = pick(f.tags, links.tags);
    if (tags.length > 0)
      await db
        .insertInto('video_tags')
        .values(tags.map((tag_id) => ({ video_id: id, tag_id })))
        .execute();
    const models = pick(f.models, links.models);
    if (models.length > 0)
      await db
        .insertInto('video_models')
        .values(models.map((model_id) => ({ video_id: id, model_id })))
        .execute();
    for (const [i, playlist_id] of pick(f.playlists, links.playlists).entries())
      await db
        .insertInto('playlist_videos')
        .values({ playlist_id, video_id: id, position: 100 + i + id })
        .execute();
  };
  const everything: Links = {
    categories: ['outdoor', 'indoor'],
    tags: ['asmr', 'beach'],
    models: ['anna-vale', 'cross-over'],
    channel: 'sunny-studio',
    user: 'uploader',
    playlists: ['mixed'],
  };
  for (let i = 1; i <= 5; i++) {
    await add(
      `str${i}`,
      { title: `Harbour Walk ${i}`, daysAgo: i, views: 100 * i },
      {
        categories: i % 2 ? ['outdoor'] : ['outdoor', 'indoor'],
        tags: i <= 3 ? ['asmr', 'beach'] : ['asmr'],
        models: i <= 2 ? ['anna-vale', 'cross-over'] : ['anna-vale'],
        channel: 'sunny-studio',
        user: 'uploader',
        playlists: i <= 4 ? ['mixed'] : [],
      },
    );
  }
  for (let i = 1; i <= 3; i++) {
    await add(
      `gay${i}`,
      { title: `Harbour Swim ${i}`, gender: 'gay', daysAgo: i, views: 50 * i },
      {
        // The first sits in a str category too: its count there is the gay visitors'.
        categories: i === 1 ? ['bears', 'outdoor'] : ['bears'],
        tags: ['asmr'],
        models: i === 3 ? ['ben-stone'] : ['ben-stone', 'cross-over'],
        channel: i === 3 ? 'harbour-films' : 'sunny-studio',
        user: 'uploader',
        playlists: i === 1 ? ['mixed', 'harbour'] : ['harbour'],
      },
    );
  }
  await add('private', { title: 'Harbour Private', isPrivate: true }, everything);
  await add('processing', { title: 'Harbour Processing', status: 2 }, everything);
  await add('down', { title: 'Harbour Down', status: 5 }, everything);
  await add('deleted', { title: 'Harbour Deleted' }, everything);
  await db
    .updateTable('videos')
    .set({ deleted_at: new Date() })
    .where('id', '=', f.videos.deleted as number)
    .execute();
  await db.insertInto('search_keywords').values({ keyword: 'harbour', searches: 1 }).execute();
  return f;
}

/** object_video_counts' rows that count something, in key order. */
export async function countRows(db: DB) {
  const { rows } = await sql<{ kind: string; object_id: number; gender: string; videos: number }>`
    SELECT kind, object_id::int AS object_id, gender, videos FROM object_video_counts
    WHERE videos <> 0 ORDER BY kind, object_id, gender`.execute(db);
  return rows;
}

export type CountRows = Awaited<ReturnType<typeof countRows>>;

export interface CountsApp {
  t: TestApp;
  f: CountsFixture;
  /** object_video_counts as the triggers built it while the fixture was written. */
  built: CountRows | null;
}

/** The app on the fixture; then the seeders' recount (every counter from the rows), as after a seed. */
export async function setupCounts(kind: DatabaseKind): Promise<CountsApp> {
  const t = await createTestApp(kind, { ssr: false });
  try {
    const db = t.database.handle.db;
    const f = await seedCounts(db);
    const built = await countRows(db).catch(() => null);
    await recountCatalogueCounters(db);
    return { t, f, built };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** The calls of the listing tests on the app `app()` answers (set in beforeAll). */
export function countsCalls(app: () => TestApp) {
  const get = async (url: string) => {
    const r = await app().app.inject({ url });
    expect(r.statusCode, url).toBe(200);
    return r.json();
  };

  /** Every video a videos2 section lists (2 a page, every page); each page's total_count must agree. */
  const listed = async (gender: Gender, section: string, objectId: string | number) => {
    let seen = 0;
    for (let page = 1; page <= 20; page++) {
      const body = await get(
        `/api/json/videos2/0/${gender}/latest-updates/2/${section}.${objectId}.${page}.all.all.all.json`,
      );
      if (body.videos.length === 0) break;
      seen += body.videos.length;
      const pages = Math.ceil(body.total_count / 2);
      expect(page, `${section} ${objectId} ${gender}: page ${page} of ${pages}`).toBeLessThanOrEqual(pages);
    }
    const first = await get(
      `/api/json/videos2/0/${gender}/latest-updates/2/${section}.${objectId}.1.all.all.all.json`,
    );
    expect(first.total_count, `${section} ${objectId} ${gender} total_count`).toBe(seen);
    return seen;
  };

  return { get, listed };
}
