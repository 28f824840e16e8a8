// A member's read calls over HTTP (issue 14): /api/json/member/… (7200 public and cached, 0 the asker's
// own view, no-store) and /api/json/subscriptions/…, for guest / member / owner / other member /
// moderator, with 404 for an unknown member and for a page above the last. Every answer is also
// checked against the route's declared responses (CHECK_RESPONSES is on in tests).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionsResponse } from '../../contract/acts.ts';
import { type MemberResponse, memberReadPath, subscriptionsReadPath } from '../../contract/members.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { createRoles, type RoleFixture, type RoleName } from '../test/roles.ts';

const NO_MEMBER = 987_654_321;

describe.each(databaseKinds())('member read calls on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let ownerId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'mr');
    ownerId = roles.users.member.userId;
    const db = t.database.handle.db;
    await db
      .updateTable('users')
      .set({ birth_date: '1991-02-03', about_me: 'About the owner', country: 'fr' })
      .where('id', '=', ownerId)
      .execute();
    const clip = await insertVideo(db, { title: 'Member route clip' });
    await db.updateTable('videos').set({ user_id: ownerId }).where('id', '=', clip.id).execute();
    const member = { user_id: ownerId, role: 'member' };
    const other = { user_id: roles.users.other.userId, role: 'member' };
    await t.services.acts.subscriptions.subscribe(other, 'member', ownerId);
    await t.services.acts.subscriptions.subscribe(member, 'member', roles.users.other.userId);
    await t.services.acts.flushCounters();
  }, 120_000);
  afterAll(() => t?.close());

  const read = (who: RoleName, url: string) => t.app.inject({ url, headers: roles.headers(who) });
  function expectRefused(response: LightMyRequestResponse, status: number, code: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect((response.json() as { code: string }).code).toBe(code);
  }

  describe('GET /api/json/member/{lifetime}/{user_id}.json', () => {
    it('answers the public profile at 7200, cached and the same for everyone', async () => {
      const bodies: string[] = [];
      for (const who of ['guest', 'member', 'other', 'moderator'] as const) {
        const response = await read(who, memberReadPath(ownerId));
        expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=7200');
        bodies.push(response.body);
      }
      expect(new Set(bodies).size).toBe(1);
      const body = JSON.parse(bodies[0] as string) as MemberResponse;
      expect(body.viewer).toBeNull();
      expect(body.member).toMatchObject({
        user_id: ownerId,
        username: 'mr_member',
        about_me: 'About the owner',
        country: 'fr',
        birth_date: null,
        statistics: { videos: 1, subscribers: 1, subscriptions: 1 },
      });
    });

    it('answers the asker’s own view at 0, never stored', async () => {
      const own = await read('member', memberReadPath(ownerId, true));
      expect(own.statusCode, own.body).toBe(200);
      expect(own.headers['cache-control']).toBe('no-store');
      const ownBody = own.json() as MemberResponse;
      expect(ownBody.viewer).toEqual({ own: true, subscribed: false });
      expect(ownBody.member.birth_date).toBe('1991-02-03');
      // The owner's private video (role fixture) counts for the owner only.
      expect(ownBody.member.statistics.videos).toBe(2);

      const other = (await read('other', memberReadPath(ownerId, true))).json() as MemberResponse;
      expect(other.viewer).toEqual({ own: false, subscribed: true });
      expect(other.member.birth_date).toBeNull();
      expect(other.member.statistics.videos).toBe(1);
      const staff = (await read('moderator', memberReadPath(ownerId, true))).json() as MemberResponse;
      expect(staff.viewer).toEqual({ own: false, subscribed: false });
      expect(staff.member.birth_date).toBeNull();
      const guest = await read('guest', memberReadPath(ownerId, true));
      expect(guest.headers['cache-control']).toBe('no-store');
      expect((guest.json() as MemberResponse).viewer).toBeNull();
    });

    it('is 404 member_not_found for an unknown member, 400 for a bad path', async () => {
      for (const who of ['guest', 'member'] as const) {
        expectRefused(await read(who, memberReadPath(NO_MEMBER)), 404, 'member_not_found');
        expectRefused(await read(who, memberReadPath(NO_MEMBER, true)), 404, 'member_not_found');
      }
      expectRefused(await read('guest', `/api/json/member/3600/${ownerId}.json`), 400, 'invalid_lifetime');
      expectRefused(await read('guest', '/api/json/member/7200/0.json'), 400, 'invalid_user_id');
      expectRefused(await read('guest', '/api/json/member/7200/abc.json'), 400, 'invalid_user_id');
      expectRefused(await read('guest', `/api/json/member/7200/${ownerId}.1.json`), 400, 'invalid_path');
      expectRefused(await read('guest', `/api/json/member/7200/${ownerId}`), 404, 'not_found');
    });
  });

  describe('GET /api/json/subscriptions/{lifetime}/{count}/{user_id}.{page}.json', () => {
    it('lists what the member follows for everyone, with subscriber counts', async () => {
      for (const who of ['guest', 'member', 'other', 'moderator'] as const) {
        const response = await read(who, subscriptionsReadPath(ownerId, 1));
        expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=7200');
        const body = response.json() as SubscriptionsResponse;
        expect(body.total_count).toBe(1);
        expect(body.subscriptions[0]).toMatchObject({
          section: 'member',
          object_id: roles.users.other.userId,
          title: 'mr_other',
          subscribers: 1,
        });
      }
      const fresh = await read('member', subscriptionsReadPath(ownerId, 1, 20, 0));
      expect(fresh.headers['cache-control']).toBe('no-store');
    });

    it('is empty on page 1 of an empty list, 404 above the last page and for an unknown member', async () => {
      const moderatorId = roles.users.moderator.userId;
      const empty = await read('guest', subscriptionsReadPath(moderatorId, 1));
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toEqual({ subscriptions: [], total_count: 0 });
      expectRefused(await read('guest', subscriptionsReadPath(moderatorId, 2)), 404, 'not_found');
      expectRefused(await read('member', subscriptionsReadPath(ownerId, 2, 1)), 404, 'not_found');
      expectRefused(await read('guest', subscriptionsReadPath(NO_MEMBER, 1)), 404, 'member_not_found');
    });

    it('refuses bad segments with their codes', async () => {
      expectRefused(
        await read('guest', `/api/json/subscriptions/7200/0/${ownerId}.1.json`),
        400,
        'invalid_count',
      );
      expectRefused(
        await read('guest', `/api/json/subscriptions/7200/101/${ownerId}.1.json`),
        400,
        'invalid_count',
      );
      expectRefused(
        await read('guest', `/api/json/subscriptions/7200/20/${ownerId}.0.json`),
        400,
        'invalid_page',
      );
      expectRefused(
        await read('guest', `/api/json/subscriptions/60/20/${ownerId}.1.json`),
        400,
        'invalid_lifetime',
      );
      expectRefused(
        await read('guest', `/api/json/subscriptions/7200/20/${ownerId}.json`),
        400,
        'invalid_path',
      );
    });
  });
});
