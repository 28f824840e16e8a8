// POST /api/member.php over HTTP (issue 14): who may call (guest / owner / other member / moderator: there
// is no user id in the call, each changes only their own account), the profile's fields, and the images
// made with sharp here (too small, not an image, truncated, good → stored resized). The e-mail and
// password changes, clearing the history and deleting the account are tested in
// profile-account.routes.test.ts; the set-up and calls are server/test/profile-routes-fixtures.ts.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberResponse, memberReadPath } from '../../contract/members.ts';
import { PROFILE_PATH } from '../../contract/profile.ts';
import type { TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { ORIGIN, profileCalls, setupProfileApp } from '../test/profile-routes-fixtures.ts';
import { createSignedInUser, type RoleFixture, type SignedInUser } from '../test/roles.ts';

describe.each(databaseKinds())('POST /api/member.php on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let png: Buffer;
  let jpeg: Buffer;
  let tinyPng: Buffer;
  let gif: Buffer;
  let serial = 0;

  beforeAll(async () => {
    ({ t, roles } = await setupProfileApp(kind));
    const canvas = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });
    png = await canvas(400, 300).png().toBuffer();
    jpeg = await canvas(1600, 500).jpeg().toBuffer();
    tinyPng = await canvas(50, 50).png().toBuffer();
    gif = await canvas(300, 300).gif().toBuffer();
  }, 120_000);
  afterAll(() => t?.close());

  const fresh = (): Promise<SignedInUser> => createSignedInUser(t, `pfuser${++serial}`);
  const { post, upload, ownView, refusal, storedKeys } = profileCalls(() => t);

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
});
