// A member's page on a real database: the profile (fields, counts, subscribers, what only the owner
// sees), and each section for guest / member / owner / other member / moderator, with the exact code
// when refused; 404 for an unknown member and for a page above the last (page 1 of an empty list is
// an empty answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PAGE_SIZE } from '../../../contract/members.ts';
import { type ActsFixture, addMember, addVideo, codeOf, setupActs } from '../../test/acts-fixtures.ts';
import { databaseKinds } from '../../test/db.ts';
import type { Actor } from '../acts/actor.ts';
import { createMembersRepository } from './members.repository.ts';
import { createMembersService, type MembersService } from './members.service.ts';

const NO_MEMBER = 987_654_321;
const MEMBER_NOT_FOUND = { code: 'member_not_found', status: 404 };
const PAGE_NOT_FOUND = { code: 'not_found', status: 404 };
const LOGIN_REQUIRED = { code: 'login_required', status: 401 };
const FORBIDDEN = { code: 'forbidden', status: 403 };

describe.each(databaseKinds())('member pages (%s)', (kind) => {
  let f: ActsFixture;
  let members: MembersService;
  let owner: Actor;
  let other: Actor;
  let moderator: Actor;
  let empty: Actor;
  let listed: number[];
  let privateUpload: number;

  /** Everyone a permission row has a column for; `null` is the guest. */
  const askers = () => ({ guest: null, other, moderator, owner }) as const;

  beforeAll(async () => {
    f = await setupActs(kind);
    members = createMembersService(createMembersRepository(f.db), f.acts);
    owner = await addMember(f.db, 'member', 'mp_owner');
    other = await addMember(f.db, 'member', 'mp_other');
    moderator = await addMember(f.db, 'moderator', 'mp_moderator');
    empty = await addMember(f.db, 'member', 'mp_empty');
    await f.db
      .updateTable('users')
      .set({
        gender: 2,
        birth_date: '1990-06-15',
        country: 'de',
        relationship: 1,
        orientation: 5,
        education: 'University',
        website: 'https://example.org/me',
        about_me: 'Hello <b>there</b>\nsecond line',
        avatar: 'avatars/owner.jpg',
      })
      .where('id', '=', owner.user_id)
      .execute();
    // 25 listed uploads of the owner (two pages of favourites), one private, one waiting.
    listed = [];
    for (let i = 0; i < MEMBER_PAGE_SIZE + 5; i++) {
      listed.push(await addVideo(f.db, `Owner clip`, { daysAgo: i }, owner));
    }
    privateUpload = await addVideo(f.db, 'Owner private', { isPrivate: true }, owner);
    await addVideo(f.db, 'Owner waiting', { status: 3 }, owner);
    for (const id of listed) {
      await f.acts.lists.add(owner, 'favourite', id);
    }
    await f.acts.lists.add(owner, 'favourite', privateUpload);
    await f.acts.lists.add(owner, 'watch_later', listed[0] as number);
    await f.acts.playlists.create(owner, {
      title: 'Open mix',
      desc: 'Public playlist',
      visible: '1',
      orientation: 'str',
      categories: [],
    });
    await f.acts.playlists.create(owner, {
      title: 'Secret mix',
      desc: 'Private playlist',
      visible: '0',
      orientation: 'gay',
      categories: [],
    });
    await f.acts.subscriptions.subscribe(other, 'member', owner.user_id);
    await f.acts.subscriptions.subscribe(owner, 'member', other.user_id);
    await f.acts.flushCounters();
    // The owner watched three videos, the newest last.
    for (const [i, id] of [listed[2], listed[1], listed[0]].entries()) {
      await f.db
        .insertInto('history')
        .values({
          user_id: owner.user_id,
          video_id: id as number,
          watched_at: new Date(Date.now() - (3 - i) * 60_000),
        })
        .execute();
    }
  }, 120_000);
  afterAll(() => f?.dispose());

  describe('the profile', () => {
    it('is public: fields, counts and subscribers, the age but not the birth date', async () => {
      const answer = await members.profile(null, owner.user_id);
      expect(answer.viewer).toBeNull();
      expect(answer.member).toMatchObject({
        user_id: owner.user_id,
        username: 'mp_owner',
        avatar: '/media/avatars/owner.jpg',
        cover: null,
        gender: 2,
        birth_date: null,
        country: 'de',
        relationship: 1,
        orientation: 5,
        education: 'University',
        website: 'https://example.org/me',
        about_me: 'Hello <b>there</b>\nsecond line',
        statistics: { videos: 25, favourites: 25, playlists: 1, subscribers: 1, subscriptions: 1 },
      });
      expect(answer.member.age).toBeGreaterThanOrEqual(34);
      expect(Date.parse(answer.member.added_date)).not.toBeNaN();
    });

    it('gives the owner their birth date and the counts of everything of theirs', async () => {
      const answer = await members.profile(owner, owner.user_id);
      expect(answer.viewer).toEqual({ own: true, subscribed: false });
      expect(answer.member.birth_date).toBe('1990-06-15');
      expect(answer.member.statistics).toMatchObject({ videos: 27, playlists: 2, favourites: 25 });
    });

    it('tells another member whether they follow; a moderator sees the public profile', async () => {
      expect((await members.profile(other, owner.user_id)).viewer).toEqual({ own: false, subscribed: true });
      const staff = await members.profile(moderator, owner.user_id);
      expect(staff.viewer).toEqual({ own: false, subscribed: false });
      expect(staff.member.birth_date).toBeNull();
      expect(staff.member.statistics.videos).toBe(25);
    });

    it('is member_not_found for an unknown, unconfirmed or banned member', async () => {
      expect(await codeOf(members.profile(null, NO_MEMBER))).toEqual(MEMBER_NOT_FOUND);
      await f.db.updateTable('users').set({ status: 'banned' }).where('id', '=', empty.user_id).execute();
      expect(await codeOf(members.profile(owner, empty.user_id))).toEqual(MEMBER_NOT_FOUND);
      await f.db.updateTable('users').set({ status: 'active' }).where('id', '=', empty.user_id).execute();
      expect((await members.profile(null, empty.user_id)).member.statistics).toEqual({
        videos: 0,
        favourites: 0,
        playlists: 0,
        subscribers: 0,
        subscriptions: 0,
        friends: 0,
      });
    });
  });

  describe('favourites (public)', () => {
    it('lists 20 a page, newest first, listed videos only, for everyone', async () => {
      for (const [who, viewer] of Object.entries(askers())) {
        const first = await members.videos(viewer, owner.user_id, 'favourite', 1);
        expect(first.total_count, who).toBe(25);
        expect(
          first.videos.map((v) => v.video_id),
          who,
        ).toEqual([...listed].reverse().slice(0, 20));
        const second = await members.videos(viewer, owner.user_id, 'favourite', 2);
        expect(
          second.videos.map((v) => v.video_id),
          who,
        ).toEqual([...listed].reverse().slice(20));
      }
    });

    it('is 404 above the last page; page 1 of an empty list is empty', async () => {
      expect(await codeOf(members.videos(null, owner.user_id, 'favourite', 3))).toEqual(PAGE_NOT_FOUND);
      expect(await members.videos(null, empty.user_id, 'favourite', 1)).toEqual({
        videos: [],
        total_count: 0,
        page: 1,
      });
      expect(await codeOf(members.videos(null, empty.user_id, 'favourite', 2))).toEqual(PAGE_NOT_FOUND);
      expect(await codeOf(members.videos(null, NO_MEMBER, 'favourite', 1))).toEqual(MEMBER_NOT_FOUND);
    });
  });

  describe.each(['watch_later', 'history'] as const)('%s (the owner only)', (list) => {
    it('answers the owner', async () => {
      const page = await members.videos(owner, owner.user_id, list, 1);
      const expected = list === 'history' ? [listed[0], listed[1], listed[2]] : [listed[0]];
      expect(page.videos.map((v) => v.video_id)).toEqual(expected);
      expect(page.total_count).toBe(expected.length);
    });

    it('asks a guest to log in and refuses another member and a moderator', async () => {
      expect(await codeOf(members.videos(null, owner.user_id, list, 1))).toEqual(LOGIN_REQUIRED);
      expect(await codeOf(members.videos(other, owner.user_id, list, 1))).toEqual(FORBIDDEN);
      expect(await codeOf(members.videos(moderator, owner.user_id, list, 1))).toEqual(FORBIDDEN);
    });

    it('is member_not_found for an unknown member (before any permission) and 404 above the last page', async () => {
      expect(await codeOf(members.videos(null, NO_MEMBER, list, 1))).toEqual(MEMBER_NOT_FOUND);
      expect(await codeOf(members.videos(other, NO_MEMBER, list, 1))).toEqual(MEMBER_NOT_FOUND);
      expect(await codeOf(members.videos(owner, owner.user_id, list, 2))).toEqual(PAGE_NOT_FOUND);
      expect(await members.videos(empty, empty.user_id, list, 1)).toMatchObject({
        videos: [],
        total_count: 0,
      });
    });
  });

  describe('playlists', () => {
    it('shows the public ones to everyone else, and all with the edit fields to the owner', async () => {
      for (const [who, viewer] of Object.entries({ guest: null, other, moderator })) {
        const page = await members.playlists(viewer, owner.user_id, 1);
        expect(page.own, who).toBe(false);
        expect(
          page.playlists.map((p) => p.title),
          who,
        ).toEqual(['Open mix']);
        expect(page.playlists[0], who).not.toHaveProperty('orientation');
      }
      const own = await members.playlists(owner, owner.user_id, 1);
      expect(own.own).toBe(true);
      expect(own.total_count).toBe(2);
      const secret = own.playlists.find((p) => p.title === 'Secret mix');
      expect(secret).toMatchObject({ private: 1, orientation: 'gay', categories: [] });
      expect(own.playlists.find((p) => p.title === 'Open mix')).toMatchObject({
        private: 0,
        orientation: 'str',
      });
    });

    it('is 404 above the last page and for an unknown member', async () => {
      expect(await codeOf(members.playlists(owner, owner.user_id, 2))).toEqual(PAGE_NOT_FOUND);
      expect(await members.playlists(null, empty.user_id, 1)).toMatchObject({
        playlists: [],
        total_count: 0,
      });
      expect(await codeOf(members.playlists(null, NO_MEMBER, 1))).toEqual(MEMBER_NOT_FOUND);
    });
  });

  describe('subscriptions (public)', () => {
    it('lists what the member follows, with subscriber counts (public: the call takes no viewer)', async () => {
      const page = await members.subscriptions(owner.user_id, 1);
      expect(page.total_count).toBe(1);
      expect(page.subscriptions).toEqual([
        expect.objectContaining({
          section: 'member',
          object_id: other.user_id,
          dir: null,
          title: 'mp_other',
          subscribers: 1,
        }),
      ]);
    });

    it('is 404 above the last page and for an unknown member', async () => {
      expect(await codeOf(members.subscriptions(owner.user_id, 2))).toEqual(PAGE_NOT_FOUND);
      expect(await members.subscriptions(empty.user_id, 1)).toMatchObject({
        subscriptions: [],
        total_count: 0,
      });
      expect(await codeOf(members.subscriptions(NO_MEMBER, 1))).toEqual(MEMBER_NOT_FOUND);
    });
  });

  it("previews the member's newest listed uploads", async () => {
    const uploads = await members.latestUploads(owner.user_id, 3);
    expect(uploads.map((v) => v.video_id)).toEqual(listed.slice(0, 3));
    expect(await codeOf(members.latestUploads(NO_MEMBER))).toEqual(MEMBER_NOT_FOUND);
  });
});
