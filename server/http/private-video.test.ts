// Audit (issue 11): a private video is its uploader's (content.md §6: members have private videos) and
// staff's. They open its page, its video call, its player file list and its files; another member and
// a guest get the same 404 as for a video that does not exist, and nothing of it reaches a shared cache.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf } from '../../contract/catalog-api.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertVideo } from '../test/fixtures.ts';

describe('a private video', () => {
  let t: TestApp;
  let video: { id: number; dir: string };
  const sid: Record<'owner' | 'other' | 'moderator', string> = { owner: '', other: '', moderator: '' };

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { CATALOG_CACHE: 'off' } });
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
    const owner = await make('uploader', 'member');
    sid.owner = owner.sid;
    sid.other = (await make('neighbour', 'member')).sid;
    sid.moderator = (await make('staffer', 'moderator')).sid;
    const db = t.database.handle.db;
    video = await insertVideo(db, { title: 'Private Holiday Clip', isPrivate: true });
    const key = `videos/${video.id}/480p.mp4`;
    await t.services.storage.putStream(key, Readable.from([Buffer.from('not really an mp4')]), {
      contentType: 'video/mp4',
    });
    await db.updateTable('videos').set({ user_id: owner.id }).where('id', '=', video.id).execute();
    await db
      .updateTable('video_files')
      .set({ storage_key: key })
      .where('video_id', '=', video.id)
      .where('kind', '=', 'mp4')
      .execute();
  });
  afterAll(() => t.close());

  const get = (url: string, who?: keyof typeof sid) =>
    t.app.inject({ url, headers: who ? { cookie: `sid=${sid[who]}` } : {} });
  const urls = () => ({
    page: `/video/${video.id}/${video.dir}/`,
    call: `/api/json/video/86400/${bucketOf(video.id)}/${video.id}.json`,
    files: `/api/videofile.php?video_id=${video.id}`,
    media: `/media/videos/${video.id}/480p.mp4`,
  });

  it.each(['owner', 'moderator'] as const)(
    'opens for the %s: page, video call, file list and files',
    async (who) => {
      const u = urls();
      const call = await get(u.call, who);
      expect([call.statusCode, call.headers['cache-control']]).toEqual([200, 'private, no-store']);
      expect(call.json().video.title).toBe('Private Holiday Clip');
      const files = await get(u.files, who);
      expect([files.statusCode, files.headers['cache-control']]).toEqual([200, 'private, no-store']);
      expect(files.json().sources).toHaveLength(1);
      const media = await get(u.media, who);
      expect([media.statusCode, media.headers['cache-control']]).toEqual([200, 'private, no-store']);
      // The page (server-rendered from the web build).
      const page = await get(u.page, who);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Private Holiday Clip');
      expect(page.body).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(page.body).not.toContain('application/ld+json');
    },
  );

  it.each(['other', undefined] as const)('is a 404 for %s (another member, a guest)', async (who) => {
    for (const url of Object.values(urls())) {
      const res = await get(url, who);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('Private Holiday Clip');
    }
    // The owner's answers were not kept for anyone else.
    await get(urls().call, 'owner');
    expect((await get(urls().call, who)).statusCode).toBe(404);
  });
});
