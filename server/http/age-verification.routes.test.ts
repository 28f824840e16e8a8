// UK age verification through app.inject on both databases: the upload (members only, one image with
// its type and size checks, one waiting request even under parallel uploads), the photo sealed at rest
// and never served by /media, age_verified in the user object, the moderators' queue, photo and
// decision (a reason to reject, shown to the member; the photo deleted; one decision under races),
// another upload after a rejection; then the UK gate in the server-rendered page, clause by clause.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgeQueue } from '../../contract/age-verification.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createRoles, createSignedInUser, type RoleFixture } from '../test/roles.ts';

const UPLOAD = '/api/age_verification.php';
const ADMIN = '/api/admin/age_verification.php';
const PHOTO = '/api/admin/age_verification_photo.php';
const ORIGIN = 'http://tube.test';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#557799' } })
    [format]()
    .toBuffer();

async function multipart(file: Buffer | null, field = 'file') {
  const form = new FormData();
  if (file) form.set(field, new Blob([new Uint8Array(file)], { type: 'image/png' }), 'me.png');
  else form.set('note', 'no file');
  const request = new Request(`${ORIGIN}${UPLOAD}`, { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    body: Buffer.from(await request.arrayBuffer()),
  };
}

describe.each(databaseKinds())('age verification (%s)', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'agev');
    photo = await image(480, 360);
  });
  afterAll(() => t.close());

  const upload = async (cookie: string | null, file: Buffer | null = photo, field = 'file') => {
    const form = await multipart(file, field);
    return t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...form.headers, origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: form.body,
    });
  };
  const decide = (cookie: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: ADMIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie },
      payload: new URLSearchParams(fields).toString(),
    });
  const queue = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: ADMIN, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as AgeQueue;
  };
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/me.php', headers: { cookie } })).json().user;
  const mod = () => roles.users.moderator.cookie;
  let badUsers = 0;

  it('guests are asked to sign in, before the body is read', async () => {
    const res = await upload(null);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('login_required');
  });

  it('age_verified is in the user object: false until approved', async () => {
    expect(await me(roles.users.member.cookie)).toMatchObject({ age_verified: false });
  });

  it.each([
    ['no file', async () => null, 400, 'required'],
    ['a text file', async () => Buffer.from('just some text, no image here'), 400, 'file_type'],
    ['a GIF', async () => image(300, 300, 'gif'), 400, 'file_type'],
    ['a small image', async () => image(100, 100), 400, 'image_too_small'],
    ['an image over 10 MB', async () => Buffer.alloc(10 * 1024 * 1024 + 1, 1), 413, 'file_too_large'],
  ])('refuses %s on the field file', async (_name, file, status, code) => {
    const other = await createSignedInUser(t, `agev_bad${++badUsers}`);
    const res = await upload(other.cookie, await file());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, codes: [{ field: 'file', code }] });
    expect((await queue(mod())).items.some((i) => i.user.user_id === other.userId)).toBe(false);
  });

  it('refuses a body that is not multipart (415)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: roles.users.member.cookie },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
  });

  it('parallel uploads of one member: one waits, the others are 409 verification_pending', async () => {
    const racer = await createSignedInUser(t, 'agev_racer');
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(racer.cookie)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const ok = answers.find((r) => r.statusCode === 200);
    expect(ok?.json()).toEqual({ status: 'success', state: 'pending', age_verified: false, reason: null });
    expect(answers.find((r) => r.statusCode === 409)?.json().code).toBe('verification_pending');
    const mine = (await queue(mod())).items.filter((i) => i.user.user_id === racer.userId);
    expect(mine).toHaveLength(1);
    // The losers' photos went: only the waiting one is stored.
    const stored = await t.services.storage.deletePrefix(`age-verification/${racer.userId}/`);
    expect(stored).toBe(1);
  });

  it('the photo is sealed at rest, never served by /media, and shown to staff only', async () => {
    const member = await createSignedInUser(t, 'agev_sealed');
    expect((await upload(member.cookie)).statusCode).toBe(200);
    const item = (await queue(mod())).items.find((i) => i.user.user_id === member.userId);
    expect(item).toMatchObject({ user: { username: 'agev_sealed' }, provider: 'manual' });
    const id = item?.verification_id as number;
    expect(item?.photo).toBe(`${PHOTO}?verification_id=${id}`);

    const row = await t.database.handle.db
      .selectFrom('age_verifications')
      .select('photo_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const key = row.photo_key as string;
    const chunks: Buffer[] = [];
    for await (const chunk of await t.services.storage.get(key)) chunks.push(Buffer.from(chunk));
    const sealed = Buffer.concat(chunks);
    // No JPEG or PNG signature anywhere in what is stored.
    expect(sealed.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(sealed.includes(Buffer.from('PNG'))).toBe(false);
    for (const who of ['guest', 'member', 'moderator'] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/media/${key}`, headers: roles.headers(who) });
      expect(res.statusCode, who).toBe(404);
    }

    const url = `${PHOTO}?verification_id=${id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } })).statusCode).toBe(
      403,
    );
    for (const who of ['moderator', 'administrator'] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: roles.headers(who) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('no-store');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 480, height: 360 });
    }
  });

  it('staff calls: guests 401, members 403; bad input 400 with its field', async () => {
    expect((await t.app.inject({ method: 'GET', url: ADMIN })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: ADMIN, headers: roles.headers('member') })).statusCode,
    ).toBe(403);
    expect(
      (await decide(roles.users.member.cookie, { act: 'approve', verification_id: '1' })).statusCode,
    ).toBe(403);
    const bad = await decide(mod(), { act: 'bless', verification_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toEqual([
      { field: 'act', code: 'invalid' },
      { field: 'verification_id', code: 'invalid' },
    ]);
    const page = await t.app.inject({
      method: 'GET',
      url: `${ADMIN}?page=0`,
      headers: roles.headers('moderator'),
    });
    expect(page.json()).toMatchObject({ code: 'invalid', codes: [{ field: 'page', code: 'invalid' }] });
    const unknown = await decide(mod(), { act: 'approve', verification_id: '999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('verification_not_found');
  });

  it('reject needs a reason the member then sees; the photo goes; the member may send again; approve verifies', async () => {
    const member = await createSignedInUser(t, 'agev_flow');
    expect((await upload(member.cookie)).statusCode).toBe(200);
    const first = (await queue(mod())).items.find((i) => i.user.user_id === member.userId);
    const id = String(first?.verification_id);

    const noReason = await decide(mod(), { act: 'reject', verification_id: id, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().codes).toEqual([{ field: 'reason', code: 'required' }]);
    const tooLong = await decide(mod(), { act: 'reject', verification_id: id, reason: 'x'.repeat(501) });
    expect(tooLong.json().codes).toEqual([{ field: 'reason', code: 'max_length' }]);

    const rejected = await decide(mod(), {
      act: 'reject',
      verification_id: id,
      reason: 'The date of birth cannot be read',
    });
    expect(rejected.json()).toEqual({ status: 'success', verification_id: Number(id), state: 'rejected' });
    const user = (await t.services.accounts.userForSession(member.sid))?.user ?? null;
    expect(await t.services.ageVerification.statusOf(user)).toEqual({
      state: 'rejected',
      reason: 'The date of birth cannot be read',
    });
    expect(await t.services.storage.deletePrefix(`age-verification/${member.userId}/`)).toBe(0);
    const photoAfter = await t.app.inject({
      method: 'GET',
      url: `${PHOTO}?verification_id=${id}`,
      headers: { cookie: mod() },
    });
    expect(photoAfter.statusCode).toBe(404);
    expect((await decide(mod(), { act: 'approve', verification_id: id })).statusCode).toBe(404);
    expect(await me(member.cookie)).toMatchObject({ age_verified: false });

    // Again, and two moderators decide at once: one decision stands.
    expect((await upload(member.cookie)).statusCode).toBe(200);
    const second = (await queue(mod())).items.find((i) => i.user.user_id === member.userId);
    const id2 = String(second?.verification_id);
    const race = await Promise.all([
      decide(mod(), { act: 'approve', verification_id: id2 }),
      decide(roles.users.administrator.cookie, { act: 'reject', verification_id: id2, reason: 'No' }),
      decide(mod(), { act: 'approve', verification_id: id2 }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    const won = race.find((r) => r.statusCode === 200)?.json().state;
    expect(await me(member.cookie)).toMatchObject({ age_verified: won === 'approved' });
    if (won === 'approved') {
      const again = await upload(member.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('already_verified');
    }

    // The audit log (issue 17): the rejection with its reason and the race's one winner, about the
    // member; the refused and lost decisions left nothing.
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'details'])
      .where('target_type', '=', 'user')
      .where('target_id', '=', String(member.userId))
      .orderBy('id')
      .execute();
    const about = { target_type: 'user', target_id: String(member.userId) };
    expect(audit).toEqual([
      {
        ...about,
        action: 'age_verification.reject',
        details: { verification_id: Number(id), reason: 'The date of birth cannot be read' },
      },
      won === 'approved'
        ? { ...about, action: 'age_verification.approve', details: { verification_id: Number(id2) } }
        : {
            ...about,
            action: 'age_verification.reject',
            details: { verification_id: Number(id2), reason: 'No' },
          },
    ]);
  });

  it('approve: age_verified in /api/me.php; nobody decides their own request', async () => {
    const moderator = await createSignedInUser(t, 'agev_selfmod', 'moderator');
    expect((await upload(moderator.cookie)).statusCode).toBe(200);
    const own = (await queue(moderator.cookie)).items.find((i) => i.user.user_id === moderator.userId);
    const self = await decide(moderator.cookie, {
      act: 'approve',
      verification_id: String(own?.verification_id),
    });
    expect(self.statusCode).toBe(403);
    const ok = await decide(mod(), { act: 'approve', verification_id: String(own?.verification_id) });
    expect(ok.json().state).toBe('approved');
    expect(await me(moderator.cookie)).toMatchObject({ age_verified: true });
    expect((await queue(mod())).items.some((i) => i.user.user_id === moderator.userId)).toBe(false);
  });
});

describe('the UK gate in the server-rendered page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { COUNTRY_HEADER: 'cf-ipcountry', AGE_GATE_COUNTRIES: 'de' } });
  });
  afterAll(() => t.close());

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: 'tube.test', ...headers } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const GATE = /data-uk-gate="([a-z]+)"/;

  it('a guest from gb: the gate with Sign In and Sign Up', async () => {
    const html = await page('/', { 'cf-ipcountry': 'GB' });
    expect(html).toMatch(GATE);
    expect(html).toContain('href="/signin/"');
    expect(html).toContain('href="/signup/"');
    expect(html).toContain('Age verification required');
  });
  it.each([
    ['from another country', '/', { 'cf-ipcountry': 'JP' }],
    ['on an information page', '/information/terms/', { 'cf-ipcountry': 'GB' }],
    ['on the sign-in page', '/signin/', { 'cf-ipcountry': 'GB' }],
    ['on the sign-up page', '/signup/', { 'cf-ipcountry': 'GB' }],
    ['with a promo query', '/?promo=summer', { 'cf-ipcountry': 'GB' }],
    ['with a utm_source query', '/?utm_source=partner', { 'cf-ipcountry': 'GB' }],
    ['from another site', '/', { 'cf-ipcountry': 'GB', referer: 'https://partner.example/list' }],
  ])('not %s', async (_name, url, headers) => {
    expect(await page(url, headers)).not.toMatch(GATE);
  });
  it('a referrer from this site does not lift it; the shared page cache keeps the variants apart', async () => {
    expect(await page('/', { 'cf-ipcountry': 'GB', referer: 'http://tube.test/videos/' })).toMatch(GATE);
    expect(await page('/', { 'cf-ipcountry': 'GB', referer: 'https://partner.example/' })).not.toMatch(GATE);
    expect(await page('/', { 'cf-ipcountry': 'GB' })).toMatch(GATE);
    expect(await page('/', { 'cf-ipcountry': 'JP' })).not.toMatch(GATE);
  });
  it('a member: the upload form, then “waiting”, then gone once approved', async () => {
    const member = await createSignedInUser(t, 'ukpage_member');
    const moderator = await createSignedInUser(t, 'ukpage_mod', 'moderator');
    const headers = { 'cf-ipcountry': 'GB', cookie: member.cookie };
    const before = await page('/', headers);
    expect(before.match(GATE)?.[1]).toBe('none');
    expect(before).toContain('name="file"');
    const user = (await t.services.accounts.userForSession(member.sid))?.user ?? null;
    const photo = await image(400, 400);
    await t.services.ageVerification.submit(user, photo);
    expect((await page('/', headers)).match(GATE)?.[1]).toBe('pending');
    const staff = (await t.services.accounts.userForSession(moderator.sid))?.user ?? null;
    const [item] = (await t.services.ageVerification.queue(staff, { page: 1 })).items;
    await t.services.ageVerification.decide(staff, {
      act: 'reject',
      verificationId: item?.verification_id as number,
      reason: 'Please hold the card next to your face',
    });
    const rejected = await page('/', headers);
    expect(rejected.match(GATE)?.[1]).toBe('rejected');
    expect(rejected).toContain('Please hold the card next to your face');
    await t.services.ageVerification.submit(user, photo);
    const [again] = (await t.services.ageVerification.queue(staff, { page: 1 })).items;
    await t.services.ageVerification.decide(staff, {
      act: 'approve',
      verificationId: again?.verification_id as number,
      reason: '',
    });
    expect(await page('/', headers)).not.toMatch(GATE);
  });
  it('/admin/age-verification/: 403 for a member, the queue for a moderator', async () => {
    const member = await createSignedInUser(t, 'ukpage_plain');
    const moderator = await createSignedInUser(t, 'ukpage_mod2', 'moderator');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/admin/age-verification/',
      headers: { cookie: member.cookie },
    });
    expect(refused.statusCode).toBe(403);
    const user = (await t.services.accounts.userForSession(member.sid))?.user ?? null;
    await t.services.ageVerification.submit(user, await image(400, 400));
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/age-verification/',
      headers: { cookie: moderator.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('ukpage_plain');
    expect(res.body).toMatch(/src="\/api\/admin\/age_verification_photo\.php\?verification_id=\d+"/);
  });
});
