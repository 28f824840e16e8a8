// The console's video rules on a real database (issue 17): an edit moves the listed counts of the
// uploader, channel, categories, models and tags by exactly the difference and refreshes the search
// words; status and visibility changes count in and out; deletion removes the rows and the video's own
// files (a shared clip file stays) and keeps every count right; the poster is made from a still under a
// new key, the first poster can be chosen again, earlier choices' files go; parallel edits of one video
// and of videos sharing categories leave the counts equal to a full recount.
// The pure rules: videos-admin.rules.test.ts.
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { parseAdminVideoInput } from '../../../contract/admin-videos.ts';
import { DomainError } from '../../errors.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { insertUser, insertVideo } from '../../test/fixtures.ts';

describe.each(databaseKinds())('the console video service on %s', (kind) => {
  let t: TestApp;
  let staff: CurrentUser;
  let uploader: number;
  let cats: number[];
  let models: number[];
  let channels: number[];
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const mod = await insertUser(db(), 'console_mod');
    await db().updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute();
    staff = { user_id: Number(mod.id), username: mod.username, avatar: null, role: 'moderator' };
    uploader = Number((await insertUser(db(), 'console_uploader')).id);
    cats = (
      await db()
        .insertInto('categories')
        .values(['cv-one', 'cv-two', 'cv-three', 'cv-four'].map((dir) => ({ dir, title: dir })))
        .returning('id')
        .execute()
    ).map((r) => Number(r.id));
    models = (
      await db()
        .insertInto('models')
        .values(['cv-model-a', 'cv-model-b'].map((dir) => ({ dir, title: dir })))
        .returning('id')
        .execute()
    ).map((r) => Number(r.id));
    channels = (
      await db()
        .insertInto('channels')
        .values(['cv-chan-a', 'cv-chan-b'].map((dir) => ({ dir, title: dir })))
        .returning('id')
        .execute()
    ).map((r) => Number(r.id));
  });
  afterAll(() => t.close());

  /** A listed video of the uploader, linked, with every count brought up to date. */
  async function video(title: string, links: { cats?: number[]; models?: number[]; channel?: number } = {}) {
    const row = await insertVideo(db(), { title });
    const id = Number(row.id);
    await db()
      .updateTable('videos')
      .set({ user_id: uploader, channel_id: links.channel ?? null })
      .where('id', '=', id)
      .execute();
    for (const c of links.cats ?? [])
      await db().insertInto('video_categories').values({ video_id: id, category_id: c }).execute();
    for (const m of links.models ?? [])
      await db().insertInto('video_models').values({ video_id: id, model_id: m }).execute();
    await recount();
    return { id, dir: row.dir };
  }

  const LISTED = sql`v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL`;
  /** Every count of the test's objects from scratch (what the counts must equal). */
  async function recount() {
    await sql`UPDATE categories c SET total_videos = (SELECT count(*) FROM video_categories l JOIN videos v ON v.id = l.video_id WHERE l.category_id = c.id AND ${LISTED})`.execute(
      db(),
    );
    await sql`UPDATE models c SET total_videos = (SELECT count(*) FROM video_models l JOIN videos v ON v.id = l.video_id WHERE l.model_id = c.id AND ${LISTED})`.execute(
      db(),
    );
    await sql`UPDATE tags c SET total_videos = (SELECT count(*) FROM video_tags l JOIN videos v ON v.id = l.video_id WHERE l.tag_id = c.id AND ${LISTED})`.execute(
      db(),
    );
    await sql`UPDATE channels c SET total_videos = (SELECT count(*) FROM videos v WHERE v.channel_id = c.id AND ${LISTED})`.execute(
      db(),
    );
    await sql`UPDATE users c SET videos_count = (SELECT count(*) FROM videos v WHERE v.user_id = c.id AND ${LISTED})`.execute(
      db(),
    );
  }
  /** Objects whose stored count differs from a recount. */
  async function drift() {
    const { rows } = await sql<{ t: string; id: string; stored: number; real: number }>`
      SELECT 'category' AS t, c.id, c.total_videos AS stored, (SELECT count(*)::int FROM video_categories l JOIN videos v ON v.id = l.video_id WHERE l.category_id = c.id AND ${LISTED}) AS real FROM categories c
      UNION ALL SELECT 'model', c.id, c.total_videos, (SELECT count(*)::int FROM video_models l JOIN videos v ON v.id = l.video_id WHERE l.model_id = c.id AND ${LISTED}) FROM models c
      UNION ALL SELECT 'tag', c.id, c.total_videos, (SELECT count(*)::int FROM video_tags l JOIN videos v ON v.id = l.video_id WHERE l.tag_id = c.id AND ${LISTED}) FROM tags c
      UNION ALL SELECT 'channel', c.id, c.total_videos, (SELECT count(*)::int FROM videos v WHERE v.channel_id = c.id AND ${LISTED}) FROM channels c
      UNION ALL SELECT 'user', c.id, c.videos_count, (SELECT count(*)::int FROM videos v WHERE v.user_id = c.id AND ${LISTED}) FROM users c`.execute(
      db(),
    );
    return rows.filter((r) => Number(r.stored) !== Number(r.real));
  }
  const count = async (table: 'categories' | 'models' | 'channels' | 'tags', id: number) =>
    Number(
      (await db().selectFrom(table).select('total_videos').where('id', '=', id).executeTakeFirstOrThrow())
        .total_videos,
    );
  const edit = (videoId: number, changes: Record<string, unknown>) => {
    const parsed = parseAdminVideoInput({ act: 'edit', video_id: String(videoId), ...changes });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.codes));
    return t.services.videosAdmin.act(staff, parsed.command);
  };
  const codeOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'ok';
    } catch (error) {
      if (error instanceof DomainError) return `${error.status} ${error.code}`;
      throw error;
    }
  };

  it('moves every listed count by the difference and refreshes the search words', async () => {
    const [a, b, c] = cats as [number, number, number];
    const [m1] = models as [number];
    const [ch1, ch2] = channels as [number, number];
    const v = await video('Harbour Morning Sample', { cats: [a, b], models: [m1], channel: ch1 });
    const before = {
      a: await count('categories', a),
      b: await count('categories', b),
      c: await count('categories', c),
    };
    const result = await edit(v.id, {
      title: 'Lantern Festival Sample',
      categories: `${b},${c}`,
      models: '',
      channel: String(ch2),
      tags: 'paper lantern, night market',
    });
    expect(result.changed.sort()).toEqual(['categories', 'channel', 'models', 'tags', 'title']);
    expect(await count('categories', a)).toBe(before.a - 1);
    expect(await count('categories', b)).toBe(before.b);
    expect(await count('categories', c)).toBe(before.c + 1);
    expect(await drift()).toEqual([]);
    const tag = await db()
      .selectFrom('tags')
      .select(['title', 'total_videos'])
      .where('dir', '=', 'paper-lantern')
      .executeTakeFirstOrThrow();
    expect(tag).toEqual({ title: 'paper lantern', total_videos: 1 });
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM videos WHERE search_vector @@ to_tsquery('simple', 'lantern & market')`.execute(db());
    expect(rows.map((r) => Number(r.id))).toEqual([v.id]);
    // The audit entry names the changed fields.
    const entry = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'details'])
      .where('action', '=', 'video.edit')
      .where('target_id', '=', String(v.id))
      .executeTakeFirstOrThrow();
    expect((entry.details as { changed: string[] }).changed).toContain('title');
    // Unknown ids are field errors, and nothing changed.
    expect(await codeOf(edit(v.id, { categories: '99999999' }))).toBe('400 invalid');
    expect(await codeOf(edit(99999999, { title: 'Nobody Here' }))).toBe('404 video_not_found');
  });

  it('counts a video out when it goes private or unavailable, and back in', async () => {
    const [, , , d] = cats as [number, number, number, number];
    const v = await video('Quiet Valley Sample', { cats: [d] });
    const start = await count('categories', d);
    await edit(v.id, { private: '1' });
    expect(await count('categories', d)).toBe(start - 1);
    await edit(v.id, { private: '0' });
    expect(await count('categories', d)).toBe(start);
    await t.services.videosAdmin.act(staff, { act: 'status', videoId: v.id, status: 5, reason: null });
    expect(await count('categories', d)).toBe(start - 1);
    // Without renditions it cannot be active again.
    await db().deleteFrom('video_files').where('video_id', '=', v.id).where('kind', '=', 'mp4').execute();
    expect(
      await codeOf(
        t.services.videosAdmin.act(staff, { act: 'status', videoId: v.id, status: 1, reason: null }),
      ),
    ).toBe('409 no_renditions');
    expect(await drift()).toEqual([]);
  });

  it('deletes the rows and the video’s own files; a shared file stays; counts stay right', async () => {
    const [a] = cats as [number];
    const [m1] = models as [number];
    const v = await video('Falling Leaves Sample', { cats: [a], models: [m1], channel: channels[0] });
    const other = await video('Shared Clip Sample');
    const storage = t.services.storage;
    const put = (key: string) =>
      storage.putStream(key, Readable.from([Buffer.from('x')]), { contentType: 'image/jpeg' });
    await put(`videos/${v.id}/poster.jpg`);
    await put(`videos/${v.id}/720p.mp4`);
    await put('demo/clip-shared/sprite.jpg');
    await db().deleteFrom('video_files').where('video_id', '=', v.id).execute();
    await db()
      .insertInto('video_files')
      .values([
        { video_id: v.id, kind: 'poster', storage_key: `videos/${v.id}/poster.jpg`, mime: 'image/jpeg' },
        {
          video_id: v.id,
          kind: 'mp4',
          format: '720p',
          storage_key: `videos/${v.id}/720p.mp4`,
          mime: 'video/mp4',
        },
        {
          video_id: v.id,
          kind: 'sprite',
          format: '0',
          storage_key: 'demo/clip-shared/sprite.jpg',
          mime: 'image/jpeg',
        },
        {
          video_id: other.id,
          kind: 'sprite',
          format: '0',
          storage_key: 'demo/clip-shared/sprite.jpg',
          mime: 'image/jpeg',
        },
      ])
      .execute();
    await edit(v.id, { tags: 'autumn colour' });
    const commenter = Number((await insertUser(db(), 'console_commenter')).id);
    await db()
      .insertInto('comments')
      .values({ section: 'video', object_id: v.id, user_id: commenter, comment: 'Nice light.' })
      .execute();
    const playlist = await db()
      .insertInto('playlists')
      .values({ user_id: commenter, title: 'Evening picks', total_videos: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('playlist_videos')
      .values({ playlist_id: playlist.id, video_id: v.id, position: 1 })
      .execute();
    const catBefore = await count('categories', a);

    const result = await t.services.videosAdmin.act(staff, { act: 'delete', videoId: v.id });
    expect(result).toMatchObject({ status: 'success', act: 'delete', status_id: null });
    expect(await db().selectFrom('videos').select('id').where('id', '=', v.id).execute()).toEqual([]);
    expect(await db().selectFrom('video_files').select('id').where('video_id', '=', v.id).execute()).toEqual(
      [],
    );
    expect(
      await db().selectFrom('video_categories').select('video_id').where('video_id', '=', v.id).execute(),
    ).toEqual([]);
    expect(
      await db()
        .selectFrom('comments')
        .select('id')
        .where('section', '=', 'video')
        .where('object_id', '=', v.id)
        .execute(),
    ).toEqual([]);
    expect(await storage.exists(`videos/${v.id}/poster.jpg`)).toBe(false);
    expect(await storage.exists(`videos/${v.id}/720p.mp4`)).toBe(false);
    expect(await storage.exists('demo/clip-shared/sprite.jpg')).toBe(true);
    expect(await count('categories', a)).toBe(catBefore - 1);
    expect(
      await db()
        .selectFrom('tags')
        .select('total_videos')
        .where('dir', '=', 'autumn-colour')
        .executeTakeFirstOrThrow(),
    ).toEqual({
      total_videos: 0,
    });
    const pl = await db()
      .selectFrom('playlists')
      .select('total_videos')
      .where('id', '=', playlist.id)
      .executeTakeFirstOrThrow();
    expect(pl.total_videos).toBe(0);
    const staged = await db()
      .selectFrom('counter_events')
      .select(['target', 'counter', 'delta'])
      .where('object_id', '=', commenter)
      .execute();
    expect(staged).toEqual([{ target: 'user', counter: 'comments', delta: -1 }]);
    expect(await drift()).toEqual([]);
    expect(await codeOf(t.services.videosAdmin.act(staff, { act: 'delete', videoId: v.id }))).toBe(
      '404 video_not_found',
    );
  });

  it('makes the poster from a still under a new key, and can go back to the first poster', async () => {
    const v = await video('Morning Tide Sample');
    const storage = t.services.storage;
    const jpeg = (r: number) =>
      sharp({ create: { width: 320, height: 180, channels: 3, background: { r, g: 80, b: 120 } } })
        .jpeg()
        .toBuffer();
    const originalKey = `videos/${v.id}/poster.jpg`;
    await db().deleteFrom('video_files').where('video_id', '=', v.id).where('kind', '=', 'poster').execute();
    for (const [key, r] of [
      [originalKey, 10],
      [`videos/${v.id}/thumbs/1.jpg`, 60],
      [`videos/${v.id}/thumbs/2.jpg`, 200],
    ] as const) {
      await storage.putStream(key, Readable.from([await jpeg(r)]), { contentType: 'image/jpeg' });
    }
    await db()
      .insertInto('video_files')
      .values([
        { video_id: v.id, kind: 'poster', format: '', storage_key: originalKey, mime: 'image/jpeg' },
        {
          video_id: v.id,
          kind: 'thumb',
          format: '1',
          storage_key: `videos/${v.id}/thumbs/1.jpg`,
          mime: 'image/jpeg',
        },
        {
          video_id: v.id,
          kind: 'thumb',
          format: '2',
          storage_key: `videos/${v.id}/thumbs/2.jpg`,
          mime: 'image/jpeg',
        },
      ])
      .execute();
    const posterKey = async () =>
      (
        await db()
          .selectFrom('video_files')
          .select('storage_key')
          .where('video_id', '=', v.id)
          .where('kind', '=', 'poster')
          .where('format', '=', '')
          .executeTakeFirstOrThrow()
      ).storage_key;

    await t.services.videosAdmin.act(staff, { act: 'poster', videoId: v.id, still: '2' });
    const first = await posterKey();
    expect(first).toMatch(new RegExp(`^videos/${v.id}/poster-2-[a-z0-9]+\\.jpg$`));
    expect(await storage.exists(first)).toBe(true);
    expect(await storage.exists(first.replace(/\.jpg$/, '.webp'))).toBe(true);
    const detail = await t.services.videosAdmin.get(staff, v.id);
    expect(detail.video.stills.map((s) => [s.key, s.current])).toEqual([
      ['original', false],
      ['1', false],
      ['2', true],
    ]);
    expect(detail.video.poster).toBe(`/media/${first}`);

    await t.services.videosAdmin.act(staff, { act: 'poster', videoId: v.id, still: '1' });
    expect(await storage.exists(first)).toBe(false);
    const second = await posterKey();
    await t.services.videosAdmin.act(staff, { act: 'poster', videoId: v.id, still: 'original' });
    expect(await posterKey()).toBe(originalKey);
    expect(await storage.exists(second)).toBe(false);
    expect(await storage.exists(originalKey)).toBe(true);
    expect(
      await codeOf(t.services.videosAdmin.act(staff, { act: 'poster', videoId: v.id, still: '7' })),
    ).toBe('404 still_not_found');
    const audits = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'video.poster')
      .where('target_id', '=', String(v.id))
      .execute();
    expect(audits).toHaveLength(3);
  });

  it('parallel edits of one video and of videos sharing categories keep every count right', async () => {
    const [a, b, c, d] = cats as [number, number, number, number];
    const one = await video('Parallel One Sample', { cats: [a] });
    const others: { id: number }[] = [];
    for (const n of [1, 2, 3, 4]) others.push(await video(`Parallel Other ${n} Sample`, { cats: [b] }));
    expect(await drift()).toEqual([]);
    const sets = [[a, b], [c], [b, d], [a, c, d], [d]];
    await Promise.all([
      ...sets.map((set, i) => edit(one.id, { categories: set.join(','), tags: `shared tag, tag ${i}x` })),
      ...others.map((o, i) =>
        edit(o.id, { categories: i % 2 ? `${c},${a}` : `${d},${b}`, tags: 'shared tag' }),
      ),
      ...others.map((o, i) => (i % 2 ? edit(o.id, { private: '1' }) : Promise.resolve())),
    ]);
    expect(await drift()).toEqual([]);
    // The video ends with one of the sets, whole.
    const linked = (
      await db().selectFrom('video_categories').select('category_id').where('video_id', '=', one.id).execute()
    )
      .map((r) => Number(r.category_id))
      .sort((x, y) => x - y);
    expect(sets.map((s) => [...s].sort((x, y) => x - y).join())).toContain(linked.join());
  });
});
