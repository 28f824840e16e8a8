import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../lib/english.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { readOutbox } from '../test/mail.ts';

const ORIGIN = 'http://tube.test';

describe.each(databaseKinds())('accounts API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ssr: false,
      // Clients reach the app through one reverse proxy (the inject connection) that sets X-Forwarded-For.
      // Every signup here comes from one address: the mail limits are tested in accounts.limits.test.ts.
      env: {
        LOGIN_MAX_ATTEMPTS: '3',
        LOGIN_WINDOW_SECONDS: '600',
        TRUST_PROXY: '1',
        SIGNUP_MAX_PER_IP: '1000',
        MAIL_MAX_PER_IP: '1000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const form = (data: Record<string, string>) => new URLSearchParams(data).toString();
  const post = (url: string, data: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: form(data),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    });
  const sid = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sid');
  const me = async (cookie?: string) =>
    (await t.app.inject({ url: '/api/me.php', headers: cookie ? { cookie } : {} })).json().user;
  const lastLink = () => {
    const mails = readOutbox(t.config.dataDir);
    const link = mails.at(-1)?.link;
    if (!link) throw new Error('no mail');
    return new URL(link);
  };
  const userCount = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function signUpAndConfirm(username: string, password = 'secret1') {
    const res = await post('/api/signup.php', { username, email: `${username}@example.com`, password });
    expect(res.statusCode).toBe(200);
    const link = lastLink();
    const confirm = await t.app.inject({ url: link.pathname + link.search });
    expect(confirm.statusCode).toBe(302);
    return sid(confirm)?.value as string;
  }

  it('signs up, mails a confirmation link and refuses login until it is followed', async () => {
    const res = await post('/api/signup.php', {
      username: 'alice',
      email: 'Alice@Example.com',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', confirm_email: true });
    const mail = readOutbox(t.config.dataDir).at(-1);
    expect(mail?.to.toLowerCase()).toContain('alice@example.com');
    expect(mail?.link).toMatch(/^http:\/\/tube\.test\/api\/confirm\.php\?token=/);

    const early = await post('/api/login.php', { usr: 'alice', pwd: 'secret1' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      error: english('component.login.er.not_confirmed'),
      code: 'not_confirmed',
    });
    expect(sid(early)).toBeUndefined();

    const link = lastLink();
    const confirm = await t.app.inject({ url: link.pathname + link.search });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/');
    const cookie = sid(confirm);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(await me(`sid=${cookie?.value}`)).toMatchObject({ username: 'alice', role: 'member' });

    // A used link is an invalid link.
    const again = await t.app.inject({ url: link.pathname + link.search });
    expect(again.headers.location).toBe('/signup/?error=invalid_link');
    expect(sid(again)).toBeUndefined();
  });

  it('rejects a forged or tampered confirmation link', async () => {
    await post('/api/signup.php', { username: 'bob', email: 'bob@example.com', password: 'secret1' });
    const token = lastLink().searchParams.get('token') as string;
    const [body, mac] = token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const otherBody = Buffer.from(JSON.stringify({ ...payload, u: payload.u + 1000 })).toString('base64url');
    for (const forged of [`${otherBody}.${mac}`, `${body}.${mac.slice(0, -2)}xx`, 'garbage', '']) {
      const res = await t.app.inject({ url: `/api/confirm.php?token=${encodeURIComponent(forged)}` });
      expect(res.headers.location).toBe('/signup/?error=invalid_link');
    }
    const login = await post('/api/login.php', { usr: 'bob', pwd: 'secret1' });
    expect(login.json().code).toBe('not_confirmed');
  });

  it('gives every bad signup field its code, never a 500, and makes no account', async () => {
    await signUpAndConfirm('carol');
    const before = await userCount();
    const cases: Array<[Record<string, string>, Array<{ field: string; code: string }>]> = [
      [
        {},
        [
          { field: 'username', code: 'required' },
          { field: 'email', code: 'required' },
          { field: 'password', code: 'required' },
        ],
      ],
      [
        { username: 'ab', email: 'x@example.com', password: 'secret1' },
        [{ field: 'username', code: 'min_length' }],
      ],
      [
        { username: 'a'.repeat(33), email: 'x@example.com', password: 'secret1' },
        [{ field: 'username', code: 'max_length' }],
      ],
      [
        { username: 'bad name!', email: 'x@example.com', password: 'secret1' },
        [{ field: 'username', code: 'invalid' }],
      ],
      [
        { username: 'CAROL', email: 'x@example.com', password: 'secret1' },
        [{ field: 'username', code: 'exists' }],
      ],
      [
        { username: 'dave', email: 'not-an-email', password: 'secret1' },
        [{ field: 'email', code: 'invalid' }],
      ],
      [
        { username: 'dave', email: 'CAROL@example.COM', password: 'secret1' },
        [{ field: 'email', code: 'exists' }],
      ],
      [
        { username: 'dave', email: 'dave@example.com', password: 'abcd' },
        [{ field: 'password', code: 'min_length' }],
      ],
      [
        { username: 'dave', email: 'dave@example.com', password: 'x'.repeat(129) },
        [{ field: 'password', code: 'max_length' }],
      ],
    ];
    for (const [data, codes] of cases) {
      const res = await post('/api/signup.php', data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().codes).toEqual(codes);
      expect(typeof res.json().error).toBe('string');
    }
    // JSON with wrong types, malformed JSON, and a body that is not an object.
    const wrongTypes = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      payload: { username: ['x'], email: 5, password: { a: 1 } },
      headers: { origin: ORIGIN },
    });
    expect(wrongTypes.statusCode).toBe(400);
    expect(
      wrongTypes
        .json()
        .codes.map((c: { field: string }) => c.field)
        .sort(),
    ).toEqual(['email', 'password', 'username']);
    for (const payload of ['{bad json', '"a string"', '[1,2]']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        payload,
        headers: { 'content-type': 'application/json', origin: ORIGIN },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await userCount()).toBe(before);
  });

  it('signs in by username or email with the spec codes, and logs out for good', async () => {
    await signUpAndConfirm('erin');
    const missing = await post('/api/login.php', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().codes).toEqual([
      { field: 'usr', code: 'required' },
      { field: 'pwd', code: 'required' },
    ]);
    const short = await post('/api/login.php', { usr: 'er', pwd: 'secret1' });
    expect(short.json()).toMatchObject({
      error: english('component.login.er.invalid_usr_or_pwd'),
      codes: [{ field: 'pwd', code: 'invalid_usr_or_pwd' }],
    });

    const wrong = await post(
      '/api/login.php',
      { usr: 'erin', pwd: 'wrong-password' },
      { 'x-forwarded-for': '10.0.0.1' },
    );
    const unknown = await post(
      '/api/login.php',
      { usr: 'nobody', pwd: 'secret1' },
      { 'x-forwarded-for': '10.0.0.1' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      error: english('component.login.er.invalid_usr_or_pwd'),
      code: 'invalid_usr_or_pwd',
      codes: [{ field: 'pwd', code: 'invalid_usr_or_pwd' }],
    });

    const byEmail = await post('/api/login.php', { usr: 'ERIN@example.com', pwd: 'secret1' });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user).toMatchObject({ username: 'erin' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { usr: 'Erin', pwd: 'secret1' },
      headers: { origin: ORIGIN },
    });
    expect(json.statusCode).toBe(200);
    const token = sid(json)?.value as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await me(`sid=${token}`)).toMatchObject({ username: 'erin' });

    const out = await post('/api/logout.php', {}, { cookie: `sid=${token}` });
    expect(out.statusCode).toBe(200);
    expect(sid(out)?.value).toBe('');
    expect(await me(`sid=${token}`)).toBeNull();
    // The other session (by email) still works: logout ends one session.
    expect(await me(`sid=${sid(byEmail)?.value}`)).toMatchObject({ username: 'erin' });
  });

  it('ignores a forged session cookie', async () => {
    expect(await me('sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(await me('sid=not-even-the-shape')).toBeNull();
    expect(await me()).toBeNull();
    const stored = await t.database.handle.db
      .selectFrom('sessions')
      .select('token_hash')
      .limit(1)
      .executeTakeFirst();
    // The table holds hashes: a stored value used as a cookie is not a session.
    expect(await me(`sid=${stored?.token_hash}`)).toBeNull();
  });

  it('locks an account after repeated failures, without checking the password', async () => {
    await signUpAndConfirm('frank');
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/login.php',
        { usr: 'frank', pwd: `wrong${i}x` },
        { 'x-forwarded-for': `10.1.0.${i}` },
      );
      expect(res.statusCode).toBe(401);
    }
    const locked = await post(
      '/api/login.php',
      { usr: 'frank@example.com', pwd: 'secret1' },
      { 'x-forwarded-for': '10.1.0.9' },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      error: english('component.login.er.too_many_attempts'),
      code: 'too_many_attempts',
    });
    expect(sid(locked)).toBeUndefined();
  });

  it('locks an IP after repeated failures on any accounts', async () => {
    await signUpAndConfirm('grace');
    for (const usr of ['u1x', 'u2x', 'u3x']) {
      await post('/api/login.php', { usr, pwd: 'whatever' }, { 'x-forwarded-for': '10.2.0.1' });
    }
    const locked = await post(
      '/api/login.php',
      { usr: 'grace', pwd: 'secret1' },
      { 'x-forwarded-for': '10.2.0.1' },
    );
    expect(locked.statusCode).toBe(429);
    const elsewhere = await post(
      '/api/login.php',
      { usr: 'grace', pwd: 'secret1' },
      { 'x-forwarded-for': '10.2.0.2' },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses state-changing calls from a foreign Origin', async () => {
    for (const origin of ['http://evil.test', 'null', 'https://tube.test']) {
      const res = await post('/api/login.php', { usr: 'alice', pwd: 'secret1' }, { origin });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('bad_origin');
    }
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/logout.php',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    // No Origin at all: not a browser (curl, apps), allowed.
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/logout.php' });
    expect(noOrigin.statusCode).toBe(200);
  });

  it('restores a password once, revoking every session', async () => {
    const session = await signUpAndConfirm('heidi');
    const unknown = await post('/api/restore-password.php', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: english('component.restore.er.not_found'),
      codes: [{ field: 'email', code: 'not_found' }],
    });
    const empty = await post('/api/restore-password.php', {});
    expect(empty.json().codes).toEqual([{ field: 'email', code: 'required' }]);

    expect((await post('/api/restore-password.php', { email: 'HEIDI@example.com' })).statusCode).toBe(200);
    const link = lastLink();
    expect(link.pathname).toBe('/restore-password/');
    const token = link.searchParams.get('token') as string;

    const tooShort = await post('/api/reset-password.php', { token, password: 'abc' });
    expect(tooShort.json().codes).toEqual([{ field: 'password', code: 'min_length' }]);
    const forged = await post('/api/reset-password.php', { token: `${token}x`, password: 'newpass1' });
    expect(forged.json()).toMatchObject({ error: english('form.error.invalid_link'), code: 'invalid_link' });

    const ok = await post('/api/reset-password.php', { token, password: 'newpass1' });
    expect(ok.statusCode).toBe(200);
    expect(await me(`sid=${session}`)).toBeNull();
    expect(await me(`sid=${sid(ok)?.value}`)).toMatchObject({ username: 'heidi' });

    const reused = await post('/api/reset-password.php', { token, password: 'another1' });
    expect(reused.json()).toMatchObject({ error: english('form.error.invalid_link') });
    expect((await post('/api/login.php', { usr: 'heidi', pwd: 'secret1' })).statusCode).toBe(401);
    expect((await post('/api/login.php', { usr: 'heidi', pwd: 'newpass1' })).statusCode).toBe(200);
  });

  it('answers 404 for Google sign-in when it is not configured', async () => {
    expect((await t.app.inject('/api/login.g.php')).statusCode).toBe(404);
  });
});
