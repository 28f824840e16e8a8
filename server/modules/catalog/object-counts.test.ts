// Counts per orientation (issue 20, migration 0042): every video count a visitor is shown of a category,
// tag, model, channel, playlist or member is the number of videos the listing of their orientation
// returns for it, across its pages; and the triggers keep object_video_counts exact as rows change.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gender } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { recountCatalogueCounters } from '../../seed/seed-sql.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { insertUser, insertVideo } from '../../test/fixtures.ts';

const GENDERS: Gender[] = ['str', 'gay'];

interface CountsFixture {
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
async function countRows(db: DB) {
  const { rows } = await sql<{ kind: string; object_id: number; gender: string; videos: number }>`
    SELECT kind, object_id::int AS object_id, gender, videos FROM object_video_counts
    WHERE videos <> 0 ORDER BY kind, object_id, gender`.execute(db);
  return rows;
}

describe.each(databaseKinds())('counts per orientation on %s', (kind) => {
  let t: TestApp;
  let f: CountsFixture;
  /** object_video_counts as the triggers built it while the fixture was written. */
  let built: Awaited<ReturnType<typeof countRows>> | null;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    const db = t.database.handle.db;
    f = await seedCounts(db);
    built = await countRows(db).catch(() => null);
    // The seeders' recount (every counter from the rows), as after the demo or bench seed.
    await recountCatalogueCounters(db);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const r = await t.app.inject({ url });
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

  it('the triggers built the same counts as a recount from the rows', async () => {
    expect(built).toEqual(await countRows(t.database.handle.db));
    expect(built?.length).toBeGreaterThan(15);
  });

  it('the fixture differs by orientation (a shared channel, tag, model and category)', async () => {
    expect(await listed('str', 'channel', 'sunny-studio')).toBe(5);
    expect(await listed('gay', 'channel', 'sunny-studio')).toBe(2);
    expect(await listed('str', 'tags', 'asmr')).toBe(5);
    expect(await listed('gay', 'tags', 'asmr')).toBe(3);
  });

  for (const gender of GENDERS) {
    describe(`for a ${gender} visitor`, () => {
      it('categories: the list, home and suggestions count what each category lists', async () => {
        const { categories } = await get(`/api/json/categories/0/${gender}/count-videos.json`);
        expect(categories.length).toBeGreaterThan(0);
        for (const c of categories) {
          const n = await listed(gender, 'categories', c.dir);
          expect([c.dir, c.total_videos, c.statistics.videos]).toEqual([c.dir, n, n]);
        }
        // count-videos orders by the orientation's count.
        const counts = categories.map((c: { total_videos: number }) => c.total_videos);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
        const main = await get(`/api/json/main/0/${gender}.en.json`);
        for (const c of main.categories)
          expect(c.total_videos).toBe(await listed(gender, 'categories', c.dir));
      });

      it('tags: the tag list, a tag’s block and its related tags', async () => {
        const { tags } = await get(`/api/json/tags_mvp/0/all.json?gender=${gender}`);
        const shown = new Map<string, number>(
          tags.map((x: { dir: string; total_videos: number }) => [x.dir, x.total_videos]),
        );
        for (const dir of Object.keys(f.tags)) {
          const n = await listed(gender, 'tags', dir);
          // A tag without videos in the orientation is not offered.
          expect([dir, shown.get(dir)]).toEqual([dir, n > 0 ? n : undefined]);
        }
        const top = await get(`/api/json/suggester/0/10.json?gender=${gender}`);
        const topTags = await get(`/api/suggester.php?gettags=1&gender=${gender}`);
        expect(top.tags.length).toBeGreaterThan(0);
        for (const x of [...top.tags, ...topTags.tags]) expect(x.total_videos).toBe(shown.get(x.dir));
        const mvp = await get(`/api/json/videos_mvp/0/beach.json?gender=${gender}`);
        const beach = await listed(gender, 'tags', 'beach');
        expect(mvp.tag.total_videos).toBe(beach);
        const asmr = await get(`/api/json/videos_mvp/0/asmr.json?gender=${gender}`);
        expect(asmr.mvp.mdesc).toContain(`Watch ${await listed(gender, 'tags', 'asmr')} ASMR videos`);
        const list = await get(
          `/api/json/videos2/0/${gender}/latest-updates/60/tags.asmr.1.all.all.all.json`,
        );
        expect(list.mvp.mdesc).toBe(asmr.mvp.mdesc);
      });

      it('models: the list, each model, the suggestions, the cards’ model links and the search tab', async () => {
        const { models } = await get(
          `/api/json/models/0/${gender}/count-videos/48/1.all.all.all.all.all.all.all.json`,
        );
        for (const m of models) {
          const n = await listed(gender, 'model', m.dir);
          expect([m.dir, m.total_videos, m.statistics.videos]).toEqual([m.dir, n, n]);
        }
        for (const dir of Object.keys(f.models)) {
          const n = await listed(gender, 'model', dir);
          const { model } = await get(`/api/json/model/0/${dir}.json?gender=${gender}`);
          expect([dir, model.total_videos, model.statistics.videos]).toEqual([dir, n, n]);
        }
        const main = await get(`/api/json/main/0/${gender}.en.json`);
        for (const m of main.models) expect(m.total_videos).toBe(await listed(gender, 'model', m.dir));
        const suggest = await get(
          `/api/suggester.php?c=${gender === 'str' ? 'anna' : 'ben'}&gender=${gender}`,
        );
        expect(suggest.models.length).toBe(1);
        for (const m of suggest.models) expect(m.total_videos).toBe(await listed(gender, 'model', m.dir));
        const cards = await get(`/api/json/videos2/0/${gender}/latest-updates/60/videos..1.all.all.all.json`);
        for (const v of cards.videos)
          for (const m of v.models) expect(m.videos).toBe(await listed(gender, 'model', m.dir));
        for (const m of cards.models) expect(m.videos).toBe(await listed(gender, 'model', m.dir));
        const tab = await t.services.objectSearch.search('pornstars', gender, 'o', 1, 60);
        expect(tab?.items.length).toBeGreaterThan(0);
        for (const m of tab?.items ?? []) expect(m.total_videos).toBe(await listed(gender, 'model', m.dir));
      });

      it('channels: the list, each channel, the suggestions and the search tab', async () => {
        const { channels } = await get(`/api/json/channels/0/${gender}/count-videos/48/1.json`);
        expect(channels.length).toBe(1);
        for (const c of channels) {
          const n = await listed(gender, 'channel', c.dir);
          expect([c.dir, c.total_videos, c.statistics.videos]).toEqual([c.dir, n, n]);
        }
        for (const dir of Object.keys(f.channels)) {
          const n = await listed(gender, 'channel', dir);
          const { channel } = await get(`/api/json/channel/0/${dir}.json?gender=${gender}`);
          expect([dir, channel.total_videos, channel.videos, channel.statistics.videos]).toEqual([
            dir,
            n,
            n,
            n,
          ]);
        }
        const main = await get(`/api/json/main/0/${gender}.en.json`);
        for (const c of main.channels) expect(c.total_videos).toBe(await listed(gender, 'channel', c.dir));
        const suggest = await get(
          `/api/suggester.php?c=${gender === 'str' ? 'sunny' : 'harbour'}&gender=${gender}`,
        );
        expect(suggest.channels.length).toBe(1);
        for (const c of suggest.channels) expect(c.total_videos).toBe(await listed(gender, 'channel', c.dir));
        const tab = await t.services.objectSearch.search('pornsites', gender, 'o', 1, 60);
        expect(tab?.items.length).toBe(1);
        for (const c of tab?.items ?? []) expect(c.total_videos).toBe(await listed(gender, 'channel', c.dir));
      });

      it('playlists, members and a video’s channel and models', async () => {
        const { playlists } = await get(`/api/json/playlists/0/${gender}/latest-updates/48/1.json`);
        expect(playlists.length).toBe(1);
        for (const id of Object.values(f.playlists)) {
          const n = await listed(gender, 'playlist', id);
          const { playlist } = await get(`/api/json/playlist/0/0/${id}.json?gender=${gender}`);
          expect([id, playlist.total_videos]).toEqual([id, n]);
          const inList = playlists.find((p: { playlist_id: number }) => p.playlist_id === id);
          if (inList) expect(inList.total_videos).toBe(n);
        }
        const tab = await t.services.objectSearch.search('playlists', gender, 'picks', 1, 60);
        for (const p of tab?.items ?? []) expect(p.total_videos).toBe(await listed(gender, 'playlist', p.id));
        const members = await t.services.objectSearch.search('members', gender, 'uploader', 1, 60);
        expect(members?.items[0]?.total_videos).toBe(
          await listed(gender, 'member', f.users.uploader as number),
        );
        // A video's call counts its channel and models in the video's own orientation.
        const id = f.videos[gender === 'str' ? 'str1' : 'gay1'] as number;
        const { video } = await get(`/api/json/video/0/0/${id}.json`);
        expect(video.channel.videos).toBe(await listed(gender, 'channel', video.channel.dir));
        for (const m of video.models) expect(m.videos).toBe(await listed(gender, 'model', m.dir));
      });
    });
  }

  it('the triggers keep the counts exact through every kind of write', async () => {
    const db = t.database.handle.db;
    const v = f.videos;
    const steps: [string, () => Promise<unknown>][] = [
      [
        'approve',
        () =>
          db
            .updateTable('videos')
            .set({ status: 1 })
            .where('id', '=', v.processing as number)
            .execute(),
      ],
      [
        'take down',
        () =>
          db
            .updateTable('videos')
            .set({ status: 5 })
            .where('id', '=', v.str1 as number)
            .execute(),
      ],
      [
        'restore',
        () =>
          db
            .updateTable('videos')
            .set({ status: 1 })
            .where('id', '=', v.down as number)
            .execute(),
      ],
      [
        'private',
        () =>
          db
            .updateTable('videos')
            .set({ is_private: true })
            .where('id', '=', v.str2 as number)
            .execute(),
      ],
      [
        'public',
        () =>
          db
            .updateTable('videos')
            .set({ is_private: false })
            .where('id', '=', v.private as number)
            .execute(),
      ],
      [
        'soft delete',
        () =>
          db
            .updateTable('videos')
            .set({ deleted_at: new Date() })
            .where('id', '=', v.str3 as number)
            .execute(),
      ],
      [
        'gender',
        () =>
          db
            .updateTable('videos')
            .set({ gender: 'gay' })
            .where('id', '=', v.str4 as number)
            .execute(),
      ],
      [
        'channel and uploader',
        () =>
          db
            .updateTable('videos')
            .set({ channel_id: f.channels['harbour-films'] as number, user_id: f.users.other as number })
            .where('id', '=', v.str5 as number)
            .execute(),
      ],
      ['views only', () => sql`UPDATE videos SET views = views + 1, status = status`.execute(db)],
      [
        'links added',
        () =>
          db
            .insertInto('video_tags')
            .values([
              { video_id: v.gay2 as number, tag_id: f.tags.quiet as number },
              { video_id: v.str5 as number, tag_id: f.tags.quiet as number },
              { video_id: v.down as number, tag_id: f.tags.quiet as number },
            ])
            .execute(),
      ],
      [
        'links removed',
        () =>
          db
            .deleteFrom('video_models')
            .where('video_id', 'in', [v.str2 as number, v.gay1 as number])
            .execute(),
      ],
      [
        'playlist add',
        () =>
          db
            .insertInto('playlist_videos')
            .values({ playlist_id: f.playlists.mixed as number, video_id: v.gay3 as number, position: 9999 })
            .execute(),
      ],
      [
        'video deleted',
        () =>
          db
            .deleteFrom('videos')
            .where('id', '=', v.gay1 as number)
            .execute(),
      ],
      [
        'category deleted',
        () =>
          db
            .deleteFrom('categories')
            .where('id', '=', f.categories.indoor as number)
            .execute(),
      ],
      [
        'tag deleted',
        () =>
          db
            .deleteFrom('tags')
            .where('id', '=', f.tags.beach as number)
            .execute(),
      ],
      [
        'model deleted',
        () =>
          db
            .deleteFrom('models')
            .where('id', '=', f.models['cross-over'] as number)
            .execute(),
      ],
      [
        'channel deleted',
        () =>
          db
            .deleteFrom('channels')
            .where('id', '=', f.channels['sunny-studio'] as number)
            .execute(),
      ],
      [
        'playlist deleted',
        () =>
          db
            .deleteFrom('playlists')
            .where('id', '=', f.playlists.harbour as number)
            .execute(),
      ],
      [
        'member deleted',
        () =>
          db
            .deleteFrom('users')
            .where('id', '=', f.users.other as number)
            .execute(),
      ],
      [
        'in a transaction that rolls back',
        () =>
          db
            .transaction()
            .execute(async (trx) => {
              await trx
                .updateTable('videos')
                .set({ status: 4 })
                .where('id', '=', v.gay2 as number)
                .execute();
              throw new Error('rolled back');
            })
            .catch(() => undefined),
      ],
    ];
    for (const [name, write] of steps) {
      const before = await countRows(db);
      await write();
      const after = await countRows(db);
      await sql`SELECT refresh_object_video_counts()`.execute(db);
      expect(after, name).toEqual(await countRows(db));
      if (name === 'views only' || name.startsWith('in a transaction')) expect(after, name).toEqual(before);
    }
    // The rows of deleted objects went with them.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM object_video_counts WHERE (kind, object_id) IN (
        ('category', ${f.categories.indoor}::bigint), ('tag', ${f.tags.beach}::bigint),
        ('model', ${f.models['cross-over']}::bigint), ('channel', ${f.channels['sunny-studio']}::bigint),
        ('playlist', ${f.playlists.harbour}::bigint), ('member', ${f.users.other}::bigint))`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });
});
