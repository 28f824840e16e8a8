// Favourites and watch later on a real database: add, repeat (also in parallel), remove, who may act on
// which video, the member pages, and the favourites count staged and flushed in a batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ActsFixture,
  addMember,
  addVideo,
  codeOf,
  settle,
  setupActs,
} from '../../test/acts-fixtures.ts';
import { databaseKinds } from '../../test/db.ts';
import type { Actor } from './actor.ts';

describe.each(databaseKinds())('favourites and watch later (%s)', (kind) => {
  let f: ActsFixture;
  let alice: Actor;
  let bob: Actor;
  let moderator: Actor;
  let publicVideo: number;
  let alicePrivate: number;

  beforeAll(async () => {
    f = await setupActs(kind);
    alice = await addMember(f.db);
    bob = await addMember(f.db);
    moderator = await addMember(f.db, 'moderator');
    publicVideo = await addVideo(f.db, 'Public');
    alicePrivate = await addVideo(f.db, 'Private', { isPrivate: true }, alice);
  });
  afterAll(() => f?.dispose());

  it('asks a guest to log in', async () => {
    expect(await codeOf(f.acts.lists.add(null, 'favourite', publicVideo))).toEqual({
      code: 'login_required',
      status: 401,
    });
    expect(await codeOf(f.acts.lists.remove(null, 'watch_later', publicVideo))).toMatchObject({
      code: 'login_required',
    });
  });

  it('adds once: a repeat is the spec code, with 409', async () => {
    expect(await f.acts.lists.add(alice, 'watch_later', publicVideo)).toEqual({ ok: true });
    expect(await codeOf(f.acts.lists.add(alice, 'watch_later', publicVideo))).toEqual({
      code: 'watch_later_already_added',
      status: 409,
    });
    expect(await f.acts.lists.add(alice, 'favourite', publicVideo)).toEqual({ ok: true });
    expect(await codeOf(f.acts.lists.add(alice, 'favourite', publicVideo))).toEqual({
      code: 'favourite_already_added',
      status: 409,
    });
    expect(await f.acts.lists.videoState(alice, publicVideo)).toEqual({
      favourite: true,
      watch_later: true,
      vote: null,
    });
  });

  it('adds once under parallel repeats', async () => {
    const video = await addVideo(f.db, 'Parallel');
    const result = await settle(Array.from({ length: 12 }, () => f.acts.lists.add(bob, 'favourite', video)));
    expect(result.ok).toBe(1);
    expect(result.codes).toEqual(Array(11).fill('favourite_already_added'));
    const rows = await f.db.selectFrom('favourites').selectAll().where('video_id', '=', video).execute();
    expect(rows).toHaveLength(1);
    const staged = await f.db
      .selectFrom('counter_events')
      .select(['delta'])
      .where('object_id', '=', video)
      .where('counter', '=', 'favourites')
      .execute();
    expect(staged).toEqual([{ delta: 1 }]);
  });

  it('lets only the uploader and staff act on a private video', async () => {
    expect(await codeOf(f.acts.lists.add(bob, 'favourite', alicePrivate))).toEqual({
      code: 'video_not_found',
      status: 404,
    });
    expect(await f.acts.lists.add(alice, 'favourite', alicePrivate)).toEqual({ ok: true });
    expect(await f.acts.lists.add(moderator, 'watch_later', alicePrivate)).toEqual({ ok: true });
    expect(await codeOf(f.acts.lists.add(bob, 'watch_later', 999_999))).toMatchObject({
      code: 'video_not_found',
    });
    const waiting = await addVideo(f.db, 'Waiting', { status: 3 });
    expect(await codeOf(f.acts.lists.add(alice, 'watch_later', waiting))).toMatchObject({
      code: 'video_not_found',
    });
  });

  it('removes, and removing what is not there is not an error', async () => {
    const video = await addVideo(f.db, 'Removable');
    await f.acts.lists.add(bob, 'watch_later', video);
    expect(await f.acts.lists.remove(bob, 'watch_later', video)).toEqual({ ok: true });
    expect(await f.acts.lists.remove(bob, 'watch_later', video)).toEqual({ ok: true });
    expect((await f.acts.lists.videoState(bob, video)).watch_later).toBe(false);
    // It can be added again after.
    expect(await f.acts.lists.add(bob, 'watch_later', video)).toEqual({ ok: true });
  });

  it('lists a member’s videos newest first; watch later is the member’s own', async () => {
    const carol = await addMember(f.db);
    const first = await addVideo(f.db, 'First');
    const second = await addVideo(f.db, 'Second');
    await f.acts.lists.add(carol, 'favourite', first);
    await f.acts.lists.add(carol, 'favourite', second);
    await f.acts.lists.add(carol, 'watch_later', first);
    // Added at the same instant on a fast machine: the later insert still comes first (by time, then id).
    await f.db
      .updateTable('favourites')
      .set({ added_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', carol.user_id)
      .where('video_id', '=', first)
      .execute();
    const favourites = await f.acts.lists.page(null, 'favourite', carol.user_id, 1, 10);
    expect(favourites.total_count).toBe(2);
    expect(favourites.videos.map((v) => v.video_id)).toEqual([second, first]);
    expect(
      (await f.acts.lists.page(bob, 'favourite', carol.user_id, 2, 1)).videos.map((v) => v.video_id),
    ).toEqual([first]);
    const later = await f.acts.lists.page(carol, 'watch_later', carol.user_id, 1, 10);
    expect(later.videos.map((v) => v.video_id)).toEqual([first]);
    expect(await codeOf(f.acts.lists.page(bob, 'watch_later', carol.user_id, 1, 10))).toMatchObject({
      code: 'forbidden',
      status: 403,
    });
    expect(await codeOf(f.acts.lists.page(null, 'watch_later', carol.user_id, 1, 10))).toMatchObject({
      code: 'login_required',
    });
    // A video that stops being listed leaves the list (its row stays).
    await f.db.updateTable('videos').set({ is_private: true }).where('id', '=', second).execute();
    expect((await f.acts.lists.page(carol, 'favourite', carol.user_id, 1, 10)).total_count).toBe(1);
  });

  it('moves favourite counts into the video in a batch', async () => {
    const video = await addVideo(f.db, 'Counted');
    const members = await Promise.all(Array.from({ length: 4 }, () => addMember(f.db)));
    await Promise.all(members.map((m) => f.acts.lists.add(m, 'favourite', video)));
    await f.acts.lists.remove(members[0] as Actor, 'favourite', video);
    const before = await f.db
      .selectFrom('videos')
      .select('favourites_count')
      .where('id', '=', video)
      .executeTakeFirst();
    expect(before?.favourites_count).toBe(0);
    await f.acts.flushCounters();
    const after = await f.db
      .selectFrom('videos')
      .select('favourites_count')
      .where('id', '=', video)
      .executeTakeFirst();
    expect(after?.favourites_count).toBe(3);
    expect(await f.acts.pendingCounters()).toBe(0);
  });
});
