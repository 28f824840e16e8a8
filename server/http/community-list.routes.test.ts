// The community's read calls over HTTP (issue 14): /api/json/members/… (7200 public and cached by URL,
// 0 no-store) with the exact code of every bad segment, and the owner's subscriptions feed
// /api/json/subscription_videos/0/… (guest 401 login_required, anyone else 403 forbidden). Every answer
// is also checked against the route's declared responses (CHECK_RESPONSES is on in tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MembersResponse,
  membersReadPath,
  type SubscriptionVideosResponse,
  subscriptionVideosPath,
} from '../../contract/community-list.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertUser, insertVideo } from '../test/fixtures.ts';
import { createRoles, type RoleFixture, type RoleName } from '../test/roles.ts';

const ALL = 'all.all.all.all.all.all';
const url = (tail: string, sort = 'recent', count = '96', lifetime = '7200') =>
  `/api/json/members/${lifetime}/${sort}/${count}/${tail}.json`;

describe.each(databaseKinds())('community read calls on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'cl');
    const db = t.database.handle.db;
    await db
      .updateTable('users')
      .set({ country: 'FR', gender: 2, relationship: 1 })
      .where('id', '=', roles.users.member.userId)
      .execute();
    // The member follows `other`, who uploads one listed video.
    const clip = await insertVideo(db, { title: 'Followed upload' });
    await db
      .updateTable('videos')
      .set({ user_id: roles.users.other.userId })
      .where('id', '=', clip.id)
      .execute();
    await t.services.acts.subscriptions.subscribe(
      { user_id: roles.users.member.userId, role: 'member' },
      'member',
      roles.users.other.userId,
    );
  }, 120_000);
  afterAll(() => t?.close());

  const read = (path: string, who: RoleName = 'guest') =>
    t.app.inject({ url: path, headers: roles.headers(who) });
  async function expectCode(path: string, status: number, code: string, who: RoleName = 'guest') {
    const response = await read(path, who);
    expect(response.statusCode, `${path}: ${response.body}`).toBe(status);
    expect((response.json() as { code: string }).code, path).toBe(code);
  }

  describe('GET /api/json/members/…', () => {
    it('answers the listing at 7200, the same for everyone and cached by URL; 0 is never stored', async () => {
      const path = membersReadPath({ sort: 'recent', page: 1 });
      expect(path).toBe(url(`1.${ALL}`));
      const bodies: string[] = [];
      for (const who of ['guest', 'member', 'moderator'] as const) {
        const response = await read(path, who);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=7200');
        bodies.push(response.body);
      }
      expect(new Set(bodies).size).toBe(1);
      const body = JSON.parse(bodies[0] as string) as MembersResponse;
      const names = body.members.map((m) => m.username);
      expect(names).toEqual(expect.arrayContaining(['cl_member', 'cl_other', 'cl_moderator']));
      expect(body.total_count).toBe(body.members.length);

      // A new member shows at lifetime 0 at once, in the 7200 answer only when it expires.
      await insertUser(t.database.handle.db, 'cl_newcomer');
      const cached = await read(path);
      expect(cached.body).toBe(bodies[0]);
      const fresh = await read(membersReadPath({ sort: 'recent', page: 1, lifetime: 0 }));
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers['cache-control']).toBe('no-store');
      expect((fresh.json() as MembersResponse).members[0]?.username).toBe('cl_newcomer');
    });

    it('applies the filters of the tail', async () => {
      const path = membersReadPath({
        sort: 'alphabet',
        page: 1,
        filters: { country: 'fr', gender: 2, relationship: 1 },
      });
      expect(path).toBe(url('1.fr.2.all.1.all.all', 'alphabet'));
      const response = await read(path);
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as MembersResponse).members.map((m) => m.username)).toEqual(['cl_member']);
      const none = await read(url('1.all.all.all.all.1.all'));
      expect(none.json()).toEqual({ members: [], total_count: 0 });
    });

    it('answers 400 with the code of each bad segment, 404 past the last page', async () => {
      const bad: [string, number, string][] = [
        [url(`1.${ALL}`, 'best'), 400, 'invalid_sort'],
        [url(`1.${ALL}`, 'alphabetaz'), 400, 'invalid_sort'],
        [url(`1.${ALL}`, 'recent', '0'), 400, 'invalid_count'],
        [url(`1.${ALL}`, 'recent', '97'), 400, 'invalid_count'],
        [url(`1.${ALL}`, 'recent', 'x'), 400, 'invalid_count'],
        [url(`1.${ALL}`, 'recent', '96', '3600'), 400, 'invalid_lifetime'],
        [url(`0.${ALL}`), 400, 'invalid_page'],
        [url(`21.${ALL}`), 400, 'invalid_page'],
        [url(`01.${ALL}`), 400, 'invalid_page'],
        // Either case is a country (`FR` reads as `fr`, issue 34); three letters are not.
        [url('1.fra.all.all.all.all.all'), 400, 'invalid_country'],
        [url('1.f1.all.all.all.all.all'), 400, 'invalid_country'],
        [url('1.all.5.all.all.all.all'), 400, 'invalid_gender'],
        [url('1.all.0.all.all.all.all'), 400, 'invalid_gender'],
        [url('1.all.all.5.all.all.all'), 400, 'invalid_age'],
        [url('1.all.all.all.4.all.all'), 400, 'invalid_relationship'],
        [url('1.all.all.all.all.0.all'), 400, 'invalid_avatar'],
        [url('1.all.all.all.all.all.6'), 400, 'invalid_orientation'],
        [url('1.all.all'), 400, 'invalid_path'],
        [`/api/json/members/7200/recent/96/1.${ALL}`, 404, 'not_found'],
        [url(`2.${ALL}`), 404, 'not_found'],
        [url(`20.${ALL}`, 'count-videos'), 404, 'not_found'],
      ];
      for (const [path, status, code] of bad) await expectCode(path, status, code);
    });
  });

  describe('GET /api/json/subscription_videos/0/…', () => {
    it('gives the member their feed, never stored', async () => {
      const response = await read(subscriptionVideosPath(roles.users.member.userId), 'member');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json() as SubscriptionVideosResponse;
      expect(body.videos.map((v) => v.title)).toEqual(['Followed upload']);
      expect(body.total_count).toBe(1);
    });

    it('refuses a guest (401 login_required) and anyone else, staff included (403 forbidden)', async () => {
      const path = subscriptionVideosPath(roles.users.member.userId);
      await expectCode(path, 401, 'login_required');
      await expectCode(path, 403, 'forbidden', 'other');
      await expectCode(path, 403, 'forbidden', 'moderator');
      await expectCode(path, 403, 'forbidden', 'administrator');
    });

    it('answers 400 for bad segments and 404 past the last page', async () => {
      const id = roles.users.member.userId;
      await expectCode(
        `/api/json/subscription_videos/7200/12/${id}.1.json`,
        400,
        'invalid_lifetime',
        'member',
      );
      await expectCode(`/api/json/subscription_videos/0/61/${id}.1.json`, 400, 'invalid_count', 'member');
      await expectCode(`/api/json/subscription_videos/0/12/abc.1.json`, 400, 'invalid_user_id', 'member');
      await expectCode(`/api/json/subscription_videos/0/12/${id}.0.json`, 400, 'invalid_page', 'member');
      await expectCode(`/api/json/subscription_videos/0/12/${id}.json`, 400, 'invalid_path', 'member');
      await expectCode(`/api/json/subscription_videos/0/12/${id}.2.json`, 404, 'not_found', 'member');
    });
  });
});
