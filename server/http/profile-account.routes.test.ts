// POST /api/member.php over HTTP (issue 14), the account's sections: the e-mail change end to end through
// the outbox, the password change ending other sessions, clearing the history and the account's
// deletion. Who may call, the profile's fields and the images are tested in profile.routes.test.ts; the
// set-up and calls are server/test/profile-routes-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberActSchema } from '../../contract/acts.ts';
import { memberReadPath } from '../../contract/members.ts';
import { EMAIL_CONFIRM_PATH } from '../../contract/profile.ts';
import type { TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { readOutbox } from '../test/mail.ts';
import { ORIGIN, profileCalls, setupProfileApp } from '../test/profile-routes-fixtures.ts';
import { createSignedInUser, type RoleFixture, type SignedInUser, startSession } from '../test/roles.ts';

describe.each(databaseKinds())('POST /api/member.php on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let serial = 0;

  beforeAll(async () => {
    ({ t, roles } = await setupProfileApp(kind));
  }, 120_000);
  afterAll(() => t?.close());

  const fresh = (): Promise<SignedInUser> => createSignedInUser(t, `pfuser${++serial}`);
  const { post, refusal } = profileCalls(() => t);

  describe('section email', () => {
    it('mails a link to the new address; following it changes the address once', async () => {
      const user = await fresh();
      const address = `renamed${serial}@example.net`;
      expect(
        refusal(await post(user.cookie, { section: 'email', email: address, password: 'wrong-pass' })),
      ).toMatchObject({
        status: 400,
        code: 'invalid_password',
        codes: [{ field: 'password', code: 'invalid_password' }],
      });
      expect(
        refusal(await post(user.cookie, { section: 'email', email: 'nope', password: user.password })).codes,
      ).toEqual([{ field: 'email', code: 'invalid_email' }]);
      expect(
        refusal(
          await post(user.cookie, {
            section: 'email',
            email: roles.users.other.email,
            password: user.password,
          }),
        ).codes,
      ).toEqual([{ field: 'email', code: 'exists' }]);
      expect(
        refusal(await post(user.cookie, { section: 'email', email: user.email, password: user.password }))
          .codes,
      ).toEqual([{ field: 'email', code: 'same_email' }]);
      const asked = await post(user.cookie, { section: 'email', email: address, password: user.password });
      expect(asked.json()).toEqual({ ok: true, section: 'email', pending_email: address });
      const mail = readOutbox(t.config.dataDir).find((m) => m.to === address);
      expect(mail?.link).toMatch(
        new RegExp(`^http://tube.test${EMAIL_CONFIRM_PATH.replace('.', '\\.')}\\?token=`),
      );
      // Nothing changes until the link is followed.
      const login = (usr: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login.php',
          headers: { origin: ORIGIN },
          payload: { usr, pwd: user.password },
        });
      expect((await login(address)).statusCode).toBe(401);
      const link = new URL(mail?.link as string);
      const followed = await t.app.inject({ url: `${link.pathname}${link.search}` });
      expect(followed.statusCode).toBe(302);
      expect(followed.headers.location).toBe(`/members/${user.userId}/edit/?email=changed`);
      expect((await login(address)).statusCode).toBe(200);
      expect((await login(user.email)).statusCode).toBe(401);
      const again = await t.app.inject({ url: `${link.pathname}${link.search}` });
      expect(again.headers.location).toBe('/signup/?error=invalid_link');
      const forged = await t.app.inject({ url: `${EMAIL_CONFIRM_PATH}?token=${'a'.repeat(43)}` });
      expect(forged.headers.location).toBe('/signup/?error=invalid_link');
    });

    it('a second request replaces the first link; an address taken meanwhile is refused at the link', async () => {
      const user = await fresh();
      const rival = await fresh();
      const first = `first${serial}@example.net`;
      const second = `second${serial}@example.net`;
      await post(user.cookie, { section: 'email', email: first, password: user.password });
      await post(user.cookie, { section: 'email', email: second, password: user.password });
      const mails = readOutbox(t.config.dataDir);
      const firstLink = new URL(mails.find((m) => m.to === first)?.link as string);
      const secondLink = new URL(mails.find((m) => m.to === second)?.link as string);
      expect((await t.app.inject({ url: `${firstLink.pathname}${firstLink.search}` })).headers.location).toBe(
        '/signup/?error=invalid_link',
      );
      // The rival takes the address before the link is followed.
      await post(rival.cookie, { section: 'email', email: second, password: rival.password });
      const rivalLink = new URL(
        readOutbox(t.config.dataDir)
          .filter((m) => m.to === second)
          .at(-1)?.link as string,
      );
      const followed = await Promise.all([
        t.app.inject({ url: `${rivalLink.pathname}${rivalLink.search}` }),
        t.app.inject({ url: `${secondLink.pathname}${secondLink.search}`, headers: { cookie: user.cookie } }),
      ]);
      const locations = followed.map((r) => r.headers.location).sort();
      expect(locations).toHaveLength(2);
      const changed = locations.filter((l) => String(l).endsWith('?email=changed'));
      expect(changed).toHaveLength(1);
      const owners = await t.database.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', second)
        .execute();
      expect(owners).toHaveLength(1);
    });
  });

  describe('section password', () => {
    it('checks the current password, then ends every other session; this browser stays signed in', async () => {
      const user = await fresh();
      const otherSession = `sid=${await startSession(t, user.userId)}`;
      const me = async (cookie: string) =>
        ((await t.app.inject({ url: '/api/me.php', headers: { cookie } })).json() as { user: unknown }).user;
      expect(await me(otherSession)).not.toBeNull();
      expect(
        refusal(
          await post(user.cookie, { section: 'password', password: 'not-it', new_password: 'newpass1' }),
        ).codes,
      ).toEqual([{ field: 'password', code: 'invalid_password' }]);
      expect(
        refusal(
          await post(user.cookie, { section: 'password', password: user.password, new_password: 'abc' }),
        ).codes,
      ).toEqual([{ field: 'new_password', code: 'min_length' }]);
      const changed = await post(user.cookie, {
        section: 'password',
        password: user.password,
        new_password: 'brand-new-pass',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const cookie = changed.cookies.find((c) => c.name === 'sid');
      expect(cookie?.value).toBeTruthy();
      expect(await me(otherSession)).toBeNull();
      expect(await me(user.cookie)).toBeNull();
      expect(await me(`sid=${cookie?.value}`)).toMatchObject({ user_id: user.userId });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        headers: { origin: ORIGIN },
        payload: { usr: user.username, pwd: 'brand-new-pass' },
      });
      expect(login.statusCode).toBe(200);
    });
  });

  describe('sections clear_history and delete', () => {
    it('clear_history empties the server history', async () => {
      const user = await fresh();
      const db = t.database.handle.db;
      const clip = await insertVideo(db, { title: `History clip ${serial}` });
      await db.insertInto('history').values({ user_id: user.userId, video_id: clip.id }).execute();
      const page = () =>
        t.services.members.videos({ user_id: user.userId, role: 'member' }, user.userId, 'history', 1);
      expect((await page()).total_count).toBe(1);
      expect((await post(user.cookie, { section: 'clear_history' })).json()).toEqual({
        ok: true,
        section: 'clear_history',
      });
      expect((await page()).total_count).toBe(0);
    });

    it('delete: the password, then the account, its sessions, comments, playlists and uploads go; its page is 404', async () => {
      const user = await fresh();
      const db = t.database.handle.db;
      const actor = { user_id: user.userId, role: 'member' as const };
      const watched = await insertVideo(db, { title: `Deleted member watched ${serial}` });
      const own = await insertVideo(db, { title: `Deleted member upload ${serial}` });
      await db.updateTable('videos').set({ user_id: user.userId }).where('id', '=', own.id).execute();
      const act = (input: Record<string, string>) =>
        t.services.acts.perform(actor, memberActSchema.parse(input), { ip: '192.0.2.50' });
      await act({
        act: 'comm',
        section: 'video',
        object_id: String(watched.id),
        msg: 'A neutral comment here',
      });
      await act({ act: 'vote', section: 'video', object_id: String(watched.id), vote: '1' });
      await t.services.acts.flushCounters();
      const counts = () =>
        db
          .selectFrom('videos')
          .select(['likes', 'comments_count'])
          .where('id', '=', watched.id)
          .executeTakeFirstOrThrow();
      expect(await counts()).toEqual({ likes: 1, comments_count: 1 });
      expect(refusal(await post(user.cookie, { section: 'delete', password: 'wrong-one' })).codes).toEqual([
        { field: 'password', code: 'invalid_password' },
      ]);
      expect(refusal(await post(user.cookie, { section: 'delete' })).codes).toEqual([
        { field: 'password', code: 'required' },
      ]);
      const deleted = await post(user.cookie, { section: 'delete', password: user.password });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await t.app.inject({ url: memberReadPath(user.userId) })).statusCode).toBe(404);
      expect(
        (
          (await t.app.inject({ url: '/api/me.php', headers: { cookie: user.cookie } })).json() as {
            user: unknown;
          }
        ).user,
      ).toBeNull();
      expect(
        await db.selectFrom('comments').select('id').where('object_id', '=', watched.id).execute(),
      ).toEqual([]);
      const upload = await db
        .selectFrom('videos')
        .select(['deleted_at', 'user_id'])
        .where('id', '=', own.id)
        .executeTakeFirstOrThrow();
      expect(upload.deleted_at).not.toBeNull();
      expect(upload.user_id).toBeNull();
      await t.services.acts.flushCounters();
      expect(await counts()).toEqual({ likes: 0, comments_count: 0 });
      // Another call with the old session is a guest's.
      expect((await post(user.cookie, { section: 'clear_history' })).statusCode).toBe(401);
    });
  });
});
