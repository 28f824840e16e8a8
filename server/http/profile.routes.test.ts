// POST /api/member.php over HTTP (issue 14): every section as guest / owner / other member / moderator
// (there is no user id in the call: each changes only their own account), the images made with sharp
// here (too small, not an image, truncated, good → stored resized), the e-mail change end to end through
// the outbox, the password change ending other sessions, the account's deletion and the history.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberActSchema } from '../../contract/acts.ts';
import { type MemberResponse, memberReadPath } from '../../contract/members.ts';
import { EMAIL_CONFIRM_PATH, PROFILE_PATH } from '../../contract/profile.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { multipartCall } from '../test/check-params-kit.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { readOutbox } from '../test/mail.ts';
import {
  createRoles,
  createSignedInUser,
  type RoleFixture,
  type SignedInUser,
  startSession,
} from '../test/roles.ts';

const ORIGIN = 'http://tube.test';

describe.each(databaseKinds())('POST /api/member.php on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let png: Buffer;
  let jpeg: Buffer;
  let tinyPng: Buffer;
  let gif: Buffer;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'pf');
    const canvas = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });
    png = await canvas(400, 300).png().toBuffer();
    jpeg = await canvas(1600, 500).jpeg().toBuffer();
    tinyPng = await canvas(50, 50).png().toBuffer();
    gif = await canvas(300, 300).gif().toBuffer();
  }, 120_000);
  afterAll(() => t?.close());

  const fresh = (): Promise<SignedInUser> => createSignedInUser(t, `pfuser${++serial}`);
  const post = (cookie: string | undefined, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: PROFILE_PATH,
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    });
  async function upload(
    cookie: string | undefined,
    section: 'avatar' | 'cover',
    data: Buffer,
    name = 'picture.png',
  ) {
    const call = await multipartCall(PROFILE_PATH, { section }, { field: section, name, data });
    return t.app.inject({
      method: 'POST',
      url: call.url,
      headers: { origin: ORIGIN, ...call.headers, ...(cookie ? { cookie } : {}) },
      payload: call.body,
    });
  }
  const ownView = async (user: SignedInUser) =>
    (
      await t.app.inject({ url: memberReadPath(user.userId, true), headers: { cookie: user.cookie } })
    ).json() as MemberResponse;
  const refusal = (response: { statusCode: number; body: string }) => ({
    status: response.statusCode,
    ...(JSON.parse(response.body) as { code: string; codes: { field: string; code: string }[] }),
  });
  const storedKeys = (userId: number) => {
    try {
      return readdirSync(path.join(t.config.mediaDir, 'members', String(userId)));
    } catch {
      return [];
    }
  };

  describe('who may call', () => {
    it.each(['profile', 'avatar', 'cover', 'email', 'password', 'delete', 'clear_history'])(
      'a guest is asked to log in for section %s, before any input is read',
      async (section) => {
        const response = await post(undefined, { section, gender: '9' });
        expect(refusal(response)).toMatchObject({ status: 401, code: 'login_required' });
        const json = await t.app.inject({
          method: 'POST',
          url: PROFILE_PATH,
          headers: { origin: ORIGIN },
          payload: { section },
        });
        expect(json.statusCode).toBe(401);
      },
    );

    it('a member, another member and a moderator each change only their own profile', async () => {
      for (const who of ['member', 'other', 'moderator'] as const) {
        const user = roles.users[who];
        // A user_id field names nobody: the call has none and changes the asker's own account.
        const response = await post(user.cookie, {
          section: 'profile',
          education: `School of ${who}`,
          user_id: String(roles.users.member.userId),
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ ok: true, section: 'profile' });
      }
      for (const who of ['member', 'other', 'moderator'] as const) {
        expect((await ownView(roles.users[who])).member.education).toBe(`School of ${who}`);
      }
    });

    it('refuses a foreign Origin, a JSON body and an unknown or missing section', async () => {
      const user = roles.users.member;
      const foreign = await t.app.inject({
        method: 'POST',
        url: PROFILE_PATH,
        headers: { origin: 'https://evil.example', cookie: user.cookie },
        payload: { section: 'clear_history' },
      });
      expect(foreign.statusCode).toBe(403);
      const json = await t.app.inject({
        method: 'POST',
        url: PROFILE_PATH,
        headers: { origin: ORIGIN, cookie: user.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ section: 'clear_history' }),
      });
      expect(refusal(json)).toMatchObject({ status: 415, code: 'invalid_request' });
      expect(refusal(await post(user.cookie, { section: 'nope' }))).toMatchObject({
        status: 400,
        code: 'invalid',
        codes: [{ field: 'section', code: 'invalid' }],
      });
      expect(refusal(await post(user.cookie, {}))).toMatchObject({
        status: 400,
        code: 'required',
        codes: [{ field: 'section', code: 'required' }],
      });
    });
  });

  describe('section profile', () => {
    it('saves the fields, clears with an empty value, and the public answer is fresh at once', async () => {
      const user = await fresh();
      // The public answer is cached for 7200 s: read it first so that a stale copy would be served.
      const before = await t.app.inject({ url: memberReadPath(user.userId) });
      expect((before.json() as MemberResponse).member.gender).toBeNull();
      const saved = await post(user.cookie, {
        section: 'profile',
        gender: '2',
        relationship: '1',
        orientation: '5',
        birth_date: '1990-04-05',
        country: 'DE',
        education: 'University',
        website: 'example.org/me',
        about_me: 'Hello <b>there</b>',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = (await t.app.inject({ url: memberReadPath(user.userId) })).json() as MemberResponse;
      expect(after.member).toMatchObject({
        gender: 2,
        relationship: 1,
        orientation: 5,
        country: 'de',
        education: 'University',
        website: 'example.org/me',
        about_me: 'Hello <b>there</b>',
        birth_date: null,
      });
      expect(after.member.age).toBeGreaterThanOrEqual(35);
      expect((await ownView(user)).member.birth_date).toBe('1990-04-05');
      // Fields not sent stay; '' clears.
      expect((await post(user.cookie, { section: 'profile', education: '' })).statusCode).toBe(200);
      const cleared = (await ownView(user)).member;
      expect(cleared.education).toBeNull();
      expect(cleared.gender).toBe(2);
    });

    it('names every bad field with its code, and changes nothing', async () => {
      const user = await fresh();
      const thisYear = new Date().getUTCFullYear();
      const response = await post(user.cookie, {
        section: 'profile',
        gender: '7',
        relationship: 'x',
        orientation: '0',
        birth_date: `${thisYear - 10}-01-01`,
        country: 'XX',
        education: 'e'.repeat(101),
        website: 'javascript:alert(1)',
        about_me: 'a'.repeat(1001),
      });
      expect(refusal(response)).toMatchObject({ status: 400 });
      expect(refusal(response).codes).toEqual([
        { field: 'gender', code: 'invalid' },
        { field: 'relationship', code: 'invalid' },
        { field: 'orientation', code: 'invalid' },
        { field: 'birth_date', code: 'too_young' },
        { field: 'country', code: 'invalid_country' },
        { field: 'education', code: 'max_length' },
        { field: 'website', code: 'invalid_url' },
        { field: 'about_me', code: 'max_length' },
      ]);
      for (const birth of ['2001-02-30', '1990-1-1', `${thisYear + 1}-01-01`, '1800-01-01']) {
        expect(refusal(await post(user.cookie, { section: 'profile', birth_date: birth })).codes).toEqual([
          { field: 'birth_date', code: 'invalid_date' },
        ]);
      }
      // Exactly 18 today is old enough; a day short is not.
      const today = new Date();
      const iso = (d: Date) => d.toISOString().slice(0, 10);
      const eighteen = new Date(
        Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()),
      );
      const almost = new Date(eighteen.getTime() + 86_400_000);
      expect((await post(user.cookie, { section: 'profile', birth_date: iso(almost) })).statusCode).toBe(400);
      expect((await post(user.cookie, { section: 'profile', birth_date: iso(eighteen) })).statusCode).toBe(
        200,
      );
      expect(refusal(await post(user.cookie, { section: 'profile', about_me: 'a\u0000b' }))).toMatchObject({
        status: 400,
        code: 'invalid_characters',
      });
      const member = (await ownView(user)).member;
      expect(member.gender).toBeNull();
      expect(member.about_me).toBeNull();
    });
  });

  describe('sections avatar and cover', () => {
    it('stores a good avatar resized to 256x256 WebP under a generated name; a new one replaces it', async () => {
      const user = await fresh();
      const first = await upload(user.cookie, 'avatar', png, '../../evil name.png');
      expect(first.statusCode, first.body).toBe(200);
      const { url } = first.json() as { url: string };
      expect(url).toMatch(new RegExp(`^/media/members/${user.userId}/avatar-[0-9a-f-]{36}\\.webp$`));
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
      expect((await ownView(user)).member.avatar).toBe(url);
      // The public answer and the header's avatar are fresh at once.
      expect(
        ((await t.app.inject({ url: memberReadPath(user.userId) })).json() as MemberResponse).member.avatar,
      ).toBe(url);
      const second = await upload(user.cookie, 'avatar', gif, 'b.gif');
      expect(second.statusCode, second.body).toBe(200);
      expect(storedKeys(user.userId)).toEqual([path.basename((second.json() as { url: string }).url)]);
      expect((await t.app.inject({ url })).statusCode).toBe(404);
      // remove=1 takes it away.
      const removed = await post(user.cookie, { section: 'avatar', remove: '1' });
      expect(removed.json()).toEqual({ ok: true, section: 'avatar', url: null });
      expect(storedKeys(user.userId)).toEqual([]);
    });

    it('stores a cover cropped to 1250x250; smaller than 1250x250 is image_too_small', async () => {
      const user = await fresh();
      const good = await upload(user.cookie, 'cover', jpeg, 'cover.jpg');
      expect(good.statusCode, good.body).toBe(200);
      const served = await t.app.inject({ url: (good.json() as { url: string }).url });
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1250, 250]);
      const small = await upload(user.cookie, 'cover', png);
      expect(refusal(small)).toMatchObject({
        status: 400,
        code: 'image_too_small',
        codes: [{ field: 'cover', code: 'image_too_small' }],
        info: { width: 1250, height: 250 },
      });
    });

    it('refuses what is not a good image, each with its code on its field', async () => {
      const user = await fresh();
      const cases: [Buffer, string, string][] = [
        [tinyPng, 'image_too_small', 'avatar'],
        [Buffer.from('just some text, not a picture'), 'image_load_failed', 'avatar'],
        [png.subarray(0, Math.floor(png.length / 2)), 'image_resize_failed', 'avatar'],
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"/>'),
          'file_type',
          'avatar',
        ],
      ];
      for (const [data, code, field] of cases) {
        const response = await upload(user.cookie, 'avatar', data);
        expect(refusal(response), code).toMatchObject({ status: 400, code, codes: [{ field, code }] });
      }
      const messages = await Promise.all([
        upload(user.cookie, 'avatar', Buffer.from('nope')),
        upload(user.cookie, 'avatar', png.subarray(0, 200)),
      ]);
      expect(messages.map((r) => (r.json() as { error: string }).error)).toEqual([
        'Failed to load image!',
        'Error resizing image',
      ]);
      expect(refusal(await post(user.cookie, { section: 'avatar' }))).toMatchObject({
        status: 400,
        codes: [{ field: 'avatar', code: 'required' }],
      });
      const big = await upload(user.cookie, 'avatar', Buffer.alloc(10 * 1024 * 1024 + 1));
      expect(refusal(big)).toMatchObject({ status: 413, code: 'file_too_large' });
      expect(storedKeys(user.userId)).toEqual([]);
      expect((await ownView(user)).member.avatar).toBeNull();
    });

    it('keeps exactly one file after parallel uploads', async () => {
      const user = await fresh();
      const answers = await Promise.all(Array.from({ length: 4 }, () => upload(user.cookie, 'avatar', png)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const keys = storedKeys(user.userId);
      expect(keys).toHaveLength(1);
      expect((await ownView(user)).member.avatar).toBe(`/media/members/${user.userId}/${keys[0]}`);
    });
  });

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
