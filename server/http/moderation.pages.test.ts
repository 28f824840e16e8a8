// The moderation pages (issue 4; from moderation.routes.test.ts) through the real SSR build: who sees the
// queue, the decision form, its field error, the listing after approval and the uploader's statuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { type ClipFiles, insertUploadedVideo, makeClipFiles } from '../test/moderation-fixtures.ts';

const URL = '/api/admin/moderation.php';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let clip: ClipFiles;
beforeAll(async () => {
  clip = await makeClipFiles();
}, 60_000);

// PGlite only: the SQL is covered on both databases in moderation.routes.test.ts.
describe('moderation pages', () => {
  let t: TestApp;
  const sid: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let uploaderId = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { CATALOG_CACHE: 'off' } });
    for (const [name, role] of [
      ['pageuploader', 'member'],
      ['pagemember', 'member'],
      ['pagemod', 'moderator'],
      ['pageadmin', 'administrator'],
    ] as const) {
      const user = await t.services.accounts.createUser({
        username: name,
        email: `${name}@example.com`,
        password: 'secret1',
        role,
      });
      if (name === 'pageuploader') uploaderId = user.user_id;
      sid[name] = await t.services.accounts.startSession(user.user_id, { ip: null, userAgent: null });
    }
    const db = t.database.handle.db;
    const add = async (key: string, fixture: Parameters<typeof insertUploadedVideo>[3]) => {
      ids[key] = (await insertUploadedVideo(db, t.services.storage, clip, fixture)).id;
    };
    await add('waiting', { title: 'Quiet Forest Clip', userId: uploaderId, minutesAgo: 20 });
    await add('second', { title: 'Windmill Field Clip', userId: uploaderId, minutesAgo: 10 });
    await add('rejected', {
      title: 'Rejected Canyon Clip',
      userId: uploaderId,
      status: 4,
      rejectReason: 'vomit',
    });
  });
  afterAll(() => t.close());

  const page = (url: string, who?: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: `sid=${sid[who]}` } : {} });
  /** The page's decisions go to the API (lib/staff-api.ts), form-encoded as the card's form holds them. */
  const decide = (form: Record<string, string>, who: string, origin = 'http://tube.test') =>
    t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...FORM, cookie: `sid=${sid[who]}`, origin, host: 'tube.test' },
      payload: new URLSearchParams(form).toString(),
    });
  const statusOf = async (id: number | undefined) =>
    (
      await t.database.handle.db
        .selectFrom('videos')
        .select('status')
        .where('id', '=', id ?? 0)
        .executeTakeFirstOrThrow()
    ).status;

  it('answers guests and members with the 403 page', async () => {
    for (const who of [undefined, 'pagemember']) {
      const res = await page('/admin/moderation/', who);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('You do not have permission to view.');
      expect(res.body).not.toContain('Quiet Forest Clip');
    }
  });

  it('shows a moderator the queue: player, stills, facts and the decision form', async () => {
    for (const who of ['pagemod', 'pageadmin']) {
      const res = await page('/admin/moderation/', who);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Quiet Forest Clip');
      expect(res.body).toContain('noindex');
      expect(res.body).toMatch(/<video[^>]+src="\/media\/videos\/\d+\/180p\.mp4"/);
      expect(res.body.match(/class="moderation-item__thumbs"/g)).toHaveLength(2);
      expect(res.body).toContain('320×180');
      expect(res.body).toContain('pageuploader');
      expect(res.body).toContain('value="violence"');
      expect(res.body).toContain('Approve');
    }
  });

  it('a member cannot post a decision, nor can a foreign page', async () => {
    const member = await decide({ act: 'approve', video_id: String(ids.waiting) }, 'pagemember');
    expect(member.statusCode).toBe(403);
    const foreign = await decide(
      { act: 'approve', video_id: String(ids.waiting) },
      'pagemod',
      'https://evil.example',
    );
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    expect(await statusOf(ids.waiting)).toBe(3);
  });

  it('the page itself takes no writes (issue 12: the console writes through the API only)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/moderation/',
      headers: { ...FORM, cookie: `sid=${sid.pagemod}`, origin: 'http://tube.test', host: 'tube.test' },
      payload: new URLSearchParams({ act: 'approve', video_id: String(ids.waiting) }).toString(),
    });
    expect(res.statusCode).toBe(405);
    expect(await statusOf(ids.waiting)).toBe(3);
  });

  it('a reject without a reason comes back with the field error', async () => {
    const res = await decide({ act: 'reject', video_id: String(ids.second) }, 'pagemod');
    expect(res.statusCode).toBe(400);
    expect(res.json().codes).toEqual([{ field: 'reason', code: 'required' }]);
    expect(await statusOf(ids.second)).toBe(3);
  });

  it('approving lists the video, and it leaves the queue', async () => {
    const res = await decide({ act: 'approve', video_id: String(ids.waiting) }, 'pagemod');
    expect(res.statusCode).toBe(200);
    const queue = await page('/admin/moderation/', 'pagemod');
    expect(queue.body).not.toContain(`data-video-id="${ids.waiting}"`);
    expect(queue.body).toContain(`data-video-id="${ids.second}"`);
    const video = await page(`/video/${ids.waiting}/quiet-forest-clip/`);
    expect(video.statusCode).toBe(200);
    expect(video.body).toContain('Quiet Forest Clip');
    const again = await decide({ act: 'approve', video_id: String(ids.waiting) }, 'pageadmin');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invalid_state');
  });

  it('the uploader sees statuses and the reason; others see the listed video only', async () => {
    const url = `/members/${uploaderId}/uploaded_videos/1/`;
    const own = await page(url, 'pageuploader');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Rejected Canyon Clip');
    expect(own.body).toContain('Reason: Vomit');
    expect(own.body).toContain('Waiting for moderation');
    expect(own.body).toMatch(/href="\/video\/\d+\/quiet-forest-clip\/"/);
    for (const who of ['pagemember', undefined]) {
      const other = await page(url, who);
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('Quiet Forest Clip');
      expect(other.body).not.toContain('Rejected Canyon Clip');
      expect(other.body).not.toContain('Windmill Field Clip');
      expect(other.body).not.toContain('Reason:');
    }
    // Waiting and rejected videos have no public page, even for their uploader.
    expect((await page(`/video/${ids.rejected}/rejected-canyon-clip/`, 'pageuploader')).statusCode).toBe(404);
    expect((await page(`/video/${ids.second}/windmill-field-clip/`)).statusCode).toBe(404);
    expect((await page('/members/999999/uploaded_videos/1/')).statusCode).toBe(404);
    expect((await page(`/members/${uploaderId}/uploaded_videos/2/`)).statusCode).toBe(404);
  });
});
