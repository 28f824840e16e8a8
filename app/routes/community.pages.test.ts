// The community listing, server-rendered (needs the web build): /community/recent/1/ with 96 member
// cards and its SEO, page 2 noindex, a filtered page, the empty state, the 404 page for a bad sort, a
// page past the last and page 21; and the owner's subscriptions page with its "New videos" feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/app.ts';
import { databaseKinds } from '../../server/test/db.ts';
import { insertVideo } from '../../server/test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../../server/test/roles.ts';

const BULK = 100;
const DAY = 86_400_000;

describe.each(databaseKinds())('community pages on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.handle.db;
    await db
      .insertInto('users')
      .values(
        Array.from({ length: BULK }, (_, i) => ({
          username: `cpage_bulk_${i}`,
          email: `cpage_bulk_${i}@example.com`,
          status: 'active' as const,
          created_at: new Date(Date.now() - (100 + i) * DAY),
        })),
      )
      .execute();
    owner = await createSignedInUser(t, 'cpage_owner');
    other = await createSignedInUser(t, 'cpage_other');
    await db
      .updateTable('users')
      .set({
        country: 'FR',
        gender: 2,
        relationship: 1,
        birth_date: new Date(Date.now() - 30.5 * 365.25 * DAY).toISOString().slice(0, 10),
      })
      .where('id', '=', other.userId)
      .execute();
    const clip = await insertVideo(db, { title: 'Feed Clip From Other' });
    await db.updateTable('videos').set({ user_id: other.userId }).where('id', '=', clip.id).execute();
    await t.services.acts.subscriptions.subscribe(
      { user_id: owner.userId, role: 'member' },
      'member',
      other.userId,
    );
  }, 120_000);
  afterAll(() => t?.close());

  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const cards = (html: string) => html.match(/class="member-card"/g)?.length ?? 0;

  it('renders page 1 of the newest members: 96 cards, sorts, filters, pagination and its SEO', async () => {
    const response = await page('/community/recent/1/');
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const html = response.body;
    expect(cards(html)).toBe(96);
    expect(html).toContain('<title>Community - TestTube</title>');
    expect(html).toContain('<link rel="canonical" href="http://tube.test/community/recent/1/"/>');
    expect(html).toMatch(/<meta name="robots" content="all, index, follow"\/>/);
    // The newest first: the two signed-up members before the bulk.
    expect(html.indexOf('cpage_other')).toBeGreaterThan(-1);
    expect(html.indexOf('cpage_other')).toBeLessThan(html.indexOf('cpage_bulk_0'));
    expect(html).toContain('href="/community/count-subs/1/"');
    expect(html).toContain('name="relationship"');
    expect(html).toContain('href="/community/recent/2/"');
    expect(html).toContain('102 members');
  });

  it('renders page 2 (the last) as noindex, follow; past the last, page 21 and a bad sort are the 404 page', async () => {
    const second = await page('/community/recent/2/');
    expect(second.statusCode).toBe(200);
    expect(cards(second.body)).toBe(BULK + 2 - 96);
    expect(second.body).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(second.body).toContain('<title>Community, page 2 - TestTube</title>');
    for (const url of [
      '/community/recent/3/',
      '/community/recent/21/',
      '/community/best/1/',
      '/community/recent/0/',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Content not found!');
    }
  });

  it('filters by the query: one member from France, the empty state when nobody matches', async () => {
    const response = await page('/community/alphabet/1/?country=fr&gender=2&relationship=1&age=2');
    expect(response.statusCode).toBe(200);
    expect(cards(response.body)).toBe(1);
    expect(response.body).toContain('cpage_other');
    expect(response.body).toContain('France');
    expect(response.body).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(response.body).toMatch(/<option value="fr" selected="">France<\/option>/);

    const empty = await page('/community/recent/1/?avatar=1');
    expect(empty.statusCode).toBe(200);
    expect(cards(empty.body)).toBe(0);
    expect(empty.body).toContain('There is no data in this list.');
  });

  it('shows the owner the newest videos of what they follow above their subscriptions, and no one else', async () => {
    const path = `/members/${owner.userId}/subscriptions/1/`;
    const own = await page(path, owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('New videos');
    expect(own.body).toContain('Feed Clip From Other');
    for (const cookie of [other.cookie, undefined]) {
      const response = await page(path, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('New videos');
      expect(response.body).not.toContain('Feed Clip From Other');
    }
  });
});
