// Votes on a real database: one per member and object (final: a second one either way is
// already_voted), double votes in parallel, votes staged without touching the video's row and moved into
// likes, dislikes, rating and the top-rated windows by the batch flush.
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

describe.each(databaseKinds())('votes (%s)', (kind) => {
  let f: ActsFixture;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    f = await setupActs(kind);
    alice = await addMember(f.db);
    bob = await addMember(f.db);
  });
  afterAll(() => f?.dispose());

  const videoRow = (id: number) =>
    f.db
      .selectFrom('videos')
      .select(['likes', 'dislikes', 'rating', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('takes one vote per member; a second one, either way, is already_voted', async () => {
    const video = await addVideo(f.db, 'Voted');
    expect(await codeOf(f.acts.votes.vote(null, 'video', video, 1))).toEqual({
      code: 'login_required',
      status: 401,
    });
    expect(await f.acts.votes.vote(alice, 'video', video, 1)).toEqual({ ok: true });
    expect(await codeOf(f.acts.votes.vote(alice, 'video', video, 1))).toEqual({
      code: 'already_voted',
      status: 409,
    });
    expect(await codeOf(f.acts.votes.vote(alice, 'video', video, -1))).toEqual({
      code: 'already_voted',
      status: 409,
    });
    expect(await f.acts.votes.voteOf(alice, 'video', video)).toBe(1);
    expect((await f.acts.lists.videoState(alice, video)).vote).toBe(1);
    expect(await f.acts.votes.vote(bob, 'video', video, -1)).toEqual({ ok: true });
    expect(await f.acts.votes.voteOf(bob, 'video', video)).toBe(-1);
  });

  it('counts a double vote in parallel once', async () => {
    const video = await addVideo(f.db, 'Double');
    const result = await settle(
      Array.from({ length: 16 }, (_, i) => f.acts.votes.vote(alice, 'video', video, i % 2 ? 1 : -1)),
    );
    expect(result).toEqual({ ok: 1, codes: Array(15).fill('already_voted') });
    await f.acts.flushCounters();
    const row = await videoRow(video);
    expect(row.likes + row.dislikes).toBe(1);
  });

  it('stages votes without writing the video row, then moves them in a batch', async () => {
    const video = await addVideo(f.db, 'Batched', { likes: 2, dislikes: 2 });
    const before = await videoRow(video);
    const voters = await Promise.all(Array.from({ length: 9 }, () => addMember(f.db)));
    // 6 likes, 3 dislikes, all at once.
    const result = await settle(voters.map((m, i) => f.acts.votes.vote(m, 'video', video, i < 6 ? 1 : -1)));
    expect(result.ok).toBe(9);
    expect(await videoRow(video)).toEqual(before);
    expect(await f.acts.flushCounters()).toMatchObject({ events: expect.any(Number) });
    const after = await videoRow(video);
    expect(after).toMatchObject({ likes: 8, dislikes: 5 });
    expect(after.rating).toBeCloseTo(8 / 13, 5);
    const daily = await f.db
      .selectFrom('video_stats_daily')
      .select(['day', 'likes', 'dislikes'])
      .where('video_id', '=', video)
      .execute();
    expect(daily.map((d) => [d.likes, d.dislikes])).toEqual([[6, 3]]);
    const windows = await f.db
      .selectFrom('video_stats_window')
      .select(['days', 'likes', 'dislikes', 'rating'])
      .where('video_id', '=', video)
      .orderBy('days')
      .execute();
    expect(windows.map((w) => [w.days, Number(w.likes), Number(w.dislikes)])).toEqual([
      [1, 6, 3],
      [7, 6, 3],
      [30, 6, 3],
    ]);
    expect(windows[0]?.rating).toBeCloseTo(6 / 9, 5);
    expect(await f.acts.pendingCounters()).toBe(0);
    // A flush with nothing staged changes nothing.
    expect(await f.acts.flushCounters()).toEqual({ events: 0, objects: 0 });
    expect(await videoRow(video)).toEqual(after);
  });

  it('rates public playlists and the owner’s private ones', async () => {
    const owner = await addMember(f.db);
    const pub = (
      await f.acts.playlists.create(owner, {
        title: 'Votable',
        desc: 'A list to vote on',
        visible: '1',
        orientation: 'str',
        categories: [],
      })
    ).playlist_id;
    const priv = (
      await f.acts.playlists.create(owner, {
        title: 'Hidden',
        desc: 'A private list',
        visible: '0',
        orientation: 'str',
        categories: [],
      })
    ).playlist_id;
    expect(await f.acts.votes.vote(alice, 'playlist', pub, 1)).toEqual({ ok: true });
    expect(await f.acts.votes.vote(bob, 'playlist', pub, -1)).toEqual({ ok: true });
    expect(await codeOf(f.acts.votes.vote(alice, 'playlist', priv, 1))).toEqual({
      code: 'playlist_not_found',
      status: 404,
    });
    expect(await f.acts.votes.vote(owner, 'playlist', priv, 1)).toEqual({ ok: true });
    await f.acts.flushCounters();
    const row = await f.db
      .selectFrom('playlists')
      .select(['likes', 'dislikes', 'rating'])
      .where('id', '=', pub)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ likes: 1, dislikes: 1 });
    expect(row.rating).toBeCloseTo(0.5, 5);
  });

  it('refuses videos the member may not see', async () => {
    const hidden = await addVideo(f.db, 'Private', { isPrivate: true });
    expect(await codeOf(f.acts.votes.vote(alice, 'video', hidden, 1))).toEqual({
      code: 'video_not_found',
      status: 404,
    });
    expect(await codeOf(f.acts.votes.vote(alice, 'video', 999_999, 1))).toEqual({
      code: 'video_not_found',
      status: 404,
    });
    const moderator = await addMember(f.db, 'moderator');
    expect(await f.acts.votes.vote(moderator, 'video', hidden, 1)).toEqual({ ok: true });
  });

  it('drops staged events of an object that is gone', async () => {
    await f.acts.flushCounters();
    const video = await addVideo(f.db, 'Deleted soon');
    await f.acts.votes.vote(alice, 'video', video, 1);
    await f.db.deleteFrom('videos').where('id', '=', video).execute();
    expect(await f.acts.flushCounters()).toMatchObject({ events: 1, objects: 0 });
    expect(await f.acts.pendingCounters()).toBe(0);
  });
});
