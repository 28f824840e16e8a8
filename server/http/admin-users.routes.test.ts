// The console's users and comments over HTTP (issue 17): who may call them, bad input, a ban that the
// member is told of at sign-in (only with the right password) and that ends their sessions at once, an
// expired ban that lets them in again, the deletion of an account with its videos (rows and files), and
// hidden comments leaving the video. The last administrator under parallel demotions:
// admin-users.last-admin.test.ts.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertCategories, insertVideo } from '../test/fixtures.ts';
import { readOutbox } from '../test/mail.ts';
import {
  createRoles,
  createSignedInUser,
  ROLE_PASSWORD,
  type RoleFixture,
  type RoleName,
  type SignedInUser,
} from '../test/roles.ts';

const USERS = '/api/admin/users.php';
const COMMENTS = '/api/admin/comments.php';
const ORIGIN = 'http://tube.test';
const DAY = 86_400_000;

describe.each(databaseKinds())('console users and comments on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'uadm');
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const headersOf = (who: RoleName | SignedInUser) =>
    typeof who === 'string' ? roles.headers(who) : { cookie: who.cookie };
  const get = (who: RoleName | SignedInUser, url: string) => t.app.inject({ url, headers: headersOf(who) });
  const post = (who: RoleName | SignedInUser, url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headersOf(who), 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams(fields).toString(),
    });
  const login = (usr: string, pwd: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      remoteAddress: `198.51.100.${(n % 200) + 1}`,
      payload: new URLSearchParams({ usr, pwd }).toString(),
    });
  const me = async (user: SignedInUser) =>
    (await t.app.inject({ url: '/api/me.php', headers: { cookie: user.cookie } })).json().user;
  const fresh = (role: 'member' | 'moderator' | 'administrator' = 'member') =>
    createSignedInUser(t, `uadm_u${++n}`, role);
  const comment = async (user: SignedInUser, videoId: number, msg: string) => {
    const res = await post(user, '/api/input.php', {
      act: 'comm',
      section: 'video',
      object_id: String(videoId),
      msg,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Number(res.json().comment_id);
  };
  const auditActions = async (targetType: string, targetId: number) =>
    (
      await db()
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', targetType)
        .where('target_id', '=', String(targetId))
        .orderBy('id')
        .execute()
    ).map((r) => r.action);

  it('lets administrators alone use the users calls, staff the comments calls', async () => {
    const expected: [RoleName, number, number][] = [
      ['guest', 401, 401],
      ['member', 403, 403],
      ['moderator', 403, 200],
      ['administrator', 200, 200],
    ];
    for (const [who, users, comments] of expected) {
      expect((await get(who, USERS)).statusCode, `${who} users`).toBe(users);
      expect((await get(who, COMMENTS)).statusCode, `${who} comments`).toBe(comments);
      const write = await post(who, USERS, { act: 'unban', user_id: String(roles.users.other.userId) });
      expect(write.statusCode, `${who} users write`).toBe(users === 200 ? 409 : users);
    }
    expect((await get('guest', USERS)).json().code).toBe('login_required');
    expect((await get('moderator', USERS)).json().code).toBe('forbidden');
    // A member learns nothing about the parameters.
    expect((await post('member', USERS, {})).json().code).toBe('forbidden');
  });

  it('lists and searches members with their counts', async () => {
    const user = await fresh();
    const res = await get('administrator', `${USERS}?q=${user.username}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total_count).toBe(1);
    expect(body.users[0]).toMatchObject({
      user_id: user.userId,
      email: user.email,
      role: 'member',
      status: 'active',
      videos_count: 0,
      comments_count: 0,
      ban_reason: null,
    });
    expect((await get('administrator', `${USERS}?q=${user.userId}`)).json().users[0].user_id).toBe(
      user.userId,
    );
    const mods = (await get('administrator', `${USERS}?role=moderator`)).json();
    expect(mods.users.every((u: { role: string }) => u.role === 'moderator')).toBe(true);
    expect((await get('administrator', `${USERS}?q=%25`)).json().total_count).toBe(0);
  });

  it('answers bad input with field codes', async () => {
    const id = String(roles.users.other.userId);
    const cases: [Record<string, string>, string, string][] = [
      [{}, 'act', 'required'],
      [{ act: 'burn', user_id: id }, 'act', 'invalid'],
      [{ act: 'ban' }, 'user_id', 'required'],
      [{ act: 'ban', user_id: 'x' }, 'user_id', 'invalid'],
      [{ act: 'ban', user_id: id }, 'reason', 'required'],
      [{ act: 'ban', user_id: id, reason: 'x'.repeat(501) }, 'reason', 'max_length'],
      [{ act: 'ban', user_id: id, reason: 'spam', until: 'tomorrow' }, 'until', 'invalid'],
      [{ act: 'ban', user_id: id, reason: 'spam', until: '2001-01-01' }, 'until', 'past'],
      [{ act: 'ban', user_id: id, reason: 'spam', until: '2999-01-01' }, 'until', 'too_far'],
      [{ act: 'role', user_id: id }, 'role', 'required'],
      [{ act: 'role', user_id: id, role: 'owner' }, 'role', 'invalid'],
    ];
    for (const [fields, field, code] of cases) {
      const res = await post('administrator', USERS, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().codes[0], JSON.stringify(fields)).toEqual({ field, code });
    }
    expect((await get('administrator', `${USERS}?status=gone`)).json().codes[0]).toEqual({
      field: 'status',
      code: 'invalid',
    });
    expect((await post('administrator', USERS, { act: 'unban', user_id: '999999' })).json().code).toBe(
      'user_not_found',
    );
    const self = String(roles.users.administrator.userId);
    const selfActs: Record<string, string>[] = [
      { act: 'role', user_id: self, role: 'member' },
      { act: 'ban', user_id: self, reason: 'x' },
      { act: 'delete', user_id: self },
    ];
    for (const fields of selfActs) {
      const res = await post('administrator', USERS, fields);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('own_account');
    }
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await post('moderator', COMMENTS, { act: 'hide', ids: many })).json().codes[0]).toEqual({
      field: 'ids',
      code: 'too_many',
    });
    expect((await post('moderator', COMMENTS, { act: 'hide', ids: '1,x' })).json().codes[0]).toEqual({
      field: 'ids',
      code: 'invalid',
    });
    expect((await post('moderator', COMMENTS, { act: 'hide', ids: '999999' })).statusCode).toBe(404);
  });

  it('bans a member: told why at sign-in with the right password only, sessions end; unban lets them in', async () => {
    const user = await fresh();
    expect(await me(user)).not.toBeNull();
    const until = new Date(Date.now() + 3 * DAY).toISOString();
    const res = await post('administrator', USERS, {
      act: 'ban',
      user_id: String(user.userId),
      reason: 'Spam in the comments',
      until,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      status: 'banned',
      ban_reason: 'Spam in the comments',
      banned_until: until,
    });
    // The session in hand stops working at once.
    expect(await me(user)).toBeNull();

    const refused = await login(user.username, ROLE_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'account_banned',
      info: { reason: 'Spam in the comments', until },
    });
    const wrong = await login(user.username, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_usr_or_pwd');
    expect(wrong.body).not.toContain('Spam');

    const listed = (await get('administrator', `${USERS}?status=banned&q=${user.username}`)).json();
    expect(listed.users.map((u: { user_id: number }) => u.user_id)).toEqual([user.userId]);

    expect(
      (await post('administrator', USERS, { act: 'unban', user_id: String(user.userId) })).statusCode,
    ).toBe(200);
    expect((await login(user.username, ROLE_PASSWORD)).statusCode).toBe(200);
    expect(await auditActions('user', user.userId)).toEqual(['user.ban', 'user.unban']);
  });

  it('a permanent ban has no end; an expired ban is over', async () => {
    const user = await fresh();
    await post('administrator', USERS, { act: 'ban', user_id: String(user.userId), reason: 'Abuse' });
    const refused = await login(user.username, ROLE_PASSWORD);
    expect(refused.json().info).toEqual({ reason: 'Abuse', until: null });
    // The end passes.
    await db()
      .updateTable('users')
      .set({ banned_until: new Date(Date.now() - 1000) })
      .where('id', '=', user.userId)
      .execute();
    const listed = (await get('administrator', `${USERS}?q=${user.username}`)).json().users[0];
    expect(listed).toMatchObject({ status: 'active', ban_reason: null });
    expect((await login(user.username, ROLE_PASSWORD)).statusCode).toBe(200);
    const row = await db()
      .selectFrom('users')
      .select(['status', 'ban_reason'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', ban_reason: null });
  });

  it('changes roles and sends the password-reset mail', async () => {
    const user = await fresh();
    const res = await post('administrator', USERS, {
      act: 'role',
      user_id: String(user.userId),
      role: 'moderator',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.role).toBe('moderator');
    expect((await me(user)).role).toBe('moderator');
    expect((await get(user, COMMENTS)).statusCode).toBe(200);

    const before = readOutbox(t.config.dataDir).length;
    const reset = await post('administrator', USERS, { act: 'reset_password', user_id: String(user.userId) });
    expect(reset.statusCode, reset.body).toBe(200);
    const mails = readOutbox(t.config.dataDir);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.to).toContain(user.email);
    expect(mails.at(-1)?.link).toContain('/restore-password/?token=');
    expect(await auditActions('user', user.userId)).toEqual(['user.role', 'user.reset_password']);
  });

  it('deletes a member with their videos (rows and files), comments and playlists; counts follow', async () => {
    const user = await fresh();
    const bystander = await fresh();
    const cats = await insertCategories(db(), [`uadm-cat-${n}`]);
    const catId = [...cats.values()][0] as number;
    const video = await insertVideo(db(), { title: `Lake Walk ${n}`, categories: [`uadm-cat-${n}`] }, cats);
    await db().updateTable('videos').set({ user_id: user.userId }).where('id', '=', video.id).execute();
    await db().updateTable('categories').set({ total_videos: 1 }).where('id', '=', catId).execute();
    const elsewhere = await insertVideo(db(), { title: `Forest Trail ${n}` });
    const keys = (
      await db().selectFrom('video_files').select('storage_key').where('video_id', '=', video.id).execute()
    ).map((r) => r.storage_key);
    for (const key of keys)
      await t.services.storage.putStream(key, Readable.from(Buffer.from('bytes')), {
        contentType: 'video/mp4',
      });
    await t.services.storage.putStream(`videos/${video.id}/extra.jpg`, Readable.from(Buffer.from('x')), {
      contentType: 'image/jpeg',
    });
    await comment(bystander, video.id, 'Nice view of the lake');
    await comment(user, elsewhere.id, 'My own remark elsewhere');
    await db().insertInto('playlists').values({ user_id: user.userId, title: 'My walks' }).execute();
    await t.services.acts.flushCounters();
    const countOf = async (id: number) =>
      Number(
        (
          await db()
            .selectFrom('users')
            .select('comments_count')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).comments_count,
      );
    expect(await countOf(bystander.userId)).toBe(1);

    const res = await post('administrator', USERS, { act: 'delete', user_id: String(user.userId) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toBeNull();
    await t.services.acts.flushCounters();

    expect(
      await db().selectFrom('users').select('id').where('id', '=', user.userId).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db().selectFrom('videos').select('id').where('id', '=', video.id).executeTakeFirst(),
    ).toBeUndefined();
    for (const key of keys) expect(await t.services.storage.exists(key), key).toBe(false);
    expect(await t.services.storage.exists(`videos/${video.id}/extra.jpg`)).toBe(false);
    const comments = await db()
      .selectFrom('comments')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', user.userId), eb('object_id', '=', video.id)]))
      .execute();
    expect(comments).toEqual([]);
    expect(
      await db().selectFrom('playlists').select('id').where('user_id', '=', user.userId).execute(),
    ).toEqual([]);
    expect(await countOf(bystander.userId)).toBe(0);
    const other = await db()
      .selectFrom('videos')
      .select('comments_count')
      .where('id', '=', elsewhere.id)
      .executeTakeFirstOrThrow();
    expect(other.comments_count).toBe(0);
    const cat = await db()
      .selectFrom('categories')
      .select('total_videos')
      .where('id', '=', catId)
      .executeTakeFirstOrThrow();
    expect(cat.total_videos).toBe(0);
    expect(await auditActions('user', user.userId)).toEqual(['user.delete']);
    expect(
      (await post('administrator', USERS, { act: 'delete', user_id: String(user.userId) })).statusCode,
    ).toBe(404);
  });

  it('hides, unhides and deletes comments in bulk; the video shows only active ones; counts follow', async () => {
    const author = await fresh();
    const video = await insertVideo(db(), { title: `River Bend ${n}` });
    const a = await comment(author, video.id, 'First remark on the river');
    const b = await comment(author, video.id, 'Second remark on the river');
    await t.services.acts.flushCounters();
    const publicIds = async () =>
      (await t.app.inject({ url: `/api/json/comments/0/video/10/${video.id}.1.json` }))
        .json()
        .comments.map((c: { comment_id: number }) => c.comment_id);
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('videos')
            .select('comments_count')
            .where('id', '=', video.id)
            .executeTakeFirstOrThrow()
        ).comments_count,
      );
    expect(await count()).toBe(2);

    const hide = await post('moderator', COMMENTS, { act: 'hide', ids: `${a},${b},999999` });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ changed: [a, b], not_found: [999999] });
    expect(await publicIds()).toEqual([]);
    // Hiding twice changes nothing.
    expect((await post('moderator', COMMENTS, { act: 'hide', ids: String(a) })).json().changed).toEqual([]);
    await t.services.acts.flushCounters();
    expect(await count()).toBe(0);

    const listed = (await get('moderator', `${COMMENTS}?video_id=${video.id}&status=hidden`)).json();
    expect(listed.comments.map((c: { comment_id: number }) => c.comment_id).sort()).toEqual([a, b].sort());
    expect(listed.comments[0]).toMatchObject({
      video: { video_id: video.id },
      author: { user_id: author.userId, username: author.username },
    });
    expect(
      (await get('moderator', `${COMMENTS}?q=second remark&video_id=${video.id}`)).json().total_count,
    ).toBe(1);

    expect((await post('moderator', COMMENTS, { act: 'unhide', ids: String(a) })).json().changed).toEqual([
      a,
    ]);
    expect(await publicIds()).toEqual([a]);
    expect(
      (await post('moderator', COMMENTS, { act: 'delete', ids: `${a},${b}` })).json().changed.sort(),
    ).toEqual([a, b].sort());
    await t.services.acts.flushCounters();
    expect(await count()).toBe(0);
    const authorCount = await db()
      .selectFrom('users')
      .select('comments_count')
      .where('id', '=', author.userId)
      .executeTakeFirstOrThrow();
    expect(authorCount.comments_count).toBe(0);
    expect(await auditActions('comment', a)).toEqual(['comment.hide', 'comment.unhide', 'comment.delete']);
  });

  it('bans a comment author: a moderator for at most 30 days, never staff', async () => {
    const author = await fresh();
    const video = await insertVideo(db(), { title: `Hill Top ${n}` });
    const id = String(await comment(author, video.id, 'A remark to regret'));
    const noEnd = await post('moderator', COMMENTS, { act: 'ban_author', ids: id, reason: 'Insults' });
    expect(noEnd.json().codes[0]).toEqual({ field: 'until', code: 'required' });
    const far = new Date(Date.now() + 40 * DAY).toISOString();
    expect(
      (await post('moderator', COMMENTS, { act: 'ban_author', ids: id, reason: 'x', until: far })).json()
        .codes[0],
    ).toEqual({
      field: 'until',
      code: 'too_far',
    });
    expect((await post('moderator', COMMENTS, { act: 'ban_author', ids: id })).json().codes[0]).toEqual({
      field: 'reason',
      code: 'required',
    });
    const until = new Date(Date.now() + 7 * DAY).toISOString();
    const res = await post('moderator', COMMENTS, { act: 'ban_author', ids: id, reason: 'Insults', until });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().banned).toEqual([author.userId]);
    expect((await login(author.username, ROLE_PASSWORD)).json()).toMatchObject({
      code: 'account_banned',
      info: { reason: 'Insults', until },
    });
    expect(await auditActions('user', author.userId)).toEqual(['user.ban', 'comment.ban_author']);

    const staffComment = String(
      await comment(roles.users.administrator as SignedInUser, video.id, 'Staff note'),
    );
    const staff = await post('moderator', COMMENTS, {
      act: 'ban_author',
      ids: staffComment,
      reason: 'x',
      until,
    });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().code).toBe('author_is_staff');
  });
});
