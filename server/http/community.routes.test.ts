// Friends and the wall over HTTP (issue 14): every act of POST /api/input.php (`friend`, `wall`) and both
// read calls, as guest / member / owner / friend / other member / moderator, with the exact codes.
// Every answer is also checked against the route's declared responses (CHECK_RESPONSES is on in tests).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FriendsResponse,
  friendsReadPath,
  type WallPosted,
  type WallResponse,
  wallReadPath,
} from '../../contract/community.ts';
import type { MemberResponse } from '../../contract/members.ts';
import { memberReadPath } from '../../contract/members.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createRoles, createSignedInUser, type RoleFixture, type SignedInUser } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
const NO_MEMBER = 987_654_321;

describe.each(databaseKinds())('friends and the wall over HTTP on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  /** The owner of the wall and friends list under test (the role fixture's member). */
  let owner: SignedInUser;
  let friend: SignedInUser;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'cr');
    owner = roles.users.member;
    friend = await createSignedInUser(t, 'cr_friend');
  }, 120_000);
  afterAll(() => t?.close());

  type Asker = 'guest' | SignedInUser;
  const cookie = (who: Asker) => (who === 'guest' ? {} : { cookie: who.cookie });
  const send = (who: Asker, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/input.php',
      headers: { ...cookie(who), origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
      // Each post from its own address: the per-address wall limit is tested on its own below.
      remoteAddress: `10.9.${(++address >> 8) & 255}.${address & 255}`,
    });
  const read = (who: Asker, url: string) => t.app.inject({ url, headers: cookie(who) });
  const friendAct = (who: Asker, section: string, other: number, extra: Record<string, string> = {}) =>
    send(who, { act: 'friend', section, object_id: String(other), ...extra });
  const wallPost = (who: Asker, wall: number, msg: string) =>
    send(who, { act: 'wall', section: 'add', object_id: String(wall), msg });
  const wallDelete = (who: Asker, post: number) =>
    send(who, { act: 'wall', section: 'del', object_id: String(post) });

  function expectAnswer(response: LightMyRequestResponse, status: number, code?: string, field?: string) {
    expect(response.statusCode, response.body).toBe(status);
    if (code === undefined) return;
    const body = response.json() as { code: string; codes: { field: string; code: string }[] };
    expect(body.code, response.body).toBe(code);
    if (field) expect(body.codes).toContainEqual({ field, code });
  }

  describe('act=friend', () => {
    it('request → accept: the request is visible to the one asked, then both are friends', async () => {
      expectAnswer(await friendAct('guest', 'add', owner.userId), 401, 'login_required', 'notify');
      const asked = await friendAct(friend, 'add', owner.userId, { message: 'Hi <i>neighbour</i>' });
      expectAnswer(asked, 200);
      expect(asked.json()).toEqual({ ok: true, state: 'requested' });
      expectAnswer(await friendAct(friend, 'add', owner.userId), 409, 'friend_request_exists', 'notify');

      const own = (await read(owner, friendsReadPath(owner.userId, 1, true))).json() as FriendsResponse;
      expect(own.requests?.incoming).toEqual([
        expect.objectContaining({ user_id: friend.userId, username: 'cr_friend', message: 'Hi neighbour' }),
      ]);
      expect(own.state).toBeNull();
      const theirs = (await read(friend, friendsReadPath(friend.userId, 1, true))).json() as FriendsResponse;
      expect(theirs.requests?.outgoing.map((r) => r.user_id)).toEqual([owner.userId]);
      // Another member asking sees no requests, only their own relation (none).
      const other = (await read(roles.users.other, friendsReadPath(owner.userId, 1, true))).json();
      expect(other).toMatchObject({ requests: null, state: 'none', total_count: 0 });
      const asker = (await read(friend, friendsReadPath(owner.userId, 1, true))).json();
      expect(asker).toMatchObject({ requests: null, state: 'requested' });
      // The owner's own profile counts the waiting request; nobody else's view has it.
      const profile = (await read(owner, memberReadPath(owner.userId, true))).json() as MemberResponse;
      expect(profile.member.statistics).toMatchObject({ friends: 0, friend_requests: 1 });
      const publicProfile = (
        await read('guest', memberReadPath(owner.userId, true))
      ).json() as MemberResponse;
      expect(publicProfile.member.statistics.friend_requests).toBeUndefined();

      // Only the one asked accepts; a moderator has no say either.
      for (const who of [friend, roles.users.other, roles.users.moderator])
        expectAnswer(
          await friendAct(who, 'accept', friend === who ? owner.userId : friend.userId),
          404,
          'friend_request_not_found',
        );
      const accepted = await friendAct(owner, 'accept', friend.userId);
      expectAnswer(accepted, 200);
      expect(accepted.json()).toEqual({ ok: true, state: 'friends' });
      expectAnswer(await friendAct(owner, 'add', friend.userId), 409, 'already_friends', 'notify');
      expectAnswer(await friendAct(friend, 'accept', owner.userId), 409, 'already_friends');

      for (const who of ['guest', owner, roles.users.other, roles.users.moderator] as const) {
        const list = await read(who, friendsReadPath(owner.userId, 1));
        expectAnswer(list, 200);
        expect(list.headers['cache-control']).toBe('public, max-age=7200');
        expect((list.json() as FriendsResponse).friends.map((f) => f.user_id)).toEqual([friend.userId]);
      }
      const fresh = await read(owner, friendsReadPath(owner.userId, 1, true));
      expect(fresh.headers['cache-control']).toBe('no-store');
      expect((fresh.json() as FriendsResponse).requests).toEqual({ incoming: [], outgoing: [] });
      const profileAfter = (await read(owner, memberReadPath(owner.userId, true))).json() as MemberResponse;
      expect(profileAfter.member.statistics).toMatchObject({ friends: 1, friend_requests: 0 });
    });

    it('decline, cancel and remove, with their codes', async () => {
      const a = await createSignedInUser(t, 'cr_a');
      const b = await createSignedInUser(t, 'cr_b');
      expectAnswer(await friendAct(a, 'add', b.userId), 200);
      expectAnswer(await friendAct(a, 'decline', b.userId), 404, 'friend_request_not_found');
      expect((await friendAct(b, 'decline', a.userId)).json()).toEqual({ ok: true, state: 'none' });
      expectAnswer(await friendAct(b, 'decline', a.userId), 404, 'friend_request_not_found');
      expectAnswer(await friendAct(a, 'add', b.userId), 200);
      expect((await friendAct(a, 'rem', b.userId)).json()).toEqual({ ok: true, state: 'none' });
      expectAnswer(await friendAct(b, 'add', a.userId), 200);
      expectAnswer(await friendAct(a, 'accept', b.userId), 200);
      expect((await friendAct(b, 'rem', a.userId)).json()).toEqual({ ok: true, state: 'none' });
      expectAnswer(await friendAct(a, 'rem', b.userId), 404, 'friend_request_not_found', 'notify');
      for (const section of ['accept', 'decline', 'rem'])
        expectAnswer(await friendAct('guest', section, a.userId), 401, 'login_required');
    });

    it('refuses oneself, unknown and banned members, and bad input', async () => {
      expectAnswer(await friendAct(owner, 'add', owner.userId), 400, 'cannot_friend_yourself', 'notify');
      expectAnswer(await friendAct(owner, 'add', NO_MEMBER), 404, 'member_not_found', 'notify');
      const banned = await createSignedInUser(t, 'cr_banned');
      await t.database.handle.db
        .updateTable('users')
        .set({ status: 'banned' })
        .where('id', '=', banned.userId)
        .execute();
      expectAnswer(await friendAct(owner, 'add', banned.userId), 404, 'member_not_found');
      expectAnswer(await read('guest', friendsReadPath(banned.userId, 1)), 404, 'member_not_found');
      expectAnswer(await read('guest', wallReadPath(banned.userId, 1)), 404, 'member_not_found');
      expectAnswer(await friendAct(owner, 'befriend', friend.userId), 400, 'invalid_section', 'section');
      expectAnswer(await send(owner, { act: 'friend', section: 'add' }), 400, 'required', 'object_id');
      expectAnswer(await friendAct(owner, 'add', 0), 400, 'invalid_object_id', 'object_id');
      expectAnswer(
        await friendAct(owner, 'add', friend.userId, { message: 'x'.repeat(301) }),
        400,
        'max_length',
        'message',
      );
      // A guest naming the act is refused before the rest of the form is looked at.
      expectAnswer(await send('guest', { act: 'friend' }), 401, 'login_required');
      expectAnswer(await send('guest', { act: 'wall', section: 'nope' }), 401, 'login_required');
    });
  });

  describe('act=wall', () => {
    it('the owner and friends post; others are refused; the post is escaped plain text', async () => {
      const mine = await wallPost(owner, owner.userId, 'Hello <script>alert(1)</script> world');
      expectAnswer(mine, 200);
      const posted = mine.json() as WallPosted;
      expect(posted.post).toMatchObject({
        wall_id: owner.userId,
        author: { user_id: owner.userId, username: owner.username },
        message: 'Hello world',
      });
      expectAnswer(await wallPost(friend, owner.userId, 'Friendly hello'), 200);
      expectAnswer(await wallPost(roles.users.other, owner.userId, 'Let me in'), 403, 'forbidden', 'notify');
      expectAnswer(await wallPost(roles.users.moderator, owner.userId, 'Staff'), 403, 'forbidden');
      expectAnswer(await wallPost('guest', owner.userId, 'Guest'), 401, 'login_required');
      expectAnswer(await wallPost(owner, NO_MEMBER, 'Nobody'), 404, 'member_not_found');
      expectAnswer(await wallPost(owner, owner.userId, 'x'), 400, 'min_length', 'msg');
      expectAnswer(await wallPost(owner, owner.userId, 'x'.repeat(1001)), 400, 'max_length', 'msg');
      expectAnswer(await wallPost(owner, owner.userId, '<b></b>'), 400, 'required', 'msg');
      expectAnswer(
        await send(owner, { act: 'wall', section: 'add', object_id: String(owner.userId) }),
        400,
        'required',
        'msg',
      );

      const asked = {
        guest: { can_post: false, refusal: 'login_required', can_delete_any: false },
        owner: { can_post: true, refusal: null, can_delete_any: true },
        friend: { can_post: true, refusal: null, can_delete_any: false },
        other: { can_post: false, refusal: 'friends_only', can_delete_any: false },
        moderator: { can_post: false, refusal: 'friends_only', can_delete_any: true },
      };
      const askers: Record<keyof typeof asked, Asker> = {
        guest: 'guest',
        owner,
        friend,
        other: roles.users.other,
        moderator: roles.users.moderator,
      };
      for (const [name, viewer] of Object.entries(asked)) {
        const own = await read(askers[name as keyof typeof asked], wallReadPath(owner.userId, 1, true));
        expectAnswer(own, 200);
        expect(own.headers['cache-control']).toBe('no-store');
        const body = own.json() as WallResponse;
        expect(body.viewer, name).toEqual(viewer);
        expect(body.posts.map((p) => p.message)).toEqual(['Friendly hello', 'Hello world']);
        const cached = await read(askers[name as keyof typeof asked], wallReadPath(owner.userId, 1));
        expect(cached.headers['cache-control']).toBe('public, max-age=3600');
        expect((cached.json() as WallResponse).viewer).toBeNull();
      }
    });

    it('deletes for the author, the owner and staff; anyone else is refused', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(((await wallPost(friend, owner.userId, `To delete ${i}`)).json() as WallPosted).post_id);
      const [one, two, three] = ids as [number, number, number];
      expectAnswer(await wallDelete('guest', one), 401, 'login_required');
      expectAnswer(await wallDelete(roles.users.other, one), 403, 'forbidden', 'notify');
      expectAnswer(await wallDelete(friend, one), 200);
      expectAnswer(await wallDelete(owner, two), 200);
      expectAnswer(await wallDelete(roles.users.moderator, three), 200);
      expectAnswer(await wallDelete(owner, three), 404, 'wall_post_not_found', 'notify');
      expectAnswer(
        await send(owner, { act: 'wall', section: 'del', object_id: 'abc' }),
        400,
        'invalid_object_id',
      );
      expectAnswer(
        await send(owner, { act: 'wall', section: 'edit', object_id: '1' }),
        400,
        'invalid_section',
      );
    });

    it('answers 429 too_many_wall_posts after 5 posts in 10 minutes, in parallel', async () => {
      const poster = await createSignedInUser(t, 'cr_poster');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => wallPost(poster, poster.userId, `Busy post ${i}`)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = results.find((r) => r.statusCode === 429)?.json();
      expect(refused).toMatchObject({
        code: 'too_many_wall_posts',
        codes: [{ field: 'msg', code: 'too_many_wall_posts' }],
        info: { count: 5, minutes: 10 },
      });
    });
  });

  describe('the read calls', () => {
    it('404 for an unknown member and above the last page, 400 for a bad path', async () => {
      for (const path of [friendsReadPath, wallReadPath]) {
        expectAnswer(await read('guest', path(NO_MEMBER, 1)), 404, 'member_not_found');
        expectAnswer(await read(owner, path(NO_MEMBER, 1, true)), 404, 'member_not_found');
        expectAnswer(await read('guest', path(roles.users.other.userId, 2)), 404, 'not_found');
        const empty = await read('guest', path(roles.users.other.userId, 1));
        expectAnswer(empty, 200);
        expect(empty.json()).toMatchObject({ total_count: 0 });
      }
      expectAnswer(
        await read('guest', `/api/json/friends/3600/20/${owner.userId}.1.json`),
        400,
        'invalid_lifetime',
      );
      expectAnswer(
        await read('guest', `/api/json/wall/7200/20/${owner.userId}.1.json`),
        400,
        'invalid_lifetime',
      );
      expectAnswer(
        await read('guest', `/api/json/wall/3600/101/${owner.userId}.1.json`),
        400,
        'invalid_count',
      );
      expectAnswer(await read('guest', `/api/json/friends/7200/20/abc.1.json`), 400, 'invalid_user_id');
      expectAnswer(
        await read('guest', `/api/json/friends/7200/20/${owner.userId}.0.json`),
        400,
        'invalid_page',
      );
      expectAnswer(await read('guest', `/api/json/wall/3600/20/${owner.userId}.json`), 400, 'invalid_path');
    });
  });
});
