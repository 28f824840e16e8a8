// The community listing and the subscriptions feed on a real database (issue 14): every member sort and
// filter against a small known community, 96 a page with 104 members, banned and unconfirmed accounts
// never listed, 404 for a page past the last, and the feed (models, channels and members followed) for
// its owner alone.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_PAGE_SIZE,
  MEMBER_SORTS,
  type MemberFilters,
  type MemberSort,
} from '../../../contract/community-list.ts';
import { type ActsFixture, addMember, addVideo, codeOf, setupActs } from '../../test/acts-fixtures.ts';
import { databaseKinds } from '../../test/db.ts';
import type { Actor } from '../acts/actor.ts';
import { createCommunityListRepository } from './community.repository.ts';
import { type CommunityListService, createCommunityListService } from './community.service.ts';

const DAY = 86_400_000;
const BULK = 100;

/** A birth date that makes someone `age` years old today (UTC), half a year past the birthday. */
function bornYearsAgo(age: number): string {
  const d = new Date(Date.now() - (age * 365.25 + 180) * DAY);
  return d.toISOString().slice(0, 10);
}

describe.each(databaseKinds())('community listing (%s)', (kind) => {
  let f: ActsFixture;
  let community: CommunityListService;
  const ids: Record<string, number> = {};
  let modelVideo: number;
  let channelVideo: number;
  let memberVideo: number;

  const names = async (sort: MemberSort, filters: MemberFilters = {}, page = 1) =>
    (await community.members(sort, filters, page)).members
      .map((m) => m.username)
      .filter((n) => n.startsWith('c_'));

  beforeAll(async () => {
    f = await setupActs(kind);
    community = createCommunityListService(createCommunityListRepository(f.db));
    const db = f.db;
    // The bulk first (lower ids): old accounts with nothing in them, after every named member.
    await db
      .insertInto('users')
      .values(
        Array.from({ length: BULK }, (_, i) => ({
          username: `zbulk_${i}`,
          email: `zbulk_${i}@example.com`,
          status: 'active' as const,
          created_at: new Date(Date.now() - (1000 + i) * DAY),
        })),
      )
      .execute();
    const people = [
      // name, days since sign-up, country, gender, age, relationship, orientation, avatar, subscribers, comments
      ['c_alice', 10, 'FR', 2, 22, 1, 2, 'avatars/alice.jpg', 5, 1],
      ['c_bob', 5, 'us', 1, 30, 2, 3, null, 1, 9],
      ['c_carol', 20, 'DE', 3, 40, 3, 5, null, 3, 0],
      ['c_dave', 1, 'fr', 4, 50, 1, 1, 'avatars/dave.jpg', 0, 0],
    ] as const;
    for (const [
      name,
      days,
      country,
      gender,
      age,
      relationship,
      orientation,
      avatar,
      subs,
      comments,
    ] of people) {
      const m = await addMember(db, 'member', name);
      ids[name] = m.user_id;
      await db
        .updateTable('users')
        .set({
          created_at: new Date(Date.now() - days * DAY),
          country,
          gender,
          birth_date: bornYearsAgo(age),
          relationship,
          orientation,
          avatar,
          subscribers_count: subs,
          comments_count: comments,
        })
        .where('id', '=', m.user_id)
        .execute();
    }
    // Never listed, however new or followed: a banned and an unconfirmed account.
    for (const [name, status] of [
      ['c_banned', 'banned'],
      ['c_unconfirmed', 'unconfirmed'],
    ] as const) {
      const m = await addMember(db, 'member', name);
      ids[name] = m.user_id;
      await db
        .updateTable('users')
        .set({
          status,
          country: 'FR',
          avatar: 'avatars/x.jpg',
          subscribers_count: 99,
          comments_count: 99,
          relationship: 1,
          created_at: new Date(),
        })
        .where('id', '=', m.user_id)
        .execute();
      await addVideo(db, 'Hidden member upload', { views: 99_999 }, { user_id: m.user_id, role: 'member' });
    }
    const alice = { user_id: ids.c_alice as number, role: 'member' };
    const bob = { user_id: ids.c_bob as number, role: 'member' };
    await addVideo(db, 'Alice one', { views: 100, daysAgo: 3 }, alice);
    await addVideo(db, 'Alice two', { views: 50, daysAgo: 4 }, alice);
    memberVideo = await addVideo(db, 'Bob one', { views: 1000, daysAgo: 1 }, bob);
    // Not listed: counts nowhere.
    await addVideo(db, 'Bob private', { views: 5000, isPrivate: true }, bob);
    await addVideo(db, 'Bob waiting', { views: 5000, status: 2 }, bob);

    // Carol follows three, Alice one; a banned member's follows count for no one listed.
    const follow = (who: string, section: string, objectId: number) =>
      sql`INSERT INTO subscriptions (user_id, section, object_id) VALUES (${ids[who]}, ${section}, ${objectId})`.execute(
        db,
      );
    const channel = await db
      .insertInto('channels')
      .values({ dir: 'community-channel', title: 'Community Channel' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const model = await db
      .insertInto('models')
      .values({ dir: 'community-model', title: 'Community Model' })
      .returning('id')
      .executeTakeFirstOrThrow();
    channelVideo = await addVideo(db, 'Channel clip', { daysAgo: 2 });
    await db.updateTable('videos').set({ channel_id: channel.id }).where('id', '=', channelVideo).execute();
    modelVideo = await addVideo(db, 'Model clip', { daysAgo: 0 });
    await db.insertInto('video_models').values({ video_id: modelVideo, model_id: model.id }).execute();
    // Unfollowed: never in anyone's feed.
    await addVideo(db, 'Unrelated clip', { daysAgo: 0 });
    await follow('c_carol', 'member', ids.c_bob as number);
    await follow('c_carol', 'channel', Number(channel.id));
    await follow('c_carol', 'model', Number(model.id));
    await follow('c_alice', 'member', ids.c_bob as number);
  }, 120_000);
  afterAll(() => f?.dispose());

  it('orders the named members by each sort (ties newest id first)', async () => {
    const expected: Record<MemberSort, string[]> = {
      recent: ['c_dave', 'c_bob', 'c_alice', 'c_carol'],
      alphabet: ['c_alice', 'c_bob', 'c_carol', 'c_dave'],
      'most-commented': ['c_bob', 'c_alice', 'c_dave', 'c_carol'],
      'count-subs': ['c_alice', 'c_carol', 'c_bob', 'c_dave'],
      'most-subscribed': ['c_carol', 'c_alice', 'c_dave', 'c_bob'],
      'count-videos': ['c_alice', 'c_bob', 'c_dave', 'c_carol'],
      'latest-updates': ['c_bob', 'c_alice', 'c_dave', 'c_carol'],
      'most-popular-videos': ['c_bob', 'c_alice', 'c_dave', 'c_carol'],
    };
    for (const sort of MEMBER_SORTS) {
      expect(await names(sort), sort).toEqual(expected[sort]);
    }
  });

  it('puts the named members before the bulk on every sort but alphabet (the bulk is older and empty)', async () => {
    for (const sort of MEMBER_SORTS.filter((s) => s !== 'alphabet')) {
      const page = await community.members(sort, {}, 1);
      expect(
        page.members.slice(0, 4).map((m) => m.username),
        sort,
      ).toEqual(await names(sort));
    }
    const alphabet = await community.members('alphabet', {}, 1);
    expect(alphabet.members.at(-1)?.username.startsWith('zbulk_')).toBe(true);
  });

  it('gives each card its fields and counts (listed uploads only)', async () => {
    const { members } = await community.members('alphabet', { country: 'fr' }, 1);
    const alice = members.find((m) => m.username === 'c_alice');
    expect(alice).toMatchObject({
      user_id: ids.c_alice,
      country: 'fr',
      gender: 2,
      age: 22,
      statistics: { videos: 2, viewed: 150, subscribers: 5, subscriptions: 1, comments: 1 },
    });
    expect(alice?.avatar).toMatch(/alice\.jpg$/);
    expect(alice?.last_upload).not.toBeNull();
    const bob = (await community.members('alphabet', { country: 'us' }, 1)).members[0];
    expect(bob?.statistics).toMatchObject({ videos: 1, viewed: 1000 });
    const carol = (await community.members('alphabet', { orientation: 5 }, 1)).members[0];
    expect(carol).toMatchObject({ username: 'c_carol', last_upload: null, statistics: { subscriptions: 3 } });
  });

  it('filters by country (any case), gender, age bucket, relationship, avatar and orientation', async () => {
    const cases: [MemberFilters, string[]][] = [
      [{ country: 'fr' }, ['c_alice', 'c_dave']],
      [{ country: 'de' }, ['c_carol']],
      [{ country: 'jp' }, []],
      [{ gender: 2 }, ['c_alice']],
      [{ gender: 4 }, ['c_dave']],
      [{ age: 1 }, ['c_alice']],
      [{ age: 2 }, ['c_bob']],
      [{ age: 3 }, ['c_carol']],
      [{ age: 4 }, ['c_dave']],
      [{ relationship: 1 }, ['c_alice', 'c_dave']],
      [{ relationship: 3 }, ['c_carol']],
      [{ avatar: true }, ['c_alice', 'c_dave']],
      [{ orientation: 3 }, ['c_bob']],
      [{ country: 'fr', avatar: true, relationship: 1, gender: 4 }, ['c_dave']],
    ];
    for (const [filters, expected] of cases) {
      const result = await community.members('alphabet', filters, 1);
      expect(
        result.members.map((m) => m.username),
        JSON.stringify(filters),
      ).toEqual(expected);
      expect(result.total_count).toBe(expected.length);
    }
  });

  it('lists 96 a page, never a banned or unconfirmed account, and 404s past the last page', async () => {
    const first = await community.members('recent', {}, 1);
    expect(first.total_count).toBe(BULK + 4);
    expect(first.members).toHaveLength(COMMUNITY_PAGE_SIZE);
    const second = await community.members('recent', {}, 2);
    expect(second.members).toHaveLength(BULK + 4 - COMMUNITY_PAGE_SIZE);
    const seen = new Set([...first.members, ...second.members].map((m) => m.user_id));
    expect(seen.size).toBe(BULK + 4);
    expect(seen.has(ids.c_banned as number)).toBe(false);
    expect(seen.has(ids.c_unconfirmed as number)).toBe(false);
    for (const sort of MEMBER_SORTS) {
      expect(await codeOf(community.members(sort, {}, 3)), sort).toEqual({ code: 'not_found', status: 404 });
    }
    // Page 1 of an empty list is an empty list; its page 2 is not there.
    expect(await community.members('recent', { country: 'jp' }, 1)).toEqual({ members: [], total_count: 0 });
    expect(await codeOf(community.members('recent', { country: 'jp' }, 2))).toEqual({
      code: 'not_found',
      status: 404,
    });
  });

  it('feeds a member the newest videos of the models, channels and members they follow', async () => {
    const carol: Actor = { user_id: ids.c_carol as number, role: 'member' };
    const feed = await community.feed(carol, carol.user_id, 1, 12);
    expect(feed.videos.map((v) => v.video_id)).toEqual([modelVideo, memberVideo, channelVideo]);
    expect(feed.total_count).toBe(3);
    const alice: Actor = { user_id: ids.c_alice as number, role: 'member' };
    expect((await community.feed(alice, alice.user_id, 1, 12)).videos.map((v) => v.video_id)).toEqual([
      memberVideo,
    ]);
    const dave: Actor = { user_id: ids.c_dave as number, role: 'member' };
    expect(await community.feed(dave, dave.user_id, 1, 12)).toEqual({ videos: [], total_count: 0, page: 1 });
    expect(await codeOf(community.feed(carol, carol.user_id, 2, 12))).toEqual({
      code: 'not_found',
      status: 404,
    });
  });

  it('keeps the feed to its owner: a guest logs in, anyone else (staff too) is refused', async () => {
    const carolId = ids.c_carol as number;
    const moderator = await addMember(f.db, 'moderator', 'c_feed_moderator');
    expect(await codeOf(community.feed(null, carolId, 1, 12))).toEqual({
      code: 'login_required',
      status: 401,
    });
    expect(
      await codeOf(community.feed({ user_id: ids.c_alice as number, role: 'member' }, carolId, 1, 12)),
    ).toEqual({ code: 'forbidden', status: 403 });
    expect(await codeOf(community.feed(moderator, carolId, 1, 12))).toEqual({
      code: 'forbidden',
      status: 403,
    });
  });
});
