import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_LIMITS } from '../../../contract/community.ts';
import type { DB } from '../../db/database.ts';
import { addMember, codeOf, settle } from '../../test/acts-fixtures.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { twoProcesses } from '../../test/two-processes.ts';
import type { Actor } from '../acts/actor.ts';
import { createSocial, type SocialService, WALL_LIMIT_PREFIX } from './community.wiring.ts';

const NO_MEMBER = 987_654_321;

async function befriend(social: SocialService, a: Actor, b: Actor) {
  await social.friends.perform(a, { act: 'friend', section: 'add', object_id: b.user_id, message: '' });
  await social.friends.perform(b, { act: 'friend', section: 'accept', object_id: a.user_id });
}

describe.each(databaseKinds())('the wall (%s)', (kind) => {
  let database: TestDatabase;
  let social: SocialService;
  let db: TestDatabase['handle']['db'];
  let ipSerial = 0;
  const ip = () => `198.51.100.${++ipSerial}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
    social = createSocial(db);
  });
  afterAll(() => database?.dispose());

  const post = (actor: Actor | null, wall: number, text: string, address = ip()) =>
    social.wall.add(actor, wall, text, { ip: address });

  it('lets the owner and friends write; others are told why not', async () => {
    const [owner, friend, stranger, moderator] = [
      await addMember(db),
      await addMember(db),
      await addMember(db),
      await addMember(db, 'moderator'),
    ];
    await befriend(social, owner, friend);
    const mine = await post(owner, owner.user_id, 'Welcome to my wall');
    expect(mine).toEqual({
      ok: true,
      post_id: expect.any(Number),
      post: {
        post_id: mine.post_id,
        wall_id: owner.user_id,
        author: { user_id: owner.user_id, username: expect.any(String), avatar: null },
        message: 'Welcome to my wall',
        added_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    await post(friend, owner.user_id, 'Hi from a friend');
    expect(await codeOf(post(stranger, owner.user_id, 'Let me in'))).toEqual({
      code: 'forbidden',
      status: 403,
    });
    // Staff delete, but write only where a member could.
    expect(await codeOf(post(moderator, owner.user_id, 'Staff note'))).toEqual({
      code: 'forbidden',
      status: 403,
    });
    expect(await codeOf(post(null, owner.user_id, 'Guest'))).toEqual({ code: 'login_required', status: 401 });
    expect(await codeOf(post(owner, NO_MEMBER, 'Nobody'))).toEqual({ code: 'member_not_found', status: 404 });

    expect(await social.wall.viewerOf(owner, owner.user_id)).toEqual({
      can_post: true,
      refusal: null,
      can_delete_any: true,
    });
    expect(await social.wall.viewerOf(friend, owner.user_id)).toEqual({
      can_post: true,
      refusal: null,
      can_delete_any: false,
    });
    expect(await social.wall.viewerOf(stranger, owner.user_id)).toEqual({
      can_post: false,
      refusal: 'friends_only',
      can_delete_any: false,
    });
    expect(await social.wall.viewerOf(moderator, owner.user_id)).toMatchObject({ can_delete_any: true });
    expect(await social.wall.viewerOf(null, owner.user_id)).toEqual({
      can_post: false,
      refusal: 'login_required',
      can_delete_any: false,
    });

    const page = await social.wall.page(null, owner.user_id, 1, 20, false);
    expect(page.viewer).toBeNull();
    expect(page.total_count).toBe(2);
    expect(page.posts.map((p) => p.message)).toEqual(['Hi from a friend', 'Welcome to my wall']);
    // An ended friendship ends the right to write.
    await social.friends.perform(friend, { act: 'friend', section: 'rem', object_id: owner.user_id });
    expect(await codeOf(post(friend, owner.user_id, 'Still here?'))).toEqual({
      code: 'forbidden',
      status: 403,
    });
  });

  it('deletes for the author, the wall owner and staff only', async () => {
    const [owner, friend, other, moderator] = [
      await addMember(db),
      await addMember(db),
      await addMember(db),
      await addMember(db, 'moderator'),
    ];
    await befriend(social, owner, friend);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await post(friend, owner.user_id, `Friendly post ${i}`)).post_id);
    const [byAuthor, byOwner, byStaff] = ids as [number, number, number];
    const remove = (actor: Actor | null, id: number) => social.wall.remove(actor, id);
    expect(await codeOf(remove(null, byAuthor))).toEqual({ code: 'login_required', status: 401 });
    expect(await codeOf(remove(other, byAuthor))).toEqual({ code: 'forbidden', status: 403 });
    expect(await remove(friend, byAuthor)).toEqual({ ok: true });
    expect(await remove(owner, byOwner)).toEqual({ ok: true });
    expect(await remove(moderator, byStaff)).toEqual({ ok: true });
    expect(await codeOf(remove(owner, byStaff))).toEqual({ code: 'wall_post_not_found', status: 404 });
    expect((await social.wall.page(null, owner.user_id, 1, 20, false)).total_count).toBe(0);
    // Parallel deletes of one post: one deletes it, the rest find it gone.
    const last = (await post(owner, owner.user_id, 'Going soon')).post_id;
    expect(await settle(Array.from({ length: 4 }, () => remove(owner, last)))).toEqual({
      ok: 1,
      codes: Array(3).fill('wall_post_not_found'),
    });
  });

  it('pages newest first, 404 above the last page, hides posts of banned authors', async () => {
    const [owner, friend] = [await addMember(db), await addMember(db)];
    await befriend(social, owner, friend);
    await post(owner, owner.user_id, 'First post');
    await post(friend, owner.user_id, 'Second post');
    await post(owner, owner.user_id, 'Third post');
    const first = await social.wall.page(owner, owner.user_id, 1, 2, true);
    expect(first.posts.map((p) => p.message)).toEqual(['Third post', 'Second post']);
    expect(first.viewer).toEqual({ can_post: true, refusal: null, can_delete_any: true });
    expect((await social.wall.page(null, owner.user_id, 2, 2, false)).posts.map((p) => p.message)).toEqual([
      'First post',
    ]);
    expect(await codeOf(social.wall.page(null, owner.user_id, 3, 2, false))).toEqual({
      code: 'not_found',
      status: 404,
    });
    await db.updateTable('users').set({ status: 'banned' }).where('id', '=', friend.user_id).execute();
    expect((await social.wall.page(null, owner.user_id, 1, 20, false)).total_count).toBe(2);
    const empty = await addMember(db);
    expect((await social.wall.page(null, empty.user_id, 1, 20, false)).posts).toEqual([]);
  });

  it('allows the 5th post of a member in 10 minutes and refuses the 6th, in parallel', async () => {
    const owner = await addMember(db);
    const address = ip();
    const result = await settle(
      Array.from({ length: 9 }, (_, i) => post(owner, owner.user_id, `Parallel post ${i}`, address)),
    );
    expect(result).toEqual({ ok: WALL_LIMITS.perMember, codes: Array(4).fill('too_many_wall_posts') });
    const refused = await post(owner, owner.user_id, 'One more', ip()).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'too_many_wall_posts',
      status: 429,
      info: { count: 5, minutes: 10 },
    });
    expect((await social.wall.page(null, owner.user_id, 1, 20, false)).total_count).toBe(5);
  });

  it('allows 20 posts from one address in 10 minutes and refuses the 21st, in parallel', async () => {
    const owners = await Promise.all(Array.from({ length: 24 }, () => addMember(db)));
    const address = ip();
    const result = await settle(owners.map((m) => post(m, m.user_id, 'From one address', address)));
    expect(result).toEqual({ ok: WALL_LIMITS.perIp, codes: Array(4).fill('too_many_wall_posts') });
  });

  it('a refused post (not allowed, unknown wall) uses none of the budget', async () => {
    const [writer, closed] = [await addMember(db), await addMember(db)];
    const address = ip();
    for (let i = 0; i < 6; i++) await codeOf(post(writer, closed.user_id, 'Not my wall', address));
    for (let i = 0; i < 3; i++) await codeOf(post(writer, NO_MEMBER, 'Nobody', address));
    const ok = await settle(
      Array.from({ length: 5 }, (_, i) => post(writer, writer.user_id, `Mine ${i}`, address)),
    );
    expect(ok).toEqual({ ok: 5, codes: [] });
  });
});

// Two web processes: two services, each with its own database pool and Redis connection, on one
// PostgreSQL database and one Redis. The wall's limit holds across them, on keys of its own.
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'wall limits across two processes (PostgreSQL and Redis)',
  () => {
    const processes = twoProcesses('tw', WALL_LIMIT_PREFIX);
    const service = (db: DB) => createSocial(db, { limiter: processes.limiter() });

    it('5 per member and 20 per address, exactly, with posts split between the two', async () => {
      const [db, second] = processes.databases();
      const one = service(db);
      const two = service(second);
      const member = await addMember(db);
      const perMember = await settle(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? one : two).wall.add(member, member.user_id, `Post ${i}`, { ip: '203.0.113.1' }),
        ),
      );
      expect(perMember).toEqual({ ok: 5, codes: Array(7).fill('too_many_wall_posts') });
      const members = await Promise.all(Array.from({ length: 30 }, () => addMember(db)));
      const perIp = await settle(
        members.map((m, i) => (i % 2 ? one : two).wall.add(m, m.user_id, `Post ${i}`, { ip: '203.0.113.2' })),
      );
      expect(perIp).toEqual({ ok: 20, codes: Array(10).fill('too_many_wall_posts') });
      const stored = await db
        .selectFrom('wall_posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(25);
    });
  },
);
