// Playlists on a real database: create (defaults, categories), owner-only edit/delete/add/remove for a
// member, another member and a moderator, private playlists invisible to others, parallel adds, the
// member page and the strip's pages in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLIST_STRIP_PAGE_SIZE } from '../../../contract/acts.ts';
import {
  type ActsFixture,
  addMember,
  addVideo,
  codeOf,
  settle,
  setupActs,
} from '../../test/acts-fixtures.ts';
import { databaseKinds } from '../../test/db.ts';
import { insertCategories } from '../../test/fixtures.ts';
import type { Actor } from './actor.ts';
import type { NewPlaylist } from './playlists.service.ts';

describe.each(databaseKinds())('playlists (%s)', (kind) => {
  let f: ActsFixture;
  let owner: Actor;
  let other: Actor;
  let moderator: Actor;
  let cats: number[];
  const form = (over: Partial<NewPlaylist> = {}): NewPlaylist => ({
    title: 'Road trip',
    desc: 'Songs for the road',
    visible: '1',
    orientation: 'str',
    categories: cats.slice(0, 2),
    ...over,
  });

  beforeAll(async () => {
    f = await setupActs(kind);
    owner = await addMember(f.db);
    other = await addMember(f.db);
    moderator = await addMember(f.db, 'administrator');
    cats = [...(await insertCategories(f.db, ['outdoor', 'studio', 'night', 'retro'])).values()];
  });
  afterAll(() => f?.dispose());

  it('creates with the form’s values; orientation only on create', async () => {
    const made = await f.acts.playlists.create(owner, form({ orientation: 'gay', visible: '0' }));
    expect(made).toEqual({ ok: true, playlist_id: expect.any(Number) });
    const view = await f.acts.playlists.get(made.playlist_id, owner);
    expect(view).toMatchObject({
      title: 'Road trip',
      description: 'Songs for the road',
      private: 1,
      orientation: 'gay',
      total_videos: 0,
      user: { user_id: owner.user_id },
    });
    expect(view?.categories.map((c) => c.id).sort()).toEqual(cats.slice(0, 2).sort());

    await f.acts.playlists.update(owner, made.playlist_id, { title: 'Trip', desc: 'Changed text' });
    // visible and categories left out: kept; orientation cannot be changed.
    expect(await f.acts.playlists.get(made.playlist_id, owner)).toMatchObject({
      title: 'Trip',
      private: 1,
      orientation: 'gay',
    });
    await f.acts.playlists.update(owner, made.playlist_id, {
      title: 'Trip',
      desc: 'Changed text',
      visible: '1',
      categories: [cats[3] as number],
    });
    const edited = await f.acts.playlists.get(made.playlist_id, other);
    expect(edited).toMatchObject({ private: 0, categories: [{ id: cats[3] }] });
  });

  it('refuses an unknown category and writes nothing', async () => {
    const before = await f.db.selectFrom('playlists').select('id').execute();
    expect(
      await codeOf(f.acts.playlists.create(owner, form({ categories: [cats[0] as number, 999_999] }))),
    ).toEqual({
      code: 'invalid_categories',
      status: 400,
    });
    expect(await f.db.selectFrom('playlists').select('id').execute()).toHaveLength(before.length);
    const { playlist_id } = await f.acts.playlists.create(owner, form());
    expect(
      await codeOf(
        f.acts.playlists.update(owner, playlist_id, {
          title: 'New',
          desc: 'Other one',
          categories: [999_999],
        }),
      ),
    ).toMatchObject({ code: 'invalid_categories' });
    // Rolled back: title and categories unchanged.
    expect(await f.acts.playlists.get(playlist_id, owner)).toMatchObject({ title: 'Road trip' });
    expect((await f.acts.playlists.get(playlist_id, owner))?.categories).toHaveLength(2);
  });

  it('lets only the owner edit, delete, add and remove: 403 on a public playlist, 404 on a private one', async () => {
    const video = await addVideo(f.db, 'Clip');
    const pub = (await f.acts.playlists.create(owner, form())).playlist_id;
    const priv = (await f.acts.playlists.create(owner, form({ visible: '0' }))).playlist_id;
    await f.acts.playlists.addVideo(owner, pub, video);
    await f.acts.playlists.addVideo(owner, priv, video);
    const edit = { title: 'Hijacked', desc: 'Not mine to edit' };
    for (const someone of [other, moderator]) {
      const expected = [
        [pub, 'forbidden', 403],
        [priv, 'playlist_not_found', 404],
      ] as const;
      for (const [id, code, status] of expected) {
        expect(await codeOf(f.acts.playlists.update(someone, id, edit))).toEqual({ code, status });
        expect(await codeOf(f.acts.playlists.remove(someone, id))).toEqual({ code, status });
        expect(await codeOf(f.acts.playlists.addVideo(someone, id, video))).toEqual({ code, status });
        expect(await codeOf(f.acts.playlists.removeVideo(someone, id, video))).toEqual({ code, status });
      }
    }
    // Calls are made one at a time: a rejection must have its handler before the next one starts.
    for (const call of [
      () => f.acts.playlists.create(null, form()),
      () => f.acts.playlists.update(null, pub, edit),
      () => f.acts.playlists.remove(null, pub),
      () => f.acts.playlists.addVideo(null, pub, video),
      () => f.acts.playlists.removeVideo(null, pub, video),
    ]) {
      expect(await codeOf(call())).toEqual({ code: 'login_required', status: 401 });
    }
    for (const call of [
      () => f.acts.playlists.update(owner, 999_999, edit),
      () => f.acts.playlists.remove(owner, 999_999),
      () => f.acts.playlists.addVideo(owner, 999_999, video),
    ]) {
      expect(await codeOf(call())).toEqual({ code: 'playlist_not_found', status: 404 });
    }
    // Nothing changed by the refused calls.
    expect(await f.acts.playlists.get(pub, owner)).toMatchObject({ title: 'Road trip', total_videos: 1 });
    expect(await f.acts.playlists.get(priv, owner)).toMatchObject({ total_videos: 1 });
  });

  it('keeps a private playlist invisible to others', async () => {
    const priv = (await f.acts.playlists.create(owner, form({ title: 'Secret list', visible: '0' })))
      .playlist_id;
    expect(await f.acts.playlists.get(priv, other)).toBeNull();
    expect(await f.acts.playlists.get(priv, null)).toBeNull();
    expect(await f.acts.playlists.get(priv, moderator)).toBeNull();
    expect(await codeOf(f.acts.playlists.strip(other, priv, 1))).toEqual({
      code: 'playlist_not_found',
      status: 404,
    });
    expect((await f.acts.playlists.strip(owner, priv, 1)).playlist.title).toBe('Secret list');
    const mine = await f.acts.playlists.ofMember(owner, owner.user_id, 1, 100);
    const theirs = await f.acts.playlists.ofMember(other, owner.user_id, 1, 100);
    expect(mine.playlists.map((p) => p.playlist_id)).toContain(priv);
    expect(theirs.playlists.map((p) => p.playlist_id)).not.toContain(priv);
    expect(theirs.playlists.every((p) => p.private === 0)).toBe(true);
    expect(mine.total_count - theirs.total_count).toBe(mine.playlists.filter((p) => p.private === 1).length);
  });

  it('adds a video once; parallel adds get unique positions and an exact count', async () => {
    const id = (await f.acts.playlists.create(owner, form())).playlist_id;
    const same = await addVideo(f.db, 'Same');
    const once = await settle(Array.from({ length: 8 }, () => f.acts.playlists.addVideo(owner, id, same)));
    expect(once).toEqual({ ok: 1, codes: Array(7).fill('playlist_already_added') });
    expect(await codeOf(f.acts.playlists.addVideo(owner, id, same))).toEqual({
      code: 'playlist_already_added',
      status: 409,
    });
    const videos = await Promise.all(Array.from({ length: 10 }, (_, i) => addVideo(f.db, `Many ${i}`)));
    const many = await settle(videos.map((v) => f.acts.playlists.addVideo(owner, id, v)));
    expect(many.ok).toBe(10);
    const rows = await f.db
      .selectFrom('playlist_videos')
      .select(['position'])
      .where('playlist_id', '=', id)
      .execute();
    expect(new Set(rows.map((r) => r.position)).size).toBe(11);
    expect(await f.acts.playlists.get(id, owner)).toMatchObject({ total_videos: 11 });
    const hidden = await addVideo(f.db, 'Hidden', { isPrivate: true });
    expect(await codeOf(f.acts.playlists.addVideo(owner, id, hidden))).toEqual({
      code: 'video_not_found',
      status: 404,
    });
  });

  it('removes a video (owner only) and deletes a playlist with what points at it', async () => {
    const id = (await f.acts.playlists.create(owner, form())).playlist_id;
    const a = await addVideo(f.db, 'Alpha');
    const b = await addVideo(f.db, 'Beta');
    await f.acts.playlists.addVideo(owner, id, a);
    await f.acts.playlists.addVideo(owner, id, b);
    expect(await f.acts.playlists.removeVideo(owner, id, a)).toEqual({ ok: true });
    expect(await f.acts.playlists.removeVideo(owner, id, a)).toEqual({ ok: true });
    expect(await f.acts.playlists.get(id, owner)).toMatchObject({ total_videos: 1 });
    await f.acts.votes.vote(other, 'playlist', id, 1);
    expect(await f.acts.playlists.remove(owner, id)).toEqual({ ok: true });
    expect(await f.acts.playlists.get(id, owner)).toBeNull();
    expect(
      await f.db.selectFrom('playlist_videos').selectAll().where('playlist_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await f.db
        .selectFrom('votes')
        .selectAll()
        .where('section', '=', 'playlist')
        .where('object_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect(await codeOf(f.acts.playlists.remove(owner, id))).toEqual({
      code: 'playlist_not_found',
      status: 404,
    });
  });

  it('pages the strip by 60 in the playlist’s order, listed videos only', async () => {
    const id = (await f.acts.playlists.create(owner, form())).playlist_id;
    const count = PLAYLIST_STRIP_PAGE_SIZE + 5;
    const videos: number[] = [];
    for (let i = 0; i < count; i++) videos.push(await addVideo(f.db, `Strip ${i}`));
    // Added newest-id first, so the order is the playlist's and not the ids'.
    for (const v of [...videos].reverse()) await f.acts.playlists.addVideo(owner, id, v);
    await f.db
      .updateTable('videos')
      .set({ status: 5 })
      .where('id', '=', videos[0] as number)
      .execute();
    const first = await f.acts.playlists.strip(null, id, 1);
    const second = await f.acts.playlists.strip(null, id, 2);
    expect(first.total_count).toBe(count - 1);
    expect(first.videos).toHaveLength(PLAYLIST_STRIP_PAGE_SIZE);
    expect(second.page).toBe(2);
    const order = [...first.videos, ...second.videos].map((v) => v.video_id);
    expect(order).toEqual([...videos].reverse().slice(0, count - 1));
    const listed = await f.acts.playlists.ofMember(null, owner.user_id, 1, 100);
    expect(listed.playlists.find((p) => p.playlist_id === id)).toMatchObject({
      total_videos: count,
      scr: expect.stringMatching(/^\/media\/fixture\/\d+\/poster\.jpg$/),
    });
  });
});
