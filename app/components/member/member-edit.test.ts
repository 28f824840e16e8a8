// The edit page /members/{id}/edit/, server-rendered (needs `npx react-router build`): the owner gets
// the forms of every section (profile fields with the value meanings, avatar, cover, e-mail, password,
// delete) with their current values, noindex; another member and staff get 403 'You do not have
// permission to view.'; a guest the same view with a link to log in. Also the history page's Clear
// history button (the owner's, only when there is history) and the info page's fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/app.ts';
import { databaseKinds } from '../../../server/test/db.ts';
import { insertVideo } from '../../../server/test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../../../server/test/roles.ts';

describe.each(databaseKinds())('the member edit page on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  let moderator: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createSignedInUser(t, 'medit_owner');
    other = await createSignedInUser(t, 'medit_other');
    moderator = await createSignedInUser(t, 'medit_mod', 'moderator');
    const db = t.database.handle.db;
    await db
      .updateTable('users')
      .set({
        gender: 2,
        relationship: 3,
        orientation: 5,
        birth_date: '1990-06-15',
        country: 'de',
        education: 'Evening school',
        website: 'example.org',
        about_me: 'Likes <b>long walks</b>',
      })
      .where('id', '=', owner.userId)
      .execute();
    const clip = await insertVideo(db, { title: 'Edit Page History Clip' });
    await db.insertInto('history').values({ user_id: owner.userId, video_id: clip.id }).execute();
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (url: string, who?: SignedInUser) => {
    const r = await t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
    return { status: r.statusCode, html: r.body };
  };
  const edit = () => `/members/${owner.userId}/edit/`;

  it('shows the owner every form with the current values, noindex', async () => {
    const { status, html } = await get(edit(), owner);
    expect(status).toBe(200);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    for (const section of ['profile', 'avatar', 'cover', 'email', 'password', 'delete']) {
      expect(html).toContain(`data-profile-section="${section}"`);
    }
    expect(html).toMatch(/<option value="2" selected="">Female<\/option>/);
    expect(html).toMatch(/<option value="3" selected="">Open relationship<\/option>/);
    expect(html).toMatch(/<option value="5" selected="">Bisexual<\/option>/);
    expect(html).toMatch(/<option value="de" selected="">Germany<\/option>/);
    expect(html).toContain('value="1990-06-15"');
    expect(html).toContain('value="Evening school"');
    // User text is escaped, never markup.
    expect(html).toContain('Likes &lt;b&gt;long walks&lt;/b&gt;');
    expect(html).not.toContain('Likes <b>long walks</b>');
    expect(html).toContain(`Your address: ${owner.email}`);
    for (const name of ['avatar', 'cover', 'email', 'new_password', 'password']) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).not.toContain('You do not have permission to view.');
  });

  it('refuses another member and staff with 403, and asks a guest to log in', async () => {
    for (const who of [other, moderator]) {
      const { status, html } = await get(edit(), who);
      expect(status).toBe(403);
      expect(html).toContain('You do not have permission to view.');
      expect(html).not.toContain('data-profile-section');
      expect(html).not.toContain(owner.email);
      expect(html).toMatch(/<meta name="robots" content="noindex/);
    }
    const guest = await get(edit());
    expect(guest.status).toBe(403);
    expect(guest.html).toContain('You do not have permission to view.');
    expect(guest.html).toContain('href="/signin/"');
    expect(guest.html).not.toContain('data-profile-section');
  });

  it('offers Clear history on the owner’s history page, and the info page shows the value meanings', async () => {
    const history = await get(`/members/${owner.userId}/history/1/`, owner);
    expect(history.status).toBe(200);
    expect(history.html).toContain('data-action="clear-history"');
    await t.services.profile.clearHistory({
      user_id: owner.userId,
      username: owner.username,
      avatar: null,
      role: 'member',
    });
    const empty = await get(`/members/${owner.userId}/history/1/`, owner);
    expect(empty.html).toContain('Your viewing history is empty.');
    expect(empty.html).not.toContain('data-action="clear-history"');
    const info = await get(`/members/${owner.userId}/info/`);
    for (const text of ['Female', 'Open relationship', 'Bisexual', 'Germany', 'Evening school']) {
      expect(info.html).toContain(text);
    }
    expect(info.html).not.toContain('1990-06-15');
  });
});
