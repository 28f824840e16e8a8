// Friends on a real database: request, accept, decline, withdraw and remove with their codes; two
// members asking each other at the same moment end up friends (one pending row per pair); the public
// list and the owner's requests; banned and unknown members are member_not_found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, codeOf, settle } from '../../test/acts-fixtures.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import type { Actor } from '../acts/actor.ts';
import { createSocial, type SocialService } from './community.wiring.ts';

const NO_MEMBER = 987_654_321;

describe.each(databaseKinds())('friends (%s)', (kind) => {
  let database: TestDatabase;
  let social: SocialService;
  let db: TestDatabase['handle']['db'];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
    social = createSocial(db);
  });
  afterAll(() => database?.dispose());

  const act = (
    actor: Actor | null,
    section: 'add' | 'accept' | 'decline' | 'rem',
    other: number,
    message = '',
  ) =>
    section === 'add'
      ? social.friends.perform(actor, { act: 'friend', section, object_id: other, message })
      : social.friends.perform(actor, { act: 'friend', section, object_id: other });
  const rows = async (a: Actor, b: Actor) =>
    (
      await db
        .selectFrom('friends')
        .select(['user_id', 'friend_id', 'status'])
        .where('user_id', 'in', [a.user_id, b.user_id])
        .where('friend_id', 'in', [a.user_id, b.user_id])
        .orderBy('user_id')
        .execute()
    ).map((r) => `${Number(r.user_id) === a.user_id ? 'a' : 'b'}:${r.status}`);

  it('asks, shows the request to both, and accepts it into a friendship both ways', async () => {
    const [ann, ben] = [await addMember(db), await addMember(db)];
    expect(await act(ann, 'add', ben.user_id, 'Hello <b>there</b>')).toEqual({
      ok: true,
      state: 'requested',
    });
    expect(await social.friends.state(ann, ben.user_id)).toBe('requested');
    expect(await social.friends.state(ben, ann.user_id)).toBe('incoming');
    const benPage = await social.friends.page(ben, ben.user_id, 1, 20);
    expect(benPage.requests?.incoming.map((r) => [r.user_id, r.message])).toEqual([
      [ann.user_id, 'Hello <b>there</b>'],
    ]);
    expect(benPage.requests?.outgoing).toEqual([]);
    expect((await social.friends.page(ann, ann.user_id, 1, 20)).requests?.outgoing[0]?.user_id).toBe(
      ben.user_id,
    );
    // Nobody else sees the requests; the public list has no friends yet.
    expect((await social.friends.page(null, ben.user_id, 1, 20)).requests).toBeNull();
    expect((await social.friends.page(ann, ben.user_id, 1, 20)).requests).toBeNull();
    expect((await social.friends.page(null, ben.user_id, 1, 20)).total_count).toBe(0);

    expect(await codeOf(act(ann, 'add', ben.user_id))).toEqual({
      code: 'friend_request_exists',
      status: 409,
    });
    expect(await codeOf(act(ann, 'accept', ben.user_id))).toEqual({
      code: 'friend_request_not_found',
      status: 404,
    });
    expect(await act(ben, 'accept', ann.user_id)).toEqual({ ok: true, state: 'friends' });
    expect(await rows(ann, ben)).toEqual(['a:accepted', 'b:accepted']);
    expect(await codeOf(act(ann, 'add', ben.user_id))).toEqual({ code: 'already_friends', status: 409 });
    expect(await codeOf(act(ben, 'accept', ann.user_id))).toEqual({ code: 'already_friends', status: 409 });
    const list = await social.friends.page(null, ann.user_id, 1, 20);
    expect(list).toMatchObject({ total_count: 1, requests: null, state: null });
    expect(list.friends[0]).toMatchObject({ user_id: ben.user_id, avatar: null, message: null });
    expect(await social.friends.areFriends(ann.user_id, ben.user_id)).toBe(true);
    expect(await social.friends.areFriends(ben.user_id, ann.user_id)).toBe(true);
  });

  it('declines, withdraws and removes with the right codes', async () => {
    const [cat, dan] = [await addMember(db), await addMember(db)];
    await act(cat, 'add', dan.user_id);
    // The requester cannot decline their own request; the one asked declines it.
    expect(await codeOf(act(cat, 'decline', dan.user_id))).toEqual({
      code: 'friend_request_not_found',
      status: 404,
    });
    expect(await act(dan, 'decline', cat.user_id)).toEqual({ ok: true, state: 'none' });
    expect(await rows(cat, dan)).toEqual([]);
    expect(await codeOf(act(dan, 'decline', cat.user_id))).toEqual({
      code: 'friend_request_not_found',
      status: 404,
    });
    // A withdrawn request is gone; `rem` does not decline the other's request.
    await act(cat, 'add', dan.user_id);
    expect(await codeOf(act(dan, 'rem', cat.user_id))).toEqual({
      code: 'friend_request_not_found',
      status: 404,
    });
    expect(await act(cat, 'rem', dan.user_id)).toEqual({ ok: true, state: 'none' });
    expect(await rows(cat, dan)).toEqual([]);
    // Friends part from either side, both rows at once.
    await act(dan, 'add', cat.user_id);
    await act(cat, 'accept', dan.user_id);
    expect(await act(cat, 'rem', dan.user_id)).toEqual({ ok: true, state: 'none' });
    expect(await rows(cat, dan)).toEqual([]);
    expect(await codeOf(act(cat, 'rem', dan.user_id))).toEqual({
      code: 'friend_request_not_found',
      status: 404,
    });
  });

  it('refuses guests, oneself, and unknown or banned members', async () => {
    const [eve, fay] = [await addMember(db), await addMember(db)];
    for (const section of ['add', 'accept', 'decline', 'rem'] as const) {
      expect(await codeOf(act(null, section, eve.user_id))).toEqual({ code: 'login_required', status: 401 });
      expect(await codeOf(act(eve, section, eve.user_id))).toEqual({
        code: 'cannot_friend_yourself',
        status: 400,
      });
      expect(await codeOf(act(eve, section, NO_MEMBER))).toEqual({ code: 'member_not_found', status: 404 });
    }
    await act(fay, 'add', eve.user_id);
    await db.updateTable('users').set({ status: 'banned' }).where('id', '=', fay.user_id).execute();
    expect(await codeOf(act(eve, 'accept', fay.user_id))).toEqual({ code: 'member_not_found', status: 404 });
    expect(await codeOf(social.friends.page(null, fay.user_id, 1, 20))).toEqual({
      code: 'member_not_found',
      status: 404,
    });
    // A banned member's request is not shown to the one asked.
    expect((await social.friends.page(eve, eve.user_id, 1, 20)).requests?.incoming).toEqual([]);
  });

  it('asking someone who asked you accepts their request', async () => {
    const [gus, hal] = [await addMember(db), await addMember(db)];
    await act(gus, 'add', hal.user_id);
    expect(await act(hal, 'add', gus.user_id)).toEqual({ ok: true, state: 'friends' });
    expect(await rows(gus, hal)).toEqual(['a:accepted', 'b:accepted']);
  });

  it('two members asking each other at once end up friends, each answered ok', async () => {
    for (let round = 0; round < 5; round++) {
      const [ivy, jon] = [await addMember(db), await addMember(db)];
      const result = await Promise.all([act(ivy, 'add', jon.user_id), act(jon, 'add', ivy.user_id)]);
      // One of them asked first, the other's ask accepted it (which one is the database's choice).
      expect(result.map((r) => r.state).sort()).toEqual(['friends', 'requested']);
      expect(await rows(ivy, jon)).toEqual(['a:accepted', 'b:accepted']);
    }
  });

  it('one request however often it is sent in parallel', async () => {
    const [kim, lou] = [await addMember(db), await addMember(db)];
    const result = await settle(Array.from({ length: 6 }, () => act(kim, 'add', lou.user_id)));
    expect(result).toEqual({ ok: 1, codes: Array(5).fill('friend_request_exists') });
    expect(await rows(kim, lou)).toEqual(['a:pending']);
    const accepted = await settle(Array.from({ length: 4 }, () => act(lou, 'accept', kim.user_id)));
    expect(accepted.ok).toBe(1);
    expect(accepted.codes).toEqual(Array(3).fill('already_friends'));
  });

  it('pages the friends, newest first, with 404 above the last page', async () => {
    const star = await addMember(db);
    const fans: Actor[] = [];
    for (let i = 0; i < 3; i++) {
      const fan = await addMember(db);
      fans.push(fan);
      await act(fan, 'add', star.user_id);
      await act(star, 'accept', fan.user_id);
    }
    const first = await social.friends.page(null, star.user_id, 1, 2);
    expect(first.total_count).toBe(3);
    expect(first.friends.map((f) => f.user_id)).toEqual([fans[2]?.user_id, fans[1]?.user_id]);
    const second = await social.friends.page(null, star.user_id, 2, 2);
    expect(second.friends.map((f) => f.user_id)).toEqual([fans[0]?.user_id]);
    expect(await codeOf(social.friends.page(null, star.user_id, 3, 2))).toEqual({
      code: 'not_found',
      status: 404,
    });
    const lonely = await addMember(db);
    expect((await social.friends.page(null, lonely.user_id, 1, 20)).friends).toEqual([]);
    expect(await codeOf(social.friends.page(null, lonely.user_id, 2, 20))).toEqual({
      code: 'not_found',
      status: 404,
    });
  });
});
