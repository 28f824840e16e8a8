import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { readOutbox } from '../test/mail.ts';

// The account pages through the real SSR build (npm test builds it first). PGlite only: the SQL is
// covered on both databases by the API tests.
describe('account pages', () => {
  let t: TestApp;
  let sid = '';

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const user = await t.services.accounts.createUser({
      username: 'pagemember',
      email: 'pm@example.com',
      password: 'secret1',
      role: 'member',
    });
    sid = await t.services.accounts.startSession(user.user_id, { ip: null, userAgent: null });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('shows a guest the login button and a member the user menu', async () => {
    const guest = await get('/');
    expect(guest.body).toMatch(
      /class="button button--primary header__login"[^>]*href="\/signin\/"|href="\/signin\/"[^>]*header__login/,
    );
    expect(guest.body).not.toContain('user-menu');

    const member = await get('/', `sid=${sid}`);
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('pagemember');
    expect(member.body).not.toContain('header__login');
    const id = (await t.services.accounts.userForSession(sid))?.user.user_id;
    for (const section of [
      'uploaded_videos/1/',
      'favourite_videos/1/',
      'watch_later_videos/1/',
      'history/1/',
    ]) {
      expect(member.body).toContain(`href="/members/${id}/${section}"`);
    }
    for (const section of ['subscriptions/1/', 'playlists/1/', 'friends/1/', 'wall/1/', 'edit/', 'info/']) {
      expect(member.body).toContain(`href="/members/${id}/${section}"`);
    }
    expect(member.body).toContain('href="/upload-video/"');
    expect(member.body).toContain('Sign out');
  });

  it('a forged cookie is a guest', async () => {
    const res = await get('/', 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.body).toContain('header__login');
  });

  it('/upload-video/ sends a guest home and lets a member in', async () => {
    const guest = await get('/upload-video/');
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe('/');
    const member = await get('/upload-video/', `sid=${sid}`);
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('Upload video</h1>');
  });

  it('/signin/ shows the login form as a page; a member goes home', async () => {
    const page = await get('/signin/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<input[^>]*name="usr"/);
    expect(page.body).toMatch(/<input[^>]*name="pwd"[^>]*type="password"|type="password"[^>]*name="pwd"/);
    expect(page.body).not.toContain('/api/login.g.php'); // Google is not configured here
    const member = await get('/signin/', `sid=${sid}`);
    expect(member.statusCode).toBe(302);
  });

  it('/signup/ and /restore-password/ are one screen in its modes', async () => {
    const signup = await get('/signup/');
    for (const name of ['username', 'email', 'password']) expect(signup.body).toContain(`name="${name}"`);
    const restore = await get('/restore-password/');
    expect(restore.body).toContain('name="email"');
    expect(restore.body).not.toContain('name="username"');
    const invalid = await get('/signup/?error=invalid_link');
    expect(invalid.body).toContain('Invalid link');
    const forged = await get('/restore-password/?token=forged.token');
    expect(forged.body).toContain('Invalid link');
    expect(forged.body).not.toContain('name="password"');

    await t.app.inject({
      method: 'POST',
      url: '/api/restore-password.php',
      payload: { email: 'pm@example.com' },
    });
    const link = new URL(readOutbox(t.config.dataDir).at(-1)?.link ?? '');
    const reset = await get(link.pathname + link.search);
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain('name="password"');
    expect(reset.body).not.toContain('Invalid link');
  });

  it('re-sends the session cookie when the session slides, also on pages', async () => {
    await t.database.handle.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
      .execute();
    const res = await get('/', `sid=${sid}`);
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=.*HttpOnly.*SameSite=Lax/);
    expect(res.body).toContain('pagemember');

    await t.database.handle.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
      .execute();
    const api = await get('/api/me.php', `sid=${sid}`);
    expect(String(api.headers['set-cookie'])).toMatch(/^sid=.*HttpOnly/);
    // A publicly cacheable answer never carries the token.
    await t.database.handle.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
      .execute();
    const cached = await get('/api/json/main/3600/str.en.json', `sid=${sid}`);
    if (String(cached.headers['cache-control']).includes('public')) {
      expect(cached.headers['set-cookie']).toBeUndefined();
    }
  });
});
