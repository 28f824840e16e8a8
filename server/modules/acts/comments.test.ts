import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_LIMITS } from '../../../contract/acts.ts';
import type { DB } from '../../db/database.ts';
import {
  type ActsFixture,
  addMember,
  addVideo,
  codeOf,
  settle,
  setupActs,
} from '../../test/acts-fixtures.ts';
import { databaseKinds } from '../../test/db.ts';
import { twoProcesses } from '../../test/two-processes.ts';
import type { Actor } from './actor.ts';
import { createActs } from './acts.wiring.ts';

const text = (i: number) => `Comment number ${i}`;

describe.each(databaseKinds())('comments (%s)', (kind) => {
  let f: ActsFixture;
  let alice: Actor;
  let video: number;
  let ipSerial = 0;
  // Each test its own address, so the per-IP limit of one test does not reach into another.
  const ip = () => `198.51.100.${++ipSerial}`;

  beforeAll(async () => {
    f = await setupActs(kind);
    alice = await addMember(f.db, 'member', 'alice');
    video = await addVideo(f.db, 'Discussed');
  });
  afterAll(() => f?.dispose());

  it('adds a comment and answers it in the read shape', async () => {
    const added = await f.acts.comments.add(alice, video, 'Lovely light in this one', { ip: ip() });
    expect(added).toEqual({
      ok: true,
      comment_id: expect.any(Number),
      comment: {
        comment_id: added.comment_id,
        user_id: alice.user_id,
        username: 'alice',
        added_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        comment: 'Lovely light in this one',
      },
    });
    expect(await codeOf(f.acts.comments.add(null, video, 'Guest text', { ip: ip() }))).toEqual({
      code: 'login_required',
      status: 401,
    });
  });

  it('allows the 5th comment of a member in 10 minutes and refuses the 6th, in parallel', async () => {
    const bob = await addMember(f.db);
    const address = ip();
    const result = await settle(
      Array.from({ length: 9 }, (_, i) => f.acts.comments.add(bob, video, text(i), { ip: address })),
    );
    expect(result).toEqual({ ok: COMMENT_LIMITS.perMember, codes: Array(4).fill('too_many_comments') });
    const refused = await f.acts.comments.add(bob, video, text(99), { ip: ip() }).catch((e) => e);
    expect(refused).toMatchObject({
      code: 'too_many_comments',
      status: 429,
      codes: [{ field: 'msg', code: 'too_many_comments' }],
      info: { count: 5, minutes: 10 },
    });
  });

  it('allows 20 comments from one IP in 10 minutes and refuses the 21st, in parallel', async () => {
    const members = await Promise.all(Array.from({ length: 25 }, () => addMember(f.db)));
    const address = ip();
    const result = await settle(
      members.map((m, i) => f.acts.comments.add(m, video, text(i), { ip: address })),
    );
    expect(result).toEqual({ ok: COMMENT_LIMITS.perIp, codes: Array(5).fill('too_many_comments') });
    // The refused members are not counted: they can comment from elsewhere.
    const refusedCount = await f.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', address)
      .executeTakeFirstOrThrow();
    expect(Number(refusedCount.n)).toBe(20);
    const ok = await settle(
      members.map((m) => f.acts.comments.add(m, video, 'From another address', { ip: ip() })),
    );
    expect(ok.ok).toBe(25);
  });

  it('counts an IPv6 host by its /64', async () => {
    const members = await Promise.all(Array.from({ length: 21 }, () => addMember(f.db)));
    const result = await settle(
      members.map((m, i) =>
        f.acts.comments.add(m, video, text(i), { ip: `2001:db8:0:7::${(i + 1).toString(16)}` }),
      ),
    );
    expect(result.ok).toBe(20);
  });

  it('does not spend the limit on a video the member may not see', async () => {
    const carol = await addMember(f.db);
    const hidden = await addVideo(f.db, 'Hidden', { isPrivate: true });
    const address = ip();
    for (let i = 0; i < 6; i++) {
      expect(await codeOf(f.acts.comments.add(carol, hidden, text(i), { ip: address }))).toEqual({
        code: 'video_not_found',
        status: 404,
      });
    }
    const result = await settle(
      Array.from({ length: 5 }, (_, i) => f.acts.comments.add(carol, video, text(i), { ip: address })),
    );
    expect(result.ok).toBe(5);
  });

  it('lets the author and staff delete, not another member', async () => {
    const author = await addMember(f.db);
    const other = await addMember(f.db);
    const moderator = await addMember(f.db, 'moderator');
    const admin = await addMember(f.db, 'administrator');
    const one = (await f.acts.comments.add(author, video, 'First of mine', { ip: ip() })).comment_id;
    const two = (await f.acts.comments.add(author, video, 'Second of mine', { ip: ip() })).comment_id;
    const three = (await f.acts.comments.add(author, video, 'Third of mine', { ip: ip() })).comment_id;
    expect(await codeOf(f.acts.comments.remove(other, one))).toEqual({ code: 'forbidden', status: 403 });
    expect(await codeOf(f.acts.comments.remove(null, one))).toEqual({ code: 'login_required', status: 401 });
    expect(await f.acts.comments.remove(author, one)).toEqual({ ok: true });
    expect(await codeOf(f.acts.comments.remove(author, one))).toEqual({
      code: 'comment_not_found',
      status: 404,
    });
    expect(await f.acts.comments.remove(moderator, two)).toEqual({ ok: true });
    expect(await f.acts.comments.remove(admin, three)).toEqual({ ok: true });
    expect(await codeOf(f.acts.comments.remove(other, 999_999))).toEqual({
      code: 'comment_not_found',
      status: 404,
    });
    // Parallel deletes: one deletes, the others find it gone.
    const four = (await f.acts.comments.add(author, video, 'Fourth of mine', { ip: ip() })).comment_id;
    expect(await settle(Array.from({ length: 6 }, () => f.acts.comments.remove(author, four)))).toEqual({
      ok: 1,
      codes: Array(5).fill('comment_not_found'),
    });
  });

  it('lists newest first with the count, and moves the counts in a batch', async () => {
    const quiet = await addVideo(f.db, 'Quiet');
    const writer = await addMember(f.db);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await f.acts.comments.add(writer, quiet, text(i), { ip: ip() })).comment_id);
    // Same second on a fast machine: the later id comes first.
    const page = await f.acts.comments.list(null, quiet, 1, 3);
    expect(page.total_count).toBe(4);
    expect(page.comments.map((c) => c.comment_id)).toEqual([...ids].reverse().slice(0, 3));
    expect((await f.acts.comments.list(null, quiet, 2, 3)).comments.map((c) => c.comment_id)).toEqual([
      ids[0],
    ]);
    await f.acts.comments.remove(writer, ids[1] as number);
    expect((await f.acts.comments.list(writer, quiet, 1, 10)).total_count).toBe(3);
    await f.acts.flushCounters();
    const row = await f.db
      .selectFrom('videos')
      .select('comments_count')
      .where('id', '=', quiet)
      .executeTakeFirst();
    expect(row?.comments_count).toBe(3);
    const user = await f.db
      .selectFrom('users')
      .select('comments_count')
      .where('id', '=', writer.user_id)
      .executeTakeFirst();
    expect(user?.comments_count).toBe(3);
  });

  it('reads the comments of a private video only for its uploader and staff', async () => {
    const uploader = await addMember(f.db);
    const hidden = await addVideo(f.db, 'Own private', { isPrivate: true }, uploader);
    await f.acts.comments.add(uploader, hidden, 'Note to self here', { ip: ip() });
    expect((await f.acts.comments.list(uploader, hidden, 1, 10)).total_count).toBe(1);
    expect((await f.acts.comments.list(await addMember(f.db, 'moderator'), hidden, 1, 10)).total_count).toBe(
      1,
    );
    expect(await codeOf(f.acts.comments.list(null, hidden, 1, 10))).toEqual({
      code: 'video_not_found',
      status: 404,
    });
    expect(await codeOf(f.acts.comments.list(alice, hidden, 1, 10))).toMatchObject({
      code: 'video_not_found',
    });
  });
});

// Two web processes: two services, each with its own database pool and Redis connection, on one
// PostgreSQL database and one Redis. The limits hold across them.
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'comment limits across two processes (PostgreSQL and Redis)',
  () => {
    const processes = twoProcesses('tc');
    const service = (db: DB) => createActs(db, { limiter: processes.limiter() });

    it('5 per member and 20 per IP, exactly, with requests split between the two', async () => {
      const [db, second] = processes.databases();
      const one = service(db);
      const two = service(second);
      const member = await addMember(db);
      const video = await addVideo(db, 'Shared');
      const perMember = await settle(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? one : two).comments.add(member, video, text(i), { ip: '203.0.113.1' }),
        ),
      );
      expect(perMember).toEqual({ ok: 5, codes: Array(7).fill('too_many_comments') });
      const members = await Promise.all(Array.from({ length: 30 }, () => addMember(db)));
      const perIp = await settle(
        members.map((m, i) => (i % 2 ? one : two).comments.add(m, video, text(i), { ip: '203.0.113.2' })),
      );
      expect(perIp).toEqual({ ok: 20, codes: Array(10).fill('too_many_comments') });
      const stored = await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('object_id', '=', video)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(25);
    });
  },
);
