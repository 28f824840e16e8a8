// /media/ guards the files of unlisted videos: processing, waiting, rejected, private or unavailable
// videos' files go only to their uploader and to staff, uncached; sources never go to the public.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { type ClipFiles, insertUploadedVideo, makeClipFiles } from '../test/moderation-fixtures.ts';

let clip: ClipFiles;
beforeAll(async () => {
  clip = await makeClipFiles();
}, 60_000);

describe('media access', () => {
  let t: TestApp;
  const sid = { owner: '', stranger: '', moderator: '' };
  let waiting = 0;
  let listed = 0;
  let hidden = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false, env: { CATALOG_CACHE: 'off' } });
    const make = async (name: string, role: 'member' | 'moderator') => {
      const user = await t.services.accounts.createUser({
        username: name,
        email: `${name}@example.com`,
        password: 'secret1',
        role,
      });
      return {
        id: user.user_id,
        sid: await t.services.accounts.startSession(user.user_id, { ip: null, userAgent: null }),
      };
    };
    const owner = await make('owner', 'member');
    sid.owner = owner.sid;
    sid.stranger = (await make('stranger', 'member')).sid;
    sid.moderator = (await make('checker', 'moderator')).sid;
    const db = t.database.handle.db;
    const add = async (title: string, extra: { status?: 1 | 3; isPrivate?: boolean }) =>
      (await insertUploadedVideo(db, t.services.storage, clip, { title, userId: owner.id, ...extra })).id;
    waiting = await add('Waiting Test Card', { status: 3 });
    listed = await add('Listed Test Card', { status: 1 });
    hidden = await add('Private Test Card', { status: 1, isPrivate: true });
    await t.services.storage.putFile(`videos/${listed}/source.mp4`, clip.mp4, { contentType: 'video/mp4' });
  });
  afterAll(() => t.close());

  const get = (key: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/media/${key}`, headers: cookie ? { cookie: `sid=${cookie}` } : {} });

  it("serves a listed video's files to everyone, cacheable for good", async () => {
    const res = await get(`videos/${listed}/poster.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("hides a waiting or private video's files from guests and other members", async () => {
    for (const id of [waiting, hidden]) {
      expect((await get(`videos/${id}/poster.jpg`)).statusCode).toBe(404);
      expect((await get(`videos/${id}/180p.mp4`, sid.stranger)).statusCode).toBe(404);
    }
  });

  it('gives them to the uploader and to moderators, never to a shared cache', async () => {
    for (const cookie of [sid.owner, sid.moderator]) {
      const res = await get(`videos/${waiting}/180p.mp4`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('never serves an uploaded source to the public, even of a listed video', async () => {
    expect((await get(`videos/${listed}/source.mp4`)).statusCode).toBe(404);
    expect((await get(`videos/${listed}/source.mp4`, sid.owner)).statusCode).toBe(200);
  });

  it('answers 404 for files of a video that does not exist, and serves keys outside videos/', async () => {
    expect((await get('videos/999999/poster.jpg')).statusCode).toBe(404);
    await t.services.storage.putFile('fixture/1/poster.jpg', clip.poster, { contentType: 'image/jpeg' });
    expect((await get('fixture/1/poster.jpg')).statusCode).toBe(200);
  });

  it('opens the files once a moderator approves', async () => {
    await t.database.handle.db.updateTable('videos').set({ status: 1 }).where('id', '=', waiting).execute();
    expect((await get(`videos/${waiting}/poster.jpg`)).statusCode).toBe(200);
  });
});
