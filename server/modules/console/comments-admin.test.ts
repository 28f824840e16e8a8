// The comments console's rules on a real database: staff only, bulk hide/unhide/delete with the
// counts staged (videos' and authors' comments_count count active comments), audit entries per
// comment, the change notice, and ban_author all-or-none when a staff member wrote one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { commentsInputSchema } from '../../../contract/admin-users.ts';
import { type ActsFixture, addMember, addVideo, codeOf, setupActs } from '../../test/acts-fixtures.ts';
import { databaseKinds } from '../../test/db.ts';
import type { Actor } from '../acts/actor.ts';
import { createCommentsAdminRepository } from './comments-admin.repository.ts';
import { createCommentsAdminService } from './comments-admin.service.ts';

describe.each(databaseKinds())('comments console on %s', (kind) => {
  let f: ActsFixture;
  let service: ReturnType<typeof createCommentsAdminService>;
  const audited: string[] = [];
  const bans: number[] = [];
  let notices = 0;
  let moderator: CurrentUser;

  beforeAll(async () => {
    f = await setupActs(kind);
    service = createCommentsAdminService({
      repo: createCommentsAdminRepository(f.db),
      users: {
        banAuthor: async (_viewer, userId) => {
          bans.push(userId);
          return {} as never;
        },
      },
      audit: { record: async (_actor, action) => void audited.push(action) },
      changes: {
        notify: async () => {
          notices++;
        },
      },
    });
    const m = await addMember(f.db, 'moderator');
    moderator = { user_id: m.user_id, username: 'mod', avatar: null, role: 'moderator' };
  });
  afterAll(() => f.dispose());

  const add = async (author: Actor, videoId: number, text: string) =>
    (await f.acts.comments.add(author, videoId, text, { ip: `203.0.113.${author.user_id % 250}` }))
      .comment_id;
  const counts = async (videoId: number, userId: number) => {
    await f.acts.flushCounters();
    const v = await f.db
      .selectFrom('videos')
      .select('comments_count')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    const u = await f.db
      .selectFrom('users')
      .select('comments_count')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return [Number(v.comments_count), Number(u.comments_count)];
  };
  const input = (fields: Record<string, string>) => commentsInputSchema.parse(fields);

  it('is for staff only', async () => {
    expect((await codeOf(service.list(null, { page: 1 }))).code).toBe('login_required');
    const member = await addMember(f.db);
    const asMember = { user_id: member.user_id, username: 'x', avatar: null, role: 'member' as const };
    expect((await codeOf(service.list(asMember, { page: 1 }))).code).toBe('forbidden');
    expect((await codeOf(service.act(asMember, input({ act: 'hide', ids: '1' })))).code).toBe('forbidden');
  });

  it('hides, unhides and deletes in bulk; counts, audit and notices follow', async () => {
    const author = await addMember(f.db);
    const videoId = await addVideo(f.db, 'Calm Lake');
    const a = await add(author, videoId, 'First calm remark');
    const b = await add(author, videoId, 'Second calm remark');
    expect(await counts(videoId, author.user_id)).toEqual([2, 2]);

    const before = notices;
    const hidden = await service.act(moderator, input({ act: 'hide', ids: `${b},${a},999999` }));
    expect(hidden).toMatchObject({ changed: [a, b].sort((x, y) => x - y), not_found: [999999] });
    expect(await counts(videoId, author.user_id)).toEqual([0, 0]);
    expect(notices).toBe(before + 1);
    // Nothing changes the second time: no notice, no entry.
    expect((await service.act(moderator, input({ act: 'hide', ids: String(a) }))).changed).toEqual([]);
    expect(notices).toBe(before + 1);

    const list = await service.list(moderator, { page: 1, status: 'hidden', video_id: videoId });
    expect(list.comments.map((c) => c.comment_id).sort()).toEqual([a, b].sort());

    await service.act(moderator, input({ act: 'unhide', ids: String(a) }));
    expect(await counts(videoId, author.user_id)).toEqual([1, 1]);
    // Deleting a hidden one takes nothing more off; the active one does.
    await service.act(moderator, input({ act: 'delete', ids: `${a},${b}` }));
    expect(await counts(videoId, author.user_id)).toEqual([0, 0]);
    expect(audited.filter((x) => x === 'comment.hide')).toHaveLength(2);
    expect(audited.filter((x) => x === 'comment.delete')).toHaveLength(2);
    expect((await codeOf(service.act(moderator, input({ act: 'delete', ids: String(a) })))).code).toBe(
      'comment_not_found',
    );
  });

  it('bans each author once; refuses all when a staff member wrote one', async () => {
    const author = await addMember(f.db);
    const admin = await addMember(f.db, 'administrator');
    const videoId = await addVideo(f.db, 'Green Valley');
    const a = await add(author, videoId, 'One remark');
    const b = await add(author, videoId, 'Two remarks');
    const s = await add(admin, videoId, 'Staff remark');
    const refused = await codeOf(
      service.act(moderator, input({ act: 'ban_author', ids: `${a},${s}`, reason: 'x' })),
    );
    expect(refused.code).toBe('author_is_staff');
    expect(bans).toEqual([]);
    const result = await service.act(moderator, input({ act: 'ban_author', ids: `${a},${b}`, reason: 'x' }));
    expect(result.banned).toEqual([author.user_id]);
    expect(bans).toEqual([author.user_id]);
  });
});
